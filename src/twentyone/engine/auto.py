"""Headless play: bots play round after round at any table built on the engine (the casino game,
Pontoon), for demos, checks and benchmarks. One runner and one result for every game.

Every cent is accounted for: each seat's result is measured at its stack, and ``house_net`` at
the rack, so the two always sum to zero in a game against the house (and the house is not part
of a changing-bank game, whose banker is a seat).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from twentyone.engine.bots import Bot
from twentyone.engine.table import Phase, Table
from twentyone.money import Cents, dollars_value

#: How much a seat stakes this round (0 sits it out), asked before every round.
Stake = Callable[[Table, int], Cents]


@dataclass
class Tally:
    """Sum and sum of squares of a per-round result, for a mean and its standard error."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, x: int) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def merge(self, other: Tally) -> Tally:
        return Tally(self.n + other.n, self.total + other.total, self.squares + other.squares)

    def scaled(self, unit: int) -> Tally:
        """The same results counted in ``unit``s (every result a whole number of them)."""
        return Tally(self.n, self.total // unit, self.squares // (unit * unit))

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.n, "mean": round(self.mean, 5), "stderr": round(self.stderr, 5)}

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def stderr(self) -> float:
        if self.n < 2:
            return 0.0
        var = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(var, 0.0) / self.n)


@dataclass
class SeatResult:
    bankroll_start: Cents
    bankroll_end: Cents = 0
    #: Everything the seat put at risk (bets, doubles, splits, insurance).
    wagered: Cents = 0
    #: Rounds this seat played (bet in).
    rounds: int = 0
    #: Net result per round, in cents, as a player and as the banker of a changing-bank game;
    #: kept only when the runner is asked for them (``tallies``).
    as_player: Tally = field(default_factory=Tally)
    as_banker: Tally = field(default_factory=Tally)


@dataclass
class AutoResult:
    rounds: int = 0
    seats: dict[int, SeatResult] = field(default_factory=dict)
    #: What the rack gained, net of fills and credits.
    house_net: Cents = 0

    def pooled(self) -> tuple[Tally, Tally]:
        """Every seat's rounds together, as a player and as the banker."""
        player, banker = Tally(), Tally()
        for s in self.seats.values():
            player, banker = player.merge(s.as_player), banker.merge(s.as_banker)
        return player, banker

    def to_json(self) -> dict[str, Any]:
        """The casino game's report: money in dollars, per seat and at the rack."""
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


def flat_stake(bet: Cents) -> Stake:
    """Every seat bets ``bet`` while it can cover it (the runner checks), and sits out once it
    cannot."""
    return lambda table, seat: bet


class Books:
    """A headless run's bookkeeping, kept the same way by every loop that plays one (this
    module's ``play_auto`` and the protocol's, ``games.blackjack.auto``): each seat measured
    at its stack, the house at its rack, each round's stakes asked seat by seat in order, so
    two loops that make the same moves report the very same result."""

    def __init__(self, table: Table, *, tallies: bool = False) -> None:
        self.table = table
        self.tallies = tallies
        self.result = AutoResult(seats={n: SeatResult(table.bankroll(n)) for n in table.seats})
        rack = table.rack
        self._rack_start = rack.value - rack.fills + rack.credits
        self._before: dict[int, Cents] = {}
        self._playing: list[int] = []
        self._banker: int | None = None

    def bets(self, stake: Stake, place: Callable[[int, Cents], object]) -> bool:
        """Each seat in turn stakes what ``stake`` says where the table takes it, placed by
        ``place``; False if nobody bets (the run is over)."""
        t = self.table
        self._before = {n: t.bankroll(n) for n in t.seats} if self.tallies else {}
        self._playing = []
        for n in sorted(t.seats):
            amount = stake(t, n)
            if amount and t.can_bet(n, amount):
                place(n, amount)
                self._playing.append(n)
        # The banker of the round, before its deal can pass the bank on.
        self._banker = t.dealer_seat
        return bool(self._playing)

    def round_over(self) -> None:
        """The round just played, counted for every seat that bet in it."""
        t, seats = self.table, self.result.seats
        for n in self._playing:
            seats[n].rounds += 1
        if self.tallies:
            before = self._before
            for n in self._playing:
                seats[n].as_player.add(t.bankroll(n) - before[n])
            banker = self._banker
            if banker is not None and banker in seats:
                seats[banker].as_banker.add(t.bankroll(banker) - before[banker])
        self.result.rounds += 1

    def close(self) -> AutoResult:
        """The result: every seat's closing stack and wagers, the rack's net."""
        t, rack = self.table, self.table.rack
        for n, s in self.result.seats.items():
            s.bankroll_end = t.bankroll(n)
            s.wagered = t.seats[n].wagered
        self.result.house_net = rack.value - rack.fills + rack.credits - self._rack_start
        return self.result


def play_auto(table: Table, bot: Bot, *, rounds: int, stake: Stake, tallies: bool = False,
              keep_log: bool = False) -> AutoResult:
    """``bot`` makes every decision at ``table`` (seats already taken) for ``rounds`` rounds,
    each seat staking what ``stake`` says where the table allows it. Play stops early when
    nobody bets. With ``tallies`` each round's net result per seat is kept (for a mean and its
    error), at the cost of counting every stack twice a round. The log is consumed round by
    round (memory stays flat over millions of rounds) unless ``keep_log``."""
    books = Books(table, tallies=tallies)
    table.keep_record = keep_log
    for _ in range(rounds):
        if not books.bets(stake, table.bet):
            break
        table.deal()
        while table.phase is not Phase.BETTING:
            to_act = table.to_act
            assert to_act is not None
            bot.act(table, to_act[0])
        books.round_over()
        if not keep_log:
            del table.log[:], table.shoe.history[:]
    return books.close()
