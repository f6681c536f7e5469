"""Naturals and the peek (issue 2): insurance up to half or exactly half pays 2:1; even money for
a blackjack against an ace; the dealer peeks under a ten or an ace; a dealer blackjack collects
every bet but a player blackjack's (push); a player blackjack is paid 3:2 at once on that
player's turn; an ace and ten after a split is 21, not blackjack, and pays even."""

from __future__ import annotations

import pytest
from engine_kit import (
    RACK_START,
    STACK_VALUE,
    D,
    dealt,
    kinds,
    players_value,
    settled,
    since_round_start,
)

from twentyone.engine.events import Kind
from twentyone.engine.table import Action, Phase
from twentyone.engine.views import view
from twentyone.errors import InsuranceError
from twentyone.rules import PRESETS

CLASSIC = PRESETS["classic"]


def rack_delta(counts: list[int]) -> list[int]:
    return [n - s for n, s in zip(counts, RACK_START, strict=True)]


# --- a player's natural -----------------------------------------------------------------------

def test_a_player_blackjack_is_paid_3_to_2_at_once_on_that_players_turn() -> None:
    """docs/casino.md#when-a-natural-is-paid: "If a player has blackjack, pay them out immediately,
    on their turn, not at the end of the hand"; "the dealer immediately pays that player one and a
    half times the amount of his bet". Seat 2's natural is paid when seat 1 has finished and before
    seat 3 acts."""
    t = dealt("classic", [("10c", "6c"), ("As", "Kd"), ("9h", "8h")], up="7c", hole="10h")
    assert settled(t.log, 2) == []  # not during the deal: seat 1 is to act
    assert t.to_act == (1, 0)
    rec = t.stand(1)
    assert [(e.kind, e.seat) for e in rec.events] == [(Kind.STOOD, 1), (Kind.SETTLED, 2)]
    assert (rec.events[-1].amount, rec.events[-1].note) == (15 * D, "blackjack")
    assert t.to_act == (3, 0)
    # docs/casino.md#when-a-natural-is-paid: "$10 ... gets paid an additional $15".
    assert t.bankroll(2) == STACK_VALUE + 15 * D
    t.stand(3)
    assert settled(t.log, 2) == [15 * D]  # paid once, never again at the end
    assert [t.bankroll(n) for n in (1, 2, 3)] == [STACK_VALUE - 10 * D, STACK_VALUE + 15 * D,
                                                  STACK_VALUE]  # 16 loses, 17 pushes 17
    assert rack_delta(t.rack.counts) == [0, 0, 2 - 3, 0, 0, 0]


@pytest.mark.parametrize(("pays", "bet", "won"), [
    ("3:2", 5 * D, 7_50), ("3:2", 3 * D, 4_50), ("6:5", 10 * D, 12 * D),
    ("6:5", 3 * D, 3_50),  # $3.60 rounded down to the 50¢ chip
    ("1:1", 10 * D, 10 * D)])
def test_issue2_blackjack_pays_the_tables_ratio(pays: str, bet: int, won: int) -> None:
    """Issue 2 ``blackjack_pays`` ("3:2", "6:5", "1:1"); an odd payout is rounded down to what the
    smallest chip can pay (docs/casino.md#when-a-natural-is-paid: bets in whole units "otherwise,
    paying a blackjack will be impossible")."""
    t = dealt(CLASSIC.replace(blackjack_pays=pays), [("Ah", "Jc")], up="6s", hole="6d",
              bets=[bet])
    assert settled(t.log, 1) == [won]
    assert t.bankroll(1) == STACK_VALUE + won
    assert t.phase is Phase.BETTING  # the only hand was paid; the dealer just reveals


# --- the peek ---------------------------------------------------------------------------------

