"""What a seat may see (issue 2, DESIGN "Hidden information is a projection"): never the hole card
before it is turned, never another player's face-down cards, never a face-down double
(docs/casino.md#what-you-can-see: not even its owner), never the burn card, never anything of the
shoe's order."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from enum import StrEnum
from typing import Any

from engine_kit import D, dealt, stacked
from hypothesis import given, settings
from hypothesis import strategies as st

from twentyone.cards import Card
from twentyone.engine.events import Kind
from twentyone.engine.ops import (
    Bet,
    Deal,
    DealerHit,
    DealerStand,
    Decline,
    Double,
    Hit,
    SeatOp,
    Sit,
    Stand,
)
from twentyone.engine.shoe import RandomShuffler
from twentyone.engine.table import Action, Phase, Table
from twentyone.engine.views import SeatViews, TableView, view, visible_events
from twentyone.protocol import HOUSE
from twentyone.rules import PRESETS


def cards_in(obj: Any) -> Iterator[Card]:
    """Every card anywhere in a view."""
    if isinstance(obj, Card):
        yield obj
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from cards_in(getattr(obj, f.name))
    elif isinstance(obj, tuple | list):
        for x in obj:
            yield from cards_in(x)


def test_the_hole_card_is_hidden_until_it_is_turned() -> None:
    """docs/casino.md#what-you-can-see: the dealer "looks at his face-down card" taking care the
    players learn nothing; "When the dealer has served every player, his face-down card is turned
    up"."""
    t = dealt("classic", [("10c", "9c"), ("8h", "7h")], up="Ks", hole="7d", draws=["5c"])
    hole = t.dealer.cards[1]
    for viewer in (HOUSE, 1, 2):
        v = view(t, viewer)
        assert v.dealer == (t.dealer.cards[0], None)
        assert v.dealer_total is None
        assert hole not in list(cards_in(v))
        hole_events = [e for e in visible_events(t, viewer)
                       if e.kind is Kind.DEALT and e.seat == HOUSE and not e.face_up]
        assert [e.card for e in hole_events] == [None]
    t.stand(1)
    t.stand(2)
    v = view(t, 1)
    assert v.dealer == tuple(t.dealer.cards) and v.dealer_total == 17
    turned = [e for e in visible_events(t, 1) if e.kind is Kind.TURNED]
    assert [e.card for e in turned] == [hole]


def test_issue2_views_show_nothing_of_the_shoe() -> None:
    """DESIGN: a view shows "never the order of the shoe" — only how many cards are left and
    whether the cut card is out."""
    t = dealt("classic", [("10c", "6c"), ("8h", "7h")], up="6s", hole="10s")
    undealt = set(t.shoe.cards[t.shoe.pos:])
    for viewer in (HOUSE, 1, 2):
        v = view(t, viewer)
        seen = list(cards_in(v))
        assert not undealt & set(seen)
        assert set(seen) <= set(t.cards_in_play())
        assert v.shoe_remaining == t.shoe.remaining and v.cut_card_out is False
    names = set(TableView._fields)
    assert not any("shoe" in n and n != "shoe_remaining" for n in names)


def test_a_pitch_games_double_is_hidden_from_its_owner_in_the_view_and_the_log_alike() -> None:
    """docs/casino.md#what-you-can-see: a pitch game's double card falls face down like every
    draw and stays hidden, even from its owner, until settlement. The view once showed it to its
    owner while the log (and so ``??``) did not name it; both hide it now, and both show it once
    the hand is turned."""
    t = dealt("single-deck", [("6c", "5c"), ("10h", "8h")], up="7s", hole="10s", draws=["9d"])
    t.double(1)
    assert t.phase is Phase.PLAYERS  # seat 2 still to play: the round is on
    for viewer in (HOUSE, 1, 2):
        hand = view(t, viewer).seats[0].hands[0]
        assert hand.cards[2] is None and hand.doubled
        named = [e.card for e in visible_events(t, viewer) if e.card is not None]
        assert all(c.code != "9d" for c in named)
    t.stand(2)
    assert "9d" in [e.card.code for e in visible_events(t, 1) if e.card is not None]


