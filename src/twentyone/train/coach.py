"""The coach at the table: what a seat should have played, what a mistake cost, whether the
player's count is right, and the session's statistics, kept per profile (issue 38).

This is the coach's core only, with no screen: a front end (the terminal table, the browser
table) tells it the cards the seat has seen (``see``; ``shuffled`` when the shoe is shuffled)
and each decision made (``judge``), asks it for a count check (``check_count``), tells it how
each hand settled (``settle``), and shows what it says. It teaches what the drills teach, from
the same sources: the exact chart for the rules (``strategy.basic_chart``), the simulator's
index plays at the floored true count for a player who counts Hi-Lo (``IndexPlayDrill.play``,
which is ``sim.kernel.decide``), and the exact solver's EVs for the cards still in the shoe
(``strategy.action_evs``), so a mistake is priced as at the table.

A play is a mistake when it is neither the recommended play nor one the exact solver rates as
good for the cards left (a composition-dependent exception is no mistake, as in the strategy
drill). Its cost is the recommended play's EV less the chosen one's, in units of the bet.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from twentyone.errors import TwentyOneError
from twentyone.rules import Rules
from twentyone.sim.counting import SYSTEMS, CountSystem
from twentyone.strategy import action_evs, basic_chart
from twentyone.strategy.chart import cell
from twentyone.train.player import EV_TIE, IndexPlayDrill, allowed, signed
from twentyone.train.store import Store
from twentyone.train.totals import value_of

#: The count system whose index plays the coach knows (the simulator's shipped and computed
#: sets are Hi-Lo's); with another system it checks the count but advises the chart.
INDEXED_SYSTEM = "hilo"


@dataclass(frozen=True)
class Advice:
    """The best play for a hand: ``best`` (the chart's play, or the index play at the count),
    ``chart`` (the chart's play alone), ``index`` (the index that applied, in words; None when
    the chart decides), ``true_count`` (None without a count) and ``evs`` (each play offered,
    exact, for the cards left in the shoe)."""

    best: str
    chart: str
    index: str | None
    true_count: int | None
    evs: dict[str, float]


@dataclass(frozen=True)
class Deviation:
    """A play that was not the best: what the best was, what it cost, said as a dealer would
    call it."""

    chosen: str
    best: str
    cost: float
    words: str
    #: Why the best play is best: "the chart for hard 16 v 10", "the Hi-Lo index 0, at +2".
    why: str = ""


@dataclass(frozen=True)
class CountCheck:
    """A count asked between rounds, graded against the cards the seat has seen."""

    correct: bool
    running: float
    true: int
    words: str


@dataclass
class TableStats:
    """A session at the table: hands played, won, lost and pushed, the net (cents), the
    biggest swing of one hand, the decisions judged, the mistakes and their EV cost (in bets),
    and the count checks asked and answered right."""

    hands: int = 0
    won: int = 0
    lost: int = 0
    pushed: int = 0
    net: int = 0
    biggest_swing: int = 0
    decisions: int = 0
    mistakes: int = 0
    ev_cost: float = 0.0
    checks: int = 0
    checks_right: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Coach:
    """One seat's coach for ``rules``; ``system`` is the count the player keeps (None: the
    player does not count, and is advised the chart)."""

    def __init__(self, rules: Rules, system: str | None = None, *, indices: bool = True) -> None:
        """``indices``: advise the index plays to a Hi-Lo counter (False where they are not
        worked out for these rules yet, and solving them would keep the player waiting: the
        chart is advised instead)."""
        self.rules = rules
        self.system: CountSystem | None = SYSTEMS[system] if system is not None else None
        self._index = (IndexPlayDrill(rules, "table") if system == INDEXED_SYSTEM and indices
                       else None)
        self.seen: list[int] = []
        self.stats = TableStats()

    def prepare(self) -> None:
        """The slow first work, done before play where a front end can show a notice: the
        exact chart, and the index plays for a Hi-Lo counter."""
        basic_chart(self.rules)
        if self._index is not None:
            self._index.prepare()

    # -- the cards seen ---------------------------------------------------------------------------

    def shuffled(self) -> None:
        """A fresh shoe: nothing seen, the count back to its start."""
        self.seen = []

    def see(self, *cards: str) -> None:
        """Cards the seat saw dealt or turned face up (ranks: "A", "10", "K", ...)."""
        self.seen.extend(value_of(c) for c in cards)

    @property
    def running_count(self) -> float:
        if self.system is None:
            raise TwentyOneError("the coach keeps a count only for a player who counts")
        return self.system.initial_running_count(self.rules.decks) + sum(
            self.system.tags[v - 1] for v in self.seen)

    def decks_left(self) -> float:
        """The decks not yet seen (at least a quarter deck: the cut card comes before)."""
        return max(0.25, (52 * self.rules.decks - len(self.seen)) / 52)

    def true_count(self) -> int:
        """The running count over the decks left, floored: the convention the index plays
        use (an index "at +3" is played at a floored true count of 3 or more)."""
        return math.floor(self.running_count / self.decks_left())

    def _shoe(self) -> list[int]:
        """The cards left by value (aces first), the seen cards taken out."""
        counts = [4 * self.rules.decks] * 9 + [16 * self.rules.decks]
        for v in self.seen:
            counts[v - 1] -= 1
        return counts

    # -- decisions --------------------------------------------------------------------------------

    def advise(self, hand: Sequence[str], up: str, offered: tuple[bool, bool, bool] | None = None,
               split_hands: int = 1) -> Advice:
        """The best play for ``hand`` against ``up`` under the rules, at the current count for
        a player who counts; the cards must be among those seen. A first two-card hand is
        offered what the rules give it; any other (a hit hand, a hand from a split) is given
        ``offered`` as the table offers it (can double, split, surrender), and ``split_hands``
        (the hands the seat holds) prices a split hand's options as the table plays them."""
        ranks = list(hand)
        values = [value_of(r) for r in ranks]
        up_value = value_of(up)
        can_double, can_split, can_surrender = offered or allowed(self.rules, ranks)
        flags = (can_double, can_split, can_surrender)
        chart = basic_chart(self.rules).decide(values, up_value, can_double=can_double,
                                               can_split=can_split, can_surrender=can_surrender)
        best, index, tc = chart, None, None
        if self._index is not None:
            tc = self.true_count()
            best = self._index.play(ranks, up_value, tc, flags)
            regions = self._index.regions(ranks, up_value, flags)
            if len(regions) > 1 and best != chart:
                starts = [r for r, _ in regions if r is not None and tc >= r]
                index = (f"the Hi-Lo index {signed(max(starts))}, at {signed(tc)}" if starts
                         else f"below the Hi-Lo index {signed(regions[1][0] or 0)}, "
                              f"at {signed(tc)}")
        # The shoe as the solver takes it: the cards left, the hand and up card put back.
        shoe: list[int] | None = self._shoe()
        assert shoe is not None
        for v in (*values, up_value):
            shoe[v - 1] += 1
        if min(shoe) < 0 or any(shoe[v - 1] < values.count(v) + (v == up_value)
                                for v in range(1, 11)):
            shoe = None  # cards dealt that were not reported seen: price from a full shoe
        evs = action_evs(self.rules, values, up_value, shoe, can_double=can_double,
                         can_split=can_split, can_surrender=can_surrender,
                         split_hands=split_hands)
        return Advice(best, chart, index, tc, evs)

    def judge(self, hand: Sequence[str], up: str, chosen: str,
              offered: tuple[bool, bool, bool] | None = None,
              split_hands: int = 1) -> Deviation | None:
        """A decision made at the table: None if it was right, else the warning to show. The
        session's statistics count it either way (``offered``, ``split_hands`` as for
        ``advise``)."""
        return self.grade(self.advise(hand, up, offered, split_hands), hand, up, chosen, offered)

    def grade(self, advice: Advice, hand: Sequence[str], up: str, chosen: str,
              offered: tuple[bool, bool, bool] | None = None) -> Deviation | None:
        """``judge`` with the advice worked out already (a table works it out before the
        play, from the cards seen then, and grades it once the play is taken)."""
        evs = advice.evs
        if chosen not in evs:
            raise TwentyOneError(f"{chosen!r} is not a play here ({', '.join(evs)})")
        self.stats.decisions += 1
        cost = evs[advice.best] - evs[chosen]
        if chosen == advice.best or cost <= EV_TIE:
            return None
        self.stats.mistakes += 1
        self.stats.ev_cost += cost
        can_split = (offered or allowed(self.rules, list(hand)))[1]
        key = cell([value_of(r) for r in hand], value_of(up), can_split)
        why = advice.index or f"the chart for {key}"
        words = (f"Best was {advice.best} ({why}): {chosen} cost {cost:.4f} of a bet "
                 f"(${cost * 100:.2f} on $100).")
        return Deviation(chosen, advice.best, cost, words, why)

    def judge_insurance(self, insured: bool, share: float = 0.5) -> Deviation | None:
        """The answer to insurance (or even money, which is insurance on a blackjack): the
        chart never insures; a Hi-Lo counter insures at the index plays' insurance count and
        above. The side bet returns ``3p - 1`` a dollar insured, ``p`` the share of ten-cards
        among the cards the seat has not seen (the hole card is one of them); ``share`` is the
        part of the bet insured. An answer that returns as much as the other is no mistake, so
        a player who insures a shoe rich in tens is never charged for it."""
        left = self._shoe()
        ev = (3 * left[9] / sum(left) - 1) * share
        best, why = "decline", "the chart never insures"
        threshold = self._index.indices.insurance if self._index is not None else None
        if threshold is not None:
            tc = self.true_count()
            best = "insure" if tc >= threshold else "decline"
            why = f"the Hi-Lo index {signed(threshold)}, at {signed(tc)}"
        chosen = "insure" if insured else "decline"
        evs = {"insure": ev, "decline": 0.0}
        self.stats.decisions += 1
        cost = evs[best] - evs[chosen]
        if chosen == best or cost <= EV_TIE:
            return None
        self.stats.mistakes += 1
        self.stats.ev_cost += cost
        words = (f"Best was {best} ({why}): {chosen} cost {cost:.4f} of a bet "
                 f"(${cost * 100:.2f} on $100).")
        return Deviation(chosen, best, cost, words, why)

    # -- count checks -----------------------------------------------------------------------------

    def check_count(self, running: float, true: int | None = None) -> CountCheck:
        """Grade the player's running count (and true count, if given) against the cards the
        seat has seen; the words give the right figures. The running count must be exact; the
        true count (the running count over the decks left) may be floored, as the index plays
        take it, truncated or rounded, as counters are taught one or the other: at +2.6 both
        +2 and +3 are right, at -0.4 both -1 and 0."""
        rc, tc = self.running_count, self.true_count()
        exact = rc / self.decks_left()
        near = {tc, math.trunc(exact), math.floor(exact + 0.5)}
        right = math.isclose(running, rc) and (true is None or true in near)
        self.stats.checks += 1
        self.stats.checks_right += right
        figures = f"the running count is {signed(rc)} after {len(self.seen)} cards"
        if self.system is not None and self.system.balanced:
            figures += (f"; over {self.decks_left():.2f} decks left that is {exact:+.2f}, a "
                        f"true count of {' or '.join(signed(x) for x in sorted(near))}")
        return CountCheck(right, rc, tc, ("Right: " if right else "Not quite: ") + figures + ".")

    # -- the session ------------------------------------------------------------------------------

    def settle(self, nets: Sequence[int], side: int = 0) -> None:
        """Each of a round's hands as it settled: what it won (cents; negative if lost);
        ``side``: what the round's insurance made, part of the net but no hand."""
        self.stats.net += side
        for net in nets:
            self.stats.hands += 1
            self.stats.won += net > 0
            self.stats.lost += net < 0
            self.stats.pushed += net == 0
            self.stats.net += net
            self.stats.biggest_swing = max(self.stats.biggest_swing, abs(net))

    def keep(self, store: Store, session: str, when: datetime) -> None:
        """Keep the session's statistics in the player's profile, beside the drills (``train
        stats`` reports them under ``table``)."""
        store.record_table(session, when, self.stats.to_json())
