"""The dealer and settlement (issue 2 "Dealer"): draws to 16 and stands on 17, hits soft 17 when
``hit_soft_17``; a dealer bust pays every hand still standing; pushes return the bet; settlement
runs right to left (docs/dealing.md#settling-right-to-left). Then one stacked-shoe scenario per
payout path, each checked to the cent against the players' stacks and the dealer's rack."""

from __future__ import annotations

import pytest
from engine_kit import (
    RACK_START,
    RACK_VALUE,
    STACK,
    STACK_VALUE,
    D,
    dealt,
    kinds,
    players_value,
    settled,
    since_round_start,
    stacked,
)

from twentyone.engine.events import Kind
from twentyone.engine.table import Table
from twentyone.protocol import HOUSE
from twentyone.rules import PRESETS

CLASSIC = PRESETS["classic"]


def rack_delta(t: Table) -> list[int]:
    return [n - s for n, s in zip(t.rack.counts, RACK_START, strict=True)]


def dealer_codes(t: Table) -> list[str]:
    return [c.code for c in t.dealer.cards]


# --- the dealer's play ------------------------------------------------------------------------

@pytest.mark.parametrize(("up", "hole", "draws", "cards", "total"), [
    ("10c", "6c", ["2d", "9d"], ["10c", "6c", "2d"], 18),        # 16 draws
    ("10c", "7c", ["2d"], ["10c", "7c"], 17),                    # hard 17 stands
    ("2c", "3c", ["4d", "5d", "3h", "Kd"], ["2c", "3c", "4d", "5d", "3h"], 17),
    ("5c", "2c", ["Ad", "9d"], ["5c", "2c", "Ad"], 18),         # ace counted 11: soft 18
    ("6c", "Ac", ["4d"], ["6c", "Ac"], 17),                      # soft 17 stands (S17)
    ("9c", "7c", ["Kd"], ["9c", "7c", "Kd"], 26),                # bust
])
def test_dealer_draws_to_16_and_stands_on_17(up: str, hole: str, draws: list[str],
                                                 cards: list[str], total: int) -> None:
    """docs/casino.md#the-dealers-play: "If the total is 17 or more, he must stand. If the total is
    16 or under, he must take a card ... If the dealer has an ace, and counting it as 11 would bring
    his total to 17 or more (but not over 21), he must count the ace as 11 and stand"."""
    t = dealt("classic", [("10h", "9h")], up=up, hole=hole, draws=draws)
    t.stand(1)
    assert dealer_codes(t) == cards
    ends = [e for e in since_round_start(t) if e.kind in (Kind.DEALER_STOOD,
                                                           Kind.DEALER_BUSTED)]
    assert [e.amount for e in ends] == [total]


def test_issue2_dealer_hits_soft_17_when_hit_soft_17() -> None:
    """Issue 2 ``hit_soft_17``: H17 tables draw to a soft 17 (single-deck preset: H17)."""
    t = dealt("single-deck", [("10h", "9h")], up="6c", hole="Ac", draws=["4d"])
    t.stand(1)
    assert dealer_codes(t) == ["6c", "Ac", "4d"]  # soft 17 hit: 21
    hard = dealt(CLASSIC.replace(hit_soft_17=True), [("10h", "9h")], up="10c", hole="7c",
                 draws=["4d"])
    hard.stand(1)
    assert dealer_codes(hard) == ["10c", "7c"]  # a hard 17 still stands


def test_dealer_bust_pays_every_hand_still_standing() -> None:
    """docs/casino.md#settlement: "If the dealer goes over 21, he pays each player who has stood the
    amount of that player's bet"; docs/casino-party.md#settlement: "pay all players who have 21 or
    less at even odds"."""
    t = dealt("classic", [("10c", "2c"), ("10h", "6h"), ("Kc", "Qc")], up="6s", hole="10s",
              draws=["Kd", "9d"])
    t.stand(1)      # 12 stands
    t.hit(2)        # 26: bust, collected
    t.stand(3)      # 20; the dealer's 16 draws the nine
    log = since_round_start(t)
    assert Kind.DEALER_BUSTED in kinds(log)
    assert [settled(log, n) for n in (1, 2, 3)] == [[10 * D], [-10 * D], [10 * D]]
    assert [t.bankroll(n) for n in (1, 2, 3)] == [STACK_VALUE + 10 * D, STACK_VALUE - 10 * D,
                                                  STACK_VALUE + 10 * D]
    assert rack_delta(t) == [0, 0, -2, 0, 0, 0]


