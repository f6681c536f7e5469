"""The coach at the terminal table (docs/training.md#the-coach-at-the-table), played through the
Textual pilot: a wrong stand called with the exact solver's cost, a right play never charged,
count checks answered right, wrong and unreadably, the session's statistics when the player
leaves and in ``train stats --json``, and the chips a profile keeps from one sitting to the
next.

The figures are worked out here from the sources: the solver (``action_evs``) for the shoe the
seat knows, and the Hi-Lo tags of the stacked cards."""

from __future__ import annotations

import asyncio
import json
import math
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
from tui_kit import CTRL_C, casino, drive, table_of, type_line
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.engine.table import Table
from twentyone.games.blackjack import CasinoGame
from twentyone.rules import PRESETS
from twentyone.sim.counting import SYSTEMS
from twentyone.strategy import action_evs
from twentyone.train.seat import TableCoach, sit_down
from twentyone.train.store import Store
from twentyone.tui.app import TableApp
from twentyone.tui.launch import casino_app

RULES = PRESETS["six-deck-s17"]
WHEN = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
#: Round 1: 5♠ 6♥ (hard 11) against the 10♣, the dealer's 7♦ underneath (17: stands).
#: Round 2: 10♠ 9♥ (hard 19) against the 7♣, the dealer's K♦ underneath (17).
STACK = ["5s", "10c", "6h", "7d", "10s", "7c", "9h", "Kd"]


def coached(t: Table, *, system: str | None = None, store: Store | None = None,
            chance: float = 0.0, warnings: bool = True) -> tuple[TableApp, TableCoach]:
    coach = TableCoach(RULES, 1, warnings=warnings, system=system, rng=random.Random(1),
                       store=store, chance=chance, clock=lambda: WHEN)
    application = casino_app(CasinoGame(t), humans=[1], bot_seats=[], stake=100_000, name="test",
                             base=None, bots={}, hint=lambda v, seen: ["(no odds here)"],
                             coach=coach)
    return application, coach


def hilo(cards: list[str]) -> int:
    tags = SYSTEMS["hilo"].tags
    values = [1 if c[0] == "A" else 10 if c[:-1] in ("10", "J", "Q", "K") else int(c[:-1])
              for c in cards]
    return int(sum(tags[v - 1] for v in values))


def test_a_wrong_stand_is_called_with_the_solvers_cost_and_a_right_one_never_is() -> None:
    t = casino(RULES, STACK)
    application, coach = coached(t)
    p = drive(application, t, ["10", "s", "10", "s", "q"])
    # Standing on 11 against a 10: the chart doubles. Seen then: 5, 10 and 6, so the solver's
    # shoe (the hand and the up card put back) is the full six decks.
    evs = action_evs(RULES, [5, 6], 10, None, can_double=True, can_split=False,
                     can_surrender=False)
    cost = evs["double"] - evs["stand"]
    assert cost > 0.1
    call = (f"Coach: “Best was double (the chart for hard 11 v 10): stand cost {cost:.4f} of a "
            f"bet, ${cost * 10:.2f} on your $10”")
    assert call in p.log
    # Said after the stand's own call, and shown by the prompt while play goes on.
    assert p.log.index(call) > next(i for i, line in enumerate(p.log) if "stands" in line)
    assert call in p.screens[2]
    assert "Seat 1 (" in p.prompts[2]  # the next bet is asked at once
    # 19 against a 7, stood: right, and never charged.
    assert sum(line.startswith("Coach: “Best was") for line in p.log) == 1
    s = coach.stats
    assert (s.decisions, s.mistakes) == (2, 1) and s.ev_cost == pytest.approx(cost)
    assert (s.hands, s.won, s.lost, s.pushed, s.net, s.biggest_swing) == (2, 1, 1, 0, 0, 1000)
    assert "This session: 2 hands (won 1, lost 1, pushed 0), net +$0, biggest swing $10." \
        in p.farewell
    assert f"Plays judged: 2; mistakes 1, costing {cost:.4f} of a bet in all." in p.farewell


