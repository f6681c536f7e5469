"""Catch the dealer: the engine deals real rounds, mistakes are slipped in at the chosen rate,
and every mistake shown is really one (docs/training.md#paying-by-hand)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

from twentyone.cards import hand_total
from twentyone.engine.chips import ChipSet
from twentyone.games.blackjack.payouts import accepted_payouts
from twentyone.rules import PRESETS
from twentyone.train.catch import CatchDealerDrill
from twentyone.train.registry import make_drill
from twentyone.train.totals import value_of

CLASSIC = PRESETS["classic"]


def test_no_mistakes_at_rate_zero_and_all_flagged_right() -> None:
    drill = make_drill("catch-dealer", CLASSIC, "classic", {"rate": "0"})
    assert isinstance(drill, CatchDealerDrill)
    for item in itertools.islice(drill.items(random.Random(1)), 60):
        assert item.secret["mistake"] == ""
        assert drill.grade(item, "ok").correct and not drill.grade(item, "mistake").correct


def test_every_slipped_mistake_is_a_real_one() -> None:
    drill = CatchDealerDrill(CLASSIC, "classic", {"rate": "0.6"})
    chipset = ChipSet.of(CLASSIC.chips)
    kinds: Counter[str] = Counter()
    for item in itertools.islice(drill.items(random.Random(2)), 300):
        mistake = item.secret["mistake"]
        kinds[mistake] += 1
        assert drill.grade(item, "mistake" if mistake else "ok").correct
        if item.shown["event"] == "payout":
            paid = chipset.counts(item.shown["chips"])
            right = chipset.counts(item.secret["right"])
            amount = item.secret["amount"]
            if mistake == "short pay":
                assert chipset.value(paid) < amount
            elif mistake == "wrong colour":
                assert chipset.value(paid) == amount and paid != right
                if item.shown["outcome"] == "win":
                    # Not a way a dealer is taught to pay (bets are made in the fewest chips).
                    bet = chipset.fewest(amount)
                    assert bet is not None
                    assert paid not in accepted_payouts(chipset, bet, Fraction(1), amount)
            elif mistake == "3:2 on split aces":
                assert chipset.value(paid) > amount
            else:
                assert paid == right
        else:
            total, soft = hand_total([value_of(c[:-1]) for c in item.shown["dealer"]])
            assert (total, soft) == (17, False)
            assert ("hits" in item.shown["say"]) == (mistake == "hit hard 17")
    assert kinds["short pay"] and kinds["wrong colour"] and kinds[""]


def test_a_missed_mistake_names_the_right_payout() -> None:
    drill = CatchDealerDrill(CLASSIC, "classic", {"rate": "1"})
    item = next(i for i in drill.items(random.Random(3)) if i.key == "short pay")
    miss = drill.grade(item, "ok")
    assert not miss.correct and miss.expected == "mistake" and "short pay" in miss.feedback


def test_a_payouts_bet_is_shown_in_its_chips() -> None:
    """The catch-dealer drill marks a payout in the wrong colour, so the bet it is judged
    against is shown as it lies on the layout, chip by chip (issue 36: the bet was only an
    amount), worth exactly the bet shown."""
    drill = make_drill("catch-dealer", PRESETS["classic"], "classic", {"rate": "0.5"})
    chipset = ChipSet.of(PRESETS["classic"].chips)
    payouts = [i for i in itertools.islice(drill.items(random.Random(3)), 60)
               if i.shown.get("event") == "payout" and "bet" in i.shown]
    assert len(payouts) > 10
    for item in payouts:
        chips = item.shown["bet_chips"]
        value = sum(chipset.values[chipset.colours.index(c)] * n for c, n in chips.items())
        assert f"${value / 100:,.2f}".replace(".00", "") == item.shown["bet"]


def test_a_graded_step_says_why_it_was_right_or_wrong() -> None:
    """A miss says why (docs/training.md#the-drills): the bet, its odds and the chips that pay
    it, worked out here from the item's own bet; a step done right says so once, not "Not
    quite" before it (the page's heading already says whether the answer was right)."""
    drill = CatchDealerDrill(CLASSIC, "classic", {"rate": "0.5"})
    chipset = ChipSet.of(CLASSIC.chips)
    seen: set[tuple[str, str]] = set()
    for item in itertools.islice(drill.items(random.Random(4)), 200):
        mistake = item.secret["mistake"]
        wrong = drill.grade(item, "ok" if mistake else "mistake")
        assert not wrong.correct and not wrong.feedback.startswith(("Not quite", "Right"))
        if item.shown["event"] != "payout":
            assert "stand" in wrong.feedback and "hard 17" in wrong.feedback
            continue
        bet = round(float(str(item.shown["bet"]).strip("$").replace(",", "")) * 100)
        odds = Fraction(3, 2) if item.shown["outcome"] == "blackjack" else Fraction(1)
        amount = bet * odds
        assert amount == item.secret["amount"]
        assert f"${int(amount) / 100:,.2f}".replace(".00", "") in wrong.feedback
        assert item.shown["bet"] in wrong.feedback
        assert ("3 to 2" if odds == Fraction(3, 2) else "even money") in wrong.feedback
        assert chipset.describe(chipset.counts(item.secret["right"])) in wrong.feedback
        seen.add((item.shown["outcome"], mistake))
    assert ("blackjack", "") in seen and ("win", "") in seen and ("win", "short pay") in seen
