"""Betting and the deal (issue 2 "Betting" and "Deal"): every seat bets before the deal, within
the limits, in the unit, only what it holds, in chips; one card to each seat from the dealer's
left then the dealer, twice; the hole card face down; each preset's faces."""

from __future__ import annotations

import pytest
from engine_kit import STACK, STACK_VALUE, D, dealt_to, stack_for, stacked

from twentyone.engine.events import Kind
from twentyone.engine.table import Action, Phase
from twentyone.engine.views import view
from twentyone.errors import BetError, InsufficientChipsError, WrongPhaseError
from twentyone.protocol import HOUSE

# --- betting ----------------------------------------------------------------------------------

def test_bets_from_the_minimum_to_the_maximum_are_accepted() -> None:
    """docs/casino.md#betting: "the general limits are from $2 to $500"; both ends are bets."""
    t = stacked("classic", [])
    t.sit(1, 600 * D)
    t.sit(2, 600 * D)
    t.bet(1, 2 * D)
    t.bet(2, 500 * D)
    assert [t.seats[n].hands[0].bet for n in (1, 2)] == [2 * D, 500 * D]
    assert t.bankroll(1) == 598 * D and t.bankroll(2) == 100 * D


@pytest.mark.parametrize(("amount", "error"), [(1 * D, BetError), (501 * D, BetError),
                                               (250, BetError)])
def test_bets_outside_the_limits_or_off_the_unit_are_refused(amount: int,
                                                                    error: type) -> None:
    """docs/dealing.md#checking-the-bets: "ensure that they are between the maximum and minimum bets
    ... in whole unit amounts"; docs/casino.md#classic: $2 to $500."""
    t = stacked("classic", [])
    t.sit(1, 1000 * D)
    assert not t.can_bet(1, amount)
    with pytest.raises(error):
        t.bet(1, amount)


def test_bets_in_multiples_of_10_dollars() -> None:
    """docs/casino-party.md#betting: "All bets must be in multiples of $10 (i.e., $10, $20, $30,
    etc)"."""
    t = stacked("casino-party", [])
    t.sit(1, 100 * D)
    for ok in (10 * D, 20 * D, 30 * D):
        assert t.can_bet(1, ok)
    for bad in (15 * D, 25 * D, 12_50):
        with pytest.raises(BetError, match=r"multiples of \$10"):
            t.bet(1, bad)
    with pytest.raises(BetError, match=r"minimum bet is \$10"):
        t.bet(1, 5 * D)
    t.bet(1, 30 * D)
    assert t.bankroll(1) == 70 * D


def test_a_player_bets_only_what_they_hold() -> None:
    """docs/casino.md#betting: "each player places a bet, in chips": no more than the chips in front
    of them; all of them is a bet."""
    t = stacked("classic", [])
    t.sit(1, {"red": 3, "white": 2})
    with pytest.raises(InsufficientChipsError, match=r"\$17"):
        t.bet(1, 18 * D)
    t.bet(1, 17 * D)
    assert t.bankroll(1) == 0


def test_a_bet_is_chips_taken_from_the_players_stack() -> None:
    """docs/casino.md#betting: "each player places a bet, in chips"; the bet event names the
    chips."""
    t = stacked("classic", [])
    t.sit(1, STACK)
    rec = t.bet(1, 12 * D)
    (bet,) = rec.events
    assert bet.kind is Kind.BET and bet.amount == 12 * D
    assert t.chipset.by_colour(bet.chips) == {"red": 2, "white": 2}
    assert t.seats[1].hands[0].chips == list(bet.chips)
    assert t.bankroll(1) == STACK_VALUE - 12 * D


def test_every_seat_bets_before_the_deal() -> None:
    """docs/casino.md#betting: "Before the deal begins, each player places a bet": no deal without a
    bet, no bet once the cards are out."""
    t = stacked("classic", stack_for("classic", [("10c", "9c")], up="5d", hole="10d"))
    t.sit(1, STACK)
    t.sit(2, STACK)
    with pytest.raises(BetError, match="nobody has bet"):
        t.deal()
    t.bet(1, 10 * D)
    t.deal()
    with pytest.raises(WrongPhaseError, match="before the deal"):
        t.bet(2, 10 * D)
    assert Action.BET not in t.legal_actions(2)


# --- the deal ---------------------------------------------------------------------------------

