"""The one game protocol every game in the room meets (docs/games/protocol.md).

A game is driven by operations that are values, applied through one ``apply``; it tells a seat
which operations it may make (``legal``), shows each seat only what that seat may see
(``seat_view``), keeps an event log read through the same filter (``events``), records its
history so that it replays, and reports each finished hand's result (``hand_results``) for
ledgers and score sheets. The browser room, the runner and the records speak to games through
this alone, so a new game is a package under ``games/`` and an entry in ``games.registry``.

This package is in the ground layer: it imports nothing of the engine or the games, so both can
meet it.
"""

from __future__ import annotations

from .game import HOUSE, Ctx, Game, HandResult, JsonObject, Op, View, op_json, seal

__all__ = ["HOUSE", "Ctx", "Game", "HandResult", "JsonObject", "Op", "View", "op_json", "seal"]
