"""Why a card cannot be played: the reason a page shows beside a greyed card is the game's own
refusal (docs/web.md#the-card-room-in-the-browser), and every card is either legal or explained."""

from __future__ import annotations

import random
from typing import Any

from games_kit import cs, durak_game, whist_order
from hypothesis import given, settings
from hypothesis import strategies as st

from twentyone.cards import parse_card
from twentyone.games.core.game import Game
from twentyone.games.core.ops import Bid, Deal, Give, Pass, Play
from twentyone.games.core.reasons import blocked, blocked_json
from twentyone.games.core.shuffle import RandomShuffler, StackedShuffler
from twentyone.games.registry import GAMES
from twentyone.games.solo_whist import SoloWhist, SoloWhistRules


def test_whist_follow_suit() -> None:
    """docs/games/solo-whist.md#the-play: a card off the suit led, while you hold the suit,
    is refused with "you must follow suit"; the cards of the suit led are not blocked."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    hands = {1: cs(" ".join(r + "s" for r in ranks[:7]) + " 2h 3h 4h 5h 6h 7h"),
             2: cs(" ".join(r + "s" for r in ranks[7:]) + " 2d 3d 4d 5d 6d 7d 8h"),
             3: cs(" ".join(r + "d" for r in ranks[6:]) + " 8c 9c 10c 9h 10h Jh"),
             4: cs("2c 3c 4c 5c 6c 7c Jc Qc Kc Ac Qh Kh Ah")}
    order = whist_order(hands)
    g = SoloWhist(SoloWhistRules(), StackedShuffler(order))
    g.apply(Deal(1))
    g.apply(Bid(2, "solo"))
    for s in (3, 4, 1):
        g.apply(Pass(s))
    assert g.to_act == 2
    g.apply(Play(2, cs("9s")))      # seat 2 leads a spade; seat 3 holds none, seat 4 neither
    g.apply(Play(3, cs("9h")))
    g.apply(Play(4, cs("2c")))
    assert g.to_act == 1
    why = blocked(g, 1)
    assert set(why) == set(cs("2h 3h 4h 5h 6h 7h"))
    assert all(m == "you must follow suit: play a spade" for m in why.values())
    assert blocked(g, 2) == {}                       # not seat 2's move: nothing to explain


def test_durak_defence_and_bidding() -> None:
    """docs/games/durak.md#defending: a card that does not beat the attack is blocked with the
    game's reason, even when Take is the defender's only move."""
    g = durak_game({1: cs("Ks As Ac Ad Ah 10s"), 2: cs("6c 7c 8c 6d 7d 8d")}, parse_card("9h"))
    attacker = g.to_act
    assert attacker == 1   # seat 1 holds the only trump, so opens the game
    g.apply(Play(1, cs("Ks")))
    assert [op.name for op in g.legal_ops(2)] == ["take"]
    why = blocked_json(g, 2)
    assert set(why) == {"6c", "7c", "8c", "6d", "7d", "8d"}
    assert why["6c"].startswith("6♣ does not beat K♠")


def _legal_or_explained(game: Game[Any]) -> None:
    seat = game.to_act
    assert seat is not None
    legal = game.legal_ops(seat)
    usable = {c for op in legal if isinstance(op, (Play, Give)) for c in op.cards}
    why = blocked(game, seat)
    hand = set(game.view(seat)["hand"] or ())
    assert not usable & set(why)                     # a legal card is never called blocked
    if usable or why:
        assert usable | set(why) == hand             # every other card has its reason


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 2**32 - 1))
def test_every_card_legal_or_explained(name: str, seed: int) -> None:
    """Through a whole random hand of every game, each card of the hand to move is either part of
    a legal move or carries a reason, never both."""
    entry = GAMES[name]
    players = 4 if name != "durak" else 3
    game = entry.game(entry.rules(players=players), RandomShuffler.seeded(seed))
    rng = random.Random(seed)
    game.apply(Deal(game.to_act or 1))
    for _ in range(400):
        if game.phase == "deal":   # type: ignore[attr-defined]
            break
        _legal_or_explained(game)
        seat = game.to_act
        assert seat is not None
        game.apply(rng.choice(game.legal_ops(seat)))