def test_one_card_each_from_the_left_then_the_dealer_twice_hole_card_down() -> None:
    """docs/casino.md#the-deal: one card face up to each player in rotation, one face up to the
    dealer; another round to each player face up, the dealer's second card face down."""
    t = stacked("classic", ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"])
    for n in (1, 2, 3):
        t.sit(n, STACK)
        t.bet(n, 10 * D)
    rec = t.deal()
    assert dealt_to(rec.events) == [
        (1, "2c", True), (2, "3c", True), (3, "4c", True), (HOUSE, "5c", True),
        (1, "6c", True), (2, "7c", True), (3, "8c", True), (HOUSE, "9c", False)]
    assert t.dealer.up.code == "5c"
    # docs/casino.md#the-table-and-the-seats: "The player to the left goes first".
    assert t.to_act == (1, 0)


def test_only_seats_with_a_bet_are_dealt_in_and_play_starts_at_the_dealers_left() -> None:
    """docs/casino.md#the-table-and-the-seats: vacant positions are skipped; the first player to the
    dealer's left goes first."""
    t = stacked("classic", ["2c", "3c", "4c", "5c", "6c", "7c"])
    for n in (2, 4, 6):
        t.sit(n, STACK)
    t.bet(4, 10 * D)
    t.bet(6, 10 * D)  # seat 2 sits this one out
    rec = t.deal()
    assert [s for s, _, _ in dealt_to(rec.events)] == [4, 6, HOUSE, 4, 6, HOUSE]
    assert t.seats[2].hands == []
    assert t.to_act == (4, 0)


def test_first_card_down_to_each_player_and_the_dealer_second_card_up() -> None:
    """docs/casino-party.md#the-dealers-steps: "Deal one face-down card to each player ... ending
    with a card to yourself. Deal a second card face-up to each player, ending with a face-up card
    to yourself." The dealer's first card is the hole card, the second the up card."""
    t = stacked("casino-party", ["2c", "3c", "4c", "5c", "6c", "7c"])
    for n in (1, 2):
        t.sit(n, STACK)
        t.bet(n, 10 * D)
    rec = t.deal()
    assert dealt_to(rec.events) == [
        (1, "2c", False), (2, "3c", False), (HOUSE, "4c", False),
        (1, "5c", True), (2, "6c", True), (HOUSE, "7c", True)]
    assert t.dealer.up.code == "7c"
    assert view(t).dealer == (None, t.dealer.cards[1])


def test_single_deck_pitch_game_deals_the_players_cards_face_down() -> None:
    """docs/casino.md#the-deal: "In some games, played with only one deck, the players' cards are
    dealt face down and they get to hold them." The dealer still has one card up and the hole
    card."""
    t = stacked("single-deck", ["2c", "3c", "4c", "5c", "6c", "7c"])
    for n in (1, 2):
        t.sit(n, STACK)
        t.bet(n, 10 * D)
    rec = t.deal()
    assert dealt_to(rec.events) == [
        (1, "2c", False), (2, "3c", False), (HOUSE, "4c", True),
        (1, "5c", False), (2, "6c", False), (HOUSE, "7c", False)]
    t.hit(1)  # a hit in a pitch game comes face down too
    assert t.log[-1].kind is Kind.DEALT and t.log[-1].face_up is False


def test_issue2_european_no_hole_card_the_dealers_second_card_after_the_players() -> None:
    """Issue 2 ``peek = false``: "European no-hole-card, the dealer's second card comes after
    the players"."""
    t = stacked("european", ["10c", "9c", "6d", "8c", "7c", "4h"])
    for n in (1, 2):
        t.sit(n, STACK)
        t.bet(n, 10 * D)
    rec = t.deal()
    assert dealt_to(rec.events) == [(1, "10c", True), (2, "9c", True), (HOUSE, "6d", True),
                                    (1, "8c", True), (2, "7c", True)]
    assert len(t.dealer.cards) == 1 and t.phase is Phase.PLAYERS
    t.stand(1)
    rec = t.stand(2)
    dealer_cards = [(c, up) for s, c, up in dealt_to(rec.events) if s == HOUSE]
    assert dealer_cards[0] == ("4h", True)
    assert Kind.TURNED not in [e.kind for e in rec.events]  # nothing was face down


def test_the_hole_card_stays_down_until_the_dealers_turn() -> None:
    """docs/casino.md#the-dealers-play: "When the dealer has served every player, his face-down card
    is turned up"."""
    t = stacked("classic", stack_for("classic", [("10c", "8c")], up="6d", hole="Qs",
                                     draws=["5h"]))
    t.sit(1, STACK)
    t.bet(1, 10 * D)
    t.deal()
    assert t.dealer.face_up == [True, False]
    rec = t.stand(1)
    ks = [e.kind for e in rec.events]
    assert ks.index(Kind.TURNED) < ks.index(Kind.DEALT)  # turned, then the dealer draws
    assert rec.events[ks.index(Kind.TURNED)].card == t.dealer.cards[1]
