"""The trainers at the terminal (``twentyone.tui.trainer``) played with Textual's pilot, key by
key: items answered right and wrong for chip counting, payouts, strategy, counting, the
procedure and catching the dealer; the grade read back off the screen; every answer found in
the profile's store. A property test holds the screen to the engine: no card is drawn that the
table has not dealt face up.
"""

from __future__ import annotations

import asyncio
import io
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from textual.app import App
from textual.containers import VerticalScroll
from typer.testing import CliRunner

from twentyone.cards import SUIT_LETTERS, SUIT_SYMBOLS
from twentyone.cli import app as cli_app
from twentyone.engine.chips import ChipSet
from twentyone.engine.events import Kind
from twentyone.engine.table import Table
from twentyone.money import dollars
from twentyone.rules import PRESETS
from twentyone.train import catch, procedure
from twentyone.train.core import Item
from twentyone.train.player import signed
from twentyone.train.registry import make_drill
from twentyone.train.session import Session
from twentyone.train.store import Store
from twentyone.tui.trainer import ACTION_KEYS, SummaryScreen, TrainerApp
from twentyone.tui.trainer_draw import item_picture

SIZE = (100, 40)
CARD = re.compile(r"│\s*(10|[2-9AJQK])([♠♥♦♣])\s*│|│(░░░)│")
SYMBOL_LETTER = {SUIT_SYMBOLS[s]: SUIT_LETTERS[s] for s in SUIT_SYMBOLS}


class Ticks:
    """A clock that moves one second each time it is read: answer times are known, never
    measured (tests do not depend on the machine's speed)."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        self.t += 1.0
        return self.t


def screen_text(app: App[Any]) -> str:
    """The whole screen as plain text, as a person would read it."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      force_terminal=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


def flat(text: str) -> str:
    return " ".join(text.split())


@dataclass
class Played:
    app: TrainerApp
    #: The screen as each item was asked, and just after it was answered.
    asked: list[str] = field(default_factory=list)
    graded: list[str] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    summary_screen: str = ""


def play(name: str, keys: Callable[[Item], list[str]], n: int, *, store: Store | None = None,
         options: dict[str, str] | None = None, audition: bool = False, seed: int = 1,
         rules: str = "classic") -> Played:
    """Run drill ``name`` under the pilot for ``n`` items, pressing ``keys(item)`` for each,
    then ``q`` for the summary and Enter to leave."""
    drill = make_drill(name, PRESETS[rules], rules, options)
    session = Session(drill, random.Random(seed), store, audition)
    app = TrainerApp(session, subtitle=f"{rules} · test", now=Ticks())
    played = Played(app)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(n):
                # The first item waits for the drill's preparation (a cold exact solve when
                # this test runs alone): a deadline, not a guess at how long it takes.
                deadline = time.monotonic() + 300
                await pilot.pause(0.005)  # the screen drawn for the state it is in
                while app.state not in ("ask", "over") and time.monotonic() < deadline:
                    await pilot.pause(0.005)
                if app.state == "over":
                    break
                assert app.state == "ask" and app.item is not None
                item = cast(Item, app.item)  # the session's own items
                played.items.append(item)
                played.asked.append(screen_text(app))
                pressed = keys(item)
                await pilot.press(*pressed)
                await pilot.pause()
                assert app.state == "graded", f"keys {pressed} did not answer {item.id}"
                played.graded.append(screen_text(app))
                await pilot.press("enter")
            if app.state != "over":
                await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            played.summary_screen = screen_text(app)
            await pilot.press("enter")
            await pilot.pause()

    asyncio.run(run())
    return played


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open("pat", tmp_path) as s:
        yield s


def stored(store: Store) -> list[tuple[str, bool, str, float | None]]:
    rows = store.conn.execute("SELECT item_id, correct, answer, seconds FROM answers ORDER BY id")
    return [(i, bool(c), a, s) for i, c, a, s in rows]


def typed(text: str) -> list[str]:
    """The keys that type ``text`` and press Enter."""
    names = {".": "full_stop", "-": "minus", " ": "space"}
    return [names.get(ch, ch) for ch in text] + ["enter"]


# -- chip counting -------------------------------------------------------------------------------

def total_of(item: Item, off: int = 0) -> str:
    """A chip-count item's total in dollars, ``off`` cents away from it."""
    total = int(item.secret["total"]) + off
    return f"{total // 100}.{total % 100:02d}"


