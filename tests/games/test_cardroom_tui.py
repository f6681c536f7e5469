"""The card room app (``twentyone.tui.cardroom``) played with Textual's pilot, key by key.

At every one of the person's turns the screen is read back as text and compared with the seat's
``view``: the hand panel shows exactly the person's cards, no card hidden in another hand
appears anywhere on the screen, and the moves offered are exactly ``legal_ops``. The person's
moves are chosen by the game's own heuristic bot (seeded), then made by pressing keys the way a
player would; the hands are played to the end and the invariants checked after every move.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from cardroom_kit import (
    ME,
    SIZE,
    cards_in,
    check_screen,
    play_hands,
    region_text,
    screen_lines,
    table,
)
from rich.text import Text
from typer.testing import CliRunner

from twentyone.cli import app as cli_app
from twentyone.games.auto import make_bots, make_game
from twentyone.games.core.events import Event
from twentyone.games.core.ops import Give
from twentyone.games.registry import GAMES
from twentyone.tui.cardroom import CardRoomApp
from twentyone.tui.cardroom_help import help_markdown
from twentyone.tui.cardroom_screens import ConfirmLeave, HelpScreen, Summary


def test_durak_is_played_to_the_durak_by_keys() -> None:
    asyncio.run(_test_durak_is_played_to_the_durak_by_keys())


async def _test_durak_is_played_to_the_durak_by_keys() -> None:
    _g, app, moves = await play_hands("durak", 3, 7, shot="durak")
    assert moves > 5
    assert len(app.session.results()) == 1


def test_president_two_hands_with_the_exchange() -> None:
    asyncio.run(_test_president_two_hands_with_the_exchange())


async def _test_president_two_hands_with_the_exchange() -> None:
    g, app, _moves = await play_hands("president", 4, 1, hands=2, shot="president")
    assert len(app.session.results()) == 2
    # Seat 1 went out first and, as President, chose the card to hand back by keys.
    assert any(isinstance(op, Give) and op.seat == ME for op in g.ops)


def test_solo_whist_deals_until_one_is_played() -> None:
    asyncio.run(_test_solo_whist_deals_until_one_is_played())


async def _test_solo_whist_deals_until_one_is_played() -> None:
    g, app, _moves = await play_hands("solo-whist", 4, 5, hands=3, shot="solo-whist")
    assert len(app.session.results()) == 3
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
        assert isinstance(app.screen, ConfirmLeave)
        await pilot.press("y")
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


def table_picture(view: dict[str, Any], me: int, width: int) -> Text:
    """The middle of the table for ``view``'s game, by the drawing its registry entry names."""
    return GAMES[view["game"]].drawing.table(view, me, width)


def narrate(e: Event, me: int) -> Text | None:
    return GAMES["president"].drawing.narrate(e, me)


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


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_solo_whist_header_keeps_the_contract_on_screen(size: tuple[int, int]) -> None:
    """Issue 36: once a contract was set, Solo Whist's header ran past 100 columns and lost its
    end. The header fits the screen, and the contract line is in it whole."""
    asyncio.run(_test_solo_whist_header(size))


async def _test_solo_whist_header(size: tuple[int, int]) -> None:
    seen: list[str] = []

    async def each_turn(g: Any, app: CardRoomApp, pilot: Any) -> None:
        view = g.view(ME)
        top = " ".join(region_text(app, "#topbar").split())
        if view["contract"]:
            line = " ".join(app.drawing.topbar(view, ME).split())
            # The screen shows the whole header composed, and the contract line in it.
            assert top == " ".join(app._topbar(view).plain.split()), top
            assert line in top, (line, top)
            assert " by You" not in top  # "Solo by you": a seat inside a sentence
            seen.append(top)

    await play_hands("solo-whist", 4, 5, hands=3, each_turn=each_turn, size=size, check=False)
    assert seen


#: Words a first evening tripped on: "1 cards", "the durak 1 times", "card(s)", and a seat
#: inside a sentence written "You".
AWKWARD = re.compile(r"\b1 (cards|times)\b|card\(s\)| to You\b| by You\b")


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_the_card_rooms_lines_read_as_english(size: tuple[int, int]) -> None:
    """docs/games/president.md#the-exchange: the exchange names you in lower case inside its
    sentence; Durak's standings count "once", not "1 times"; no screen says "card(s)"."""
    asyncio.run(_test_the_card_rooms_lines_read_as_english(size))


async def _test_the_card_rooms_lines_read_as_english(size: tuple[int, int]) -> None:
    screens: list[str] = []
    summaries: list[str] = []

    async def turn(g: Any, app: CardRoomApp, pilot: Any) -> None:
        screens.append(" ".join("\n".join(screen_lines(app)).split()))

    async def summary(g: Any, app: CardRoomApp, pilot: Any) -> None:
        summaries.append(" ".join("\n".join(screen_lines(app)).split()))

    # Seat 1 goes out first and is President for the second hand (as in the test above).
    await play_hands("president", 4, 1, hands=2, each_turn=turn, size=size, check=False)
    assert any("The exchange: Seat 3 gave the best card to you" in s for s in screens)
    # The first game is drawn; the second has a durak.
    await play_hands("durak", 3, 7, hands=2, each_turn=turn, at_summary=summary, size=size,
                     check=False)
    assert any(re.search(r"the durak (once|twice)", s) for s in summaries), summaries
    assert not [s for s in screens + summaries if AWKWARD.search(s)]
