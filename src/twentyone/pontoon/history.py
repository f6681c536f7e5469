"""Pontoon hand histories: a whole game, from the draw for the first banker, that replays
operation by operation through the same engine (``games.history.replay_record`` reads it as the
protocol's history and deals it again through ``CasinoGame``), so a replay can only disagree
with a record that was altered, never with the rules."""

from __future__ import annotations

from typing import Any

from twentyone.errors import ReplayError
from twentyone.pontoon.table import PontoonTable

FORMAT = "twentyone-pontoon-history/1"


def game_history(table: PontoonTable) -> dict[str, Any]:
    """The game so far as JSON-ready data. The table must have kept its whole log, operations
    and shuffles since it was built (as an interactive game does)."""
    if not table.log or table.log[0].kind.value != "sat":
        raise ReplayError("this table has not kept its log from the start of the game")
    p = table.pontoon
    return {
        "format": FORMAT,
        "rules": {"players": p.players, "limit": p.limit, "chip": p.chip, "colour": p.colour},
        "operations": [op.to_json() for op in table.ops],
        "shuffles": [{"order": [c.id for c in r.order], "cut_at": r.cut_at, "behind": r.behind}
                     for r in table.shoe.history],
        "events": [e.to_json() for e in table.log],
    }


def committed_game(history: dict[str, Any], cut: tuple[int, int, int],
                   commitment: dict[str, Any]) -> dict[str, Any]:
    """The game as far as the pack still in play: ``cut`` is how many operations, events and
    shuffles there were before the operation that shuffled that pack, and ``commitment`` the
    pack's published commitment, given in place of everything after. It replays like a whole
    game, and shows no card of the pack in play."""
    ops, events, shuffles = cut
    return {**history, "operations": history["operations"][:ops],
            "events": history["events"][:events], "shuffles": history["shuffles"][:shuffles],
            "committed": commitment}
