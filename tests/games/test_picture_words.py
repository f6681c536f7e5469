"""The card room's lines read as English (issue 36): a seat inside a sentence is "you", not
"You"; counts are "once", "twice", "3 times"; President's refusal says "1 card" or "2 cards"
(docs/games/president.md#beating-the-pile), never "card(s)"."""

from __future__ import annotations

from collections import Counter

import pytest
from games_kit import cs

from twentyone.cards import parse_card
from twentyone.games.core.errors import IllegalMoveError
from twentyone.games.core.events import Event
from twentyone.games.core.ops import Deal, Play
from twentyone.games.core.picture import seat_name, seat_named
from twentyone.games.core.sheet import times
from twentyone.games.core.shuffle import RandomShuffler
from twentyone.games.durak.picture import DurakDrawing
from twentyone.games.durak.sheet import seat_words
from twentyone.games.president import President, PresidentRules
from twentyone.games.president.picture import PresidentDrawing
from twentyone.games.solo_whist.picture import contract_line
from twentyone.protocol import HandResult


def test_a_seat_starts_a_line_capitalised_and_sits_in_one_lower_case() -> None:
    assert (seat_name(1, 1), seat_named(1, 1)) == ("You", "you")
    assert (seat_name(2, 1), seat_named(2, 1)) == ("Seat 2", "Seat 2")
    gave = PresidentDrawing().tell(
        Event("surrendered", 3, (parse_card("As"),), other=1), 1)
    assert gave is not None and gave.plain.startswith("Seat 3 gives the best card to you")


def test_solo_by_you() -> None:
    view = {"contract": "solo", "declarers": [1], "trump": None,
            "tricks": {1: 2, 2: 0, 3: 1, 4: 0}}
    assert contract_line(view, 1).startswith("Solo by you ·")


def test_times_durak_in_words() -> None:
    assert [times(n) for n in (1, 2, 3)] == ["once", "twice", "3 times"]
    results = [HandResult(1, {2: 1}, {"durak": 2})]
    assert DurakDrawing().standing({}, results, 2) == "the durak once"
    assert DurakDrawing().standing({}, results, 1) == "never the durak"
    assert seat_words({"durak": 1}) == "the durak once"


def test_president_refusal_counts_the_cards_led() -> None:
    g = President(PresidentRules(players=3), RandomShuffler.seeded(4))
    g.apply(Deal(1))
    leader = g.to_act
    assert leader is not None
    g.apply(Play(leader, cs("3s")))
    nxt = g.to_act
    assert nxt is not None
    ranks = Counter(c.rank for c in g.hands[nxt])
    rank = next(r for r, n in ranks.items() if n >= 2)
    pair = tuple(c for c in g.hands[nxt] if c.rank == rank)[:2]
    with pytest.raises(IllegalMoveError, match=r"^play exactly 1 card, as led$"):
        g.verify(Play(nxt, pair))
