"""Hand totals: name a hand's total fast, soft or hard, past 21 too.

Hands come from a shuffled pack; a third of the time from a pack stripped of its ten-cards, so that
hands run to many small cards and past 21 (the dealer must call a bust on a total like 23 made
of six cards as surely as on 10-6-K). The total is the engine's own ``hand_total``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from twentyone.cards import RANK_LABELS, Rank, hand_total
from twentyone.train.core import JSON, Drill, Grade, Item

#: Card ranks as ``twentyone ev --hand`` takes them, and their values.
LABELS = {int(r): RANK_LABELS[r] for r in Rank}


def value_of(label: str) -> int:
    """A rank label's value: A is 1, ten-cards 10."""
    label = label.strip().upper()
    if label == "A":
        return 1
    if label in ("10", "T", "J", "Q", "K"):
        return 10
    return int(label)


def total_name(values: list[int]) -> str:
    """A total as a dealer calls it: "soft 17", "16", "23"."""
    total, soft = hand_total(values)
    return f"soft {total}" if soft else str(total)


class HandTotalsDrill(Drill):
    """Name the total. An answer is ``"soft 17"``, ``"17"`` or ``"hard 17"``, or a number; a
    soft total must be called soft, and a hard one must not be."""

    name = "totals"
    title = "Hand totals: soft and hard, past 21 too"
    group = "dealer"
    answer_hint = 'the total, e.g. "soft 17", "16" or 23'
    answer_kind = "total"
    audition = (20, 0.95, 4.0)

    def items(self, rng: random.Random) -> Iterator[Item]:
        n = 0
        while True:
            n += 1
            # A third each: a pack stripped of tens (long hands, past 21), a full pack, and a
            # hand holding an ace (the soft totals that dealers misname most).
            mode = rng.choice(("stripped", "full", "ace"))
            stripped = mode == "stripped"
            ranks = [r for r in range(1, 14) if not (stripped and r >= 10)] * 4
            rng.shuffle(ranks)
            size = rng.randint(3, 6) if stripped else rng.randint(2, 4)
            if mode == "ace":
                ranks.remove(1)
                ranks.insert(0, 1)
            cards = [LABELS[r] for r in ranks[:size]]
            values = [value_of(c) for c in cards]
            yield Item(f"total-{n}", self.name, total_name(values),
                       {"cards": cards, "stripped": stripped, "rules": self.rules_name},
                       {"total": total_name(values)})

    def grade(self, item: Item, answer: JSON) -> Grade:
        expected = str(item.secret["total"])
        words = str(answer).strip().lower() if not isinstance(answer, bool) else ""
        # ASCII digits, three at most (numbers are written 0-9 everywhere; no total has more).
        m = re.fullmatch(r"(soft|hard)?\s*([0-9]{1,3})", words)
        right = f"The hand is {expected}" + (" (bust)" if int(expected.split()[-1]) > 21 else "")
        if m is None:
            return Grade(False, expected, f"Answer with a total like \"soft 17\". {right}.")
        soft_said = m.group(1) == "soft"
        number = int(m.group(2))
        soft = expected.startswith("soft")
        ok = number == int(expected.split()[-1]) and soft_said == soft
        return Grade(ok, expected, "Right." if ok else f"{right}.")
