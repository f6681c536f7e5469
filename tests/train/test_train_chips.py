"""The dealer's chip drills: the ten seed exercises as golden tests, the payout grader on right
and wrong answers (the manual's methods, docs/training.md#paying-by-hand), change and colouring
up."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twentyone.engine.chips import ChipSet
from twentyone.rules import PRESETS, STANDARD_CHIPS, load_rules
from twentyone.train.chips import (
    PAYOUT_KINDS,
    SEED_PILES,
    ChangeDrill,
    ChipCountDrill,
    PayoutDrill,
)
from twentyone.train.core import Item

STANDARD = ChipSet.of(STANDARD_CHIPS)
CLASSIC = PRESETS["classic"]

#: The answers as the dealer's manual prints them (docs/dealing.md#counting-chips): the last
#: figure of each worked answer.
SEED_ANSWERS = ["1033", "1645", "313.50", "149", "1446",
                "4826.50", "4906.50", "3216", "556", "4325.50"]


def counts(**by_colour: int) -> list[int]:
    return STANDARD.counts(by_colour)


def manual_items(drill: ChipCountDrill) -> list[Item]:
    """The manual's ten exercises as a practice session deals them (among generated piles),
    in the manual's order."""
    found = {i.id: i for i in itertools.islice(drill.items(random.Random(0)), 400)
             if i.id.startswith("seed-")}
    return [found[f"seed-{n}"] for n in range(1, 11)]


def test_the_ten_seed_exercises_are_practised_and_grade_as_the_answers_say() -> None:
    drill = ChipCountDrill(CLASSIC, "classic")
    for item, (pile, total, _rack), answer in zip(manual_items(drill), SEED_PILES,
                                                  SEED_ANSWERS, strict=True):
        assert item.shown["chips"] == {c: n for c, n in pile.items()}
        assert drill.grade(item, answer).correct, item.id
        assert drill.grade(item, f"${answer}").correct  # "$" and "," are the user's to type
        wrong = drill.grade(item, f"{total / 100 + 0.5:.2f}")
        assert not wrong.correct and "over by $0.50" in wrong.feedback
        assert not drill.grade(item, "lots").correct


def test_rack_exercises_show_full_tubes_of_twenty() -> None:
    """docs/dealing.md#counting-chips, the manual: "Each row of chips shown in the rack
    represents a full tube of 20 chips"."""
    items = manual_items(ChipCountDrill(CLASSIC, "classic"))
    assert not items[0].shown["rack"]
    sixth = items[5]
    assert sixth.shown["rack"]
    assert sixth.shown["layout"]["red"] == {"tubes": 3, "loose": 0}
    assert sixth.shown["layout"]["white"] == {"tubes": 1, "loose": 5}


def test_generated_piles_grade_exactly_and_custom_chips_skip_the_seed_piles() -> None:
    rules = CLASSIC.replace(chips=(("yellow", 50), ("white", 100), ("pink", 250), ("red", 500)))
    drill = ChipCountDrill(rules, "pink")
    chipset = ChipSet.of(rules.chips)
    for item in itertools.islice(drill.items(random.Random(4)), 20):
        assert item.id.startswith("pile-")
        total = chipset.value(chipset.counts(item.shown["chips"]))
        assert drill.grade(item, f"{total // 100}.{total % 100:02d}").correct
        assert not drill.grade(item, f"{(total - 50) / 100:.2f}").correct


# --- payouts ------------------------------------------------------------------------------------

def payout(kind: str, bet: list[int], main: list[int] | None = None,
           extra: list[int] | None = None) -> tuple[PayoutDrill, Item]:
    drill = PayoutDrill(CLASSIC, "classic")
    return drill, drill.build("p", kind, bet, main=main, extra=extra)


def test_3_to_2_on_one_red_is_one_red_two_white_one_yellow() -> None:
    """docs/dealing.md#paying-a-blackjack: "a blackjack payout on this bet is $7.50, one red,
    two white, and one yellow chip"."""
    drill, item = payout("3:2", counts(red=1))
    assert drill.grade(item, {"red": 1, "white": 2, "yellow": 1}).correct
    short = drill.grade(item, {"red": 1, "white": 2})
    assert not short.correct and "short by $0.50" in short.feedback
    assert not drill.grade(item, {"white": 7, "yellow": 1}).correct  # right money, wrong chips
    assert drill.grade(item, {}).expected == {"yellow": 1, "white": 2, "red": 1}


def test_bridging_an_even_stack_at_3_to_2() -> None:
    """docs/training.md#paying-by-hand: on an even number of chips of one colour, "collect
    one-and-a-half times that many chips": four greens are paid six greens (the fewest chips, a
    black and a green, too)."""
    drill, item = payout("3:2", counts(green=4))
    assert drill.grade(item, {"green": 6}).correct
    assert drill.grade(item, {"black": 1, "green": 2}).correct
    assert not drill.grade(item, {"green": 5}).correct


