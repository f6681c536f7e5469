"""The player's drills: strategy graded against the exact chart and priced like
``twentyone ev``; the rules of thumb (docs/strategy.md#rules-of-thumb); running and true counts;
index plays."""

from __future__ import annotations

import itertools
import json
import math
import random

from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.rules import PRESETS
from twentyone.sim.counting import SYSTEMS
from twentyone.strategy import basic_chart
from twentyone.train.core import Item
from twentyone.train.player import (
    IndexPlayDrill,
    RunningCountDrill,
    StrategyDrill,
    ThumbStrategyDrill,
    TrueCountDrill,
)
from twentyone.train.registry import make_drill
from twentyone.train.totals import HandTotalsDrill, value_of

RULES = PRESETS["six-deck-s17"]


def test_the_strategy_grader_agrees_with_twentyone_ev_on_every_cell_it_grades() -> None:
    """Each item's EVs are ``twentyone ev --json``'s for the same hand, and each answer's
    ``ev_cost`` is the best EV less that answer's."""
    drill = StrategyDrill(RULES, "six-deck-s17")
    runner = CliRunner()
    items = list(itertools.islice(drill.items(random.Random(11)), 6))
    chart = basic_chart(RULES)
    for item in items:
        hand = ",".join(item.shown["hand"])
        res = runner.invoke(app, ["ev", "--rules", "six-deck-s17", "--hand", hand,
                                  "--up", item.shown["up"], "--json"])
        assert res.exit_code == 0, res.output
        evs = json.loads(res.output.strip().splitlines()[-1])["ev"]
        assert set(evs) == set(item.shown["actions"])
        best = max(evs.values())
        values = [value_of(c) for c in item.shown["hand"]]
        up = value_of(item.shown["up"])
        right = chart.decide(values, up, can_double=True, can_split=values[0] == values[1],
                             can_surrender=False)
        for action, ev in evs.items():
            grade = drill.grade(item, action)
            assert grade.correct == (action == right)
            assert grade.expected == right
            assert grade.ev_cost is not None
            assert math.isclose(grade.ev_cost, best - ev, abs_tol=1e-9)
        assert not drill.grade(item, "fold").correct


def test_a_miss_shows_the_right_action_and_its_cost() -> None:
    drill = StrategyDrill(RULES, "six-deck-s17")
    item = drill.make("h", ["10", "6"], 10)
    assert item.key == "hard 16 v 10"
    assert drill.grade(item, "hit").correct
    miss = drill.grade(item, "stand")
    assert not miss.correct and miss.expected == "hit"
    assert miss.ev_cost is not None and miss.ev_cost > 0
    assert "hit" in miss.feedback and f"{miss.ev_cost:.4f}" in miss.feedback


def test_the_rules_of_thumb_mode_grades_against_the_thumbs() -> None:
    """docs/strategy.md#rules-of-thumb: against a poor up card (4-6) stop at 12; a pair of 8s is
    always split; soft hands draw to 18, so soft 18 stands against a 9 (where the exact chart
    hits, and the thumb's answer is priced by what it gives up)."""
    drill = ThumbStrategyDrill(RULES, "six-deck-s17")
    assert drill.grade(drill.make("a", ["10", "2"], 4), "stand").correct
    assert drill.grade(drill.make("b", ["8", "8"], 10), "split").correct
    thumb = drill.grade(drill.make("c", ["A", "7"], 9), "stand")
    # Right by the thumbs, so it costs nothing; what the thumb gives up is said in words.
    assert thumb.correct and thumb.ev_cost == 0.0 and "gives up" in thumb.feedback
    exact = StrategyDrill(RULES, "six-deck-s17")
    assert not exact.grade(exact.make("c", ["A", "7"], 9), "stand").correct


def test_weak_cells_come_up_more_often() -> None:
    drill = StrategyDrill(RULES, "six-deck-s17")
    plain = [i.key for i in itertools.islice(drill.items(random.Random(3)), 150)]
    drill.focus = {"hard 16 v 10": 1.0} | {k: 0.0 for k in set(plain) - {"hard 16 v 10"}}
    focused = [i.key for i in itertools.islice(drill.items(random.Random(3)), 150)]
    share = focused.count("hard 16 v 10") / len(focused)
    assert share > plain.count("hard 16 v 10") / len(plain)


