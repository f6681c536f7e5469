"""Issue 38, "taught wrong" and "explain, don't only answer": each case a learner was taught
wrong, or told only the answer, graded by the drills themselves and by the headless command.

The right answers here are worked out independently of the graders: the payout from the two
piles' values, the true count from the cards in the tray, the natural from the rules of the
game (docs/training.md#the-drills), the exact best play from ``action_evs``.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.engine.chips import ChipSet
from twentyone.rules import PRESETS, STANDARD_CHIPS
from twentyone.sim.counting import SYSTEMS
from twentyone.strategy import action_evs, basic_chart
from twentyone.train.chips import SEED_PILES, ChipCountDrill, PayoutDrill
from twentyone.train.core import Item
from twentyone.train.player import (
    IndexPlayDrill,
    RunningCountDrill,
    StrategyDrill,
    TrueCountDrill,
    allowed,
)
from twentyone.train.registry import DRILLS, make_drill
from twentyone.train.session import Session
from twentyone.train.shoecount import ShoeCountDrill
from twentyone.train.stats import cost_per_hand, strategy_costs
from twentyone.train.store import Answer
from twentyone.train.totals import HandTotalsDrill, value_of

CS = ChipSet.of(STANDARD_CHIPS)


def headless(args: list[str], answers: list[object]) -> list[dict[str, object]]:
    stdin = "".join(json.dumps({"answer": a}) + "\n" for a in answers)
    res = CliRunner().invoke(app, ["train", *args, "--json"], input=stdin)
    assert res.exit_code == 0, res.output
    return [json.loads(line) for line in res.stdout.splitlines()]


# -- a doubled bet is two piles ------------------------------------------------------------------

def test_a_won_double_shows_the_original_bet_and_the_double_as_two_piles() -> None:
    """`train payouts --seed 5 --items 2 --json`, item 2 (the issue's case): what a learner
    sees under "The original bet" and "The double" add up to what the hand is paid on."""
    drill = PayoutDrill(PRESETS["classic"], "classic")
    bet = CS.counts({"black": 6, "white": 10})              # $610
    item = drill.build("d", "double", bet, extra=CS.counts({"black": 3, "green": 0,
                                                             "red": 1}))  # $305
    assert CS.value(CS.counts(item.shown["chips"])) == 610_00
    assert CS.value(CS.counts(item.shown["double"])) == 305_00
    assert item.secret["amount"] == 915_00
    # Paying what the screen shows (the bet and the double) is right, not "over by $305".
    assert drill.grade(item, CS.by_colour(CS.fewest(915_00) or [])).correct
    lines = headless(["payouts", "--seed", "5", "--items", "2"], [{}, {}])
    for line in lines[:2]:
        if line["kind"] == "double":
            bet_, more = (CS.value(CS.counts(line[k])) for k in ("chips", "double"))  # type: ignore[arg-type]
            expected = lines[-1]["items"][1]["expected"]  # type: ignore[index]
            assert CS.value(CS.counts(expected)) == bet_ + more


def test_a_missed_payout_says_how_it_is_worked_out() -> None:
    drill = PayoutDrill(PRESETS["classic"], "classic")
    item = drill.build("b", "3:2", CS.counts({"red": 2}))
    miss = drill.grade(item, {"red": 2})
    assert not miss.correct and "the bet $10, at 3 to 2 that pays $15" in miss.feedback


# -- strategy: the chart and the exact best are both right ---------------------------------------

#: The issue's cells where the chart's play and the exact best for the two cards differ.
EXCEPTIONS = [("classic", ["Q", "2"], 4), ("single-deck", ["7", "7"], 10),
              ("single-deck", ["4", "8"], 3), ("single-deck", ["2", "6"], 6)]


@pytest.mark.parametrize(("rules", "hand", "up"), EXCEPTIONS)
def test_a_composition_dependent_exception_grades_both_plays_right(
        rules: str, hand: list[str], up: int) -> None:
    drill = StrategyDrill(PRESETS[rules], rules)
    values = [value_of(r) for r in hand]
    d, s, r = allowed(drill.rules, hand)
    evs = action_evs(drill.rules, values, up, can_double=d, can_split=s, can_surrender=r)
    best = max(evs, key=lambda a: evs[a])
    chart = basic_chart(drill.rules).decide(values, up, can_double=d, can_split=s,
                                            can_surrender=r)
    assert best != chart, "the issue's exception"
    item = drill.make("x", hand, up)
    for play in (best, chart):
        grade = drill.grade(item, play)
        assert grade.correct and grade.ev_cost == 0.0, play
        assert "composition-dependent exception" in grade.feedback
    worst = min(evs, key=lambda a: evs[a])
    if worst not in (best, chart):
        miss = drill.grade(item, worst)
        assert not miss.correct and miss.ev_cost == pytest.approx(evs[best] - evs[worst])
        assert item.key in miss.feedback  # the chart cell the miss broke


def test_the_issue_hand_headless_hit_is_right_and_costs_nothing() -> None:
    """`train strategy --seed 6 --items 1 --json`, answer "hit"."""
    lines = headless(["strategy", "--seed", "6", "--items", "1"], ["hit"])
    graded = lines[-1]["items"][0]  # type: ignore[index]
    assert lines[0]["hand"] == ["Q", "2"] and lines[0]["up"] == "4"
    assert graded["correct"] and graded["ev_cost"] == 0.0


def test_stats_never_charge_a_right_answer_stored_with_a_cost() -> None:
    """A profile graded before this fix holds the chart's stand on Q,2 v 4 as right with a cost
    of 0.0008: `train stats` must not charge it."""
    from datetime import UTC, datetime
    at = datetime(2026, 1, 1, tzinfo=UTC)
    rows = [Answer(at, "strategy", "hard 12 v 4", True, 0.0008, 2.0),
            Answer(at, "strategy", "hard 12 v 4", False, 0.05, 2.0)]
    assert strategy_costs(rows) == [("hard 12 v 4", 0.0), ("hard 12 v 4", 0.05)]
    assert cost_per_hand(strategy_costs(rows[:1])) == 0.0


# -- the natural is blackjack --------------------------------------------------------------------

def test_a_natural_is_blackjack_and_its_total_is_taken_with_a_word() -> None:
    drill = HandTotalsDrill(PRESETS["classic"], "classic")
    natural = next(i for i in drill.items(random.Random(0))
                   if sorted(value_of(c) for c in i.shown["cards"]) == [1, 10])
    assert natural.secret["total"] == "blackjack"
    for said in ("blackjack", "Blackjack", "21", "soft 21"):
        assert drill.grade(natural, said).correct, said
    assert "calls it blackjack" in drill.grade(natural, "21").feedback
    assert not drill.grade(natural, "11").correct
    # Three cards to 21 are no natural: soft 21, as before.
    three = Item("t", "totals", "soft 21", {"cards": ["A", "5", "5"]}, {"total": "soft 21"})
    assert drill.grade(three, "soft 21").correct and not drill.grade(three, "blackjack").correct


def test_a_missed_total_says_how_the_ace_was_counted() -> None:
    drill = HandTotalsDrill(PRESETS["classic"], "classic")
    soft = Item("s", "totals", "soft 17", {"cards": ["A", "6"]}, {"total": "soft 17"})
    assert "the ace counts 11" in drill.grade(soft, "7").feedback
    hard = Item("h", "totals", "16", {"cards": ["A", "6", "9"]}, {"total": "16"})
    assert "the ace counts 1 (as 11 the hand would be 26)" in drill.grade(hard, "26").feedback


# -- index plays ---------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ["six-deck-s17", "classic", "single-deck"])
def test_index_items_offer_only_the_plays_the_rules_allow(rules: str) -> None:
    drill = IndexPlayDrill(PRESETS[rules], rules)
    for item in itertools.islice(drill.items(random.Random(2)), 40):
        d, s, r = allowed(drill.rules, item.shown["hand"])
        assert item.shown["actions"] == ["hit", "stand", *(["double"] if d else []),
                                         *(["split"] if s else []),
                                         *(["surrender"] if r else [])]
        assert item.secret["action"] in item.shown["actions"]
        # Every item turns on its index here: the play differs on the two sides of it.
        assert len(item.secret["regions"]) > 1
    if not PRESETS[rules].surrender.value or rules == "six-deck-s17":
        offered = {a for i in itertools.islice(drill.items(random.Random(2)), 40)
                   for a in i.shown["actions"]}
        assert ("surrender" in offered) == (PRESETS[rules].surrender.name != "NONE")


def test_index_feedback_gives_the_index_and_the_count_it_applies_from() -> None:
    drill = IndexPlayDrill(PRESETS["six-deck-s17"], "six-deck-s17")
    item = drill.make("i", ["10", "6"], 10, -2)     # 16 v 10: stand from 0 up (I18)
    miss = drill.grade(item, "stand")
    assert not miss.correct
    assert "index 0" in miss.feedback and "below 0: hit" in miss.feedback
    assert "from 0 up: stand" in miss.feedback
    refused = drill.grade(item, "split")
    assert not refused.correct and "not a play here" in refused.feedback


# -- the true count fits its rules ---------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["single-deck", "classic", "six-deck-s17"]),
       st.integers(min_value=0, max_value=2**32))
def test_true_count_items_fit_the_shoe_they_claim(rules: str, seed: int) -> None:
    """The decks are the rules' decks (single-deck: 1); the tray holds a whole number of cards
    a shoe deals before its cut card, read to the nearest quarter deck; the running count is
    one the cards in the tray can make (Hi-Lo: at most one a card, and no more than the
    shoe's twenty high or low cards a deck); the answer is that count over the decks left,
    floored."""
    drill = TrueCountDrill(PRESETS[rules], rules)
    decks = PRESETS[rules].decks
    for item in itertools.islice(drill.items(random.Random(seed)), 5):
        shown = item.shown
        assert shown["decks"] == decks
        cards = shown["discard_cards"]
        assert 13 <= cards <= 52 * decks - 26
        estimate = shown["discard_decks"]
        assert estimate * 4 == round(estimate * 4) and abs(estimate - cards / 52) <= 0.125
        assert abs(shown["running"]) <= min(cards, 20 * decks)
        left = decks - estimate
        assert left > 0 and item.secret["true"] == math.floor(Fraction(shown["running"])
                                                              / Fraction(left))


def test_true_count_single_deck_headless_is_one_deck() -> None:
    lines = headless(["true-count", "--rules", "single-deck", "--seed", "1", "--items", "3"],
                     [0, 0, 0])
    assert all(line["decks"] == 1 for line in lines[:3])
    depths = {line["discard_decks"] for line in lines[:3]}
    assert all(d in (0.25, 0.5) for d in depths)  # not only half decks; within the deck


def test_a_missed_true_count_reads_the_tray_aloud() -> None:
    drill = TrueCountDrill(PRESETS["classic"], "classic")
    item = next(drill.items(random.Random(4)))
    miss = drill.grade(item, int(item.secret["true"]) + 3)
    assert f"The tray holds {item.shown['discard_cards']} cards" in miss.feedback
    assert "rounded down" in miss.feedback


# -- counts explained card by card ---------------------------------------------------------------

def test_a_missed_running_count_tags_each_card() -> None:
    drill = RunningCountDrill(PRESETS["classic"], "classic", {"cards": 4})
    item = Item("c", "running-count", "hilo 1-up",
                {"cards": ["5", "K", "7", "A"], "system": "hilo", "start": 0, "flash": 1,
                 "pace_ms": 700, "rules": "classic"}, {"count": -1})
    miss = drill.grade(item, 1)
    assert miss.feedback == ("The count is -1: start 0; 5 +1 = +1, K -1 = 0, 7 0 = 0, "
                             "A -1 = -1.")


def test_a_missed_shoe_count_tags_the_cards_since_the_last_count() -> None:
    drill = ShoeCountDrill(PRESETS["classic"], "classic")
    items = list(itertools.islice(drill.items(random.Random(3)), 2))
    second = items[1]
    miss = drill.grade(second, float(second.secret["count"]) + 5)
    tags = SYSTEMS["hilo"].tags
    before = second.secret["count"] - sum(tags[value_of(c) - 1] for c in second.shown["cards"])
    assert not miss.correct and f"start {before:+g}" in miss.feedback.replace("+0 ", "0 ")


# -- the chip count's audition is random piles ---------------------------------------------------

def test_the_chip_count_audition_is_random_piles_whatever_the_seed() -> None:
    one = headless(["chip-count", "--audition", "--seed", "1"], [0] * 10)
    other = headless(["chip-count", "--audition", "--seed", "777"], [0] * 10)
    piles = {json.dumps(p[0], sort_keys=True) for p in SEED_PILES}
    for lines in (one, other):
        assert len(lines) == 11
        assert not any(json.dumps(line["chips"], sort_keys=True) in piles for line in lines[:10])
    assert [line["chips"] for line in one[:10]] != [line["chips"] for line in other[:10]]


def test_practice_mixes_the_manual_piles_in_and_does_not_always_start_with_them() -> None:
    firsts = set()
    for seed in range(12):
        drill = ChipCountDrill(PRESETS["classic"], "classic")
        firsts.add(next(drill.items(random.Random(seed))).id.split("-")[0])
        seen = {i.id for i in itertools.islice(drill.items(random.Random(seed)), 300)}
        assert {f"seed-{n}" for n in range(1, 11)} <= seen
    assert firsts == {"seed", "pile"}


def test_a_missed_chip_count_is_counted_stack_by_stack() -> None:
    drill = ChipCountDrill(PRESETS["classic"], "classic")
    item = next(i for i in drill.items(random.Random(0)) if i.id == "seed-6")
    miss = drill.grade(item, "1")
    assert "6 purple x $500 = $3,000" in miss.feedback
    assert "3 tubes of 20 red (60) x $5 = $300" in miss.feedback
    assert "1 tube of 20 and 5 loose white x $1 = $25" in miss.feedback


# -- bad input is a miss, never a crash ----------------------------------------------------------

HOSTILE = ["9" * 5000, "soft " + "9" * 5000, 10**4299, -(10**4299), 10**400, "1e400", "nan",
           "-" + "9" * 5000, {"red": 10**4298}, {"white": 10**4299 // 7}, [1], None, True, 1.5,
           "blackjack", {}, "٣", "+-3"]


@pytest.mark.parametrize("name", list(DRILLS))
def test_no_answer_however_long_or_odd_crashes_a_grader(name: str) -> None:
    drill = make_drill(name, PRESETS["classic"], "classic")
    item = next(drill.items(random.Random(1)))
    for answer in HOSTILE:
        grade = drill.grade(item, answer)
        assert isinstance(grade.correct, bool) and len(grade.feedback) < 2000, repr(answer)[:40]


def test_the_issues_long_answers_headless_are_misses_not_tracebacks() -> None:
    lines = headless(["totals", "--seed", "1", "--items", "1"], ["9" * 5000])
    assert lines[-1]["correct"] == 0 and lines[-1]["total"] == 1
    lines = headless(["payouts", "--seed", "1", "--items", "1"], [{"red": int("9" * 4299)}])
    assert lines[-1]["correct"] == 0 and lines[-1]["total"] == 1


def test_an_audition_flag_reaches_the_drill_before_its_first_item() -> None:
    drill = ChipCountDrill(PRESETS["classic"], "classic")
    session = Session(drill, random.Random(0), None, audition=True)
    assert all(i.id.startswith("pile-") for i in session.items(None))
