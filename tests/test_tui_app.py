"""The Textual table played through its test pilot, as a person plays it: typed lines, what the
screen then shows, and what the table did."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static
from tui_kit import CTRL_C, casino, casino_table_app, drive, read_seat, widget_text

from twentyone.cards import Card
from twentyone.cli.terminal import run_app
from twentyone.engine.records import check_house, read_lines, verify_house, verify_player
from twentyone.engine.views import TableView
from twentyone.games.blackjack import CasinoGame
from twentyone.protocol import Op
from twentyone.rules import PRESETS
from twentyone.tui.app import TableApp
from twentyone.tui.session import CasinoManners

CLASSIC = PRESETS["classic"]


class Stands:
    """The simplest bot: stands on everything, declines every offer."""

    def __init__(self) -> None:
        self.turns = 0

    def choose(self, view: Mapping[str, Any], legal: Sequence[Op]) -> Op:
        self.turns += 1
        names = {op.name: op for op in legal}
        return names["stand"] if "stand" in names else names["decline"]


def test_a_split_played_hand_by_hand_then_colour_up_and_leave() -> None:
    t = casino(CLASSIC, ["8s", "10c", "8h", "7d", "3c", "Ks", "2d"])
    p = drive(casino_table_app(t), t, ["10", "p", "h", "s", "q"])
    assert "Seat 1 places chips beside the bet, two fingers: splits the eights ($10 more)" in p.log
    assert "hand 1 hard 11" in p.prompts[2]
    assert "hand 2 hard 10" in p.prompts[3]
    # While hand 1 is played, the screen shows both hands: 8♠ 3♣ to act, 8♥ waiting.
    assert "▶ 1: 8♠ 3♣ hard 11 bet $10" in p.screens[2]
    assert "2: 8♥ hard 8 bet $10" in p.screens[2]
    assert "Seat 1 hand 1 wins: paid $10 in 2 red" in p.log
    assert "Seat 1 hand 2 loses $10" in p.log
    # The betting screen after the round still shows how it ended, from the engine's record.
    assert "win +$10 2×$5" in p.screens[4] and "lost $10" in p.screens[4]
    assert "(last round)" in p.screens[4]
    # q colours up and leaves: the fewest chips for the same $1,000.
    assert 1 not in t.seats
    assert "Seat 1 colours up 3 black, 23 green, 21 red, 20 white → 2 purple ($1,000)" in p.log
    assert "Seat 1 leaves with $1,000 in 2 purple" in p.farewell


def test_insurance_is_offered_against_an_ace_and_pays_2_to_1() -> None:
    t = casino(CLASSIC, ["10s", "Ac", "9h", "Kd"])
    p = drive(casino_table_app(t), t, ["10", "i", "q"])
    assert "i insurance $5" in p.prompts[1] and "n no (Enter)" in p.prompts[1]
    assert "? odds" in p.prompts[1]  # odds at the insurance offer too
    assert "Seat 1's insurance pays 2:1: $10 in 2 red" in p.log
    # The finished round shows the insurance bet beside the lost hand, with its result.
    assert "insurance $5 won +$10" in p.screens[2]
    assert "dealer blackjack -$10" in p.screens[2]
    assert "$1,000" in p.farewell


def test_the_odds_at_an_insurance_offer() -> None:
    from twentyone.tui.hint import make_hint

    t = casino(CLASSIC, ["10s", "Ac", "9h", "Kd"])
    app = casino_table_app(t, hint=make_hint(CLASSIC))
    p = drive(app, t, ["10", "?", "??", "n"])
    # 3p - 1 with p = 95/309: six decks' 96 tens less the 10♠ in the hand.
    assert "a full shoe less your cards: 95 tens in 309 cards" in p.screens[2]
    assert "Insurance returns -0.078 per dollar insured ▶ decline" in p.screens[2]
    # ??: the cards this seat has seen since the shuffle (10♠ 9♥ and the ace).
    assert "the cards you have not seen: 95 tens in 309 cards" in p.screens[3]


def test_even_money_for_a_blackjack_against_an_ace() -> None:
    t = casino(CLASSIC, ["As", "Ac", "Kh", "9d"])
    p = drive(casino_table_app(t), t, ["10", "e", "q"])
    assert "e even money" in p.prompts[1]
    assert "Seat 1 paid even money: $10 in 2 red" in p.log
    assert "$1,010" in p.farewell


def test_bad_input_reprompts_with_the_engines_message() -> None:
    t = casino(CLASSIC, ["10s", "6c", "9h", "10d"])
    p = drive(casino_table_app(t), t,
              ["b 1", "b 10000", "b 2.50", "zz", "x" * 5000, "10", "d", "p", "s", "q"])
    assert "✗ the minimum bet is $2" in p.screens[1]
    assert "✗ the maximum bet is $500" in p.screens[2]
    assert "✗ bets must be in multiples of $1" in p.screens[3]
    assert "✗ 'zz' is not a choice now" in p.screens[4]
    # A pasted page is cut short when echoed, never shown whole.
    assert "'xxxxxxxxxxxxxxxxxxxxxxx…' is not a choice" in p.screens[5]
    assert "x" * 100 not in p.screens[5]
    # 19 may not be doubled at the classic table (docs/casino.md#classic: 9-11 only) nor split:
    # not offered, and typing them is refused without touching the table.
    assert " d double" not in p.prompts[6]
    # The table's reason comes first (issue 36: "not a choice now" alone did not say why).
    assert "✗ no double: you may double only on a total of 9, 10 or 11" in p.screens[7]
    assert "✗ no split: " in p.screens[8] and "choose one of: h, s, ?, ??" in p.screens[8]
    assert "Seat 1 waves: stands on 19" in p.log
    assert "Seat 1 wins: paid $10 in 2 red" in p.log


def test_ctrl_c_between_rounds_colours_up_and_shows_the_chips() -> None:
    t = casino(CLASSIC, [])
    p = drive(casino_table_app(t), t, [CTRL_C])
    assert t.seats == {}
    assert "Seat 1 leaves with $1,000" in p.farewell


def test_ctrl_c_mid_round_calls_the_round_off_and_returns_the_bet() -> None:
    t = casino(CLASSIC, ["10s", "6c", "9h", "10d"])
    total = t.chips_total()
    p = drive(casino_table_app(t), t, ["25", CTRL_C])
    assert "The round is called off: every bet on the layout goes back." in p.log
    assert "Seat 1: the bet goes back" in p.log
    assert "Seat 1 leaves with $1,000" in p.farewell
    # What the player took away plus what stayed at the table is what there was.
    session = p.app.session
    assert isinstance(session.manners, CasinoManners)
    assert t.chips_total() + t.chipset.value(session.left[1]) == total


def test_each_person_sees_only_their_own_pitch_cards_when_it_is_their_turn() -> None:
    t = casino(PRESETS["single-deck"], ["2c", "4d", "9s", "3c", "5d", "Kh", "Qs", "Qc"],
               humans=(1, 2))
    p = drive(casino_table_app(t, humans=(1, 2)), t, ["5", "5", "h", "s", "s"])
    seat1_turn = next(i for i, s in enumerate(p.prompts) if "Seat 1 hard 5" in s)
    seat2_turn = next(i for i, s in enumerate(p.prompts) if "Seat 2" in s and "hard 9" in s)
    screen1, screen2 = p.screens[seat1_turn], p.screens[seat2_turn]
    assert "2♣" in screen1 and "3♣" in screen1
    assert "4♦" not in screen1 and "5♦" not in screen1 and "K♥" not in screen1
    assert "4♦" in screen2 and "5♦" in screen2
    assert "2♣" not in screen2 and "3♣" not in screen2 and "K♥" not in screen2


def test_bots_act_in_turn_and_their_moves_are_logged() -> None:
    bot = Stands()
    t = casino(CLASSIC, ["10s", "9c", "6c", "10h", "8d", "7d"], bots={2: bot})
    p = drive(casino_table_app(t, bots={2: bot}), t, ["10", "s", "q"])
    assert bot.turns == 1
    assert "Seat 2 (bot)" in p.screens[1]
    assert "Seat 2 bets $2" in p.log and "Seat 2 waves: stands on 17" in p.log


def test_the_hint_is_asked_for_the_hand_to_act_and_shown_without_acting() -> None:
    asked: list[tuple[int | None, list[str] | None]] = []

    def hint(v: TableView, seen: Sequence[Card] | None) -> list[str]:
        seat = next(s for s in v.seats if s.number == v.viewer)
        asked.append((seat.hands[0].total, None if seen is None else sorted(map(str, seen))))
        return ["Basic strategy: stand"]

    t = casino(CLASSIC, ["10s", "6c", "9h", "10d"])
    p = drive(casino_table_app(t, hint=hint), t, ["10", "?", "??", "s", "q"])
    # ?? counts what the seat has seen since the shuffle: its cards and the dealer's up card,
    # never the hole card.
    assert asked == [(19, None), (19, ["10♠", "6♣", "9♥"])]
    assert "Basic strategy: stand" in p.screens[2]
    assert "? odds" in p.prompts[1]


def test_history_is_the_players_and_the_house_record_is_kept_apart(tmp_path: Path) -> None:
    """docs/casino.md#fair-play-and-records: the file a player asked for holds what they saw and
    the shoe's commitment, never its order; the house's chained record beside it replays."""
    path = tmp_path / "hands.jsonl"
    t = casino(CLASSIC, ["10s", "6c", "9h", "10d", "5c", "5d", "Kd", "4c"])
    drive(casino_table_app(t, history=path), t, ["10", "s", "", "s", "q"])
    mine = read_lines(path)
    assert [line["format"] for line in mine] == ["twentyone-player-history/2"] * 3
    assert all("before" not in line and "shuffles" not in line for line in mine)
    assert not any(line["opened"] for line in mine[:-1])  # the shoe stays shut while in play
    assert mine[-1]["opened"]  # and is opened when the game ends
    assert verify_player(mine).rounds == 2
    house = read_lines(tmp_path / "hands.house.jsonl")
    assert len(house) == 2 and verify_house(house).round == 2


def test_the_seals_are_printed_with_the_files_once_the_table_closes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/casino.md#fair-play-and-records: what ``verify`` asks a player to compare with, the
    seal of each file, is printed beside the file's name after the app has closed."""
    path = tmp_path / "hands.jsonl"
    t = casino(CLASSIC, ["10s", "6c", "9h", "10d", "5c", "5d", "Kd", "4c"])
    table_app = casino_table_app(t, history=path)
    drive(table_app, t, ["10", "s", "", "s", "q"])
    monkeypatch.setattr(table_app, "run", lambda: None)
    run_app(table_app)
    out = capsys.readouterr().out
    house = check_house(read_lines(tmp_path / "hands.house.jsonl")).seal
    mine = verify_player(read_lines(path)).seal
    assert f"The house's record is in {tmp_path / 'hands.house.jsonl'}, sealed {house}." in out
    assert f"Your hand history is in {path}, sealed {mine}." in out