def test_dealer_peeks_under_a_ten_and_a_blackjack_collects_every_bet_but_naturals(
        ) -> None:
    """docs/casino.md#the-dealers-check-for-blackjack: with a ten-valued up card the dealer peeks;
    "If you see an ace, reveal it, and collect all wagers (except for players who were dealt a
    blackjack, who push)"; "he immediately collects the bets of all players who do not have naturals
    (but no additional amount)". Seat 3's 11 never gets to double."""
    t = dealt("classic", [("10c", "9c"), ("Ad", "Qd"), ("5h", "6h")], up="Ks", hole="Ah")
    log = since_round_start(t)
    peeks = [e for e in log if e.kind is Kind.PEEKED]
    assert [e.note for e in peeks] == ["blackjack"]
    assert t.phase is Phase.BETTING  # "The hand is not played out further."
    assert Kind.INSURED not in kinds(log) and Kind.DOUBLED not in kinds(log)
    assert [settled(log, n) for n in (1, 2, 3)] == [[-10 * D], [0], [-10 * D]]
    assert [t.bankroll(n) for n in (1, 2, 3)] == [STACK_VALUE - 10 * D, STACK_VALUE,
                                                  STACK_VALUE - 10 * D]
    assert rack_delta(t.rack.counts) == [0, 0, 4, 0, 0, 0]


def test_peek_under_a_ten_without_blackjack_play_goes_on_hole_card_hidden() -> None:
    """docs/casino.md#the-dealers-check-for-blackjack: "Otherwise, initiate the play of the hand as
    normal"; the peek takes "care to prevent the players from gaining knowledge of the card"."""
    t = dealt("classic", [("10c", "9c")], up="Ks", hole="7h")
    assert [e.note for e in since_round_start(t) if e.kind is Kind.PEEKED] == ["no blackjack"]
    assert t.phase is Phase.PLAYERS and t.to_act == (1, 0)
    assert view(t, 1).dealer == (t.dealer.cards[0], None)


@pytest.mark.parametrize("up", ["2c", "5c", "9c"])
def test_no_peek_under_two_to_nine(up: str) -> None:
    """docs/casino.md#the-dealers-check-for-blackjack: "If the face-up card is not a ten-card or an
    ace, he does not look at the face-down card until it is the dealer's turn to play"."""
    t = dealt("classic", [("10c", "9c")], up=up, hole="10h")
    assert Kind.PEEKED not in kinds(since_round_start(t))
    assert t.phase is Phase.PLAYERS


def test_casino_party_dealer_checks_only_under_an_ace() -> None:
    """docs/casino-party.md#the-dealers-check: "If your up card is an ace, ask if anyone wants
    insurance ... check if you have blackjack". A ten up card is not checked before play; the
    dealer's ten and ace show at the dealer's turn as a 21 (docs/casino-party.md#settlement), and
    the player's natural was paid at once (docs/casino-party.md#naturals)."""
    t = dealt("casino-party", [("10c", "9c"), ("Ah", "Kh")], up="Qs", hole="As")
    assert Kind.PEEKED not in kinds(since_round_start(t))
    assert t.phase is Phase.PLAYERS
    t.stand(1)
    log = since_round_start(t)
    assert Kind.PEEKED not in kinds(log)
    assert [settled(log, n) for n in (1, 2)] == [[-10 * D], [15 * D]]


# --- insurance --------------------------------------------------------------------------------

def test_insurance_up_to_half_pays_2_to_1_when_the_dealer_has_blackjack() -> None:
    """docs/casino.md#insurance-and-even-money: a side bet "of up to half the original bet"; if the
    hole card is a ten-card "those players who have made the insurance bet win and are paid double
    the amount of their half-bet - a 2 to 1 payoff", and the main bets are collected.
    docs/dealing.md#the-insurance-procedure: "collect the original wagers before paying out the
    insurance wagers"."""
    t = dealt("classic", [("10c", "9c"), ("10d", "8d")], up="Ah", hole="Kc")
    assert t.phase is Phase.INSURANCE and t.to_act == (1, 0)
    assert Action.INSURE in t.legal_actions(1)
    t.insure(1, 5 * D)  # exactly half
    rec = t.insure(2, 2 * D)  # less than half
    log = rec.events
    assert [e.note for e in log if e.kind is Kind.PEEKED] == ["blackjack"]
    ks = kinds(log)
    last_main = max(i for i, k in enumerate(ks) if k is Kind.SETTLED)
    first_insurance = ks.index(Kind.INSURANCE_SETTLED)
    assert last_main < first_insurance
    assert [(e.seat, e.amount) for e in log if e.kind is Kind.INSURANCE_SETTLED] == [
        (2, 4 * D), (1, 10 * D)]
    assert t.bankroll(1) == STACK_VALUE  # lost $10, won $10 on $5 insurance
    assert t.bankroll(2) == STACK_VALUE - 10 * D + 4 * D
    # Mains: 4 red in. Seat 1's insurance: 2 red paid; seat 2's: 4 white paid.
    assert rack_delta(t.rack.counts) == [0, -4, 2, 0, 0, 0]


