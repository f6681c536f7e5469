"""Driving the card room app (``twentyone.tui.cardroom``) with Textual's pilot and reading its
screen back as text, as a person would: the hand, the cursor's card, the picked cards, the line
under the prompt, the numbered moves and the footer's keys.

``check_screen`` holds the screen against the seat's ``view`` and ``legal_ops`` at every turn of
``play_hands``: the hand exactly, no hidden card anywhere, the cursor only on a card of a legal
move, the footer's keys exactly the legal ones.
"""

from __future__ import annotations

import io
import os
import random
import re
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from twentyone.cards import Card, parse_card
from twentyone.games.auto import make_bots, make_game
from twentyone.games.core.bots import Bot
from twentyone.games.core.game import CardGame
from twentyone.games.core.ops import CardOp, Give, Pass, Play, Take
from twentyone.games.registry import GAMES
from twentyone.tui.cardroom import CardRoomApp
from twentyone.tui.cardroom_draw import card_label, card_ops, other_ops
from twentyone.tui.cardroom_screens import Summary

SIZE = (80, 24)
#: Where the games' pictures go: ``TWENTYONE_TUI_SHOTS=docs/images/screens`` retakes the ones the
#: README shows (durak, president, solo-whist), as tests/test_tui_pictures.py does the tables.
SHOTS = Path(os.environ.get("TWENTYONE_TUI_SHOTS") or "/tmp/room-shots")
CARD = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")
SUIT_LETTER = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
ME = 1


def table(game: str, players: int, seed: int) -> tuple[CardGame[Any], CardRoomApp, Bot]:
    """A seeded table and the app on it; the returned bot chooses the person's moves."""
    g = make_game(game, players, seed)
    bots = make_bots(game, players, seed, None)
    return g, CardRoomApp(g, bots, seat=ME, bot_delay=0), GAMES[game].bot(random.Random(seed))


def screen_lines(app: CardRoomApp) -> list[str]:
    """The screen as plain text, one string per row (what a person would read)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      force_terminal=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True))
    lines = console.export_text().splitlines()
    return (lines + [""] * height)[:height]


def region_text(app: CardRoomApp, selector: str, screen: list[str] | None = None) -> str:
    """The text the screen shows in ``selector``'s widget (empty when it is not shown)."""
    found = app.query(selector)
    if not found or not found.first().display:
        return ""
    w = found.first()
    r = w.region
    lines = (screen or screen_lines(app))[r.y:r.y + r.height]
    return "\n".join(line[r.x:r.x + r.width] for line in lines)


def cards_in(text: str) -> Counter[Card]:
    return Counter(parse_card(rank + SUIT_LETTER[suit]) for rank, suit in CARD.findall(text))


def card_at(line: str, col: int) -> Card | None:
    """The card whose label starts at ``col`` of ``line`` (None: no card label there)."""
    m = CARD.match(line, col)
    return parse_card(m.group(1) + SUIT_LETTER[m.group(2)]) if m else None


def marked_cards(hand_text: str, mark: str) -> list[Card]:
    """The cards of the fanned hand above each ``mark`` (``▲``: the cursor, ``✓``: picked).

    A fan row is six lines: a card's label is four lines above its mark, starting one column
    left of the cursor's ``▲`` and in the column of a ``✓``."""
    lines = hand_text.splitlines()
    out = []
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            if ch == mark and y >= 4:
                c = card_at(lines[y - 4], x - 1 if mark == "▲" else x)
                assert c is not None, f"no card above the {mark} at {x}:\n{hand_text}"
                out.append(c)
    return out


def cursor_card(app: CardRoomApp, screen: list[str]) -> Card | None:
    """The card the screen shows under the cursor, or None when no card has the cursor."""
    under = marked_cards(region_text(app, "#hand", screen), "▲")
    assert len(under) <= 1, under
    return under[0] if under else None


def footer_text(app: CardRoomApp, screen: list[str] | None = None) -> str:
    return " ".join(region_text(app, "Footer", screen).split())


def note_text(app: CardRoomApp, screen: list[str] | None = None) -> str:
    return " ".join(region_text(app, "#note", screen).split())


def public_cards(g: CardGame[Any]) -> set[Card]:
    """Cards the person may know of: every card in an event as seat 1 sees it (played,
    turned up, picked up, exposed...), and those in seat 1's view."""
    known = {c for e in g.log for c in e.seen_by(ME).cards}
    view = g.view(ME)
    known |= set(view["hand"] or ())
    for cards in view.get("exposed", {}).values():
        known |= set(cards)
    return known


