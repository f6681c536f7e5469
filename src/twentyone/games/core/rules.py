"""Rules as frozen, validated values.

A rule set is checked once, when it is made (``__post_init__`` raises ``GameRulesError``), so a
game never meets an impossible table mid-hand. Rules are plain fields, so a history stores them
as a mapping and reads them back through the same validation.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Self

from .errors import GameRulesError


@dataclass(frozen=True, slots=True)
class GameRules:
    """Fields every game has; each game's rules add their own and extend ``validate``."""

    players: int

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise GameRulesError("the number of players must be a whole number")

    def to_mapping(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @classmethod
    def from_mapping(cls, data: dict[str, Any]) -> Self:
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise GameRulesError(f"unknown rule options: {', '.join(sorted(unknown))}")
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                                  for k, v in data.items()}
        return cls(**values)