def test_pitch_game_each_player_sees_only_their_own_face_down_cards() -> None:
    """docs/casino.md#what-you-can-see: single-deck, "the players' cards are dealt face down and
    they get to hold them": the owner sees them, nobody else does."""
    t = dealt("single-deck", [("10c", "6c"), ("8h", "7h")], up="9s", hole="10s")
    own = view(t, 1).seats
    assert own[0].hands[0].cards == tuple(t.seats[1].hands[0].cards)
    assert own[0].hands[0].total == 16
    assert own[1].hands[0].cards == (None, None) and own[1].hands[0].total is None
    assert view(t, HOUSE).seats[0].hands[0].cards == (None, None)
    theirs = [e for e in visible_events(t, 2) if e.kind is Kind.DEALT and e.seat == 1]
    assert [e.card for e in theirs] == [None, None]
    mine = [e for e in visible_events(t, 1) if e.kind is Kind.DEALT and e.seat == 1]
    assert [e.card for e in mine] == t.seats[1].hands[0].cards


def test_a_face_down_double_is_hidden_even_from_its_owner_until_settlement() -> None:
    """docs/casino.md#what-you-can-see: the double-down card "is placed face down and is not turned
    up until the bets are settled at the end of the hand"."""
    t = dealt("classic", [("6c", "5c"), ("10h", "8h")], up="7s", hole="10s", draws=["9d"])
    t.double(1)
    for viewer in (HOUSE, 1, 2):
        hand = view(t, viewer).seats[0].hands[0]
        assert hand.cards[:2] == tuple(t.seats[1].hands[0].cards[:2])
        assert hand.cards[2] is None and hand.total is None and hand.doubled
        double_card = [e for e in visible_events(t, viewer)
                       if e.kind is Kind.DEALT and e.seat == 1][-1]
        assert double_card.card is None
    t.stand(2)
    turned = [e.card for e in visible_events(t, 1) if e.kind is Kind.TURNED and e.seat == 1]
    assert [c.code for c in turned if c] == ["9d"]


def test_the_burn_card_is_never_named() -> None:
    """docs/dealing.md#the-burn-card: "discard one card" before dealing: it goes to the discards
    unseen."""
    t = stacked("modern-casino", [])
    assert [e.card for e in visible_events(t, HOUSE) if e.kind is Kind.BURNED] == [None]
    assert t.log[1].card is not None  # the house's own log keeps it


def test_issue2_a_view_says_who_is_to_act_and_what_they_may_do() -> None:
    t = dealt("classic", [("10c", "6c"), ("9h", "9d")], up="6s", hole="10s")
    mine, theirs = view(t, 1), view(t, 2)
    assert mine.to_act == (1, 0) and mine.seats[0].hands[0].to_act
    assert set(a.value for a in mine.legal) == {"stand", "hit"}
    assert theirs.legal == () and not theirs.seats[1].hands[0].to_act
    assert mine.seats[0].bankroll == t.bankroll(1) and mine.seats[0].hands[0].bet == 10 * D
    assert mine.phase is Phase.PLAYERS


def test_the_settled_round_shows_what_was_dealt_in_a_pitch_game_with_a_face_down_double() -> None:
    """The issue's single-deck round: a pitch hand 8 2 doubled face down draws a 6. The round
    as shown after settlement is rebuilt from the log card by card: 8 2 6, hard 16, never a
    card twice."""
    from twentyone.engine.views import settled_round

    t = dealt("single-deck", [("8h", "2h")], up="9c", hole="8c", draws=["6h"])
    assert settled_round(t, 1) is None  # mid-round: the live view is the table
    t.double(1)
    v = settled_round(t, 1)
    assert v is not None and v.settled
    hand = v.seats[0].hands[0]
    assert [str(c) for c in hand.cards] == ["8♥", "2♥", "6♥"]
    assert hand.total == 16 and hand.doubled and hand.outcome == "lose"
    assert hand.net == -hand.bet
    assert v.dealer_total == 17