def test_a_round_called_off_is_recorded_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    t = casino(CLASSIC, ["10s", "6c", "9h", "10d"])
    drive(casino_table_app(t, history=path), t, ["10", CTRL_C])
    (line,) = read_lines(tmp_path / "hands.house.jsonl")
    assert {"op": "void"} in line["history"]["operations"]
    verify_house([line])
    verify_player(read_lines(path))


def test_late_surrender_is_offered_and_returns_half() -> None:
    rules = CLASSIC.replace(surrender="late")
    t = casino(rules, ["10s", "10c", "6h", "7d"])
    p = drive(casino_table_app(t), t, ["10", "r", "q"])
    assert "r surrender" in p.prompts[1]
    assert "Seat 1 draws a line behind the bet: surrenders, half back ($5)" in p.log
    assert "Seat 1 loses $5 by surrendering" in p.log


def test_doubling_for_less_is_offered_and_takes_an_amount() -> None:
    # docs/casino.md#double_for_less: a double may be for any amount up to the original bet.
    t = casino(PRESETS["modern-casino"], ["6s", "9c", "5h", "8d", "10d"])
    p = drive(casino_table_app(t), t, ["20", "d 5", "q"])
    assert "d double (d AMOUNT for less)" in p.prompts[1]
    assert "Seat 1 places chips beside the bet, one finger: doubles for $5: 10♦ — 21" in p.log
    assert "Seat 1 wins: paid $25 in 1 green" in p.log


