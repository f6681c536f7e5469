"""Durak: the Russian shedding game where the last player left holding cards is the fool."""

from __future__ import annotations

from .game import Durak, Phase
from .rules import DurakRules

__all__ = ["Durak", "DurakRules", "Phase"]