def test_colour_for_colour_and_colouring_up_as_you_pay() -> None:
    """docs/training.md#paying-by-hand, non-blackjack payouts: an equal number of chips of each
    colour, or the same value coloured up; fifteen whites for three reds is neither."""
    drill, item = payout("1:1", counts(red=5, white=3))
    assert drill.grade(item, {"red": 5, "white": 3}).correct
    assert drill.grade(item, {"green": 1, "white": 3}).correct
    assert not drill.grade(item, {"red": 4, "white": 8}).correct
    drill, item = payout("1:1", counts(red=3))
    assert not drill.grade(item, {"white": 15}).correct


def test_insurance_pays_2_to_1_on_the_insurance_bet() -> None:
    drill, item = payout("insurance", counts(red=1), main=counts(red=2))
    assert item.shown["bet"] == {"red": 2} and item.shown["chips"] == {"red": 1}
    assert drill.grade(item, {"red": 2}).correct
    assert not drill.grade(item, {"red": 1}).correct  # paid at even money


def test_split_aces_with_a_ten_are_paid_even_money_not_3_to_2() -> None:
    drill, item = payout("split-aces", counts(red=2))
    assert drill.grade(item, {"red": 2}).correct
    wrong = drill.grade(item, {"red": 3})
    assert not wrong.correct and "over by $5" in wrong.feedback


def test_a_double_pays_the_bet_and_the_double() -> None:
    drill, item = payout("double", counts(red=2), extra=counts(white=10))
    assert drill.grade(item, {"red": 2, "white": 10}).correct
    assert drill.grade(item, {"red": 4}).correct
    assert not drill.grade(item, {"red": 2}).correct


def test_6_to_5_and_rounding() -> None:
    drill, item = payout("6:5", counts(green=1))
    assert drill.grade(item, {"green": 1, "red": 1}).correct
    assert not drill.grade(item, {"green": 1, "red": 1, "white": 2, "yellow": 1}).correct


def test_payout_answers_of_the_wrong_shape_are_misses_not_errors() -> None:
    drill, item = payout("1:1", counts(red=1))
    for bad in ("one red", {"blue": 1}, {"red": -1}, {"red": 1.5}, None, [1]):
        grade = drill.grade(item, bad)
        assert not grade.correct and grade.expected == {"red": 1}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), kind=st.sampled_from(PAYOUT_KINDS))
def test_the_grader_accepts_every_payout_it_generates_and_refuses_any_short_one(
        seed: int, kind: str) -> None:
    """Any correct chip payout the grader can generate, it accepts; any one chip short of one,
    or with a chip too many, it refuses."""
    drill = PayoutDrill(CLASSIC, "classic")
    item = drill.make("p", kind, random.Random(seed), STANDARD)
    for ok in item.secret["accepted"]:
        assert drill.grade(item, ok).correct
        for colour in ok:
            short = dict(ok)
            short[colour] -= 1
            assert not drill.grade(item, short).correct
        assert not drill.grade(item, {**ok, "yellow": ok.get("yellow", 0) + 1}).correct


# --- change and colouring up ---------------------------------------------------------------------

def test_breaking_a_chip_into_the_colours_asked_for() -> None:
    drill = ChangeDrill(CLASSIC, "classic")
    item = Item("c", "change", "break black into green+red",
                {"kind": "break", "chips": {"black": 1}, "into": ["green", "red"]},
                {"amount": 10000, "into": ["green", "red"],
                 "canonical": {"green": 3, "red": 5}})
    assert drill.grade(item, {"green": 3, "red": 5}).correct
    assert drill.grade(item, {"green": 2, "red": 10}).correct
    assert not drill.grade(item, {"green": 4}).correct  # no red, as asked
    assert not drill.grade(item, {"green": 3, "red": 4}).correct
    assert not drill.grade(item, {"green": 3, "red": 4, "white": 5}).correct


def test_generated_change_items_grade_their_canonical_answer() -> None:
    drill = ChangeDrill(CLASSIC, "classic")
    kinds = set()
    for item in itertools.islice(drill.items(random.Random(2)), 40):
        kinds.add(item.shown["kind"])
        good = drill.grade(item, item.secret["canonical"])
        assert good.correct, item
        assert not drill.grade(item, {}).correct
    assert kinds == {"break", "colour-up"}


def test_colour_up_is_the_fewest_chips() -> None:
    """docs/dealing.md#colouring-up: 4 yellow, 40 white and 10 red ($92) come back as 3 green,
    3 red and 2 white."""
    drill = ChangeDrill(CLASSIC, "classic")
    item = Item("u", "change", "colour up", {"kind": "colour-up",
                                              "chips": {"yellow": 4, "white": 40, "red": 10}},
                {"amount": 9200, "canonical": {"green": 3, "red": 3, "white": 2}})
    assert drill.grade(item, {"green": 3, "red": 3, "white": 2}).correct
    miss = drill.grade(item, {"green": 3, "red": 3, "white": 1, "yellow": 2})
    assert not miss.correct and "fewest" in miss.feedback


@pytest.mark.parametrize("preset", ["classic", "casino-party"])
def test_drills_take_the_rules_chips(preset: str) -> None:
    rules = load_rules(preset)
    drill = PayoutDrill(rules, preset)
    item = next(drill.items(random.Random(1)))
    assert item.shown["rules"] == preset
