"""Player actions (issue 2): hit, stand, double (the preset's restrictions, one card only, for
less where allowed), split (by rank or value, resplit up to ``max_hands``, one card to each split
ace unless the rules say otherwise, double after split where allowed), surrender late or early;
a bust is collected at once."""

from __future__ import annotations

import pytest
from engine_kit import (
    RACK_START,
    STACK_VALUE,
    D,
    dealt,
    dealt_to,
    kinds,
    settled,
    since_round_start,
)

from twentyone.engine.events import Kind
from twentyone.engine.table import Action, Phase
from twentyone.engine.views import view
from twentyone.errors import IllegalActionError
from twentyone.protocol import HOUSE
from twentyone.rules import PRESETS

CLASSIC = PRESETS["classic"]
S17 = PRESETS["six-deck-s17"]


def rack_delta(counts: list[int]) -> list[int]:
    return [n - s for n, s in zip(counts, RACK_START, strict=True)]


# --- hit and stand ----------------------------------------------------------------------------

def test_hit_deals_one_card_face_up_and_stand_passes_to_the_next_player() -> None:
    """docs/casino.md#hitting-and-standing: a player may "ask for additional cards, one at a time,
    until he either decides to stand ... or goes bust"; "The dealer then turns to the next player to
    his left"."""
    t = dealt("classic", [("10c", "2c"), ("9h", "9d")], up="6s", hole="10s",
              draws=["5h", "3h"])
    rec = t.hit(1)
    assert kinds(rec.events) == [Kind.HIT, Kind.DEALT]
    assert dealt_to(rec.events) == [(1, "5h", True)]
    assert t.to_act == (1, 0) and t.seats[1].hands[0].total == 17
    t.hit(1)
    assert t.seats[1].hands[0].total == 20 and t.to_act == (1, 0)
    rec = t.stand(1)
    assert kinds(rec.events) == [Kind.STOOD] and t.to_act == (2, 0)


def test_a_hit_to_exactly_21_ends_the_hands_decisions() -> None:
    """docs/casino.md#hitting-and-standing: hitting "in an attempt to get closer to a count of 21,
    or even hit 21 exactly"; at 21 there is nothing left to decide and the turn passes."""
    t = dealt("classic", [("10c", "5c"), ("9h", "9d")], up="6s", hole="10s", draws=["6h"])
    t.hit(1)
    assert t.seats[1].hands[0].total == 21 and t.to_act == (2, 0)


def test_soft_hands_count_the_ace_as_one_when_eleven_would_bust() -> None:
    """docs/casino.md#hand-totals-soft-and-hard: "If the draw creates a bust hand by counting the
    ace as an 11, the player simply counts the ace as a 1 and continues playing"."""
    t = dealt("classic", [("Ac", "6c")], up="6s", hole="10s", draws=["9h", "4d"])
    hand = t.seats[1].hands[0]
    assert (hand.total, hand.soft) == (17, True)
    t.hit(1)
    assert (hand.total, hand.soft, hand.busted) == (16, False, False)
    t.hit(1)
    assert hand.total == 20


# --- bust -------------------------------------------------------------------------------------

def test_a_bust_is_collected_at_once_and_stays_lost_if_the_dealer_busts() -> None:
    """docs/dealing.md#collecting-busts-at-once: "If a player busts, collect their winnings and put
    them in the rack immediately"; docs/casino.md#hitting-and-standing: "If the player goes bust, he
    has already lost his wager, even if the dealer goes bust as well"."""
    t = dealt("classic", [("10c", "6c"), ("9h", "9d")], up="6s", hole="10s", draws=["Kd", "Qd"])
    rec = t.hit(1)
    assert kinds(rec.events) == [Kind.HIT, Kind.DEALT, Kind.SETTLED]
    assert (rec.events[-1].amount, rec.events[-1].note) == (-10 * D, "bust")
    assert rack_delta(t.rack.counts) == [0, 0, 2, 0, 0, 0]  # in the rack before seat 2 acts
    assert t.to_act == (2, 0)
    rec = t.stand(2)  # the dealer's 16 draws the queen: bust
    assert Kind.DEALER_BUSTED in kinds(rec.events)
    assert settled(rec.events, 1) == [] and settled(rec.events, 2) == [10 * D]
    assert t.bankroll(1) == STACK_VALUE - 10 * D and t.bankroll(2) == STACK_VALUE + 10 * D


