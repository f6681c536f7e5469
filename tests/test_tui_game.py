"""The terminal game loop driven by typed lines, as a person would play it."""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from twentyone.cards import Card
from twentyone.engine.bots import Bot
from twentyone.engine.records import read_lines, verify_house, verify_player
from twentyone.engine.shoe import RandomShuffler, StackedShuffler
from twentyone.engine.table import Table
from twentyone.engine.views import TableView
from twentyone.rules import PRESETS, Rules
from twentyone.tui.game import Game, Hint

CLASSIC = PRESETS["classic"]


class Script:
    """Feeds lines to the prompt and remembers what the screen showed before each one; runs
    out with EOFError (Ctrl-D), or raises a given exception."""

    def __init__(self, out: io.StringIO, lines: Iterable[str | type[BaseException]]) -> None:
        self.lines = list(lines)
        self.out = out
        self.screens: list[str] = []
        self.prompts: list[str] = []
        self._seen = 0

    def __call__(self, prompt: str) -> str:
        text = self.out.getvalue()
        self.screens.append(text[self._seen:])
        self._seen = len(text)
        self.prompts.append(Text.from_markup(prompt).plain)
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        if isinstance(line, type):
            raise line()
        return line


def run(rules: Rules, stack: list[str], lines: list[str | type[BaseException]], *,
        humans: tuple[int, ...] = (1,), bots: dict[int, Bot] | None = None,
        hint: Hint | None = None, history: Path | None = None) -> tuple[Table, Script, str]:
    t = Table(rules, StackedShuffler([stack], then=RandomShuffler.seeded(0)))
    for seat in sorted({*humans, *(bots or {})}):
        t.sit(seat, 100_000)
    out = io.StringIO()
    console = Console(file=out, width=110, color_system=None)
    script = Script(out, lines)
    Game(t, humans=humans, bots=bots or {}, console=console, ask=script, title="test",
         hint=hint, history=history).run()
    return t, script, out.getvalue()


def test_a_split_played_hand_by_hand_then_colour_up_and_leave() -> None:
    t, script, out = run(CLASSIC, ["8s", "10c", "8h", "7d", "3c", "Ks", "2d"],
                         ["10", "p", "h", "s", "q"])
    assert "Seat 1 splits the eights ($10 more)" in out
    assert "hand 1 hard 11" in script.prompts[2]
    assert "hand 2 hard 10" in script.prompts[3]
    assert "Seat 1 hand 1 wins: paid $10 in 2 red" in out
    assert "Seat 1 hand 2 loses $10" in out
    # The betting screen after the round still shows how it ended.
    assert "win +$10  2×$5" in script.screens[4] and "lose -$10" in script.screens[4]
    # q colours up and leaves: the fewest chips for the same $1,000.
    assert 1 not in t.seats
    assert "Seat 1 colours up 3 black, 23 green, 21 red, 20 white → 2 purple ($1,000)" in out
    assert "Seat 1 leaves with  2×$500 $1,000" in out.replace("   ", " ")


def test_insurance_is_offered_against_an_ace_and_pays_2_to_1() -> None:
    _, script, out = run(CLASSIC, ["10s", "Ac", "9h", "Kd"], ["10", "i", "q"])
    assert "i insurance $5" in script.prompts[1]
    assert "n no (Enter)" in script.prompts[1]
    assert "Seat 1's insurance pays 2:1: $10 in 2 red" in out
    # The finished round still shows the insurance bet beside the lost hand.
    assert "insurance" in script.screens[2] and "dealer blackjack -$10" in script.screens[2]
    assert "Seat 1 leaves with" in out and "$1,000" in out


def test_even_money_for_a_blackjack_against_an_ace() -> None:
    _, script, out = run(CLASSIC, ["As", "Ac", "Kh", "9d"], ["10", "e", "q"])
    assert "e even money" in script.prompts[1]
    assert "Seat 1 paid even money: $10 in 2 red" in out
    assert "$1,010" in out


def test_bad_input_reprompts_with_the_engines_message() -> None:
    _, script, out = run(CLASSIC, ["10s", "6c", "9h", "10d"],
                         ["b 1", "b 10000", "b 2.50", "zz", "10", "d", "p", "s", "q"])
    assert "✗ the minimum bet is $2" in script.screens[1]
    assert "✗ the maximum bet is $500" in script.screens[2]
    assert "✗ bets must be in multiples of $1" in script.screens[3]
    assert "✗ 'zz' is not a choice now" in script.screens[4]
    # 19 may not be doubled at the classic table (docs/casino.md#doubling-down: 9-11 only) nor
    # split: not offered, and typing them is refused without touching the table.
    assert " d double" not in script.prompts[5]
    assert "✗ double is not a choice now" in script.screens[6]
    assert "✗ split is not a choice now" in script.screens[7]
    assert "Seat 1 stands on 19" in out
    assert "Seat 1 wins: paid $10 in 2 red" in out