def expected_keys(g: CardGame[Any]) -> set[str]:
    """The footer's move keys that are legal now for seat 1, from ``legal_ops`` alone."""
    legal = g.legal_ops(ME)
    cards = card_ops(legal)
    keys = set()
    if any(isinstance(op, Pass) for op in legal):
        keys.add("p Pass")
    if any(isinstance(op, Take) for op in legal):
        keys.add("t Take")
    if any(len(op.cards) > 1 for op in cards):
        keys.add("space Pick set")
    if cards:
        keys.add("Give card" if isinstance(cards[0], Give) else "Play")
    return keys


MOVE_KEYS = ("p Pass", "t Take", "space Pick set", "Give card", "Play")


def check_screen(g: CardGame[Any], app: CardRoomApp) -> None:
    """The screen shows the seat's hand exactly, no hidden card, the cursor on a card of a
    legal move (on none when no card can be played), and offers exactly the legal moves."""
    view = g.view(ME)
    screen = screen_lines(app)
    hand = region_text(app, "#hand", screen)
    assert cards_in(hand) == Counter(view["hand"]), hand
    hidden = {c for s in g.seats if s != ME for c in g.places()[f"hand {s}"]} - public_cards(g)
    everywhere = cards_in("\n".join(screen))
    assert not hidden & set(everywhere), hidden & set(everywhere)
    legal = g.legal_ops(ME)
    assert Counter(app.offered()) == Counter(legal)
    buttons = region_text(app, "#buttons", screen)
    for n, op in enumerate(other_ops(legal), 1):
        assert f"{n} {app.drawing.label(op, view, ME)}" in buttons
    playable = {c for op in card_ops(legal) for c in op.cards}
    at = cursor_card(app, screen)
    assert (at in playable) if playable else at is None, (at, playable, hand)
    footer = footer_text(app, screen)
    shown = {k for k in MOVE_KEYS if k in footer}
    assert shown == expected_keys(g), footer
    give = [op for op in card_ops(legal) if isinstance(op, Give)]
    if give and at is not None:
        assert f"Enter gives {card_label(at)} to Seat" in note_text(app, screen)


async def make_move(pilot: Any, app: CardRoomApp, op: CardOp) -> None:
    """Press the keys a person presses for ``op``."""
    if isinstance(op, (Play, Give)):
        single = len(op.cards) == 1
        for c in op.cards:
            # The cursor steps only among the playable cards, so walk until it is on ``c``.
            for _ in range(len(app.hand())):
                if app.at == c:
                    break
                await pilot.press("right")
            assert app.at == c
            if not single:
                await pilot.press("space")
        await pilot.press("enter")
    elif isinstance(op, Pass):
        await pilot.press("p")
    elif isinstance(op, Take):
        await pilot.press("t")
    else:
        await pilot.press(str(other_ops(app.legal()).index(op) + 1))


#: Called at each of the person's turns, before the move, with the game, the app and the pilot.
TurnCheck = Callable[[CardGame[Any], CardRoomApp, Any], Awaitable[None]]


async def play_hands(game: str, players: int, seed: int, hands: int = 1,
                     shot: str | None = None, each_turn: TurnCheck | None = None,
                     size: tuple[int, int] = SIZE,
                     check: bool = True,
                     at_summary: TurnCheck | None = None) -> tuple[CardGame[Any], CardRoomApp, int]:
    """Play ``hands`` hands through the keys, holding the screen to ``check_screen`` at each
    turn (``check``) after ``each_turn``, and showing each hand's summary to ``at_summary``;
    returns the game, the app and the moves made."""
    g, app, chooser = table(game, players, seed)
    moves = 0
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for hand in range(hands):
            for _ in range(2000):
                await pilot.pause()
                if isinstance(app.screen, Summary):
                    if at_summary is not None:
                        await at_summary(g, app, pilot)
                    break
                assert g.to_act == ME
                if each_turn is not None:
                    await each_turn(g, app, pilot)
                if check:
                    check_screen(g, app)
                if shot and moves == 6 and hand == 0:
                    SHOTS.mkdir(exist_ok=True)
                    app.save_screenshot(f"{shot}.svg", path=str(SHOTS))
                legal = g.legal_ops(ME)
                op = chooser.choose(g.view(ME), legal)
                before = len(g.ops)
                await make_move(pilot, app, op)
                assert op in g.ops[before:], f"{op} was not played"
                g.check_invariants()
                moves += 1
            else:
                pytest.fail("the hand did not end")
            assert g.view(ME)["phase"] == "deal"
            g.check_invariants()
            if shot and hand == 0:
                app.save_screenshot(f"{shot}-hand-over.svg", path=str(SHOTS))
            if hand < hands - 1:
                await pilot.press("n")
                await pilot.pause()
                assert not isinstance(app.screen, Summary)
        await pilot.press("q")
        await pilot.pause()
    return g, app, moves
