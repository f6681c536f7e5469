"""Counting a whole shoe at the table: the engine deals real rounds, and at random moments (after
about one round in three) the trainee is asked the running count.

Only cards a player at the table sees are counted: cards dealt face up and cards turned over
(the hole card, a face-down double, pitch hands at settlement); a burned card is never seen. A
shuffle starts the count again from the system's initial count, and the item says so. Each item
shows the cards seen since the last question, so the count carries on across items as it does at
the table.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from twentyone.engine.bots import ChartBot
from twentyone.engine.events import Kind
from twentyone.engine.table import Phase, Table
from twentyone.sim.counting import SYSTEMS
from twentyone.strategy import rules_of_thumb
from twentyone.train.core import JSON, Drill, Grade, Item
from twentyone.train.options import Option
from twentyone.train.player import (
    PACE,
    SYSTEM,
    flash_option,
    fmt_count,
    number_answer,
    signed,
    tagged,
)
from twentyone.train.totals import LABELS, value_of


class ShoeCountDrill(Drill):
    """Keep the count through a shoe; answer it when asked (``system=...``, ``ask=0.33``; a
    front end flashes the cards ``flash`` at a time, ``pace`` milliseconds each, as the
    running-count drill does)."""

    name = "shoe-count"
    title = "Counting: a full shoe at the table, the count asked at random"
    group = "player"
    answer_hint = "the running count since the shuffle"
    answer_kind = "count"
    seats = 3
    option_specs = (SYSTEM, Option("ask", "How often a round ends with the count asked", 0.33,
                                   low=0.05, high=1.0),
                    flash_option(2), PACE)

    def items(self, rng: random.Random) -> Iterator[Item]:
        system = SYSTEMS[str(self.options["system"])]
        ask = float(self.options["ask"])
        flash = int(self.options["flash"])
        pace = int(self.options["pace"])
        start = system.initial_running_count(self.rules.decks)
        table = Table(self.rules, seed=rng.getrandbits(63))
        bot = ChartBot(rules_of_thumb())
        unit = max(self.rules.min_bet, self.rules.bet_unit)
        for seat in range(1, min(self.seats, self.rules.seats) + 1):
            table.sit(seat, 1000 * unit)
        seen: list[str] = []
        rc, shuffled, n = start, True, 0
        while True:
            first = len(table.log)
            for seat in table.seats:
                table.bet(seat, unit)
            table.deal()
            while table.phase is not Phase.BETTING:
                to_act = table.to_act
                assert to_act is not None
                bot.act(table, to_act[0])
            # The shuffle before this round (if any) is logged at its start: the table shuffles
            # when the round is dealt, so look at the whole round's events in order.
            for e in table.log[first:]:
                if e.kind is Kind.SHUFFLED:
                    rc, seen, shuffled = start, [], True
                elif e.card is not None and (
                        (e.kind is Kind.DEALT and e.face_up) or e.kind is Kind.TURNED):
                    seen.append(LABELS[int(e.card.rank)])
                    rc += system.tags[e.card.value - 1]
            if rng.random() < ask:
                n += 1
                yield Item(f"shoe-{n}", self.name, system.name,
                           {"cards": seen, "shuffled": shuffled, "start": fmt_count(start),
                            "system": system.name, "round": table.round, "flash": flash,
                            "pace_ms": pace, "rules": self.rules_name},
                           {"count": rc})
                seen, shuffled = [], False

    def grade(self, item: Item, answer: JSON) -> Grade:
        rc = float(item.secret["count"])
        given = number_answer(answer)
        ok = given is not None and abs(given - rc) < 1e-9
        if ok:
            return Grade(True, fmt_count(rc), "Right.")
        system = SYSTEMS[str(item.shown["system"])]
        cards = [str(c) for c in item.shown["cards"]]
        before = rc - sum(system.tags[value_of(c) - 1] for c in cards)
        since = "after the shuffle" if item.shown["shuffled"] else "from the last count"
        return Grade(False, fmt_count(rc), f"The count is {signed(rc)}; {since}, "
                                           f"{tagged(cards, system, before)}.")