def test_if_all_players_bust_the_dealer_only_reveals_the_hole_card() -> None:
    """docs/dealing.md#turning-the-hole-card: "If all players bust, simply reveal your hole card and
    begin dealing the next hand"."""
    t = dealt("classic", [("10c", "6c")], up="6s", hole="10s", draws=["Kd"])
    rec = t.hit(1)
    after_bust = rec.events[[e.kind for e in rec.events].index(Kind.SETTLED):]
    assert Kind.TURNED in kinds(after_bust)
    assert [e for e in after_bust if e.kind is Kind.DEALT and e.seat == HOUSE] == []
    assert len(t.dealer.cards) == 2 and t.phase is Phase.BETTING


# --- double down ------------------------------------------------------------------------------

@pytest.mark.parametrize(("double_on", "cards", "allowed"), [
    ("9-11", ("5c", "4d"), True),
    ("9-11", ("6c", "4d"), True),
    ("9-11", ("6c", "5d"), True),
    ("9-11", ("4c", "4d"), False),
    ("9-11", ("10c", "2d"), False),
    ("9-11", ("Ac", "8d"), False),
    ("10-11", ("5c", "4d"), False),
    ("10-11", ("6c", "4d"), True),
    ("10-11", ("6c", "5d"), True),
    ("any", ("10c", "2d"), True),
    ("any", ("Ac", "8d"), True),
    ("any", ("10c", "Qd"), True),
    ("any", ("2c", "3d"), True),
])
def test_doubling_is_allowed_on_the_presets_totals(double_on: str, cards: tuple[str, str],
                                                       allowed: bool) -> None:
    """docs/casino.md#doubling-down: "when the original two cards dealt total 9, 10, or 11"; issue 2
    ``double_on`` "any", "9-11", "10-11"; "Only available on the first action"."""
    t = dealt(CLASSIC.replace(double_on=double_on), [cards], up="6s", hole="10s")
    assert t.can_double(1) is allowed
    assert (Action.DOUBLE in t.legal_actions(1)) is allowed
    if not allowed:
        with pytest.raises(IllegalActionError, match="double only on a total"):
            t.double(1)


def test_a_double_is_one_card_face_down_turned_at_settlement() -> None:
    """docs/casino.md#doubling-down: the player "places a bet equal to the original bet, and the
    dealer gives him just one card, which is placed face down and is not turned up until the bets
    are settled at the end of the hand"."""
    t = dealt("classic", [("6c", "5c"), ("10h", "9h")], up="6s", hole="10s",
              draws=["9d", "2c"])
    rec = t.double(1)
    assert [(e.kind, e.amount) for e in rec.events[:1]] == [(Kind.DOUBLED, 10 * D)]
    assert dealt_to(rec.events) == [(1, "9d", False)]
    hand = t.seats[1].hands[0]
    assert (hand.bet, len(hand.cards), hand.done) == (20 * D, 3, True)
    assert t.bankroll(1) == STACK_VALUE - 20 * D and t.to_act == (2, 0)
    assert view(t, 1).seats[0].hands[0].cards[2] is None  # hidden even from its owner
    rec = t.stand(2)  # dealer 16 draws 2: 18
    turned = [e for e in rec.events if e.kind is Kind.TURNED and e.seat == 1]
    assert [e.card.code for e in turned if e.card] == ["9d"]
    assert settled(rec.events, 1) == [20 * D]
    assert t.bankroll(1) == STACK_VALUE + 20 * D


def test_casino_party_double_card_comes_face_up() -> None:
    """docs/casino-party.md#your-turn: "they may double down by doubling their original bet. In this
    case, give them one more card face up, for a total of three cards. They may not draw any
    additional cards"."""
    t = dealt("casino-party", [("6c", "5c"), ("10h", "9h")], up="6s", hole="10s",
              draws=["9d", "2c"])
    rec = t.double(1)
    assert dealt_to(rec.events) == [(1, "9d", True)]
    assert t.to_act == (2, 0)
    assert t.seats[1].hands[0].bet == 20 * D


def test_double_for_less_where_allowed() -> None:
    """docs/casino.md#doubling-down: "placing a wager up to the original (it is possible to "double
    for less" and not actually double the wager)"; the classic game (docs/casino.md#classic) wants
    "a bet equal to the original"."""
    t = dealt("modern-casino", [("6c", "5c")], up="6s", hole="10s", draws=["9d", "2c"])
    rec = t.double(1, 5 * D)
    assert [e.amount for e in rec.events if e.kind is Kind.DOUBLED] == [5 * D]
    assert settled(t.log, 1) == [15 * D]  # 6 5 9 is 20 against the dealer's 6 10 2
    assert t.bankroll(1) == STACK_VALUE + 15 * D
    classic = dealt("classic", [("6c", "5c")], up="6s", hole="10s")
    with pytest.raises(IllegalActionError, match=r"equal to the original: \$10"):
        classic.double(1, 5 * D)
    assert classic.can_double(1) and classic.can_double(1, 10 * D)