def test_chip_counting_right_and_wrong_by_keys(store: Store) -> None:
    offs = iter([0, -4500, 0])
    played = play("chip-count", lambda item: typed(total_of(item, next(offs))), 3, store=store)
    first, second, third = (flat(s) for s in played.graded)
    one, two = played.items[0], played.items[1]
    assert "✓ RIGHT" in first and f"you answered ${total_of(one)}" in first
    right = dollars(int(two.secret["total"]))
    assert "✗ NOT QUITE" in second and f"The pile is {right};" in second
    assert "short by $45:" in second
    # The miss counts the pile stack by stack.
    for colour, n in two.shown["chips"].items():
        assert f"{colour} x $" in second or f"{n} {colour}" in second
    assert "✓ RIGHT" in third
    # The pile is drawn by colour, counts named, and the total is not on screen before.
    asked = flat(played.asked[0])
    for colour, n in one.shown["chips"].items():
        if not one.shown["rack"]:
            assert f"{n} {colour}" in asked
    assert dollars(int(one.secret["total"])) not in asked
    rows = stored(store)
    assert [(i, c) for i, c, _, _ in rows] == [(one.id, True), (two.id, False),
                                               (played.items[2].id, True)]
    assert all(s is not None and s > 0 for *_, s in rows)
    summary = flat(played.summary_screen)
    assert "2 right of 3" in summary and "Missed" in summary
    assert f"{two.key}: {total_of(two)}" in summary


def test_a_rack_exercise_shows_its_full_tubes() -> None:
    drill = make_drill("chip-count", PRESETS["classic"], "classic")
    sixth = next(i for i in drill.items(random.Random(0)) if i.id == "seed-6")
    text = flat(_render(item_picture("dollars", "chip-count", sixth.shown,
                                     ChipSet.of(drill.rules.chips))))
    assert "red" in text and "3 tubes of 20" in text  # 60 reds: three full tubes


# -- payouts ------------------------------------------------------------------------------------

def chip_keys(chips: dict[str, int], short: bool = False) -> list[str]:
    """Pay ``chips`` by pressing each colour's first letter once per chip (one chip fewer of
    the smallest colour when ``short``)."""
    keys = [colour[0] for colour, n in chips.items() for _ in range(n)]
    return (keys[:-1] if short else keys) + ["enter"]


def test_payouts_right_and_short_by_keys(store: Store) -> None:
    turn = iter([False, True, False])
    played = play("payouts", lambda item: chip_keys(item.secret["accepted"][0], next(turn)), 3,
                  store=store, seed=5)
    right, short, again = (flat(s) for s in played.graded)
    assert "✓ RIGHT" in right and "✓ RIGHT" in again
    assert "✗ NOT QUITE" in short and "short by" in short
    # The miss draws the right payout as chips, counted by colour.
    expected = played.items[1].secret["accepted"][0]
    assert "The right chips:" in short
    for colour, n in expected.items():
        assert f"{n} {colour}" in short.split("The right chips:")[1]
    assert [c for _, c, _, _ in stored(store)] == [True, False, True]


def test_digits_and_arrows_enter_chips_by_colour() -> None:
    """The other way to key chips: pick the colour with the arrows, type the count."""
    def keys(item: Item) -> list[str]:
        chips = ChipSet.of(PRESETS["classic"].chips)
        out: list[str] = []
        at = len(chips.colours) - 1  # the entry starts on the largest colour
        for colour, n in item.secret["accepted"][0].items():
            i = chips.colours.index(colour)
            out += ["right"] * (at - i) if at > i else ["left"] * (i - at)
            out += list(str(n))
            at = i
        return [*out, "enter"]

    played = play("payouts", keys, 2, seed=9)
    assert all("✓ RIGHT" in flat(s) for s in played.graded)


# -- strategy -----------------------------------------------------------------------------------

def test_strategy_right_and_wrong_by_action_keys(store: Store) -> None:
    key_of = {a: k for k, a in ACTION_KEYS.items()}

    def keys(item: Item) -> list[str]:
        right = item.secret["action"]
        if item.id.endswith("-2"):
            wrong = next(a for a in item.shown["actions"] if a != right)
            return [key_of[wrong]]
        return [key_of[right]]

    played = play("strategy", keys, 3, store=store, rules="six-deck-s17", seed=2)
    assert "✓ RIGHT" in flat(played.graded[0])
    miss = flat(played.graded[1])
    assert "✗ NOT QUITE" in miss and "EV cost:" in miss
    right = played.items[1].secret["action"]
    assert f"says {right} (" in miss  # the right play, with its EV
    rows = store.conn.execute("SELECT correct, ev_cost FROM answers ORDER BY id").fetchall()
    assert [bool(c) for c, _ in rows] == [True, False, True]
    assert rows[0][1] == 0 and rows[1][1] > 0
    # Only the plays the hand allows are offered.
    for shown, item in zip(played.asked, played.items, strict=True):
        line = flat(shown.split("Your play:")[1].splitlines()[0])
        for action, key in key_of.items():
            assert (f"{key} {action}" in line) == (action in item.shown["actions"]), line