def test_f3_turns_the_warnings_off_and_the_play_is_still_counted() -> None:
    t = casino(RULES, STACK)
    application, coach = coached(t)

    async def run() -> None:
        async with application.run_test(size=(110, 40)) as pilot:
            await pilot.pause()
            await pilot.press("f3")
            await pilot.pause()
            assert "warnings off" in "\n".join(application.session.notes)
            for line in ("10", "s", CTRL_C):
                await type_line(pilot, application, line)

    asyncio.run(run())
    assert not any(line.startswith("Coach: “Best was") for line in application.session.log)
    assert coach.stats.mistakes == 1 and not coach.warnings


def test_count_checks_right_wrong_and_unreadable_then_the_stats_in_train_stats(
        tmp_path: Path) -> None:
    t = casino(RULES, STACK)
    with Store.open("pat", tmp_path) as store:
        application, coach = coached(t, system="hilo", store=store, chance=1.0)
        # After round 1 the seat has seen 5♠ 10♣ 6♥ 7♦: Hi-Lo +1 over 308 cards left.
        rc1 = hilo(STACK[:4])
        tc1 = math.floor(rc1 / (308 / 52))
        p = drive(application, t, ["10", "s", f"{rc1:+d} {tc1}", "10", "s", "twelve",
                                   f"{rc1 + 3:+d} 0", "q"])
        assert "count check: type the running count and the true count" in p.prompts[2]
        assert any(line.startswith(f"Coach: “You said +1 and 0. Right: the running count is "
                                   f"+{rc1} after 4 cards") for line in p.log)
        # An unreadable answer is answered in words, and the check asked again.
        assert ("✗ a count check takes the running count, then the true count, as whole "
                "numbers like +4 +1 (the running count may end in .5); Enter skips it") \
            in p.screens[6]
        assert "count check" in p.prompts[6]
        rc2 = hilo(STACK)
        assert any(line.startswith(f"Coach: “You said +{rc1 + 3} and 0. Not quite: the running "
                                   f"count is {rc2:+d} after 8 cards") for line in p.log)
        assert coach.stats.checks == 2 and coach.stats.checks_right == 1
        assert "Count checks right: 1 of 2." in p.farewell
        assert "twentyone train stats --profile pat" in p.farewell
    res = CliRunner().invoke(app, ["train", "stats", "--profile", "pat", "--json"],
                             env={"TWENTYONE_TRAIN_DIR": str(tmp_path)})
    assert res.exit_code == 0, res.output
    (kept,) = json.loads(res.stdout)["table"]
    assert (kept["hands"], kept["won"], kept["lost"], kept["net"]) == (2, 1, 1, 0)
    assert (kept["mistakes"], kept["checks"], kept["checks_right"]) == (1, 2, 1)
    assert kept["ev_cost"] == pytest.approx(coach.stats.ev_cost)


def test_the_chips_a_player_leaves_with_are_the_chips_of_the_next_sitting(
        tmp_path: Path) -> None:
    with Store.open("pat", tmp_path) as store:
        first = casino(RULES, STACK, humans=())
        said = sit_down(CasinoGame(first), 1, 100_000, store)
        assert "A first sitting for this profile: $1,000" in said
        application, _ = coached(first, store=store)
        seen: list[tuple[int, dict[str, int]] | None] = []

        def look(_: TableApp) -> None:
            # Another connection, as a crash would leave the file: the last round's chips.
            with Store.open("pat", tmp_path) as other:
                seen.append(other.bankroll())

        p = drive(application, first, ["10", "s", "q"], check=look)
        assert seen[2] is not None and seen[2][0] == 99_000  # after the lost round
        assert "Seat 1 leaves with $990" in p.farewell
    with Store.open("pat", tmp_path) as store:
        second = casino(RULES, STACK, humans=())
        said = sit_down(CasinoGame(second), 1, 100_000, store)
        assert "Welcome back: you sit down with the $990 you left with last time" in said
        assert second.bankroll(1) == 99_000
        kept = store.bankroll()
        assert kept is not None and second.chipset.by_colour(second.seats[1].chips) == kept[1]
        fresh = casino(RULES, STACK, humans=())
        assert "A fresh bankroll, as asked: $1,000" in sit_down(CasinoGame(fresh), 1, 100_000,
                                                               store, fresh=True)
        assert fresh.bankroll(1) == 100_000
        store.keep_bankroll(300, {"white": 3}, WHEN)   # too little for the $5 minimum
        broke = casino(RULES, STACK, humans=())
        assert "less than this table's minimum bet of $5: a fresh $1,000 buy-in" in sit_down(
            CasinoGame(broke), 1, 100_000, store)


