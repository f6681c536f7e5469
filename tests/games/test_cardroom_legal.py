"""The terminal card room offers only what is legal, read back from the screen (issue 23).

The cursor starts on, and steps only among, cards that are part of a legal move; the others are
drawn greyed with the game's own reason; the footer lists exactly the keys whose move is legal
for the seat now (Durak's Take only for the defender); a key pressed for a move that is not
legal says why and changes nothing; President shows the set picked and the card given at the
exchange; Solo Whist's bids say what they must take; ``q`` asks in the middle of a hand.
"""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path
from typing import Any

from cardroom_kit import (
    ME,
    SIZE,
    cursor_card,
    footer_text,
    make_move,
    marked_cards,
    note_text,
    play_hands,
    region_text,
    screen_lines,
    table,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from twentyone.cards import Card
from twentyone.games.auto import make_bots, make_game
from twentyone.games.core.bots import Bot
from twentyone.games.core.game import CardGame
from twentyone.games.core.ops import Bid, Give, Play
from twentyone.games.solo_whist.contracts import CONTRACTS, COP
from twentyone.tui.cardroom import CardRoomApp
from twentyone.tui.cardroom_draw import DIM_FACE, card_label, card_ops, chips
from twentyone.tui.cardroom_help import help_markdown
from twentyone.tui.cardroom_screens import ConfirmLeave, Summary

TUI = Path(__file__).resolve().parents[2] / "src" / "twentyone" / "tui"


async def walk_the_cursor(g: CardGame[Any], app: CardRoomApp, pilot: Any) -> None:
    """At a turn: the cursor (read from the screen) is on a playable card, and stepping right
    round the hand visits every playable card and no other; with none, it is on no card."""
    playable = {c for op in card_ops(g.legal_ops(ME)) for c in op.cards}
    seen: list[Card | None] = [cursor_card(app, screen_lines(app))]
    for _ in range(len(playable)):
        await pilot.press("right")
        # Each step read from the hand as drawn (the whole screen once a turn is plenty).
        drawn = app.query_one("#hand", Static).content
        under = marked_cards(str(drawn), "▲")
        seen.append(under[0] if under else None)
    if not playable:
        assert set(seen) == {None}
    else:
        assert set(seen) == playable, (seen, playable)
        assert seen[0] == seen[-1]   # round the hand and back to the start


#: (game, players) tables the cursor property is drawn over.
TABLES = [("solo-whist", 4), ("durak", 2), ("durak", 3), ("president", 3), ("president", 4)]


@settings(max_examples=5, deadline=None)
@given(st.sampled_from(TABLES), st.integers(0, 2**31 - 1))
def test_the_cursor_rests_only_on_cards_of_a_legal_move(where: tuple[str, int],
                                                        seed: int) -> None:
    """Over a whole seeded hand: at every turn the screen's cursor is on a card that is part
    of a legal move (none when no card can be played), and it steps through exactly those.
    Any seed fits: a hand of any of these games ends, and nothing is assumed of its turns."""
    game, players = where
    asyncio.run(play_hands(game, players, seed, each_turn=walk_the_cursor))


def test_greyed_cards_say_why_in_the_rules_words() -> None:
    asyncio.run(_test_greyed_cards_say_why_in_the_rules_words())


async def _test_greyed_cards_say_why_in_the_rules_words() -> None:
    """Solo Whist, seed 5, everyone passing until a deal is bid and played: at a trick where
    seat 1 must follow suit, the other cards are drawn greyed, the line says "You must follow
    suit" (docs/games/solo-whist.md#the-play), and the cursor never reaches them."""
    g, app, _ = table("solo-whist", 4, 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(200):
            playable = {c for op in card_ops(g.legal_ops(ME)) for c in op.cards}
            if playable and set(g.view(ME)["hand"]) - playable:
                break
            await pilot.press("n" if isinstance(app.screen, Summary) else "p")
            await pilot.pause()
        blocked = set(g.view(ME)["hand"]) - playable
        assert blocked and playable, "seed 5 reaches a trick where a card may not be played"
        await walk_the_cursor(g, app, pilot)
        await pilot.press("end")
        assert cursor_card(app, screen_lines(app)) in playable
        screen = screen_lines(app)
        assert "Greyed: You must follow suit" in note_text(app, screen)
        # Still drawn, but greyed: the face of each blocked card has the dimmed style.
        fan = app.query_one("#hand", Static).content
        assert isinstance(fan, Text)
        dim = Style.parse(DIM_FACE).bgcolor
        for c in app.hand():
            style = fan.get_style_at_offset(Console(), fan.plain.index(card_label(c)))
            assert (style.bgcolor == dim) == (c in blocked), c


def test_durak_offers_take_only_to_the_defender() -> None:
    asyncio.run(_test_durak_offers_take_only_to_the_defender())


async def _test_durak_offers_take_only_to_the_defender() -> None:
    """A whole Durak game by keys (three players, seed 7): "t Take" is in the footer exactly
    when seat 1 defends against an unbeaten card (docs/games/durak.md#defending); pressed at
    any other turn, t says why and changes nothing."""
    kinds: set[bool] = set()

    async def take_only_when_defending(g: CardGame[Any], app: CardRoomApp, pilot: Any) -> None:
        view = g.view(ME)
        defending = view["phase"] == "defend" and view["defender"] == ME
        kinds.add(defending)
        assert ("t Take" in footer_text(app)) == defending
        if not defending:
            before, ops = g.view(ME), len(g.ops)
            await pilot.press("t")
            assert "Only the defender, facing an unbeaten card, can take" in note_text(app)
            assert len(g.ops) == ops and g.view(ME) == before

    await play_hands("durak", 3, 7, each_turn=take_only_when_defending)
    assert kinds == {True, False}, "seed 7 has seat 1 both defending and not"


def test_a_refused_key_says_why_and_changes_nothing() -> None:
    asyncio.run(_test_a_refused_key_says_why_and_changes_nothing())


async def _test_a_refused_key_says_why_and_changes_nothing() -> None:
    """Solo Whist's first call (seed 5): Enter, Space, t and a number past the bids are not
    legal; none is in the footer, and each says why in words and changes nothing."""
    g, app, _ = table("solo-whist", 4, 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert g.to_act == ME and g.view(ME)["phase"] == "bidding"
        footer = footer_text(app)
        assert "Play" not in footer and "Pick" not in footer and "Take" not in footer
        assert "p Pass" in footer
        before, ops = g.view(ME), len(g.ops)
        n = len(g.legal_ops(ME))
        said = {}
        for key in ("enter", "space", "t", str(n + 1)):
            await pilot.press(key)
            await pilot.pause()  # the note is drawn once the key's message is handled
            said[key] = note_text(app)
            assert len(g.ops) == ops and g.view(ME) == before
        assert said["enter"] == "The play begins when the bidding is settled."
        assert said["space"].startswith("Space picks cards for a set")
        assert said["t"] == "Solo Whist has no 'take' move."
        assert said[str(n + 1)] == f"There is no move {n + 1} now: the numbered moves are 1 to {n}."
        # A refusal speaks of its moment only: once the play moves on it is gone.
        await pilot.press("p")
        await pilot.pause()
        assert len(g.ops) > ops and "There is no move" not in note_text(app)


def test_solo_whist_bids_say_what_they_must_take() -> None:
    asyncio.run(_test_solo_whist_bids_say_what_they_must_take())


async def _test_solo_whist_bids_say_what_they_must_take() -> None:
    """At every call of three deals, each bid offered is a legal one (the kit checks the bar
    against ``legal_ops``) and its button says what it must take, as in
    docs/games/solo-whist.md#the-bids."""
    calls = 0

    async def bids_say_their_tricks(g: CardGame[Any], app: CardRoomApp, pilot: Any) -> None:
        nonlocal calls
        buttons = " ".join(region_text(app, "#buttons").split())
        for n, op in enumerate([op for op in app.legal() if not isinstance(op, Play)], 1):
            if not isinstance(op, Bid):
                continue
            calls += 1
            if op.bid == COP:
                assert f"{n} Cop: win 8 with Seat" in buttons
                continue
            c = CONTRACTS[op.bid]
            must = ("lose all" if c.misere else "win all 13" if c.tricks == 13
                    else f"win {c.tricks}")
            assert f"{n} " in buttons and f": {must}" in buttons, (op, buttons)
            assert app.drawing.label(op, g.view(ME), ME).endswith(
                must + (" with Cop" if c.name == "prop" else ""))

    await play_hands("solo-whist", 4, 5, hands=3, each_turn=bids_say_their_tricks)
    assert calls


def test_president_shows_the_set_you_pick() -> None:
    asyncio.run(_test_president_shows_the_set_you_pick())


async def _pick_turn(g: CardGame[Any], app: CardRoomApp, pilot: Any, chooser: Bot) -> None:
    """Play seat 1's chosen moves until it leads holding a set of more than one card."""
    for _ in range(500):
        await pilot.pause()
        legal = g.legal_ops(ME)
        if not legal:
            continue  # the bots are still moving
        if not g.view(ME)["top"] and any(len(op.cards) > 1 for op in card_ops(legal)):
            return
        await make_move(pilot, app, chooser.choose(g.view(ME), legal))
    raise AssertionError("seed 6 leads a set")


async def _test_president_shows_the_set_you_pick() -> None:
    """President, four players, seed 6 (docs/games/president.md#playing-and-beating): Space
    marks each picked card (✓) and the line reads "your set: 7♠ 7♥"; Space again puts a card
    back; Enter plays exactly the set shown."""
    g, app, chooser = table("president", 4, 6)
    async with app.run_test(size=SIZE) as pilot:
        await _pick_turn(g, app, pilot, chooser)
        sets = [op for op in card_ops(g.legal_ops(ME)) if len(op.cards) > 1]
        pair = sorted(sets, key=lambda op: len(op.cards))[0].cards[:2]
        want = [c for c in app.hand() if c in pair]
        assert "space Pick set" in footer_text(app)
        for k, c in enumerate(want, 1):
            for _ in range(len(app.hand())):
                if cursor_card(app, screen_lines(app)) == c:
                    break
                await pilot.press("right")
            await pilot.press("space")
            screen = screen_lines(app)
            assert marked_cards(region_text(app, "#hand", screen), "✓") == want[:k]
            assert f"your set: {chips(want[:k]).plain}" in note_text(app, screen)
        assert "your set: " + chips(want).plain + " · Enter plays it" in note_text(app)
        assert "Play set" in footer_text(app)
        await pilot.press("space")   # the last card back out of the set
        screen = screen_lines(app)
        assert marked_cards(region_text(app, "#hand", screen), "✓") == want[:1]
        await pilot.press("space")
        before = len(g.ops)
        await pilot.press("enter")
        played = g.ops[before]
        assert isinstance(played, Play) and played.seat == ME and set(played.cards) == set(want)


def test_the_exchange_shows_the_card_given() -> None:
    asyncio.run(_test_the_exchange_shows_the_card_given())


async def _test_the_exchange_shows_the_card_given() -> None:
    """President, four players, seed 1: seat 1 goes out first and at the next hand's exchange
    (docs/games/president.md#the-exchange) the line names the card under the cursor and the
    Asshole who receives it; stepping changes it; Enter gives exactly that card."""
    seen: list[str] = []

    async def at_the_exchange(g: CardGame[Any], app: CardRoomApp, pilot: Any) -> None:
        gives = [op for op in card_ops(g.legal_ops(ME)) if isinstance(op, Give)]
        if not gives:
            return
        asshole = g.view(ME)["order"][-1]
        for _ in range(2):
            at = cursor_card(app, screen_lines(app))
            assert at is not None
            line = f"Enter gives {card_label(at)} to Seat {asshole}"
            assert line in note_text(app)
            assert "Give card" in footer_text(app)
            seen.append(line)
            await pilot.press("right")

    g, _app, _ = await play_hands("president", 4, 1, hands=2, each_turn=at_the_exchange,
                                  check=False)
    assert len(set(seen)) == 2, "seed 1 makes seat 1 President for the second hand"
    assert any(isinstance(op, Give) and op.seat == ME for op in g.ops)


def test_q_asks_in_the_middle_of_a_hand_and_leaves_at_once_between_hands() -> None:
    asyncio.run(_test_q_asks_in_the_middle_of_a_hand())


async def _test_q_asks_in_the_middle_of_a_hand() -> None:
    g, app, chooser = table("durak", 2, 1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before, ops = g.view(ME), len(g.ops)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmLeave)
        assert "Leave the table in the middle of this hand?" in "\n".join(screen_lines(app))
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, (ConfirmLeave, Summary)) and app.is_running
        assert len(g.ops) == ops and g.view(ME) == before
        # Play the hand out; at the summary between hands q leaves at once.
        for _ in range(500):
            if isinstance(app.screen, Summary):
                break
            await make_move(pilot, app, chooser.choose(g.view(ME), g.legal_ops(ME)))
            await pilot.pause()
        assert isinstance(app.screen, Summary)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value is not None


def test_a_larger_terminal_reads_back_the_same() -> None:
    asyncio.run(play_hands("durak", 3, 4, each_turn=walk_the_cursor, size=(132, 40)))


def test_help_states_the_keys_as_they_are() -> None:
    """Each game's F1 names its own keys: Take only in Durak, and only for the defender; the
    set only in President; the bids with what they must take only in Solo Whist."""
    keys = {g: help_markdown(g).split("## Keys")[1] for g in ("durak", "president",
                                                              "solo-whist")}
    assert "take the cards: offered only to the defender" in keys["durak"]
    assert "| t |" not in keys["president"] and "| t |" not in keys["solo-whist"]
    assert "your set: 7♠ 7♥" in keys["president"] and "| Space |" not in keys["durak"]
    assert "what it must take" in keys["solo-whist"]
    for page in keys.values():
        assert "asks first (y / n)" in page


def test_the_terminal_knows_no_game_by_name_outside_its_drawings() -> None:
    """The app dispatches through the drawing each game's registry entry names
    (games/<game>/picture.py): no module of tui/ compares anything with a game's name or asks
    a game's class."""
    names = {"solo-whist", "durak", "president"}
    classes = {"SoloWhist", "Durak", "President"}
    for path in sorted(TUI.glob("cardroom*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and "game" in ast.unparse(node):
                consts = {n.value for n in [node.left, *node.comparators]
                          if isinstance(n, ast.Constant)}
                assert not consts & names, f"{path.name}:{node.lineno} compares a game's name"
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance":
                assert not {getattr(n, "id", "") for n in ast.walk(node.args[1])} & classes, (
                    f"{path.name}:{node.lineno} asks a game's class")


def test_a_refusal_during_the_bots_moves_is_gone_once_they_move() -> None:
    asyncio.run(_test_a_refusal_during_the_bots_moves())


async def _test_a_refusal_during_the_bots_moves() -> None:
    """With a pause between the bots' moves (an hour here, so no timer fires and the bots are
    stepped by hand): a key pressed while a bot is to move says whose move it is; once the bot
    has moved the line no longer says so; while "leave?" is up the bots wait."""
    g = make_game("durak", 3, 7)
    app = CardRoomApp(g, make_bots("durak", 3, 7, None), bot_delay=3600)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(50):
            if g.to_act != ME:
                break
            app._bot_move()
        seat = g.to_act
        assert seat != ME
        ops = len(g.ops)
        await pilot.press("t")
        assert note_text(app) == f"It is Seat {seat}'s move: wait for your turn."
        assert len(g.ops) == ops
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmLeave)
        app._bot_move()
        assert len(g.ops) == ops
        await pilot.press("n")
        app._bot_move()
        await pilot.pause()
        assert len(g.ops) == ops + 1
        assert "wait for your turn" not in note_text(app)