def test_insurance_is_collected_when_the_dealer_has_no_blackjack() -> None:
    """docs/casino.md#insurance-and-even-money: "If there is no dealer blackjack ... all insurance
    wagers are collected by the dealer, and play continues as normal with the first player to the
    left of the dealer"."""
    t = dealt("classic", [("10c", "Kc")], up="Ah", hole="9c")
    rec = t.insure(1, 5 * D)
    assert [(e.kind, e.amount) for e in rec.events if e.kind in (
        Kind.PEEKED, Kind.INSURANCE_SETTLED)] == [(Kind.PEEKED, 0), (Kind.INSURANCE_SETTLED,
                                                                     -5 * D)]
    assert t.phase is Phase.PLAYERS and t.to_act == (1, 0)
    t.stand(1)  # 20 against 20: a push
    assert t.bankroll(1) == STACK_VALUE - 5 * D
    assert rack_delta(t.rack.counts) == [0, 0, 1, 0, 0, 0]


def test_insurance_is_exactly_half_the_bet() -> None:
    """docs/casino-party.md#insurance: "they must place an insurance bet of half of their original
    bet"; "anyone who has taken insurance keeps all their chips" when the dealer has blackjack."""
    t = dealt("casino-party", [("10c", "9c")], up="Ah", hole="Kc", bets=[20 * D])
    with pytest.raises(InsuranceError, match=r"exactly half the bet: \$10"):
        t.insure(1, 5 * D)
    t.insure(1)  # half by default
    assert t.bankroll(1) == STACK_VALUE
    assert [e.amount for e in t.log if e.kind is Kind.INSURED] == [10 * D]


def test_insurance_is_offered_only_against_an_ace() -> None:
    """docs/casino.md#insurance-and-even-money: "If the upcard is an ace, you must offer insurance";
    under a ten there is none."""
    t = dealt("classic", [("10c", "9c")], up="Ks", hole="7h")
    assert Action.INSURE not in t.legal_actions(1)
    assert not t.can_insure(1, 5 * D)


# --- even money -------------------------------------------------------------------------------

@pytest.mark.parametrize("hole", ["Kc", "9c"])
def test_even_money_is_paid_at_once_before_the_peek(hole: str) -> None:
    """docs/casino.md#insurance-and-even-money: "If a player has a blackjack, instead of making an
    insurance wager, they may request that their blackjack be paid out immediately at even money.
    The even-money payout is paid immediately and the cards cleared away." Whatever the hole card, 1
    to 1."""
    t = dealt("classic", [("As", "Kd")], up="Ah", hole=hole)
    assert t.legal_actions(1) == (Action.INSURE, Action.EVEN_MONEY, Action.DECLINE)
    rec = t.even_money(1)
    ks = kinds(rec.events)
    assert ks[:2] == [Kind.EVEN_MONEY, Kind.SETTLED]
    assert ks.index(Kind.SETTLED) < ks.index(Kind.PEEKED)
    assert settled(rec.events, 1) == [10 * D]
    assert t.bankroll(1) == STACK_VALUE + 10 * D
    assert rack_delta(t.rack.counts) == [0, 0, -2, 0, 0, 0]


def test_a_blackjack_that_declines_even_money_pushes_a_dealer_blackjack() -> None:
    """docs/casino.md#insurance-and-even-money: "any players who also have a blackjack and did not
    request an even-money payout push"."""
    t = dealt("classic", [("As", "Kd")], up="Ah", hole="Qc")
    t.decline(1)
    assert settled(t.log, 1) == [0] and t.bankroll(1) == STACK_VALUE


