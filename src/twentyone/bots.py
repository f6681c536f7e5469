"""Bots that take seats at the table, and headless play for demos, checks and benchmarks.

A bot decides through the same public operations a person uses; it never reaches around the
engine. Basic strategy comes from ``twentyone.strategy`` (computed exactly for the rules), so no
chart is typed by hand here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import RulesError
from .money import Cents, dollars_value
from .rules import Rules
from .strategy import Chart, basic_chart, rules_of_thumb
from .table import Phase, Table

STRATEGIES: dict[str, Callable[[Rules], Chart]] = {
    "basic": basic_chart,
    "rules-of-thumb": lambda rules: rules_of_thumb(),
}


class ChartBot:
    """Plays a strategy chart: never insures (basic strategy never does), takes the chart's
    double, split and surrender entries where the table allows them."""

    def __init__(self, chart: Chart) -> None:
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


@dataclass
class SeatResult:
    bankroll_start: Cents
    bankroll_end: Cents = 0
    wagered: Cents = 0
    rounds: int = 0


@dataclass
class AutoResult:
    rules: Rules
    rounds: int
    seats: dict[int, SeatResult] = field(default_factory=dict)
    #: What the rack gained, net of fills and credits.
    house_net: Cents = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "house_net": dollars_value(self.house_net),
            "seats": {
                str(n): {"bankroll_start": dollars_value(s.bankroll_start),
                         "bankroll_end": dollars_value(s.bankroll_end),
                         "wagered": dollars_value(s.wagered), "rounds": s.rounds}
                for n, s in sorted(self.seats.items())
            },
        }


def play_auto(rules: Rules, *, seats: int = 1, rounds: int = 1000, seed: int | None = None,
              strategy: str = "basic", bankroll: Cents = 100_000, bet: Cents | None = None,
              keep_log: bool = False) -> AutoResult:
    """Bots in ``seats`` seats play ``rounds`` rounds of flat bets (the table minimum unless
    ``bet`` says otherwise). A seat that cannot cover its bet sits out; play stops early if
    every seat is broke. Every cent is accounted for: ``house_net`` is measured at the rack and
    equals minus the seats' net. The log is consumed round by round (memory stays flat over
    millions of rounds) unless ``keep_log``."""
    if not 1 <= seats <= rules.seats:
        raise RulesError(f"this table has {rules.seats} seats; cannot seat {seats} bots")
    t = Table(rules, seed=seed)
    bot = ChartBot(STRATEGIES[strategy](rules))
    stake = rules.min_bet if bet is None else bet
    for n in range(1, seats + 1):
        t.sit(n, bankroll)
    result = AutoResult(rules, 0, {n: SeatResult(t.bankroll(n)) for n in range(1, seats + 1)})
    rack_start = t.rack.value - t.rack.fills + t.rack.credits
    for _ in range(rounds):
        playing = [n for n in t.seats if t.can_bet(n, stake)]
        if not playing:
            break
        for n in playing:
            t.bet(n, stake)
        t.deal()
        while t.phase is not Phase.BETTING:
            seat_to_act = t.to_act
            assert seat_to_act is not None
            bot.act(t, seat_to_act[0])
        for n in playing:
            result.seats[n].rounds += 1
        result.rounds += 1
        if not keep_log:
            del t.log[:], t.ops[:], t.shoe.history[:]
    for n, s in result.seats.items():
        s.bankroll_end = t.bankroll(n)
        s.wagered = t.seats[n].wagered
    result.house_net = t.rack.value - t.rack.fills + t.rack.credits - rack_start
    return result
