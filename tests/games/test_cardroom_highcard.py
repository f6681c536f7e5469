"""The registry is the only per-game table, shown at the terminal (issue 33): high card, a game
that lives only in ``tests/highcard_game.py`` and is registered there, is played to the end in
the card room through its ``SeatSession`` by keys under Textual's pilot. Nothing of the terminal
is told about it: it is drawn by the plain ``GameDrawing`` its entry defaults to."""

from __future__ import annotations

import asyncio

from cardroom_kit import ME, SIZE, check_screen, screen_lines
from highcard_game import NAME, HighCard, register

from twentyone.tui.cardroom import make_cardroom
from twentyone.tui.cardroom_screens import HelpScreen, Summary

HANDS = 3


def test_high_card_is_played_to_the_end_at_the_terminal() -> None:
    asyncio.run(_play())


async def _play() -> None:
    with register():
        app = make_cardroom(NAME, 3, 5, bot_delay=0)
        game = app.session.game
        assert isinstance(game, HighCard)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for hand in range(1, HANDS + 1):
                # The bots before seat 1 have none: seat 1 shows first, then the bots.
                assert game.to_act == ME and f"hand {hand}" in screen_lines(app)[0]
                check_screen(game, app)
                await pilot.press("enter")          # show the one card held
                await pilot.pause()
                assert isinstance(app.screen, Summary)
                winner = next(s for s, v in game.hand_results()[-1].scores.items() if v)
                game.check_invariants()
                assert len(game.hand_results()) == hand
                said = "\n".join(screen_lines(app))
                assert f"High card: {hand} hand" in said and "The hand is over." in said
                await pilot.press("n" if hand < HANDS else "q")
                await pilot.pause()
                assert winner in game.seats
        assert app.return_value is not None
        # The person's moves were made by keys: the three showings of seat 1's card.
        assert sum(1 for op in game.ops if op.seat == ME and op.name == "play") == HANDS


def test_high_card_has_a_help_page_of_keys() -> None:
    asyncio.run(_help())


async def _help() -> None:
    with register():
        app = make_cardroom(NAME, 2, 1, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            assert "Keys" in "\n".join(screen_lines(app))
