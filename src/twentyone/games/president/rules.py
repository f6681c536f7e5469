"""President's table rules: three to seven players and one title per finishing place."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import GameRulesError
from ..core.rules import GameRules

_UPPER = ("President", "Vice President", "Governor", "Lt. Governor", "Mayor")


def default_titles(players: int) -> tuple[str, ...]:
    """One title per player, best first: the top offices, a Citizen, and the Asshole last."""
    return (*_UPPER[: players - 2], "Citizen", "Asshole")


@dataclass(frozen=True, slots=True)
class PresidentRules(GameRules):
    """docs/games/president.md#players-and-titles"""

    players: int = 4
    #: Titles, best first; empty means ``default_titles(players)``.
    titles: tuple[str, ...] = ()

    def validate(self) -> None:
        GameRules.validate(self)
        if not 3 <= self.players <= 7:
            raise GameRulesError("President is for three to seven players")
        if self.titles and len(self.titles) != self.players:
            raise GameRulesError("give exactly one title per player")
        if len(set(self.titles)) != len(self.titles) or any(not t for t in self.titles):
            raise GameRulesError("titles must be distinct and not empty")

    @property
    def ranks(self) -> tuple[str, ...]:
        return self.titles or default_titles(self.players)