def test_a_push_returns_the_bet_and_higher_totals_win() -> None:
    """docs/casino.md#settlement: "If the dealer stands at 21 or less, he pays the bet of any player
    having a higher total ... and collects the bet of any player having a lower total. If there is a
    stand-off ... no chips are paid out or collected"."""
    t = dealt("classic", [("10c", "8c"), ("10h", "9h"), ("10d", "7d")], up="10s", hole="8s")
    for n in (1, 2, 3):
        t.stand(n)
    log = since_round_start(t)
    assert [(e.seat, e.amount, e.note) for e in log if e.kind is Kind.SETTLED] == [
        (3, -10 * D, "lose"), (2, 10 * D, "win"), (1, 0, "push")]
    assert [t.bankroll(n) for n in (1, 2, 3)] == [STACK_VALUE, STACK_VALUE + 10 * D,
                                                  STACK_VALUE - 10 * D]
    assert rack_delta(t) == [0, 0, 0, 0, 0, 0]  # two reds paid, two reds collected


def test_settlement_runs_right_to_left_skipping_hands_already_settled() -> None:
    """docs/dealing.md#settling-right-to-left: "Bets are settled from right to left, which is
    opposite of the usual flow of the game ... you will skip over the vacant positions and those
    that have already been settled, either because the player busted or because they got a
    blackjack." Seats 1, 3, 5 and 7 stand, seat 2 busts, seat 6 has a blackjack, seat 4 is
    vacant."""
    seats = [1, 2, 3, 5, 6, 7]
    hands = {1: ("10c", "8c"), 2: ("10h", "6h"), 3: ("10d", "9d"), 5: ("9c", "9s"),
             6: ("Ah", "Kh"), 7: ("10s", "7s")}
    first = [hands[n][0] for n in seats]
    second = [hands[n][1] for n in seats]
    t = stacked("classic", [*first, "6d", *second, "Qd", "Kd", "2c"])
    for n in seats:
        t.sit(n, STACK)
        t.bet(n, 10 * D)
    t.deal()
    t.stand(1)
    t.hit(2)  # 26
    for n in (3, 5, 7):
        t.stand(n)  # seat 6's natural was paid on its turn; the dealer's 16 draws 2: 18
    log = since_round_start(t)
    end_of_play = kinds(log).index(Kind.DEALER_STOOD)
    order = [e.seat for e in log[end_of_play:] if e.kind is Kind.SETTLED]
    assert order == [7, 5, 3, 1]
    assert [e.seat for e in log[:end_of_play] if e.kind is Kind.SETTLED] == [2, 6]
    # 18 pushes 18, 26 bust, 19 wins, 18 pushes, the natural's 3:2, 17 loses.
    assert [settled(log, n) for n in seats] == [[0], [-10 * D], [10 * D], [0], [15 * D],
                                                [-10 * D]]


# --- every payout path, to the cent -------------------------------------------------------------
# Each player sits with the kit's STACK ($300: 10 yellow, 20 white, 20 red, 7 green) and bets
# $10 (two reds); the rack starts with 100 chips of each colour.

def conserved(t: Table, seats: int) -> None:
    assert players_value(t) + t.rack.held == seats * STACK_VALUE + RACK_VALUE
    assert t.chips_total() == seats * STACK_VALUE + RACK_VALUE


def test_payout_natural() -> None:
    """docs/casino.md#when-a-natural-is-paid: a natural against a dealer without one is paid one and
    a half times the bet."""
    t = dealt("classic", [("As", "Kd")], up="7c", hole="10h")
    assert t.bankroll(1) == STACK_VALUE + 15 * D
    assert rack_delta(t) == [0, 0, -3, 0, 0, 0]
    conserved(t, 1)


def test_payout_insurance_won_and_lost() -> None:
    """docs/casino.md#insurance-and-even-money: insurance pays 2 to 1 on a dealer blackjack and is
    collected otherwise."""
    won = dealt("classic", [("10c", "9c")], up="Ah", hole="Kc")
    won.insure(1, 5 * D)
    assert won.bankroll(1) == STACK_VALUE  # -$10 main, +$10 insurance
    assert rack_delta(won) == [0, 0, 0, 0, 0, 0]  # 2 red in, 2 red out
    conserved(won, 1)
    lost = dealt("classic", [("10c", "9c")], up="Ah", hole="8c")
    lost.insure(1, 5 * D)
    lost.stand(1)  # 19 against the dealer's 19: a push
    assert lost.bankroll(1) == STACK_VALUE - 5 * D
    assert rack_delta(lost) == [0, 0, 1, 0, 0, 0]
    conserved(lost, 1)


