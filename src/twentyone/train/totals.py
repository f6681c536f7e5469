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


#: What a dealer calls a natural (an ace and a ten-card as the first two cards): it is paid, not
#: counted, so it is "blackjack", never "soft 21" (docs/training.md#the-drills).
NATURAL = "blackjack"
#: Answers that name a natural: the call itself, and its total, which is not wrong, only not
#: what the dealer says.
NATURAL_ANSWERS = ("blackjack", "black jack", "bj", "21", "soft 21")


def total_name(values: list[int]) -> str:
    """A total as a dealer calls it: "soft 17", "16", "23", and "blackjack" for a natural."""
    total, soft = hand_total(values)
    if len(values) == 2 and total == 21:
        return NATURAL
    return f"soft {total}" if soft else str(total)


def how_counted(labels: list[str]) -> str:
    """How the total is made, card by card, saying what each ace counted: "A + 6: the ace
    counts 11, soft 17", "A + 6 + 9: the ace counts 1 (as 11 the hand would be 26), 16"."""
    values = [value_of(c) for c in labels]
    total, soft = hand_total(values)
    cards = " + ".join(labels)
    if total_name(values) == NATURAL:
        return f"{cards}: an ace and a ten-card as the first two cards, blackjack"
    aces = values.count(1)
    if not aces:
        return f"{cards} = {total}"
    others = "the other 1" if aces == 2 else "the others 1"
    counted = ("the ace counts 11" if aces == 1 else f"one ace counts 11, {others}") \
        if soft else ("the ace counts 1" if aces == 1 else "the aces count 1 each")
    if not soft:
        counted += f" (as 11 the hand would be {sum(values) + 10})"
    return f"{cards}: {counted}, {'soft ' if soft else ''}{total}"


class HandTotalsDrill(Drill):
    """Name the total. An answer is ``"soft 17"``, ``"17"`` or ``"hard 17"``, or a number; a
    soft total must be called soft, and a hard one must not be. A natural is "blackjack" (its
    total, "21" or "soft 21", is taken too, with a word on what the dealer calls it)."""

    name = "totals"
    title = "Hand totals: soft and hard, past 21 too"
    group = "dealer"
    answer_hint = 'the total, e.g. "soft 17", "16", 23 or "blackjack"'
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
        words = " ".join(str(answer).strip().lower().split()) \
            if isinstance(answer, str | int) and not isinstance(answer, bool) else ""
        how = how_counted([str(c) for c in item.shown["cards"]])
        if expected == NATURAL:
            ok = words in NATURAL_ANSWERS
            if ok and words in ("21", "soft 21"):
                return Grade(True, expected, f"Right: {how}; a dealer calls it blackjack.")
            return Grade(ok, expected, "Right: blackjack." if ok else f"{how}.")
        m = re.fullmatch(r"(soft|hard)?\s*([0-9]{1,3})", words)  # ASCII digits (money.DIGITS_RULE)
        bust = " (bust)" if int(expected.split()[-1]) > 21 else ""
        if m is None:
            return Grade(False, expected,
                         f"Answer with a total like \"soft 17\". The hand is {how}{bust}.")
        soft_said = m.group(1) == "soft"
        number = int(m.group(2))
        soft = expected.startswith("soft")
        ok = number == int(expected.split()[-1]) and soft_said == soft
        return Grade(ok, expected, "Right." if ok else f"The hand is {how}{bust}.")
