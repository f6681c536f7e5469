"""Bots that take seats at the table.

A bot decides through the same public operations a person uses; it never reaches around the
engine. A chart bot is handed its chart (anything that ``decide``s, such as the exact basic
strategy of ``twentyone.strategy``), so the engine depends on no analysis code and no chart is
typed by hand here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from twentyone.engine.table import Phase, Table


class Bot(Protocol):
    """Anything that makes a seat's one pending decision through the table's operations."""

    def act(self, table: Table, seat: int) -> None: ...


class Decider(Protocol):
    """A strategy chart: the action for a hand's card values against the dealer's up card."""

    def decide(self, values: Sequence[int], up: int, *, can_double: bool, can_split: bool,
               can_surrender: bool) -> str: ...


class ChartBot:
    """Plays a strategy chart: never insures (basic strategy never does), takes the chart's
    double, split and surrender entries where the table allows them."""

    def __init__(self, chart: Decider) -> None:
        self.chart = chart

    def act(self, table: Table, seat: int) -> None:
        """Make this seat's one pending decision."""
        if table.phase is Phase.INSURANCE:
            if table.can_surrender(seat) and self._wants_surrender(table, seat):
                table.surrender(seat)
            else:
                table.decline(seat)
            return
        hand = table.seats[seat].hands[table.to_act[1]] if table.to_act else None
        if hand is None:
            raise RuntimeError("the bot was asked to act with nothing to decide")
        choice = self.chart.decide(
            hand.values, table.dealer.up.value, can_double=table.can_double(seat),
            can_split=table.can_split(seat), can_surrender=table.can_surrender(seat))
        if choice == "hit":
            table.hit(seat)
        elif choice == "stand":
            table.stand(seat)
        elif choice == "double":
            table.double(seat)
        elif choice == "split":
            table.split(seat)
        else:
            table.surrender(seat)

    def _wants_surrender(self, table: Table, seat: int) -> bool:
        hand = table.seats[seat].hands[0]
        return self.chart.decide(hand.values, table.dealer.up.value, can_double=False,
                                 can_split=False, can_surrender=True) == "surrender"
