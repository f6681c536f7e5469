"""The casino-party game as its sheet deals it (docs/casino-party.md), on stacked shoes, to the
cent: the dealer checks only under an ace; a player's natural is paid 3 to 2 at once on the
player's turn, whatever the dealer shows (docs/casino-party.md#naturals); a ten up and an ace in
the hole found at the dealer's turn is a 21 like any other (docs/casino-party.md#settlement);
splitting turns the pair up and deals each hand its card face down
(docs/casino-party.md#splitting). Each is a rule option any table may use
(docs/casino.md#late_natural, docs/casino.md#naturals_paid_at_once,
docs/casino.md#split_face_down)."""

from __future__ import annotations

from engine_kit import STACK_VALUE, D, dealt, dealt_to, kinds, settled, since_round_start

from twentyone.engine.events import Kind
from twentyone.engine.table import Phase
from twentyone.rules import PRESETS, LateNatural

PARTY = PRESETS["casino-party"]
#: The casino-party table as it dealt before these options: a natural under an unchecked ten
#: waits, and a ten-ace found at the end is a blackjack.
PARTY_AS_A_CASINO = PARTY.replace(late_natural="blackjack", naturals_paid_at_once=False,
                                  split_face_down=False)


def test_the_preset_deals_the_sheet() -> None:
    """docs/casino.md#casino-party: late natural "twenty-one", naturals paid at once, split
    cards face down."""
    assert PARTY.late_natural is LateNatural.TWENTY_ONE
    assert PARTY.naturals_paid_at_once and PARTY.split_face_down
    assert PARTY.dealer_checks(1) and not PARTY.dealer_checks(10)


# --- a natural is paid at once ----------------------------------------------------------------

def test_a_natural_against_an_unchecked_ten_is_paid_3_to_2_on_the_players_turn() -> None:
    """docs/casino-party.md#naturals: "If the player has blackjack ... they may turn it up
    immediately. Pay blackjack at 3-2 odds"; docs/casino-party.md#the-dealers-check: no look
    under a ten. Seat 2's $10 natural wins $15 when seat 1 has stood, before seat 3 plays."""
    t = dealt("casino-party", [("10c", "6c"), ("As", "Kd"), ("9h", "8h")], up="Qs", hole="5d",
              draws=["4c"])
    assert Kind.PEEKED not in kinds(since_round_start(t))
    rec = t.stand(1)
    assert [(e.kind, e.seat) for e in rec.events] == [(Kind.STOOD, 1), (Kind.TURNED, 2),
                                                      (Kind.SETTLED, 2)]
    assert (rec.events[-1].amount, rec.events[-1].note) == (15 * D, "blackjack")
    assert t.to_act == (3, 0) and t.bankroll(2) == STACK_VALUE + 15 * D
    t.stand(3)  # the dealer's 15 draws the four: 19
    log = since_round_start(t)
    assert [settled(log, n) for n in (1, 2, 3)] == [[-10 * D], [15 * D], [-10 * D]]


def test_a_natural_already_paid_is_not_taken_back_by_a_ten_ace() -> None:
    """docs/casino-party.md#settlement: "Any player with blackjack should already have been paid
    at 3-2": the dealer's ten and ace turned later change nothing for it."""
    t = dealt("casino-party", [("10c", "9c"), ("Ah", "Kh")], up="Qs", hole="As")
    assert Kind.PEEKED not in kinds(since_round_start(t))
    t.stand(1)
    log = since_round_start(t)
    assert [settled(log, n) for n in (1, 2)] == [[-10 * D], [15 * D]]  # 19 loses to 21
    assert [e.amount for e in log if e.kind is Kind.DEALER_STOOD] == [21]
    assert [t.bankroll(n) for n in (1, 2)] == [STACK_VALUE - 10 * D, STACK_VALUE + 15 * D]


def test_an_ace_up_is_still_checked_first_and_its_blackjack_ends_the_game() -> None:
    """docs/casino-party.md#the-dealers-check: under an ace the dealer checks after insurance; a
    blackjack ends the game, a player's natural pushes it and nothing was paid at once."""
    t = dealt("casino-party", [("10c", "9c"), ("Ah", "Kh")], up="As", hole="Kd")
    t.decline(1)
    t.decline(2)
    log = since_round_start(t)
    assert [e.note for e in log if e.kind is Kind.PEEKED] == ["blackjack"]
    assert [settled(log, n) for n in (1, 2)] == [[-10 * D], [0]]


# --- a ten up and an ace in the hole is 21 ------------------------------------------------------

def test_a_ten_ace_found_at_the_end_is_21_each_hand_loses_only_what_21_beats() -> None:
    """docs/casino-party.md#settlement: "If you do not bust, pay any player who has more points
    ... collect from any player who has fewer points. Any player that ties the dealer keeps their
    original bet". Seat 1 hits to 21 and pushes; seat 2 doubles to 21 and pushes its $20; seat 3
    doubles to 18 and loses $20; seat 4 splits eights: 18 loses $10, the second hand doubles to
    21 and pushes."""
    t = dealt("casino-party", [("9h", "2h"), ("6c", "5c"), ("5d", "4d"), ("8c", "8d")],
              up="Qs", hole="Ah", draws=["10c", "Kc", "9d", "Jd", "3s", "Kh"])
    t.hit(1)
    t.double(2)
    t.double(3)
    t.split(4)
    t.stand(4)
    t.double(4)
    assert t.phase is Phase.BETTING
    log = since_round_start(t)
    assert Kind.PEEKED not in kinds(log)
    assert [e.amount for e in log if e.kind is Kind.DEALER_STOOD] == [21]
    assert [sorted(settled(log, n)) for n in (1, 2, 3, 4)] == [
        [0], [0], [-20 * D], [-10 * D, 0]]
    assert [t.bankroll(n) - STACK_VALUE for n in (1, 2, 3, 4)] == [0, 0, -20 * D, -10 * D]


