"""The coach's core (docs/training.md#the-coach-at-the-table; the terminal table's use of it is
tested in tests/test_tui_coach.py): the best play for the rules (the chart, or the Hi-Lo index
play at the count), a mistake priced by the exact solver for the cards left, count checks graded
against the cards seen, and the session's statistics kept in the profile for ``train stats``.

The figures it is checked against are worked out here from the sources directly: the exact
chart (``basic_chart``), the solver (``action_evs`` with the shoe as it stands) and the tags of
the count system.
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.engine.events import Event, Kind
from twentyone.engine.table import Phase, Table
from twentyone.errors import TwentyOneError
from twentyone.rules import PRESETS
from twentyone.sim.counting import SYSTEMS
from twentyone.strategy import action_evs, basic_chart
from twentyone.train.coach import Coach
from twentyone.train.store import Store
from twentyone.train.totals import LABELS

RULES = PRESETS["six-deck-s17"]


def shoe_after(seen: list[int], decks: int = 6) -> list[int]:
    counts = [4 * decks] * 9 + [16 * decks]
    for v in seen:
        counts[v - 1] -= 1
    return counts


def test_a_wrong_stand_is_warned_with_the_solvers_cost() -> None:
    coach = Coach(RULES)
    coach.see("10", "6", "10", "5", "9")        # two other seats' cards, then 10-6 v 10
    assert coach.judge(["10", "6"], "10", basic_chart(RULES).decide(
        [10, 6], 10, can_double=True, can_split=False, can_surrender=False)) is None
    coach.see("2", "3")
    warning = coach.judge(["2", "3"], "10", "stand")   # 5 v 10: the chart hits
    assert warning is not None and warning.best == "hit"
    # The solver's shoe: the cards not seen, with the hand and the up card (seen) put back.
    shoe = shoe_after([10, 6, 10, 5, 9, 2, 3])
    for v in (2, 3, 10):
        shoe[v - 1] += 1
    evs = action_evs(RULES, [2, 3], 10, shoe, can_double=True, can_split=False,
                     can_surrender=False)
    assert warning.cost == pytest.approx(evs["hit"] - evs["stand"])
    assert "Best was hit (the chart for hard 5 v 10)" in warning.words
    assert f"{warning.cost:.4f} of a bet" in warning.words
    assert coach.stats.decisions == 2 and coach.stats.mistakes == 1
    assert coach.stats.ev_cost == pytest.approx(warning.cost)


def test_a_counter_is_advised_the_index_play_at_the_count() -> None:
    """Hi-Lo's 16 v 10: stand from a true count of 0 up (the Illustrious 18); after 52 small
    cards in six decks the true count is +10, and hitting is the mistake."""
    coach = Coach(RULES, "hilo")
    coach.see(*(["2", "3", "4", "5"] * 13))
    assert coach.running_count == 52 and coach.true_count() == math.floor(52 / 5)
    advice = coach.advise(["10", "6"], "10")
    assert advice.chart == "hit" and advice.best == "stand"
    warning = coach.judge(["10", "6"], "10", "hit")
    assert warning is not None and "the Hi-Lo index 0, at +10" in warning.words
    assert coach.judge(["10", "6"], "10", "stand") is None
    with pytest.raises(TwentyOneError):
        coach.judge(["10", "6"], "10", "split")


def test_count_checks_are_graded_against_the_cards_seen() -> None:
    coach = Coach(RULES, "hilo")
    cards = ["K", "5", "A", "2", "7", "9", "3"]
    coach.see(*cards)
    tags = SYSTEMS["hilo"].tags
    rc = sum(tags[(10 if c == "K" else 1 if c == "A" else int(c)) - 1] for c in cards)
    tc = math.floor(rc / ((312 - len(cards)) / 52))
    right = coach.check_count(rc, tc)
    wrong = coach.check_count(rc + 2)
    assert right.correct and not wrong.correct
    assert f"the running count is {rc:+d}" in wrong.words.replace("+0", "0")
    assert coach.stats.checks == 2 and coach.stats.checks_right == 1
    coach.shuffled()
    assert coach.running_count == 0
    with pytest.raises(TwentyOneError):
        Coach(RULES).check_count(0)


def test_the_sessions_statistics_are_kept_for_train_stats(tmp_path: Path) -> None:
    coach = Coach(RULES)
    coach.settle([1000, -500, 0])
    coach.settle([-2500])
    coach.see("10", "6", "10")
    coach.judge(["10", "6"], "10", "stand")
    with Store.open("pat", tmp_path) as store:
        coach.keep(store, "table-1", datetime(2026, 1, 2, tzinfo=UTC))
    assert coach.stats.hands == 4 and (coach.stats.won, coach.stats.lost, coach.stats.pushed) \
        == (1, 2, 1)
    assert coach.stats.net == -2000 and coach.stats.biggest_swing == 2500
    res = CliRunner().invoke(app, ["train", "stats", "--profile", "pat", "--json"],
                             env={"TWENTYONE_TRAIN_DIR": str(tmp_path)})
    assert res.exit_code == 0, res.output
    table = json.loads(res.stdout)["table"]
    assert len(table) == 1 and table[0]["hands"] == 4 and table[0]["net"] == -2000
    assert table[0]["mistakes"] == coach.stats.mistakes
    plain = CliRunner().invoke(app, ["train", "stats", "--profile", "pat"],
                               env={"TWENTYONE_TRAIN_DIR": str(tmp_path)})
    assert "table play" in plain.stdout and "net -$20" in plain.stdout


def see(coach: Coach, events: list[Event]) -> None:
    """Tell the coach what a seat sees, in order: a shuffle, cards dealt face up, cards
    turned over (the hole card)."""
    for e in events:
        if e.kind is Kind.SHUFFLED:
            coach.shuffled()
        elif e.card is not None and ((e.kind is Kind.DEALT and e.face_up)
                                     or e.kind is Kind.TURNED):
            coach.see(LABELS[int(e.card.rank)])


def test_a_seeded_table_a_wrong_stand_and_the_session_after_it() -> None:
    """The coach beside a real table (the engine, seeded): it is told the cards dealt face up
    and turned, the seat stands where the best play is not to, and the warning carries the
    solver's cost for the cards left; the round's result reaches the statistics."""
    table = Table(RULES, seed=11)
    table.sit(1, 100_000)
    coach = Coach(RULES, "hilo")
    warned = None
    for _ in range(40):  # the seeded shoe deals such a hand within these rounds
        start = len(table.log)
        table.bet(1, 1000)
        table.deal()
        dealt = len(table.log)
        see(coach, table.log[start:dealt])
        hand = [LABELS[int(c.rank)] for c in table.seats[1].hands[0].cards]
        up = LABELS[int(table.dealer.up.rank)]
        if table.phase is Phase.INSURANCE:
            table.decline(1)
        pending = table.phase is Phase.PLAYERS and table.to_act == (1, 0)
        if pending and warned is None and coach.advise(hand, up).best != "stand":
            advice = coach.advise(hand, up)
            warned = coach.judge(hand, up, "stand")
            assert warned is not None and warned.best == advice.best
            assert warned.cost == pytest.approx(advice.evs[advice.best] - advice.evs["stand"])
        while table.phase is Phase.PLAYERS:   # the casino dealer then draws by rule
            table.stand(1)
        assert table.phase is Phase.BETTING
        see(coach, table.log[dealt:])
        coach.settle([e.amount for e in table.log[start:]
                      if e.kind is Kind.SETTLED and e.seat == 1])
        if warned is not None:
            break
    assert warned is not None and coach.stats.mistakes == 1
    assert coach.stats.hands >= 1 and coach.stats.won + coach.stats.lost + coach.stats.pushed \
        == coach.stats.hands


def test_below_an_index_the_play_changes_and_is_named_so() -> None:
    """13 v 2: the chart stands, Hi-Lo hits below -1. At -3 (16 ten-cards and aces seen, then
    10, 3 against a 2) a stand is the mistake, said with the index it falls below."""
    coach = Coach(RULES, "hilo")
    coach.see(*(["10", "K", "A", "Q"] * 4), "10", "2", "3")
    assert coach.true_count() == math.floor(-15 / ((312 - 19) / 52)) == -3
    warning = coach.judge(["10", "3"], "2", "stand")
    assert warning is not None and warning.best == "hit"
    assert warning.why == "below the Hi-Lo index -1, at -3"
    shoe = shoe_after([10, 10, 1, 10] * 4)   # the hand and the up card are in the shoe
    evs = action_evs(RULES, [10, 3], 2, shoe, can_double=True, can_split=False,
                     can_surrender=False)
    assert warning.cost == pytest.approx(evs["hit"] - evs["stand"])


def test_a_hit_hand_is_judged_with_what_the_table_offers_it() -> None:
    """A third card: 2, 3, 4 (hard 9) against a 10 may not double; standing is the mistake,
    priced by the solver for the cards left with no double offered."""
    coach = Coach(RULES)
    coach.see("2", "10", "3", "4")   # the hand, the up card and the third card: all seen
    offered = (False, False, False)
    warning = coach.judge(["2", "3", "4"], "10", "stand", offered)
    evs = action_evs(RULES, [2, 3, 4], 10, shoe_after([]), can_double=False, can_split=False,
                     can_surrender=False)
    assert set(evs) == {"hit", "stand"}
    assert warning is not None and warning.best == "hit"
    assert warning.why == "the chart for hard 9 v 10"
    assert warning.cost == pytest.approx(evs["hit"] - evs["stand"])


@pytest.mark.parametrize(("true", "right"), [(-1, True), (0, True), (1, False), (-2, False)])
def test_a_true_count_may_be_floored_truncated_or_rounded(true: int, right: bool) -> None:
    """Running -2 over 5.9 decks left is a true count of -0.34: floored -1, truncated or
    rounded 0; +1 and -2 are wrong."""
    coach = Coach(RULES, "hilo")
    coach.see("10", "A", "7", "8")
    assert coach.running_count == -2
    assert coach.check_count(-2, true).correct is right
    assert not coach.check_count(-1, -1).correct   # the running count must be exact


def test_a_damaged_bankroll_row_is_left_out_and_counted(tmp_path: Path) -> None:
    with Store.open("pat", tmp_path) as store:
        assert store.bankroll() is None
        store.keep_bankroll(2500, {"red": 5}, datetime(2026, 1, 2, tzinfo=UTC))
        assert store.bankroll() == (2500, {"red": 5})
        store.conn.execute("UPDATE bankroll SET chips = 'not chips'")
        assert store.bankroll() is None and store.damaged == 1


def test_insurance_is_judged_by_the_tens_not_seen() -> None:
    """The chart never insures: insuring 10, 9 against an ace costs what the side bet gives
    away for the cards not seen (95 tens in 309), on half the bet; declining costs nothing. A
    Hi-Lo counter at +3 or more insures (the shipped index), and declining is then the
    mistake; insuring a shoe rich in tens is never charged to a player who does not count."""
    coach = Coach(RULES)
    coach.see("10", "A", "9")
    assert coach.judge_insurance(False) is None
    warning = coach.judge_insurance(True)
    assert warning is not None and warning.best == "decline"
    assert warning.cost == pytest.approx((1 - 3 * 95 / 309) * 0.5)
    assert warning.why == "the chart never insures"
    counter = Coach(RULES, "hilo")
    small = ["2", "3", "4", "5", "6"] * 8        # +40 over about 5.2 decks: +7
    counter.see(*small, "10", "A", "9")
    tens = 95 / (312 - 43)
    warned = counter.judge_insurance(False)
    assert warned is not None and warned.best == "insure"
    assert warned.why == f"the Hi-Lo index +3, at +{counter.true_count()}"
    assert warned.cost == pytest.approx((3 * tens - 1) * 0.5)
    assert counter.judge_insurance(True) is None
    plain = Coach(RULES)
    plain.see(*small, "10", "A", "9")
    assert plain.judge_insurance(True) is None   # the chart's decline, but insuring pays here


def test_train_stats_png_charts_the_sessions_at_the_table(tmp_path: Path) -> None:
    """`train stats --png` draws table play beside the drills (docs/training.md#progress): one
    point a session for the plays judged right and the count checks right, each session's
    net written over it; the figures worked out here from what each session was told."""
    from twentyone.train.stats import figure

    first, second = Coach(RULES, "hilo"), Coach(RULES, "hilo")
    first.settle([1000, -500])
    first.see("10", "6", "10")                       # Hi-Lo -1, a true count below 0: hit
    assert first.judge(["10", "6"], "10", "stand") is not None
    assert first.judge(["10", "6"], "10", "hit") is None
    assert first.check_count(-1, 0).correct and not first.check_count(4, 1).correct
    second.settle([-2500])
    assert second.check_count(0, 0).correct
    with Store.open("pat", tmp_path) as store:
        first.keep(store, "table-1", datetime(2026, 1, 2, 20, tzinfo=UTC))
        second.keep(store, "table-2", datetime(2026, 1, 3, 20, tzinfo=UTC))
        fig = figure(store)
        png = tmp_path / "stats.png"
        res = CliRunner().invoke(app, ["train", "stats", "--profile", "pat", "--png", str(png)],
                                 env={"TWENTYONE_TRAIN_DIR": str(tmp_path)})
        assert res.exit_code == 0, res.output
        assert png.read_bytes()[:4] == b"\x89PNG"
    (ax,) = [a for a in fig.axes if a.get_title().startswith("Table play")]
    lines = {line.get_label(): np.asarray(line.get_ydata(), dtype=float).tolist()
             for line in ax.get_lines()}
    # Two plays judged, one a mistake; the second session judged none, so it has no point.
    assert lines["plays as the coach advised"] == [50.0]
    assert lines["count checks right"] == [50.0, 100.0]
    assert [t.get_text() for t in ax.texts] == ["net +\\$5", "net -\\$25"]
    plain = CliRunner().invoke(app, ["train", "stats", "--profile", "pat"],
                               env={"TWENTYONE_TRAIN_DIR": str(tmp_path)})
    assert "net +$5," in plain.stdout and "net -$25," in plain.stdout  # signed, as at the table