def test_payout_even_money() -> None:
    """docs/casino.md#insurance-and-even-money: a blackjack against an ace paid even money at
    once."""
    t = dealt("classic", [("As", "Kd")], up="Ah", hole="Kc")
    t.even_money(1)
    assert t.bankroll(1) == STACK_VALUE + 10 * D
    assert rack_delta(t) == [0, 0, -2, 0, 0, 0]
    conserved(t, 1)


def test_payout_split_aces() -> None:
    """docs/casino.md#split-aces: split aces, one card each; a ten on an ace pays even money."""
    t = dealt("classic", [("As", "Ad")], up="7c", hole="10h", draws=["Kd", "9s"])
    t.split(1)
    assert t.bankroll(1) == STACK_VALUE + 20 * D
    assert rack_delta(t) == [0, 0, -4, 0, 0, 0]
    assert t.seats[1].wagered == 20 * D
    conserved(t, 1)


def test_payout_double() -> None:
    """docs/casino.md#settlement: a double wins twice the original bet."""
    t = dealt("classic", [("6c", "5c")], up="10s", hole="7s", draws=["Kd"])
    t.double(1)
    assert t.bankroll(1) == STACK_VALUE + 20 * D
    assert rack_delta(t) == [0, 0, -4, 0, 0, 0]
    conserved(t, 1)


def test_payout_double_lost() -> None:
    t = dealt("classic", [("6c", "4c")], up="10s", hole="9s", draws=["5d"])
    t.double(1)  # 15 against 19
    assert t.bankroll(1) == STACK_VALUE - 20 * D
    assert rack_delta(t) == [0, 0, 4, 0, 0, 0]
    conserved(t, 1)


def test_payout_surrender() -> None:
    """Late surrender: half the bet back, half to the rack."""
    t = dealt(PRESETS["six-deck-s17"].replace(surrender="late"), [("10c", "6c")], up="Ks",
              hole="7h")
    t.surrender(1)
    assert t.bankroll(1) == STACK_VALUE - 5 * D
    assert rack_delta(t) == [0, 0, 1, 0, 0, 0]
    conserved(t, 1)


def test_payout_dealer_blackjack() -> None:
    """docs/casino.md#settlement: a dealer natural collects every bet but a natural's, which stands
    off."""
    t = dealt("classic", [("10c", "9c"), ("Ad", "Qd"), ("5h", "6h")], up="Ks", hole="Ah")
    assert [t.bankroll(n) for n in (1, 2, 3)] == [STACK_VALUE - 10 * D, STACK_VALUE,
                                                  STACK_VALUE - 10 * D]
    assert rack_delta(t) == [0, 0, 4, 0, 0, 0]
    conserved(t, 3)


def test_payout_dealer_bust() -> None:
    t = dealt("classic", [("10c", "2c"), ("Kc", "Qc")], up="6s", hole="10s", draws=["9d"])
    t.stand(1)
    t.stand(2)
    assert [t.bankroll(n) for n in (1, 2)] == [STACK_VALUE + 10 * D, STACK_VALUE + 10 * D]
    assert rack_delta(t) == [0, 0, -4, 0, 0, 0]
    conserved(t, 2)


def test_payout_push() -> None:
    t = dealt("classic", [("10c", "8c")], up="10s", hole="8s")
    rec = t.stand(1)
    assert settled(rec.events, 1) == [0]
    assert t.bankroll(1) == STACK_VALUE
    assert t.rack.counts == RACK_START
    conserved(t, 1)


def test_payout_bust() -> None:
    t = dealt("classic", [("10c", "6c")], up="6s", hole="10s", draws=["Kd"])
    t.hit(1)
    assert t.bankroll(1) == STACK_VALUE - 10 * D
    assert rack_delta(t) == [0, 0, 2, 0, 0, 0]
    assert [e for e in since_round_start(t) if e.kind is Kind.DEALT and e.seat == HOUSE
            and e.card is not None and e.card.code == "Kd"] == []
    conserved(t, 1)