@pytest.mark.parametrize(("args", "says"), [
    (["--fresh-bankroll"], "--fresh-bankroll starts a profile's chips afresh"),
    (["--coach", "--seats", "2"], "the coach sits beside one player"),
    (["--count", "tens"], "--count is one of hilo, ko"),
    (["--profile", "../x"], "a profile name is 1 to 64 letters"),
    (["--auto", "--coach"], "with --auto (the coach sits beside a person at the table)"),
    (["--game", "pontoon", "--coach"], "does not apply to Pontoon"),
])
def test_the_coachs_options_refused_in_words(args: list[str], says: str) -> None:
    res = CliRunner().invoke(app, ["play", *args])
    assert res.exit_code == 2
    assert says in " ".join(res.output.replace("│", " ").split()), res.output
    assert "Traceback" not in res.output


def test_insurance_taken_is_called_with_its_cost() -> None:
    """10♠ 9♥ against the A♣ (the 7♦ underneath): insurance gives away, for the 95 tens in
    the 309 cards the seat has not seen, (1 - 3 × 95/309) of each dollar insured."""
    t = casino(RULES, ["10s", "Ac", "9h", "7d"])
    application, coach = coached(t)
    p = drive(application, t, ["10", "i", "s", "q"])
    cost = (1 - 3 * 95 / 309) * 0.5
    assert (f"Coach: “Best was decline (the chart never insures): insure cost {cost:.4f} of a "
            f"bet, ${cost * 10:.2f} on your $10”") in p.log
    assert coach.stats.decisions == 2 and coach.stats.mistakes == 1


@pytest.mark.parametrize("line", ["twelve", "+4 +1 +2", "9" * 5000, "+4 1e9", "nan", "+4.3",
                                  "\x1b[2J"])
def test_a_count_check_line_that_is_not_a_count_is_answered_in_words(line: str) -> None:
    coach = TableCoach(RULES, 1, warnings=False, system="hilo", rng=random.Random(1))
    coach.coach.see("5", "K", "2")
    coach.checking = True
    said = coach.answer(line)
    assert said == ("a count check takes the running count, then the true count, as whole "
                    "numbers like +4 +1 (the running count may end in .5); Enter skips it")
    assert coach.checking and coach.stats.checks == 0      # asked again, not graded


def test_ko_is_asked_its_running_count_alone_and_enter_skips() -> None:
    coach = TableCoach(RULES, 1, warnings=False, system="ko", rng=random.Random(1))
    coach.coach.see("5", "K", "2")        # KO starts at 4 - 4 × 6 = -20: -19 after these
    coach.checking = True
    assert "type the running count, e.g." in coach.check_choices()
    assert coach.answer("-19 0") == ("a count check takes the running count, a whole number "
                                     "like -3; Enter skips it")
    assert coach.answer("-19") is None and not coach.checking
    assert coach.lines[-1] == ("Coach: “You said -19. Right: the running count is -19 after 3 "
                               "cards.”")
    coach.checking = True
    assert coach.answer("  ") is None and not coach.checking
    assert coach.lines[-1] == "Coach: “Count check skipped”"
    assert (coach.stats.checks, coach.stats.checks_right) == (1, 1)