def test_running_count_with_any_system() -> None:
    for system in ("hilo", "ko", "zen", "halves"):
        drill = RunningCountDrill(RULES, "six-deck-s17", {"system": system, "flash": "2"})
        tags = SYSTEMS[system].tags
        for item in itertools.islice(drill.items(random.Random(5)), 5):
            start = -20 if system == "ko" else 0
            assert item.shown["start"] == start and item.shown["flash"] == 2
            rc = start + sum(tags[value_of(c) - 1] for c in item.shown["cards"])
            assert drill.grade(item, rc).correct
            assert drill.grade(item, str(rc)).correct
            assert not drill.grade(item, rc + 1).correct


def test_true_count_is_floored_running_count_over_decks_left() -> None:
    drill = TrueCountDrill(RULES, "six-deck-s17")
    for item in itertools.islice(drill.items(random.Random(6)), 30):
        left = item.shown["decks"] - item.shown["discard_decks"]
        tc = math.floor(item.shown["running"] / left)
        assert drill.grade(item, tc).correct
        assert not drill.grade(item, tc + 1).correct


def test_index_plays_follow_the_simulators_indices() -> None:
    """Hi-Lo's Illustrious 18 (``data/indices``): stand 16 v 10 at 0 or more, hit below;
    stand 12 v 3 at +2 or more; split tens against a 6 at +4 or more."""
    drill = IndexPlayDrill(RULES, "six-deck-s17")
    assert drill.make("a", ["10", "6"], 10, 0).secret["action"] == "stand"
    assert drill.make("b", ["10", "6"], 10, -1).secret["action"] == "hit"
    assert drill.make("c", ["10", "2"], 3, 2).secret["action"] == "stand"
    assert drill.make("d", ["10", "2"], 3, 1).secret["action"] == "hit"
    assert drill.make("e", ["10", "10"], 6, 4).secret["action"] == "split"
    assert drill.make("f", ["10", "10"], 6, 3).secret["action"] == "stand"
    item = drill.make("g", ["10", "6"], 10, 0)
    assert drill.grade(item, "stand").correct and not drill.grade(item, "hit").correct
    for item in itertools.islice(drill.items(random.Random(7)), 20):
        assert drill.grade(item, item.secret["action"]).correct


def test_hand_totals_soft_hard_and_past_21() -> None:
    drill = HandTotalsDrill(RULES, "six-deck-s17")
    items = list(itertools.islice(drill.items(random.Random(8)), 60))
    assert any(int(str(i.secret["total"]).split()[-1]) > 21 for i in items
               if i.secret["total"] != "blackjack")
    assert any(str(i.secret["total"]).startswith("soft") for i in items)
    for item in items:
        assert drill.grade(item, item.secret["total"]).correct
    soft = Item("s", "totals", "soft 17", {"cards": ["A", "6"]}, {"total": "soft 17"})
    assert drill.grade(soft, "soft 17").correct
    assert not drill.grade(soft, "17").correct and not drill.grade(soft, 7).correct
    hard = Item("h", "totals", "26", {"cards": ["10", "6", "K"]}, {"total": "26"})
    assert drill.grade(hard, 26).correct and drill.grade(hard, "hard 26").correct
    assert not drill.grade(hard, "soft 26").correct


def test_a_full_shoe_counted_at_the_table() -> None:
    """The count carries on from question to question and starts again at each shuffle; only
    cards a player sees are counted (no more than the shoe holds between shuffles)."""
    drill = make_drill("shoe-count", PRESETS["modern-casino"], "modern-casino",
                       {"system": "hilo", "ask": "0.5"})
    tags = SYSTEMS["hilo"].tags
    rc, since_shuffle, shuffles = 0.0, 0, 0
    for item in itertools.islice(drill.items(random.Random(9)), 80):
        if item.shown["shuffled"]:
            rc, since_shuffle = 0.0, 0
            shuffles += 1
        rc += sum(tags[value_of(c) - 1] for c in item.shown["cards"])
        since_shuffle += len(item.shown["cards"])
        assert since_shuffle < 6 * 52
        assert drill.grade(item, rc).correct and not drill.grade(item, rc - 1).correct
    assert shuffles >= 2
