"""Solo Whist's table rules: four players and what one credit is worth in counters."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import GameRulesError
from ..core.rules import GameRules


@dataclass(frozen=True, slots=True)
class SoloWhistRules(GameRules):
    """docs/games/solo-whist.md#players-and-counters"""

    players: int = 4
    #: Counters paid per credit of a contract.
    counters_per_credit: int = 1

    def validate(self) -> None:
        GameRules.validate(self)
        if self.players != 4:
            raise GameRulesError("Solo Whist is for exactly four players")
        if not isinstance(self.counters_per_credit, int) or self.counters_per_credit < 1:
            raise GameRulesError("a credit is worth a whole number of counters, at least one")
