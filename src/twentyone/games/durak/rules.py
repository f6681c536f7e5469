"""Durak's table rules: how many play, the hand size and the bout limit."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import GameRulesError
from ..core.rules import GameRules

#: Durak is played with the 36 cards from six up to ace.
LOWEST_RANK = 6
PACK_SIZE = 36


@dataclass(frozen=True, slots=True)
class DurakRules(GameRules):
    """Two to five players (docs/games/durak.md#players-and-cards)."""

    players: int = 2
    #: Cards dealt to each player and drawn back up to after every bout.
    hand_size: int = 6
    #: The most attack cards one bout may hold.
    bout_limit: int = 6

    def validate(self) -> None:
        GameRules.validate(self)
        if not 2 <= self.players <= 5:
            raise GameRulesError("Durak is for two to five players")
        if not self.hand_size >= 1 or self.players * self.hand_size >= PACK_SIZE:
            raise GameRulesError("the hands must leave at least one card for the trump")
        if not 1 <= self.bout_limit <= self.hand_size:
            raise GameRulesError("a bout holds between one attack card and a full hand")