# --- split ------------------------------------------------------------------------------------

def test_a_pair_splits_into_two_hands_with_equal_bets_the_left_hand_first() -> None:
    """docs/casino.md#splitting-pairs: "The amount of his original bet then goes on one of the
    cards, and an equal amount must be placed as a bet on the other card. The player first plays the
    hand to his left ... only then is the hand to the right played." docs/casino-party.md#splitting:
    "deal one ... card on each of the up cards"."""
    t = dealt("six-deck-s17", [("8c", "8d"), ("10h", "9h")], up="6s", hole="10s",
              draws=["3c", "10c", "2h"])
    rec = t.split(1)
    assert [(e.kind, e.hand, e.amount) for e in rec.events[:1]] == [(Kind.SPLIT, 1, 10 * D)]
    assert dealt_to(rec.events) == [(1, "3c", True)]
    hands = t.seats[1].hands
    assert [(len(h.cards), h.bet) for h in hands] == [(2, 10 * D), (1, 10 * D)]
    assert t.bankroll(1) == STACK_VALUE - 20 * D and t.to_act == (1, 0)
    t.stand(1)  # 11 stands; now the second hand gets its second card
    assert [c.code for c in hands[1].cards] == ["8d", "10c"] and t.to_act == (1, 1)
    t.stand(1)
    assert t.to_act == (2, 0)


@pytest.mark.parametrize(("split_by", "cards", "allowed"), [
    ("rank", ("8c", "8d"), True),
    ("rank", ("Jc", "Qd"), False),
    ("rank", ("10c", "Kd"), False),
    ("value", ("Jc", "Qd"), True),
    ("value", ("10c", "Kd"), True),
    ("value", ("9c", "8d"), False),
])
def test_split_by_rank_or_by_value(split_by: str, cards: tuple[str, str],
                                       allowed: bool) -> None:
    """docs/casino.md#splitting-pairs: "If a player's first two cards are of the same denomination,
    such as two jacks or two sixes"; "only if both cards are of the same rank"; issue 2 ``split_by``
    "rank" or "value" (any two ten-cards)."""
    t = dealt(S17.replace(split_by=split_by), [cards], up="6s", hole="10s")
    assert t.can_split(1) is allowed
    assert (Action.SPLIT in t.legal_actions(1)) is allowed


def test_resplit_up_to_max_hands() -> None:
    """docs/casino.md#splitting-pairs: each split hand may "split them again (if they form another
    pair)"; issue 2 ``max_hands``: six-deck-s17 splits to four hands."""
    t = dealt("six-deck-s17", [("8c", "8d")], up="6s", hole="10s",
              draws=["8h", "8s", "8c", "2c"])
    t.split(1)
    t.split(1)
    t.split(1)
    assert len(t.seats[1].hands) == 4
    assert [c.code for c in t.seats[1].hands[0].cards] == ["8c", "8c"]
    assert not t.can_split(1)
    with pytest.raises(IllegalActionError, match="at most 4 hands"):
        t.split(1)
    assert t.bankroll(1) == STACK_VALUE - 40 * D


def test_split_hands_may_not_be_split_again() -> None:
    """docs/casino-party.md#splitting: "the player may not split either of the split hands"
    (``max_hands`` 2)."""
    t = dealt("casino-party", [("8c", "8d")], up="6s", hole="10s", draws=["8h"])
    t.split(1)
    assert [c.code for c in t.seats[1].hands[0].cards] == ["8c", "8h"]
    with pytest.raises(IllegalActionError, match="at most 2 hands"):
        t.split(1)


@pytest.mark.parametrize("preset", ["classic", "casino-party", "six-deck-s17"])
def test_split_aces_get_one_card_each(preset: str) -> None:
    """docs/casino.md#split-aces: "With a pair of aces, the player is given one card for each ace
    and may not draw again"; docs/casino-party.md#splitting: "if the split cards are aces, the
    player receives one down card for each hand but cannot draw additional cards". No decision is
    asked of either hand."""
    t = dealt(preset, [("Ac", "Ad")], up="6s", hole="10s", draws=["5h", "7h", "9c"])
    rec = t.split(1)
    assert [(s, c) for s, c, _ in dealt_to(rec.events) if s == 1] == [(1, "5h"), (1, "7h")]
    assert t.phase is Phase.BETTING  # the dealer played and the round is settled
    # Soft 16 and soft 18 stand; the dealer's 16 draws the nine and busts: both hands win.
    assert settled(rec.events, 1) == [10 * D, 10 * D]
    assert t.bankroll(1) == STACK_VALUE + 20 * D


