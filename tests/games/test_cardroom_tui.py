"""The card room app (``twentyone.tui.cardroom``) played with Textual's pilot, key by key.

At every one of the person's turns the screen is read back as text and compared with the seat's
``view``: the hand panel shows exactly the person's cards, no card hidden in another hand
appears anywhere on the screen, and the moves offered are exactly ``legal_ops``. The person's
moves are chosen by the game's own heuristic bot (seeded), then made by pressing keys the way a
player would; the hands are played to the end and the invariants checked after every move.
"""

from __future__ import annotations

import asyncio
import io
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from twentyone.cards import Card, parse_card
from twentyone.cli import app as cli_app
from twentyone.games.auto import make_bots, make_game
from twentyone.games.core.bots import Bot
from twentyone.games.core.game import Game
from twentyone.games.core.ops import Give, Op, Pass, Play, Take
from twentyone.games.registry import GAMES
from twentyone.tui.cardroom import CardRoomApp, HelpScreen, Summary
from twentyone.tui.cardroom_draw import card_ops, narrate, op_label, other_ops, table_picture
from twentyone.tui.cardroom_help import help_markdown

SIZE = (80, 24)
SHOTS = Path("/tmp/room-shots")
CARD = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")
SUIT_LETTER = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
ME = 1


def table(game: str, players: int, seed: int) -> tuple[Game[Any], CardRoomApp, Bot]:
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
    r = app.query_one(selector).region
    lines = (screen or screen_lines(app))[r.y:r.y + r.height]
    return "\n".join(line[r.x:r.x + r.width] for line in lines)


def cards_in(text: str) -> Counter[Card]:
    return Counter(parse_card(rank + SUIT_LETTER[suit]) for rank, suit in CARD.findall(text))


def public_cards(g: Game[Any]) -> set[Card]:
    """Cards the person may know of: every card in an event as seat 1 sees it (played,
    turned up, picked up, exposed...), and those in seat 1's view."""
    known = {c for e in g.log for c in e.seen_by(ME).cards}
    view = g.view(ME)
    known |= set(view["hand"] or ())
    for cards in view.get("exposed", {}).values():
        known |= set(cards)
    return known


def check_screen(g: Game[Any], app: CardRoomApp) -> None:
    """The screen shows the seat's hand exactly, no hidden card, and offers the legal moves."""
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
        assert f"{n} {op_label(op)}" in buttons


async def make_move(pilot: Any, app: CardRoomApp, op: Op) -> None:
    """Press the keys a person presses for ``op``."""
    if isinstance(op, (Play, Give)):
        hand = app.hand()
        single = len(op.cards) == 1
        for c in op.cards:
            step = hand.index(c) - app.cursor
            await pilot.press(*(["right"] * step if step > 0 else ["left"] * -step))
            if not single:
                await pilot.press("space")
        await pilot.press("enter")
    elif isinstance(op, Pass):
        await pilot.press("p")
    elif isinstance(op, Take):
        await pilot.press("t")
    else:
        await pilot.press(str(other_ops(app.legal()).index(op) + 1))


async def play_hands(game: str, players: int, seed: int, hands: int = 1,
                     shot: str | None = None) -> tuple[Game[Any], CardRoomApp, int]:
    """Play ``hands`` hands through the keys; returns the game, the app and the moves made."""
    g, app, chooser = table(game, players, seed)
    moves = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for hand in range(hands):
            for _ in range(2000):
                await pilot.pause()
                if isinstance(app.screen, Summary):
                    break
                assert g.to_act == ME
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


def test_durak_is_played_to_the_durak_by_keys() -> None:
    asyncio.run(_test_durak_is_played_to_the_durak_by_keys())


async def _test_durak_is_played_to_the_durak_by_keys() -> None:
    _g, app, moves = await play_hands("durak", 3, 7, shot="durak")
    assert moves > 5
    assert len(app.window.results) == 1


def test_president_two_hands_with_the_exchange() -> None:
    asyncio.run(_test_president_two_hands_with_the_exchange())


async def _test_president_two_hands_with_the_exchange() -> None:
    g, app, _moves = await play_hands("president", 4, 1, hands=2, shot="president")
    assert len(app.window.results) == 2
    # Seat 1 went out first and, as President, chose the card to hand back by keys.
    assert any(isinstance(op, Give) and op.seat == ME for op in g.ops)


def test_solo_whist_deals_until_one_is_played() -> None:
    asyncio.run(_test_solo_whist_deals_until_one_is_played())