# -- counting -----------------------------------------------------------------------------------

def count_keys(value: float, off: int = 0) -> list[str]:
    text = f"{int(value) + off}"
    return typed(text)


def test_running_count_after_the_flash_right_and_wrong(store: Store) -> None:
    offs = iter([0, 1])
    played = play("running-count",
                  lambda item: count_keys(item.secret["count"], next(offs)), 2, store=store,
                  options={"pace": "100", "cards": "6", "flash": "2"})
    assert "✓ RIGHT" in flat(played.graded[0])
    miss = flat(played.graded[1])
    assert "✗ NOT QUITE" in miss
    assert f"The count is {signed(played.items[1].secret['count'])}: start" in miss
    # The cards are gone from the felt when the count is asked.
    assert "What is the running count" in played.asked[0]
    assert not CARD.search(played.asked[0])
    assert [c for _, c, _, _ in stored(store)] == [True, False]


def test_true_count_reads_the_tray(store: Store) -> None:
    offs = iter([0, 2])
    played = play("true-count", lambda item: count_keys(item.secret["true"], next(offs)), 2,
                  store=store, rules="six-deck-s17")
    asked = played.asked[0]
    assert "discard tray" in asked and "6 decks" in flat(asked)
    assert "✓ RIGHT" in flat(played.graded[0]) and "✗ NOT QUITE" in flat(played.graded[1])
    assert "rounded down" in flat(played.graded[1])


# -- the procedure and catching the dealer -----------------------------------------------------

def test_procedure_steps_answered_by_choice_keys(store: Store) -> None:
    def keys(item: Item) -> list[str]:
        right = item.shown["choices"].index(item.secret["step"]) + 1
        wrong = 1 if right != 1 else 2
        return [str(wrong if item.id == "step-3" else right)]

    played = play("procedure", keys, 6, store=store, seed=4)
    for n, text in enumerate(played.graded, 1):
        assert ("✗ NOT QUITE" if n == 3 else "✓ RIGHT") in flat(text), n
    assert f"Next: {played.items[2].secret['step']}" in flat(played.graded[2])
    assert [c for _, c, _, _ in stored(store)] == [n != 3 for n in range(1, 7)]


def test_catching_the_dealer_by_keys(store: Store) -> None:
    def keys(item: Item) -> list[str]:
        return ["2" if item.secret["mistake"] else "1"]

    played = play("catch-dealer", keys, 4, store=store, options={"rate": "1"}, seed=3)
    assert all("✓ RIGHT" in flat(s) for s in played.graded)
    assert all(c for _, c, _, _ in stored(store))
    played = play("catch-dealer", lambda item: ["1"], 2, options={"rate": "1"}, seed=3)
    assert all("✗ NOT QUITE" in flat(s) for s in played.graded)


def test_a_payout_to_judge_shows_the_bet_in_its_chips() -> None:
    """A payout is judged by its colours as well as its amount ("5 red" paid in the wrong
    colour), so the screen shows the bet's chips as they lie on the layout under "Seat N bet",
    before the chips the dealer pays."""
    played = play("catch-dealer", lambda item: ["1"], 6, options={"rate": "0.5"}, seed=3)
    payouts = [(item, flat(screen)) for item, screen in zip(played.items, played.asked,
                                                            strict=True)
               if item.shown.get("event") == "payout" and "bet" in item.shown]
    assert payouts
    for item, screen in payouts:
        head = f"Seat {item.shown['seat']} bet {item.shown['bet']}"
        bet = screen.split(head)[1].split("The dealer pays")[0]
        assert item.shown["bet_chips"]
        for colour, n in item.shown["bet_chips"].items():
            assert f"{n} {colour}" in bet, (head, bet)


# -- audition, summary, the command line --------------------------------------------------------