def test_issue2_hit_split_aces_when_the_rules_allow() -> None:
    """Issue 2 ``hit_split_aces``: "one card to each split ace unless the rules say otherwise"."""
    t = dealt(S17.replace(hit_split_aces=True), [("Ac", "Ad")], up="6s", hole="10s",
              draws=["5h", "7h"])
    t.split(1)
    assert t.to_act == (1, 0) and t.can_hit(1)


def test_after_aces_are_split_only_resplitting_is_allowed() -> None:
    """docs/casino.md#split-aces: "Some games do not allow any action other than re-splitting to be
    taken after aces are split" (modern-casino: resplit aces, no drawing)."""
    t = dealt("modern-casino", [("Ac", "Ad")], up="6s", hole="10s", draws=["Ah", "5h", "7h"])
    t.split(1)
    assert t.to_act == (1, 0)
    assert t.legal_actions(1) == (Action.STAND, Action.SPLIT)
    with pytest.raises(IllegalActionError, match="one card each"):
        t.hit(1)
    t.split(1)  # three one-card-each aces, nothing more to decide: the round is played out
    log = since_round_start(t)
    assert kinds(log).count(Kind.SPLIT) == 2 and len(settled(log, 1)) == 3
    no_resplit = dealt("six-deck-s17", [("Ac", "Ad")], up="6s", hole="10s",
                       draws=["Ah", "5h", "7h"])
    no_resplit.split(1)  # the third ace is just a card: both hands are done
    assert len(no_resplit.seats[1].hands) == 0 and no_resplit.phase is Phase.BETTING


def test_issue2_double_after_split_where_allowed() -> None:
    """Issue 2 ``double_after_split``: six-deck-s17 doubles a split 8 and 3; the classic game
    (no DAS) does not, though 11 is a doubling total there."""
    das = dealt("six-deck-s17", [("8c", "8d")], up="6s", hole="10s", draws=["3c", "9c"])
    das.split(1)
    assert das.can_double(1)
    das.double(1)
    assert [h.bet for h in das.seats[1].hands] == [20 * D, 10 * D]
    no_das = dealt("classic", [("8c", "8d")], up="6s", hole="10s", draws=["3c"])
    no_das.split(1)
    with pytest.raises(IllegalActionError, match="no doubling after a split"):
        no_das.double(1)


# --- surrender --------------------------------------------------------------------------------

def test_issue2_late_surrender_returns_half_the_bet_after_the_peek() -> None:
    """Issue 2 ``surrender = "late"``: after the dealer checks for blackjack, a player may give
    up half the bet as a first decision."""
    t = dealt(S17.replace(surrender="late"), [("10c", "6c")], up="Ks", hole="7h")
    assert Kind.PEEKED in kinds(since_round_start(t))
    assert Action.SURRENDER in t.legal_actions(1)
    rec = t.surrender(1)
    assert [(e.kind, e.amount) for e in rec.events][:2] == [(Kind.SURRENDERED, 5 * D),
                                                            (Kind.SETTLED, -5 * D)]
    assert t.bankroll(1) == STACK_VALUE - 5 * D
    assert rack_delta(t.rack.counts) == [0, 0, 1, 0, 0, 0]


def test_issue2_late_surrender_is_lost_to_a_dealer_blackjack_and_after_a_hit() -> None:
    t = dealt(S17.replace(surrender="late"), [("10c", "6c")], up="Ks", hole="Ah")
    assert t.phase is Phase.BETTING and settled(t.log, 1) == [-10 * D]
    hit = dealt(S17.replace(surrender="late"), [("10c", "2c")], up="Ks", hole="7h",
                draws=["3d"])
    hit.hit(1)
    assert not hit.can_surrender(1)


def test_issue2_early_surrender_comes_before_the_peek() -> None:
    """Issue 2 ``surrender = "early"``: surrender before the dealer checks for blackjack, so
    half the bet is saved even against a dealer blackjack."""
    t = dealt(S17.replace(surrender="early"), [("10c", "6c"), ("10h", "7h")], up="Ks",
              hole="Ah")
    assert t.phase is Phase.INSURANCE and t.to_act == (1, 0)
    assert t.legal_actions(1) == (Action.SURRENDER, Action.DECLINE)
    t.surrender(1)
    rec = t.decline(2)
    assert [e.note for e in rec.events if e.kind is Kind.PEEKED] == ["blackjack"]
    assert t.bankroll(1) == STACK_VALUE - 5 * D
    assert t.bankroll(2) == STACK_VALUE - 10 * D


def test_no_surrender_in_the_classic_game() -> None:
    t = dealt("classic", [("10c", "6c")], up="Ks", hole="7h")
    with pytest.raises(IllegalActionError, match="no surrender"):
        t.surrender(1)
