"""A card game's drawing reads the seat's ``seat_view`` body (JSON) back as the game holds its
view (``GameDrawing.revive``): the same cards, suits and seat numbers, at every move of bot
play, for every seat. The terminal and its bots see only the protocol's body, so a field the
revival got wrong would draw (or choose) from something the game never said."""

from __future__ import annotations

import random
from typing import Any

import pytest

from twentyone.games.auto import make_bots, make_game
from twentyone.games.registry import GAMES

#: Keys the protocol's body adds beside the game's own view.
ADDED = {"unplayable", "ladder"}


def _same(value: Any) -> Any:
    """Lists and tuples alike (JSON has only lists; the view mixes both)."""
    if isinstance(value, dict):
        return {k: _same(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return [_same(v) for v in value]
    return value


@pytest.mark.parametrize("game", ["durak", "president", "solo-whist"])
def test_the_revived_body_is_the_game_s_view(game: str) -> None:
    players = GAMES[game].players[0] + 1 if game != "solo-whist" else 4
    g = make_game(game, players, 3)
    bots = make_bots(game, players, 3, None)
    drawing = GAMES[game].drawing
    rng = random.Random(3)
    checked = 0
    for _ in range(400):
        seat = g.to_act
        assert seat is not None
        for s in g.seats:
            if rng.random() < 0.5 or s == seat:
                body = {k: v for k, v in g.seat_view(s).body.items() if k not in ADDED}
                assert _same(drawing.revive(body)) == _same(g.view(s))
                checked += 1
        legal = g.legal_ops(seat)
        g.apply(legal[0] if g.between_hands else bots[seat].choose(g.view(seat), legal))
    assert checked > 400