def test_a_blackjack_that_declines_even_money_is_paid_3_to_2_after_the_peek() -> None:
    t = dealt("classic", [("As", "Kd")], up="Ah", hole="7c")
    rec = t.decline(1)
    ks = kinds(rec.events)
    assert ks.index(Kind.PEEKED) < ks.index(Kind.SETTLED)
    assert settled(rec.events, 1) == [15 * D]


def test_casino_party_pays_no_even_money() -> None:
    """docs/casino-party.md#insurance: the casino-party game has no even money: a blackjack against
    an ace may insure (and keep its chips) or wait for the peek."""
    t = dealt("casino-party", [("As", "Kd")], up="Ah", hole="Qc")
    assert Action.EVEN_MONEY not in t.legal_actions(1)
    with pytest.raises(InsuranceError, match="even money"):
        t.even_money(1)
    t.insure(1)
    assert settled(t.log, 1) == [0]  # the natural pushes the dealer's
    assert t.bankroll(1) == STACK_VALUE + 10 * D  # $5 insurance paid 2:1


# --- split naturals ---------------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["classic", "casino-party"])
def test_ace_and_ten_after_a_split_is_21_not_blackjack_and_pays_even(preset: str
                                                                             ) -> None:
    """docs/casino.md#splitting-pairs: "if a ten-card is dealt to one of these aces, the payoff is
    equal to the bet (not one and one-half to one)"; docs/casino-party.md#naturals: "if either of
    the split hands gets blackjack, pay even odds instead of 3-2"; "An ace-ten combination formed by
    a pair of split aces ... is not a blackjack". Nothing is paid at once: the 21 waits for the
    dealer's 17."""
    t = dealt(preset, [("As", "Ad")], up="7c", hole="10h", draws=["Kd", "9s"])
    rec = t.split(1)
    settle = [e for e in rec.events if e.kind is Kind.SETTLED]
    assert Kind.DEALER_STOOD in kinds(rec.events)
    assert sorted((e.hand, e.amount, e.note) for e in settle) == [(0, 10 * D, "win"),
                                                                  (1, 10 * D, "win")]
    assert t.bankroll(1) == STACK_VALUE + 20 * D
    assert rack_delta(t.rack.counts) == [0, 0, -4, 0, 0, 0]


def test_a_split_21_pushes_a_dealer_21() -> None:
    """A split ace and ten is only 21: against a dealer's three-card 21 it pushes."""
    t = dealt("classic", [("As", "Ad")], up="7c", hole="4h", draws=["Kd", "9s", "Qh"])
    t.split(1)
    assert sorted(settled(since_round_start(t), 1)) == [-10 * D, 0]  # 20 loses, 21 pushes
    assert players_value(t) == STACK_VALUE - 10 * D


# --- no hole card -----------------------------------------------------------------------------

def test_issue2_european_dealer_blackjack_takes_doubles_and_splits_a_natural_pushes() -> None:
    """Issue 2 ``peek = false`` (European, no hole card): the dealer's second card comes after
    the players, so a dealer blackjack then takes every bet on the table, doubled and split
    ones included; a player's natural against a ten waits for it, and pushes."""
    t = dealt("european", [("5c", "5d"), ("8c", "8d"), ("Ah", "Qh")], up="Ks",
              draws=["2h", "3h", "4h", "As"])
    assert settled(t.log, 3) == []
    t.double(1)                   # 5 5 2
    t.split(2)                    # 8 3
    t.stand(2)
    t.stand(2)                    # 8 4
    log = since_round_start(t)
    assert [e.note for e in log if e.kind is Kind.PEEKED] == ["blackjack"]
    assert settled(log, 1) == [-20 * D]
    assert sorted(settled(log, 2)) == [-10 * D, -10 * D]
    assert settled(log, 3) == [0]
    assert [t.bankroll(n) for n in (1, 2, 3)] == [STACK_VALUE - 20 * D, STACK_VALUE - 20 * D,
                                                  STACK_VALUE]


def test_issue2_european_natural_is_paid_at_once_against_two_to_nine() -> None:
    t = dealt("european", [("Ah", "Qh")], up="9s")
    assert settled(t.log, 1) == [15 * D]
    assert len(t.dealer.cards) == 1  # no second card: nobody is left to play against