def test_the_settled_round_shows_a_split_pitch_hand_as_the_table_laid_it() -> None:
    """The issue: after a split in a pitch game the other seats' split hands showed a card back
    where the table had laid the moved card face up (a split 9♣ vanished). Every card shown
    live stays shown once the round is settled."""
    from twentyone.engine.views import settled_round

    t = dealt("single-deck", [("9s", "9c"), ("10h", "8h")], up="7c", hole="10c",
              draws=["5h", "2d"])
    t.split(1)
    live = view(t, 2).seats[0].hands
    assert [str(c) for c in live[1].cards if c is not None] == ["9♣"]
    t.stand(1)
    t.stand(1)
    t.stand(2)
    for viewer in (HOUSE, 1, 2):
        v = settled_round(t, viewer)
        assert v is not None
        hands = v.seats[0].hands
        assert [[str(c) for c in h.cards] for h in hands] == [["9♠", "5♥"], ["9♣", "2♦"]]


@settings(max_examples=40, deadline=None)
@given(rules=st.sampled_from(["classic", "single-deck", "european", "six-deck-s17"]),
       seed=st.integers(0, 2**32 - 1), data=st.data())
def test_a_view_made_with_a_memo_is_the_view_made_without(rules: str, seed: int,
                                                           data: st.DataObject) -> None:
    """``view``'s memo (the party table's frames keep one a room, for every viewer alike) hands
    back an earlier seat only where it is made of the same values: every view made with it
    equals the one made without, whoever asked before (a seat's own face-down cards never reach
    another viewer through it), and a seat nothing changed is the very object kept."""
    t = Table(PRESETS[rules], RandomShuffler.seeded(seed))
    plays: dict[StrEnum, type[SeatOp]] = {Action.HIT: Hit, Action.STAND: Stand,
                                          Action.DOUBLE: Double, Action.DECLINE: Decline}
    memo: SeatViews = {}
    for n in (1, 2, 3):
        t.apply(Sit(n, 100_000))
    for _ in range(60):
        for viewer in data.draw(st.permutations([HOUSE, 1, 2, 3])):
            fresh, kept = view(t, viewer), view(t, viewer, memo)
            assert kept == fresh
            again = view(t, viewer, memo)
            assert all(a is b for a, b in zip(again.seats, kept.seats, strict=True))
        if t.phase is Phase.BETTING:
            for n in (1, 2, 3):
                t.apply(Bet(n, t.rules.min_bet))
            t.apply(Deal())
        elif t.phase is Phase.DEALER:
            t.apply(DealerStand() if t.can_dealer_stand() else DealerHit())
        else:
            assert t.to_act is not None
            seat = t.to_act[0]
            acts = [a for a in t.legal_actions(seat) if a in plays]
            t.apply(plays[data.draw(st.sampled_from(acts))](seat))


def test_a_seat_taken_the_moment_a_round_ends_sees_none_of_its_face_down_cards() -> None:
    """docs/web.md#who-holds-a-hand: a hand goes only to whoever held the seat when it was dealt.
    Seat 1's pitch hand busts face down, never turned; its holder sees it in the settled round
    and in the log. They leave and someone sits there before the next deal: the newcomer's
    settled round and log show that hand as a spectator sees it, the dealer's cards as anyone
    saw them. (Before, the seat's number was its owner: the newcomer
    was shown the busted hand.)"""
    from twentyone.engine.views import settled_round

    t = dealt("single-deck", [("10c", "6c"), ("10h", "8h")], up="7s", hole="10s", draws=["9d"])
    t.hit(1)
    t.stand(2)
    assert t.phase is Phase.BETTING
    hidden = {"10c", "6c", "9d"}

    def seen(viewer: int) -> set[str]:
        v = settled_round(t, viewer)
        assert v is not None and v.settled
        shown = {c.code for c in cards_in(v)}
        return shown | {e.card.code for e in visible_events(t, viewer) if e.card is not None}

    assert hidden <= seen(1), "the holder sees their own busted hand"
    assert not hidden & seen(HOUSE)
    t.leave(1)
    t.sit(1, {"red": 4})
    assert not hidden & seen(1), "the newcomer is shown the earlier holder's cards"
    assert seen(1) == seen(HOUSE)