def test_the_issues_face_down_double_shows_what_was_dealt() -> None:
    """Single deck, a pitch hand 8♥ 2♥ doubled face down draws 6♥: during the round the double
    card is a back even to its owner; afterwards the felt shows 8♥ 2♥ 6♥ hard 16, never 8♥
    twice (the screen once kept its own copy of the hands and got this wrong)."""
    t = casino(PRESETS["single-deck"], ["8h", "9c", "2h", "8c", "6h"])
    p = drive(casino_table_app(t), t, ["10", "d", "q"])
    assert "Seat 1 hard 10" in p.prompts[1]
    after = p.screens[2]
    assert "8♥ 2♥ 6♥ hard 16 bet $20 doubled lost $20" in after
    assert after.count("8♥") == 1


def test_at_zero_a_player_may_buy_in_again() -> None:
    # $10 at the table, a 16 standing against a 20: the player is broke.
    t = casino(CLASSIC, ["10s", "10c", "6h", "10d"], buy_in=1000)
    p = drive(casino_table_app(t), t, ["10", "s", "", "buy 50", "5", CTRL_C])
    assert "buy AMOUNT re-buy" in p.prompts[2]
    assert "Seat 1 buys $1,000 more in chips." in p.screens[3]
    assert "Seat 1 buys $50 more in chips." in p.screens[4]
    assert "+$" in p.farewell or "-$" in p.farewell
    assert "$1,060 bought in" in p.farewell


def test_after_buying_chips_enter_repeats_the_last_bet() -> None:
    """Once the chips are bought the prompt offers the last bet again (it once read "b b
    AMOUNT" and Enter did nothing)."""
    t = casino(CLASSIC, ["10s", "10c", "6h", "10d", "9s", "5c", "8h", "10h"], buy_in=1000)
    p = drive(casino_table_app(t), t, ["10", "s", "", "buy 50", "", CTRL_C])
    assert "b bet $10 (Enter) or b AMOUNT" in p.prompts[4]
    assert "b b " not in " ".join(p.prompts)
    assert "Seat 1 bets $10" in p.log[p.log.index("── round 2 ──") + 1:]


