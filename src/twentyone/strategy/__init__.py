"""Strategy: charts the bots and players use, and (as it lands) exact odds for any rules."""

from __future__ import annotations

from functools import cache

from ..rules import Rules
from .chart import Chart, rules_of_thumb

__all__ = ["Chart", "basic_chart", "rules_of_thumb"]


@cache
def basic_chart(rules: Rules) -> Chart:
    """Basic strategy for these rules. Until the exact solver lands this is seed 002's rules of
    thumb, whatever the rules; the solver replaces it with the computed chart."""
    return rules_of_thumb()
