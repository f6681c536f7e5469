"""Blackjack and Pontoon through the one game protocol (``twentyone.protocol``).

The compiled engine's ``Table`` keeps its hot paths as they are (the simulator, the
environments and the headless runner call it directly); ``CasinoGame`` is a thin adapter that
lets the browser room, the registry and the conformance test speak to it as to any game. Beside
it, what every front end of a chip game needs and no game of cards does: each round's net per
seat (``account``) and which seats hold a face-down card of their own (``facedown``); and what a
room needs of a chip game: the game a host deals (``dealer``), the hint's question (``hints``),
the payouts a dealer may make (``payouts``) and the table a room's downloads are dealt again on
(``redeal``), each reached through the registry entry.
"""

from __future__ import annotations

from .account import balances
from .facedown import FaceDown
from .game import CasinoGame, replay

__all__ = ["CasinoGame", "FaceDown", "balances", "replay"]