def test_ctrl_d_between_rounds_colours_up_and_shows_the_chips() -> None:
    t, _, out = run(CLASSIC, [], [])
    assert t.seats == {}
    assert "Seat 1 colours up" in out or "Seat 1 leaves with" in out
    assert "$1,000" in out.splitlines()[-1]


def test_ctrl_c_mid_round_leaves_cleanly_and_says_what_is_still_in_play() -> None:
    _, _, out = run(CLASSIC, ["10s", "6c", "9h", "10d"], ["25", KeyboardInterrupt])
    assert "Seat 1 walks away; $25 stays on the layout." in out
    assert "Seat 1 leaves with" in out and "$975" in out.splitlines()[-1]


def test_each_person_sees_only_their_own_pitch_cards_when_it_is_their_turn() -> None:
    rules = PRESETS["single-deck"]
    _, script, _ = run(rules, ["2c", "4d", "9s", "3c", "5d", "Kh", "Qs", "Qc"],
                       ["5", "5", "h", "s", "s"], humans=(1, 2))
    seat1_turn = next(i for i, p in enumerate(script.prompts) if "Seat 1 hard 5" in p)
    seat2_turn = next(i for i, p in enumerate(script.prompts) if "Seat 2" in p and "hard 9" in p)
    screen1, screen2 = script.screens[seat1_turn], script.screens[seat2_turn]
    assert "2♣" in screen1 and "3♣" in screen1
    assert "4♦" not in screen1 and "5♦" not in screen1 and "K♥" not in screen1
    assert "4♦" in screen2 and "5♦" in screen2
    assert "2♣" not in screen2 and "3♣" not in screen2 and "K♥" not in screen2


class Stands:
    """The simplest bot: stands on everything, declines every offer."""

    def __init__(self) -> None:
        self.turns = 0

    def act(self, table: Table, seat: int) -> None:
        self.turns += 1
        if table.can_stand(seat):
            table.stand(seat)
        else:
            table.decline(seat)


def test_bots_act_in_turn_and_their_moves_are_logged() -> None:
    bot = Stands()
    _, script, out = run(CLASSIC, ["10s", "9c", "6c", "10h", "8d", "7d"], ["10", "s", "q"],
                         bots={2: bot})
    assert bot.turns == 1
    assert "Seat 2 (bot)" in script.screens[1]
    assert "Seat 2 bets $2" in out and "Seat 2 stands on 17" in out


def test_the_hint_is_asked_for_the_hand_to_act_and_shown_without_acting() -> None:
    asked: list[tuple[int | None, list[str] | None]] = []

    def hint(v: TableView, seen: Sequence[Card] | None) -> list[str]:
        seat = next(s for s in v.seats if s.number == v.viewer)
        asked.append((seat.hands[0].total, None if seen is None else sorted(map(str, seen))))
        return ["Basic strategy: stand"]

    _, script, _ = run(CLASSIC, ["10s", "6c", "9h", "10d"], ["10", "?", "??", "s", "q"],
                       hint=hint)
    # ?? counts what the seat has seen since the shuffle: its cards and the dealer's up card,
    # never the hole card.
    assert asked == [(19, None), (19, ["10♠", "6♣", "9♥"])]
    assert "Basic strategy: stand" in script.screens[2]
    assert "? odds" in script.prompts[1]


def test_history_is_the_players_and_the_house_record_is_kept_apart(tmp_path: Path) -> None:
    """docs/casino.md#fair-play-and-records: the file a player asked for holds what they saw and
    the shoe's commitment, never its order; the house's chained record beside it replays."""
    path = tmp_path / "hands.jsonl"
    run(CLASSIC, ["10s", "6c", "9h", "10d", "5c", "5d", "Kd", "4c"], ["10", "s", "", "s", "q"],
        history=path)
    mine = read_lines(path)
    assert [line["format"] for line in mine] == ["twentyone-player-history/1"] * 3
    assert all("before" not in line and "shuffles" not in line for line in mine)
    assert not any(line["opened"] for line in mine[:-1])  # the shoe stays shut while in play
    assert verify_player(mine).rounds == 2
    house = read_lines(tmp_path / "hands.house.jsonl")
    assert len(house) == 2 and verify_house(house).round == 2


def test_late_surrender_is_offered_and_returns_half() -> None:
    rules = CLASSIC.replace(surrender="late")
    _, script, out = run(rules, ["10s", "10c", "6h", "7d"], ["10", "r", "q"])
    assert "r surrender" in script.prompts[1]
    assert "Seat 1 surrenders: half back ($5)" in out
    assert "Seat 1 loses $5 by surrendering" in out


def test_doubling_for_less_takes_an_amount() -> None:
    # docs/casino.md#double_for_less: a double may be for any amount up to the original bet.
    _, _, out = run(PRESETS["modern-casino"], ["6s", "9c", "5h", "8d", "10d"], ["20", "d 5", "q"])
    assert "Seat 1 doubles for $5: 10♦ — 21" in out
    assert "Seat 1 wins: paid $25" in out
