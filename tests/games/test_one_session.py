"""The one terminal session without a screen (docs/architecture.md, "The terminal"): high card,
registered only in ``tests/highcard_game.py``, is played hand after hand through
``tui.seat.SeatSession`` with the manners its registry entry's kind finds (``tui.manners``),
the person's moves handed to the session as the card room hands them (``choose``), and the bots
moved by the session itself: all at once (``advance``), or one at a time (``step``) where a
screen paces them."""

from __future__ import annotations

from highcard_game import NAME, register

from twentyone.games.auto import make_game
from twentyone.games.registry import GAMES
from twentyone.protocol import View
from twentyone.tui.cardplay import DEAL_NEXT, CardManners, CardSeating
from twentyone.tui.manners import card_manners
from twentyone.tui.seat import SeatSession

ME = 1


def first_legal(view: View) -> object:
    return view.legal[0]


def seated(players: int) -> SeatSession[CardManners]:
    game = make_game(NAME, players, 5)
    bots = {s: first_legal for s in game.seat_numbers if s != ME}
    return SeatSession(game, [ME], bots, card_manners(CardSeating(game, GAMES[NAME], ME)))


def test_the_one_session_plays_hand_after_hand_and_asks_between_hands() -> None:
    with register():
        session = seated(3)
        session.start()
        for hand in range(1, 4):
            assert session.ask is not None and session.ask.seat == ME and not session.over
            session.choose(session.legal(ME)[0])
            # The bots have shown their cards: the hand is over, and the person is asked
            # whether to deal the next.
            assert session.over and session.ask is not None
            assert len(session.results()) == hand
            session.submit(DEAL_NEXT)
        assert not session.over and session.ask is not None and not session.done
        assert session.log and session.heard > 0


def test_a_paced_session_stops_at_each_bot_and_steps_one_move_at_a_time() -> None:
    with register():
        session = seated(3)
        session.start(bots=False)
        session.choose(session.legal(ME)[0], bots=False)
        assert session.ask is None and session.bot_to_move() == 2
        moves = session.moves
        assert session.step()
        assert session.moves == moves + 1 and session.bot_to_move() == 3
        assert session.step()
        assert not session.step()       # the hand is over: the person is asked
        assert session.over and session.ask is not None and len(session.results()) == 1