def test_play_with_a_profile_carries_the_chips_to_the_next_sitting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``twentyone play --profile pat --coach`` twice, the table driven by the pilot in place
    of a terminal: the first sitting loses $10 on a wrong stand and leaves; the second sits
    down with the $990, and ``--fresh-bankroll`` with $1,000 again."""
    from twentyone.cli import casino as casino_cli

    monkeypatch.setenv("TWENTYONE_TRAIN_DIR", str(tmp_path))
    monkeypatch.setattr(casino_cli, "need_terminal", lambda: None)
    sittings: list[list[str]] = []

    def at_the_table(application: TableApp) -> None:
        p = drive(application, table_of(application), ["10", "s", "q"])
        sittings.append([*p.log, *p.app.farewell])

    monkeypatch.setattr(casino_cli, "run_app", at_the_table)
    args = ["play", "--rules", "six-deck-s17", "--profile", "pat", "--coach", "--seed", "3",
            "--stack", ",".join(STACK[:4])]
    for extra in ([], [], ["--fresh-bankroll"]):
        res = CliRunner().invoke(app, [*args, *extra])
        assert res.exit_code == 0, res.output
    first, second, fresh = sittings
    assert "Coach: “A first sitting for this profile: $1,000; the chips you leave with are " \
        "kept for next time”" in first
    assert any(line.startswith("Coach: “Best was double") for line in first)
    assert "Seat 1 leaves with $990 in 1 purple, 4 black, 3 green, 3 red (-$10 on $1,000 " \
        "bought in)." in first
    assert "Seat 1 sits down with $990" in second
    assert "Coach: “Welcome back: you sit down with the $990 you left with last time”" in second
    assert "Seat 1 sits down with $1,000" in fresh
    with Store.open("pat", tmp_path) as store:
        assert store.bankroll() == (99_000, {"red": 3, "green": 3, "black": 4, "purple": 1})
        assert len(store.table_sessions()) == 3


def test_a_profile_that_cannot_be_written_is_said_once_and_play_goes_on(
        tmp_path: Path) -> None:
    with Store.open("pat", tmp_path) as store:
        t = casino(RULES, STACK)
        application, coach = coached(t, store=store)
        store.conn.execute("PRAGMA query_only = ON")    # every write now fails, as on a full disk
        p = drive(application, t, ["10", "s", "10", "s", "q"])
        said = [line for line in p.log if "could not be written" in line]
        assert len(said) == 1 and said[0].startswith(f"Coach: “Your profile {store.path}")
        assert "Seat 1 leaves with $1,000" in p.farewell and coach.stats.hands == 2
        assert "Kept in the profile" not in p.farewell


def test_a_split_hand_is_judged_as_the_table_offers_it_and_named() -> None:
    """8♠ 8♥ against the 10♣: the split is right; hand 1 (8♠ 3♣, 11) stood where the chart
    doubles after a split, priced by the solver as a split hand of two (8♠ 8♥ 3♣ and the 10♣
    seen: the full shoe less the second eight); hand 2 (8♥ K♠) stood on 18, right."""
    t = casino(RULES, ["8s", "10c", "8h", "7d", "3c", "Ks"])
    application, coach = coached(t)
    p = drive(application, t, ["10", "p", "s", "s", "q"])
    shoe = [24] * 9 + [96]
    shoe[7] -= 1                                   # the other eight, seen
    evs = action_evs(RULES, [8, 3], 10, shoe, can_double=True, can_split=False,
                     can_surrender=False, split_hands=2)
    cost = evs["double"] - evs["stand"]
    assert (f"Coach: “Hand 1: best was double (the chart for hard 11 v 10): stand cost "
            f"{cost:.4f} of a bet, ${cost * 10:.2f} on your $10”") in p.log
    assert (coach.stats.decisions, coach.stats.mistakes) == (3, 1)
