"""A session: a run of one drill's items, each graded, timed and (with a profile) recorded.

The session decides what comes next: cells the scheduler says are due come back first (FSRS,
``schedule``), then fresh items from the drill's generator, which the strategy drill tilts toward
the user's weak cells. It holds no clock and no terminal: the front end passes the seconds an
answer took and the moment it was given, so tests and replays are exact.

An *audition* is the dealer school's timed test: a fixed number of fresh items (nothing replayed
from the schedule, so every candidate sits the same kind of test), passed at the drill's pass
mark with the average answer inside the drill's time per item.

A session replays exactly from its seed: the drill's fresh items come from the seeded generator,
and what the profile decided (the review items the schedule brought back, ``reviews``; the miss
rates that tilt the strategy drill, ``drill.focus``) is kept on the session, so that ``resume``
can rebuild one (a server restarted mid-session) without asking the profile again.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from twentyone.train.core import JSON, Drill, Grade, Item
from twentyone.train.player import StrategyDrill
from twentyone.train.stats import STRATEGY_DRILLS, cost_per_hand, coverage, due_report
from twentyone.train.store import Store


@dataclass
class Result:
    """One graded answer in a session."""

    item: Item
    answer: JSON
    grade: Grade
    seconds: float | None


@dataclass
class Session:
    drill: Drill
    rng: random.Random
    store: Store | None = None
    audition: bool = False
    results: list[Result] = field(default_factory=list)
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    #: For each item served so far, in order: the review item the schedule brought back, or
    #: None where the drill's generator dealt a fresh one.
    reviews: list[Item | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.audition and self.drill.audition is None:
            raise ValueError(f"the {self.drill.name} drill has no audition")
        self.drill.auditioning = self.audition
        if self.store is not None and isinstance(self.drill, StrategyDrill):
            self.drill.focus = self.store.miss_rates(self.drill.name)
        self._fresh = self.drill.items(self.rng)
        self._served: set[str] = set()

    @property
    def slow_after(self) -> float | None:
        """Seconds after which a right answer counts as slow (the audition's time per item)."""
        return self.drill.audition[2] if self.drill.audition else None

    def items(self, limit: int | None, now: datetime | None = None,
              replay: Sequence[Item | None] = ()) -> Iterator[Item]:
        """Up to ``limit`` items (the audition's own count in an audition): due cells first,
        then fresh ones. Due cells are looked up before each item, so a miss earlier in a long
        session comes back once its relearning step has passed. The first items follow
        ``replay`` instead (another session's ``reviews``): its review items as they were, a
        fresh item from the generator for each None."""
        if self.audition:
            assert self.drill.audition is not None
            limit = self.drill.audition[0]
        n = 0
        while limit is None or n < limit:
            if n < len(replay):
                review = replay[n]
                if review is not None:
                    self._served.add(review.key)
            else:
                review = (self._due(now) if self.store is not None and not self.audition
                          else None)
            self.reviews.append(review)
            n += 1
            yield review if review is not None else next(self._fresh)

    def resume(self, limit: int | None, reviews: Sequence[Item | None],
               answers: Sequence[tuple[JSON, float | None]]) -> Iterator[Item]:
        """Rebuild a session in progress in this new one (same drill, seed, focus and id):
        serve the items the original served (``reviews``: the original's, the item on show
        included) and grade the answers it was given, in order. Nothing is recorded, even with
        a store: the original recorded them. Returns the items to come, the item on show
        first."""
        store, self.store = self.store, None
        try:
            items = self.items(limit, replay=reviews)
            for given, seconds in answers:
                self.answer(next(items), given, seconds)
        finally:
            self.store = store
        return items

    def _due(self, now: datetime | None) -> Item | None:
        assert self.store is not None
        when = now or datetime.now().astimezone()
        for item in self.store.due(self.drill.name, when):
            if item.key not in self._served:
                self._served.add(item.key)
                return Item(f"review-{len(self._served)}", item.drill, item.key, item.shown,
                            item.secret)
        return None

    def answer(self, item: Item, answer: JSON, seconds: float | None = None,
               when: datetime | None = None) -> Grade:
        """Grade ``answer`` to ``item``, record it with the profile (one transaction) and keep
        it for the summary."""
        grade = self.drill.grade(item, answer)
        self._served.add(item.key)
        self.results.append(Result(item, answer, grade, seconds))
        if self.store is not None:
            self.store.record(self.id, item, answer, grade, seconds,
                              when or datetime.now().astimezone(), self.slow_after)
        return grade

    def summary(self) -> dict[str, Any]:
        """The headless contract's last line: how many were right and, per item, whether it
        was, the right answer and (strategy) the EV the answer cost, and what the answers give
        away per hand dealt (``stats.cost_per_hand``, as ``train stats`` reports it); with the
        audition's verdict in an audition."""
        out: dict[str, Any] = {
            "correct": sum(r.grade.correct for r in self.results),
            "items": [{"id": r.item.id, "correct": r.grade.correct,
                       "expected": r.grade.expected, "ev_cost": r.grade.ev_cost}
                      for r in self.results],
            "drill": self.drill.name,
            "total": len(self.results),
        }
        costs = [(r.item.key, r.grade.ev_cost) for r in self.results
                 if self.drill.name in STRATEGY_DRILLS and r.grade.ev_cost is not None]
        if costs:
            # What train stats reports for a profile, for this session's answers alone.
            out["ev_per_hand"] = cost_per_hand(costs)
            out["ev_coverage"] = coverage(costs)
        if self.audition:
            out["audition"] = self.verdict()
        if self.store is not None:
            # What the schedule brings back of this drill (with a profile only): due now, and
            # when the next is (``stats.due_report``, as ``train stats`` reports it).
            due = due_report(self.store, datetime.now().astimezone())["drills"].get(
                self.drill.name, {"due_now": 0, "next": None})
            out["due"] = {"due_now": due["due_now"], "next": due["next"]}
        return out

    def verdict(self) -> dict[str, Any]:
        """The audition's result: passed at the pass mark and inside the time per item (time
        counts only where it was measured)."""
        assert self.drill.audition is not None
        n, mark, per_item = self.drill.audition
        done = len(self.results)
        accuracy = sum(r.grade.correct for r in self.results) / n
        times = [r.seconds for r in self.results if r.seconds is not None]
        mean = sum(times) / len(times) if times else None
        passed = done == n and accuracy >= mark and (mean is None or mean <= per_item)
        return {"passed": passed, "accuracy": accuracy, "pass_mark": mark,
                "mean_seconds": mean, "seconds_per_item": per_item}