def test_an_audition_shows_its_pass_mark_and_ends_with_its_verdict(store: Store) -> None:
    played = play("chip-count", lambda item: typed(total_of(item)), 12, store=store,
                  audition=True)
    assert not any(i.id.startswith("seed-") for i in played.items)  # no printed pile
    assert len(played.graded) == 10  # the audition's own length, then the summary
    asked = flat(played.asked[0])
    assert "AUDITION" in asked and "Pass mark 90%" in asked and "Item 1 of 10" in asked
    summary = flat(played.summary_screen)
    assert "10 right of 10" in summary and "Audition: PASSED" in summary
    assert played.app.return_value is not None
    assert played.app.return_value["audition"]["passed"] is True
    assert store.count() == 10


def test_q_ends_at_once_with_a_summary_and_nothing_half_recorded(store: Store) -> None:
    played = play("totals", lambda item: typed(item.secret["total"].split()[-1]), 0,
                  store=store)
    assert "No items answered" in played.summary_screen
    assert store.count() == 0


def test_a_damaged_profile_is_said_on_the_screen(tmp_path: Path) -> None:
    (tmp_path / "pat.sqlite3").write_bytes(b"not a database" * 300)
    with Store.open("pat", tmp_path) as damaged:
        assert damaged.notice is not None
        drill = make_drill("totals", PRESETS["classic"], "classic")
        app = TrainerApp(Session(drill, random.Random(1), damaged), notice=damaged.notice)

        async def run() -> None:
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause(0.2)
                assert "fresh profile" in flat(screen_text(app))
                await pilot.press("q", "enter")

        asyncio.run(run())
        assert damaged.count() == 0


def test_the_command_needs_a_terminal() -> None:
    res = CliRunner().invoke(cli_app, ["train", "payouts"])
    assert res.exit_code == 2
    assert "needs a terminal" in res.output and "--json" in res.output


# -- the screen shows only what the table dealt face up ----------------------------------------

def _render(picture: Any, width: int = 100) -> str:
    console = Console(width=width, file=io.StringIO(), record=True, force_terminal=True)
    console.print(picture)
    return console.export_text()


def drawn_cards(text: str) -> tuple[Counter[str], int]:
    """Cards drawn on a screen, as codes (``10h``), and how many are drawn face down."""
    faces: Counter[str] = Counter()
    backs = 0
    for rank, suit, back in CARD.findall(text):
        if back:
            backs += 1
        else:
            faces[rank + SYMBOL_LETTER[suit]] += 1
    return faces, backs


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(5, 40),
       name=st.sampled_from(["procedure", "catch-dealer"]))
def test_no_card_is_drawn_that_the_table_has_not_dealt_face_up(
        seed: int, steps: int, name: str) -> None:
    """Each item is drawn and its cards read back off the picture: every card drawn face up
    was dealt face up (or turned over) by the engine in that round, the dealer's hole card only
    once it has been turned; every card the item holds face down is drawn as a back."""
    tables: list[Table] = []

    class Recording(Table):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            tables.append(self)

    rules = PRESETS["classic"]
    chips = ChipSet.of(rules.chips)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(procedure, "Table", Recording)
        patch.setattr(catch, "Table", Recording)
        drill = make_drill(name, rules, "classic")
        items = drill.items(random.Random(seed))
        for _ in range(steps):
            item = next(items)
            (table,) = tables
            faces, backs = drawn_cards(_render(item_picture(drill.answer_kind, name,
                                                            item.shown, chips)))
            up, hole = _round_cards(table, int(item.shown["round"]))
            dealer = item.shown["dealer"]
            turned = len(dealer) >= 2 and "??" not in dealer
            allowed = up + (Counter([hole]) if hole is not None and turned else Counter())
            assert faces <= allowed, (item.id, faces, allowed)
            held_down = [c for c in dealer if c == "??"] + [
                c for hands in item.shown["seats"].values() for h in hands for c in h
                if c == "??"]
            assert backs == len(held_down)


def _round_cards(table: Table, round_: int) -> tuple[Counter[str], str | None]:
    """The cards the engine dealt face up (or turned, other than the hole card) in a round,
    and the dealer's hole card."""
    up: Counter[str] = Counter()
    hole = None
    current = 0
    for e in table.log:
        if e.kind is Kind.ROUND_STARTED:
            current = e.amount
        if current != round_ or e.card is None:
            continue
        if e.kind is Kind.DEALT and e.seat == 0 and not e.face_up:
            hole = e.card.code
        elif (e.kind is Kind.DEALT and e.face_up) or (e.kind is Kind.TURNED and e.seat != 0):
            up[e.card.code] += 1
    return up, hole


