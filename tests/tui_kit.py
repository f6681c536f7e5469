"""Driving the Textual table with its test pilot, and reading the screen back as a person would:
each seat's panel parsed into cards, totals, bets and chip counts, to hold against the engine's
view for that seat."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.text import Text
from textual.widgets import Input, Static

from twentyone.cards import RANK_LABELS, SUIT_SYMBOLS, Card, hand_total
from twentyone.engine.shoe import RandomShuffler, StackedShuffler
from twentyone.engine.table import Table
from twentyone.games.blackjack import CasinoGame
from twentyone.games.chipgame import TableBot
from twentyone.money import Cents, parse_dollars
from twentyone.pontoon.table import PontoonTable
from twentyone.rules import Rules
from twentyone.tui.app import TableApp
from twentyone.tui.launch import casino_app
from twentyone.tui.session import Hint

#: Stands in a line list for Ctrl-C.
CTRL_C = "<ctrl-c>"


def widget_text(app: TableApp, selector: str) -> str:
    w = app.query_one(selector, Static)
    return str(w.content) if w.display else ""


def prompt_text(app: TableApp) -> str:
    return widget_text(app, "#prompt")


def screen_text(app: TableApp) -> str:
    """Everything on the felt and below it, as plain text with runs of spaces made one."""
    parts = [widget_text(app, "#title"), widget_text(app, "#dealer"), widget_text(app, "#shoe")]
    parts += [str(w.content) for w in app.query(".seat").results(Static)]
    parts += [widget_text(app, "#notes"), prompt_text(app)]
    return squash("\n".join(parts))


def squash(text: str) -> str:
    return "\n".join(" ".join(line.split()) for line in text.splitlines())


@dataclass
class Played:
    table: Table
    app: TableApp
    prompts: list[str] = field(default_factory=list)
    screens: list[str] = field(default_factory=list)

    @property
    def log(self) -> list[str]:
        return self.app.session.log

    @property
    def farewell(self) -> str:
        return "\n".join(self.app.farewell)


async def type_line(pilot: object, app: TableApp, line: str) -> None:
    """Type a line into the prompt and press Enter, as a person would."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    if line == CTRL_C:
        await pilot.press("ctrl+c")
        await pilot.pause()
        return
    box = app.query_one("#command", Input)
    box.value = line
    await pilot.press("enter")
    await pilot.pause()


def drive(app: TableApp, table: Table, lines: Sequence[str], *, size: tuple[int, int] = (110, 40),
          check: Callable[[TableApp], None] | None = None) -> Played:
    """Run ``app`` under the pilot, typing ``lines``; the screen and prompt are kept before each
    line (``check`` runs there too). When the lines run out, Ctrl-C leaves the table."""
    played = Played(table, app)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            # Any first work (the odds for the rules) runs in a thread; wait for the prompt.
            for _ in range(2000):
                if app.session.ask is not None or app.session.done:
                    break
                await pilot.pause(0.01)
            for line in lines:
                if not app.is_running or app.session.done:
                    break
                played.prompts.append(squash(prompt_text(app)))
                played.screens.append(screen_text(app))
                if check is not None:
                    check(app)
                await type_line(pilot, app, line)
            played.screens.append(screen_text(app))
            if app.is_running and not app.session.done:
                await type_line(pilot, app, CTRL_C)

    asyncio.run(run())
    return played


def drive_by(app: TableApp, table: Table, choose: Callable[[TableApp], str], steps: int, *,
             size: tuple[int, int] = (110, 40),
             check: Callable[[TableApp], None] | None = None) -> Played:
    """Like ``drive``, but each line is chosen from what the screen offers now."""
    played = Played(table, app)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for _ in range(steps):
                if not app.is_running or app.session.done:
                    break
                if check is not None:
                    check(app)
                await type_line(pilot, app, choose(app))
            if check is not None and app.is_running and not app.session.done:
                check(app)
            if app.is_running and not app.session.done:
                await type_line(pilot, app, CTRL_C)

    asyncio.run(run())
    return played


def panel_text(app: TableApp, seat: int) -> str:
    """The text of the seat's panel on the felt now."""
    panels = [w for w in app.query(".seat").results(Static) if w.name == f"seat-{seat}"]
    assert panels, f"no panel for seat {seat}"
    return str(panels[-1].content)


