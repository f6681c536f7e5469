"""President: a climbing game whose finishing order becomes next hand's titles and chairs."""

from __future__ import annotations

from .game import Phase, President
from .rules import PresidentRules, default_titles

__all__ = ["Phase", "President", "PresidentRules", "default_titles"]