def test_page_keys_scroll_a_felt_taller_than_the_screen() -> None:
    """The arrow keys answer, so PgDn and PgUp scroll an item taller than a small terminal."""
    drill = make_drill("procedure", PRESETS["classic"], "classic")
    app = TrainerApp(Session(drill, random.Random(3), None), now=Ticks())

    async def run() -> tuple[float, float, float]:
        async with app.run_test(size=(80, 14)) as pilot:
            for _ in range(3000):
                await pilot.pause(0.005)
                if app.state == "ask":
                    break
            felt = app.query_one("#felt", VerticalScroll)
            assert felt.max_scroll_y > 0, "the item fits: the test needs a taller one"
            top = felt.scroll_y
            await pilot.press("pagedown")
            await pilot.pause(0.3)
            down = felt.scroll_y
            await pilot.press("pageup")
            await pilot.pause(0.3)
            return top, down, felt.scroll_y

    top, down, back = asyncio.run(run())
    assert down > top and back < down


# -- issue 38 at the terminal -------------------------------------------------------------------

def due_first(store: Store, drill_name: str, item: Item) -> None:
    """Record ``item`` missed two hours ago, so that the next session asks it first (FSRS)."""
    drill = make_drill(drill_name, PRESETS["classic"], "classic")
    when = datetime.now().astimezone() - timedelta(hours=2)
    store.record("before", item, None, drill.grade(item, None), 5.0, when)


def test_a_won_double_is_drawn_as_the_original_bet_and_the_double(store: Store) -> None:
    drill = make_drill("payouts", PRESETS["classic"], "classic")
    chips = ChipSet.of(PRESETS["classic"].chips)
    item = drill.build("d", "double", chips.counts({"black": 6, "white": 10}),  # type: ignore[attr-defined]
                       extra=chips.counts({"black": 3, "red": 1}))
    due_first(store, "payouts", item)
    played = play("payouts", lambda i: chip_keys(i.secret["accepted"][0]), 1, store=store)
    asked = flat(played.asked[0])
    assert "The original bet" in asked and "The double" in asked
    assert "Doubled with" not in asked
    drawn = flat(_render(item_picture("chips", "payouts", item.shown, chips)))
    assert drawn.index("The original bet") < drawn.index("6 black") < drawn.index("The double ▌")
    assert drawn.index("The double ▌") < drawn.index("3 black")
    assert "✓ RIGHT" in flat(played.graded[0])  # paying what the screen shows is right


def test_b_calls_a_natural_blackjack_at_the_terminal(store: Store) -> None:
    natural = Item("n", "totals", "blackjack", {"cards": ["A", "K"], "stripped": False,
                                                "rules": "classic"}, {"total": "blackjack"})
    due_first(store, "totals", natural)
    played = play("totals", lambda i: ["b", "enter"], 1, store=store)
    assert "b blackjack" in flat(played.asked[0])
    graded = flat(played.graded[0])
    assert "✓ RIGHT" in graded and "you answered blackjack" in graded


def test_enter_with_no_chips_asks_for_them_and_grades_nothing(store: Store) -> None:
    drill = make_drill("payouts", PRESETS["classic"], "classic")
    session = Session(drill, random.Random(1), store)
    app = TrainerApp(session, subtitle="classic · test", now=Ticks())

    async def run() -> str:
        async with app.run_test(size=SIZE) as pilot:
            while app.state != "ask":
                await pilot.pause(0.005)
            await pilot.press("enter")
            await pilot.pause()
            assert app.state == "ask"
            return screen_text(app)

    text = flat(asyncio.run(run()))
    assert "Pick the chips to pay first" in text
    assert store.count() == 0


def test_the_summary_says_what_is_due_for_review(store: Store) -> None:
    played = play("chip-count", lambda item: typed("0.01"), 2, store=store)
    summary = flat(played.summary_screen)
    assert "Due for review: 0 now; the next in " in summary
    assert played.app.return_value is not None and played.app.return_value["due"]["next"]


def test_the_true_count_tray_is_read_to_the_quarter_deck() -> None:
    drill = make_drill("true-count", PRESETS["single-deck"], "single-deck")
    item = next(drill.items(random.Random(1)))
    text = _render(item_picture("count", "true-count", item.shown,
                                ChipSet.of(drill.rules.chips)))
    assert "nearest quarter deck" in flat(text)
    tray = text.splitlines()[text.splitlines().index(next(
        line for line in text.splitlines() if "discard tray" in line)) + 1]
    # One deck is drawn 48 columns wide, filled to the cards in the tray.
    assert tray.count("█") == round(item.shown["discard_cards"] / 52 * 48)