async def _test_solo_whist_deals_until_one_is_played() -> None:
    g, app, _moves = await play_hands("solo-whist", 4, 5, hands=3, shot="solo-whist")
    assert len(app.window.results) == 3
    assert sum(g.view(ME)["counters"].values()) == 0


def test_president_with_three_plays_a_long_hand_at_80_columns() -> None:
    asyncio.run(_test_president_with_three_plays_a_long_hand_at_80_columns())


async def _test_president_with_three_plays_a_long_hand_at_80_columns() -> None:
    """Eighteen cards wrap into two rows of the fan and still read back exactly."""
    await play_hands("president", 3, 11)


@pytest.mark.parametrize("seed", [1, 2])
def test_durak_two_players(seed: int) -> None:
    asyncio.run(_test_durak_two_players(seed))


async def _test_durak_two_players(seed: int) -> None:
    await play_hands("durak", 2, seed)


def test_an_illegal_card_is_refused_with_the_game_s_reason() -> None:
    asyncio.run(_test_an_illegal_card_is_refused_with_the_game_s_reason())


async def _test_an_illegal_card_is_refused_with_the_game_s_reason() -> None:
    g, app, _ = table("solo-whist", 4, 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while g.view(ME)["phase"] != "play" or not card_ops(g.legal_ops(ME)):
            if isinstance(app.screen, Summary):
                await pilot.press("n")
            else:
                await pilot.press("p")
            await pilot.pause()
        playable = {c for op in card_ops(g.legal_ops(ME)) for c in op.cards}
        hand = app.hand()
        blocked = [c for c in hand if c not in playable]
        assert blocked, "the seed must reach a trick where some card may not be played"
        before = len(g.ops)
        await pilot.press("home", *["right"] * hand.index(blocked[0]), "enter")
        await pilot.pause()
        assert len(g.ops) == before


def test_help_and_final_standings() -> None:
    asyncio.run(_test_help_and_final_standings())


async def _test_help_and_final_standings() -> None:
    _g, app, _ = table("durak", 3, 4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Throwing in" in "\n".join(screen_lines(app))
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, Summary)
        assert "Final standings" in "\n".join(screen_lines(app))
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_value is not None


def test_bots_pause_between_moves_when_asked() -> None:
    asyncio.run(_test_bots_pause_between_moves_when_asked())


async def _test_bots_pause_between_moves_when_asked() -> None:
    """With a delay the bots move one at a time on a timer, and the game still gets to the
    person's turn."""
    g = make_game("president", 4, 8)
    app = CardRoomApp(g, make_bots("president", 4, 8, None), bot_delay=0.01)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await pilot.pause(0.02)
            if g.to_act == ME:
                break
        assert g.to_act == ME
        check_screen(g, app)


def test_without_a_terminal_it_says_so() -> None:
    result = CliRunner().invoke(cli_app, ["play", "--game", "durak", "--players", "3"])
    assert result.exit_code == 2
    assert "needs a terminal" in result.output


def test_misere_ouverte_hand_lies_face_up_on_the_felt() -> None:
    """What the rules expose (Misère Ouverte in docs/games/solo-whist.md) is drawn from the view."""
    g = make_game("solo-whist", 4, 2)
    g.apply(g.legal_ops(1)[0])
    view = dict(g.view(ME))
    shown = tuple(g.places()["hand 3"])
    view.update(phase="play", exposed={3: shown}, trick=(), contract="misere-ouverte")
    text = table_picture(view, ME, 48).plain
    assert cards_in(text) == Counter(shown)
    assert "Seat 3, face up" in text


def test_the_trump_card_shows_only_while_it_lies_under_the_stock() -> None:
    g = make_game("durak", 3, 2)
    g.apply(g.legal_ops(1)[0])
    view = g.view(ME)
    assert cards_in(table_picture(view, ME, 48).plain) == Counter([view["trump_card"]])
    gone = dict(view, trump_in_stock=False, stock=0)
    assert not cards_in(table_picture(gone, ME, 48).plain)


def test_the_log_shows_another_seat_s_deal_as_a_count() -> None:
    g = make_game("president", 4, 2)
    g.apply(g.legal_ops(1)[0])
    lines = [narrate(e.seen_by(ME), ME) for e in g.log]
    text = "\n".join(line.plain for line in lines if line is not None)
    assert "Seat 2 was dealt 13 cards." in text
    assert not cards_in(text)


@pytest.mark.parametrize("game", list(GAMES))
def test_help_names_the_full_rules(game: str) -> None:
    page = help_markdown(game)
    assert f"docs/games/{game}.md" in page and "## Keys" in page
    assert (Path(__file__).resolve().parents[2] / "docs" / "games" / f"{game}.md").exists()