def test_as_a_casino_the_same_cards_lose_every_bet_to_a_late_blackjack() -> None:
    """docs/casino.md#late_natural "blackjack": the same round dealt with a late dealer natural
    as a blackjack takes every bet, three-card 21s, doubles and split hands included."""
    t = dealt(PARTY_AS_A_CASINO, [("9h", "2h"), ("6c", "5c"), ("5d", "4d"), ("8c", "8d")],
              up="Qs", hole="Ah", draws=["10c", "Kc", "9d", "Jd", "3s", "Kh"])
    t.hit(1)
    t.double(2)
    t.double(3)
    t.split(4)
    t.stand(4)
    t.double(4)
    log = since_round_start(t)
    assert [e.note for e in log if e.kind is Kind.PEEKED] == ["blackjack"]
    assert [sorted(settled(log, n)) for n in (1, 2, 3, 4)] == [
        [-10 * D], [-20 * D], [-20 * D], [-20 * D, -10 * D]]


def test_as_a_casino_a_natural_under_a_ten_waits_and_pushes_a_ten_ace() -> None:
    """docs/casino.md#when-a-natural-is-paid: without ``naturals_paid_at_once`` a natural under
    an unchecked ten waits for the hole card, and pushes the dealer's blackjack."""
    t = dealt(PARTY_AS_A_CASINO, [("10c", "9c"), ("Ah", "Kh")], up="Qs", hole="As")
    rec = t.stand(1)
    assert settled(rec.events, 2) == [0]
    assert settled(since_round_start(t), 1) == [-10 * D]


def test_each_option_alone() -> None:
    """docs/casino.md#late_natural without docs/casino.md#naturals_paid_at_once: the natural
    waits, and beats the dealer's late 21 at 3 to 2. docs/casino.md#naturals_paid_at_once
    without the late 21: the natural is paid on the player's turn and keeps its $15 when the
    dealer's ten-ace then takes the other bets."""
    late_only = PARTY_AS_A_CASINO.replace(late_natural="twenty-one")
    t = dealt(late_only, [("10c", "9c"), ("Ah", "Kh")], up="Qs", hole="As")
    assert settled(since_round_start(t), 2) == []
    t.stand(1)
    log = since_round_start(t)
    assert [settled(log, n) for n in (1, 2)] == [[-10 * D], [15 * D]]
    at_once_only = PARTY_AS_A_CASINO.replace(naturals_paid_at_once=True)
    t = dealt(at_once_only, [("9h", "2h"), ("Ah", "Kh")], up="Qs", hole="As", draws=["10c"])
    t.hit(1)  # 21 in three cards
    log = since_round_start(t)
    assert [settled(log, n) for n in (1, 2)] == [[-10 * D], [15 * D]]


def test_insurance_is_a_bet_on_the_hole_card_even_when_the_natural_is_only_21() -> None:
    """docs/casino.md#late_natural: without a hole card the dealer's ace and a ten dealt after
    the players count 21, and insurance, a bet that the ace makes a natural, still pays 2 to 1
    (docs/casino.md#insurance-and-even-money)."""
    rules = PRESETS["european"].replace(late_natural="twenty-one")
    t = dealt(rules, [("10c", "9c"), ("9h", "2h")], up="Ad", draws=["10h", "Kd"])
    t.insure(1)
    t.decline(2)
    t.stand(1)
    t.hit(2)  # 21 in three cards
    log = since_round_start(t)
    assert [settled(log, n) for n in (1, 2)] == [[-10 * D], [0]]
    assert [e.amount for e in log if e.kind is Kind.INSURANCE_SETTLED] == [10 * D]
    assert t.bankroll(1) == STACK_VALUE  # lost $10, insurance won $10
    assert t.bankroll(2) == STACK_VALUE


# --- splitting: the pair turned up, the cards dealt down --------------------------------------

def test_a_split_turns_the_down_card_up_and_deals_each_hand_a_face_down_card() -> None:
    """docs/casino-party.md#splitting: "they may split their hand by turning over their down
    card ... You then deal one face-down card on each of the up cards"."""
    t = dealt("casino-party", [("8c", "8d")], up="6s", hole="10s", draws=["3c", "Qh"])
    first = t.seats[1].hands[0]
    assert first.face_up == [False, True]
    rec = t.split(1)
    assert [(e.kind, e.seat, e.hand) for e in rec.events[:3]] == [
        (Kind.TURNED, 1, 0), (Kind.SPLIT, 1, 1), (Kind.DEALT, 1, 0)]
    assert dealt_to(rec.events) == [(1, "3c", False)]
    assert first.face_up == [True, False]
    rec = t.stand(1)
    assert dealt_to(rec.events)[0] == (1, "Qh", False)


def test_split_aces_get_one_face_down_card_each() -> None:
    """docs/casino-party.md#splitting: "if the split cards are aces, the player receives one
    down card for each hand but cannot draw additional cards"; both are shown at settlement."""
    t = dealt("casino-party", [("Ac", "Ad")], up="6s", hole="10s", draws=["5h", "7h", "9c"])
    rec = t.split(1)
    assert [(s, c, up) for s, c, up in dealt_to(rec.events) if s == 1] == [
        (1, "5h", False), (1, "7h", False)]
    assert t.phase is Phase.BETTING
    assert settled(rec.events, 1) == [10 * D, 10 * D]  # soft 16 and 18; the dealer busts
    turned = [e.card.code for e in rec.events
              if e.kind is Kind.TURNED and e.seat == 1 and e.card is not None]
    assert {"5h", "7h"} <= set(turned)