def test_the_rules_and_help_pages_open_over_the_table() -> None:
    import asyncio

    rules = CLASSIC.replace(surrender="late")
    t = casino(rules, [])
    from twentyone.tui.launch import casino_app

    app = casino_app(CasinoGame(t), humans=[1], bot_seats=[], stake=100_000, name="classic",
                     base=CLASSIC, bots={}, hint=lambda v, s: [])

    async def run() -> tuple[str, str, str]:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            title = widget_text(app, "#title")
            await pilot.press("f2")
            await pilot.pause()
            rules_page = str(app.screen.query_one("#page-body", Static).content)
            await pilot.press("escape", "f1")
            await pilot.pause()
            help_page = str(app.screen.query_one("#page-body", Static).content)
            await pilot.press("escape", "ctrl+c")
            return title, rules_page, help_page

    title, rules_page, help_page = asyncio.run(run())
    assert "late surrender" in title and "surrender=late" in title
    assert "◆ Surrender" in rules_page and "late (after the peek)" in rules_page
    # Every option in words (issue 36: F2 showed raw keys such as "cut_behind (60, 75)").
    assert "Double after a split" in rules_page
    assert "Cards left behind the cut card" in rules_page and "60 to 75" in rules_page
    assert "A dealer natural found after play counts as" in rules_page
    assert "cut_behind" not in rules_page and "late_natural" not in rules_page
    assert "(60, 75)" not in rules_page
    assert "??" in help_page and "Ctrl-C" in help_page


def test_a_phone_sized_terminal_still_shows_the_hands() -> None:
    t = casino(CLASSIC, ["8s", "10c", "8h", "7d", "3c", "Ks", "2d"])
    p = drive(casino_table_app(t), t, ["10", "p", CTRL_C], size=(40, 12))
    seat = read_seat(p.screens[2].split("\n", 3)[3])
    assert [h.bet for h in seat.hands] == [1000, 1000]
    assert "hand 1 hard 11" in p.prompts[2]


def test_the_log_keeps_every_call_and_scrolls() -> None:
    """Every call stays in the log (not the last eight), so a double card or an insurance
    result that bots' play pushed up can be scrolled back to."""
    from textual.widgets import RichLog

    t = casino(CLASSIC, [])
    seen: list[tuple[int, int, int, int]] = []

    def measure(app: TableApp) -> None:
        log = app.query_one("#log", RichLog)
        seen.append((len(log.lines), len(app.session.log), log.virtual_size.height,
                     log.size.height))

    drive(casino_table_app(t), t, ["10", "s"] * 8, size=(100, 30), check=measure)
    lines, calls, content, window = seen[-1]
    assert lines >= calls > 30
    assert content > window  # more than fits: the log scrolls


def test_a_pitch_pair_is_turned_up_when_split_and_felt_log_and_count_agree() -> None:
    """docs/casino.md#splitting-pairs: in a pitch game a split pair is turned face up for everyone;
    each split hand's second card falls face down. The felt shows seat 2 both nines and no more,
    ``??`` counts exactly what the felt has shown, and the log never names a card with "?"."""
    asked: list[list[str] | None] = []

    def hint(v: TableView, seen: Sequence[Card] | None) -> list[str]:
        asked.append(None if seen is None else sorted(map(str, seen)))
        return ["stand"]

    # Seat 1 9♣ 9♦, seat 2 4♦ 5♦, dealer 7♠ up and K♥ in the hole; the split hands draw 2♥, 3♥.
    t = casino(PRESETS["single-deck"], ["9c", "4d", "7s", "9d", "5d", "Kh", "2h", "3h"],
               humans=(1, 2))
    p = drive(casino_table_app(t, humans=(1, 2), hint=hint), t,
              ["10", "10", "p", "s", "s", "??", "s"])
    seat2_turn = next(i for i, s in enumerate(p.prompts) if "Seat 2" in s and "hard 9" in s)
    felt = p.screens[seat2_turn]
    seat1 = felt[felt.index("Seat 1"):felt.index("Seat 2")]
    assert "9♣" in seat1 and "9♦" in seat1           # the pair, turned up for everyone
    assert "2♥" not in felt and "3♥" not in felt     # the split hands' second cards stay down
    assert "K♥" not in felt
    # ?? at seat 2's turn: its own cards, the dealer's up card and the turned pair, nothing else.
    assert asked == [sorted(["4♦", "5♦", "7♠", "9♣", "9♦"])]
    turned = [line for line in p.log if "turns" in line]
    assert turned and not any("?" in line for line in turned)