def table_of(app: TableApp) -> Table:
    """The engine's table under the app's game, for a test to hold the screen against."""
    game = getattr(app.session, "game", None)
    assert isinstance(game, CasinoGame)
    return game.table


def pontoon_game(table: PontoonTable) -> CasinoGame:
    """A Pontoon table as the game the terminal plays (as the registry makes it)."""
    return CasinoGame(table, "pontoon")


def casino(rules: Rules, stack: Sequence[str], *, humans: Sequence[int] = (1,),
           bots: Mapping[int, TableBot] | None = None, hint: Hint | None = None,
           history: Path | None = None, seed: int = 0, buy_in: Cents = 100_000) -> Table:
    """A table dealing ``stack`` first (then a seeded shoe), people and bots seated."""
    t = Table(rules, StackedShuffler([list(stack)], then=RandomShuffler.seeded(seed)))
    for seat in sorted({*humans, *(bots or {})}):
        t.sit(seat, buy_in)
    return t


def casino_table_app(t: Table, *, humans: Sequence[int] = (1,),
                     bots: Mapping[int, TableBot] | None = None,
                     hint: Hint | None = None, history: Path | None = None) -> TableApp:
    return casino_app(CasinoGame(t), humans=humans, bot_seats=sorted(bots or {}), stake=100_000,
                      name="test", base=None, bots=dict(bots or {}),
                      hint=hint or (lambda v, seen: ["(no odds in this test)"]),
                      history=history)


# --- reading a seat's panel back --------------------------------------------------------------

CARD = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])|░░░")
CHIP = re.compile(r"(\d[\d,]*)×(\$[\d,]+(?:\.\d\d)?|\d+¢)")
TOTAL = re.compile(r"(soft \d+|hard \d+|blackjack|pontoon|bust \d+|\?)(?=\s+bet )")
BET = re.compile(r"\bbet (\$[\d,]+(?:\.\d\d)?)")


@dataclass
class ReadHand:
    cards: list[tuple[str, str] | None]
    total: str
    bet: Cents
    doubled: bool
    line: str


@dataclass
class ReadSeat:
    bankroll: Cents
    chips: dict[Cents, int]
    hands: list[ReadHand]
    insurance: Cents


def money(text: str) -> Cents:
    return int(text[:-1]) if text.endswith("¢") else parse_dollars(text)


def read_seat(text: str) -> ReadSeat:
    lines = text.splitlines()
    bankroll = money(lines[0].split()[-1])
    chips = {money(v): int(n.replace(",", "")) for n, v in CHIP.findall(lines[1])}
    hands: list[ReadHand] = []
    insurance = 0
    for line in lines[2:]:
        if line.strip().startswith("insurance"):
            insurance = money(line.split()[1])
            continue
        bet = BET.search(line)
        if bet is None:
            continue
        head = line[:bet.start()]
        cards = [None if m.group(0) == "░░░" else (m.group(1), m.group(2))
                 for m in CARD.finditer(head)]
        total = TOTAL.search(line)
        hands.append(ReadHand(cards, total.group(1) if total else "", money(bet.group(1)),
                              " doubled" in line, line))
    return ReadSeat(bankroll, chips, hands, insurance)


def card_label(c: Card | None) -> tuple[str, str] | None:
    return None if c is None else (RANK_LABELS[c.rank], SUIT_SYMBOLS[c.suit])


def total_of(cards: Sequence[tuple[str, str] | None], from_split: bool,
             natural: str = "blackjack") -> str:
    """The total a person would work out from the cards on the screen; a natural by the game's
    word for it (Pontoon's is "pontoon", docs/pontoon.md#naturals)."""
    if not cards:
        return ""  # bet, not yet dealt
    if any(c is None for c in cards):
        return "?"
    values = [_value(c[0]) for c in cards if c is not None]
    total, soft = hand_total(values)
    if len(cards) == 2 and total == 21 and not from_split:
        return natural
    if total > 21:
        return f"bust {total}"
    return f"{'soft' if soft else 'hard'} {total}"


def _value(label: str) -> int:
    if label == "A":
        return 1
    if label in ("J", "Q", "K", "10"):
        return 10
    return int(label)


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain
