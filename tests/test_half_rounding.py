"""Half a bet at a table whose smallest chip is not 50¢ (docs/casino.md#surrendering: "half your
bet back (rounded down to the smallest chip)"; docs/casino.md#insurance-and-even-money: "If you
just say 'insure', you insure half, rounded down to the smallest chip"). Rounding up would pay a
surrender more than half the bet and take more insurance than half; the house keeps the odd part.
"""

from __future__ import annotations

from dataclasses import replace

from engine_kit import D, dealt
from hypothesis import given
from hypothesis import strategies as st

from twentyone.engine.cashier import Cashier
from twentyone.engine.chips import ChipSet, Rack
from twentyone.engine.events import Kind
from twentyone.engine.table import Phase
from twentyone.rules import PRESETS, Insurance, Surrender

#: No yellow: the smallest chip is a $1 white.
DOLLAR_CHIPS = (("white", 100), ("red", 500), ("green", 2500), ("black", 10000))
DOLLAR_TABLE = replace(PRESETS["six-deck-s17"], chips=DOLLAR_CHIPS, payout_rounding=100,
                       min_bet=100, surrender=Surrender.LATE)
STACK = {"white": 20, "red": 20, "green": 4}


@given(smallest=st.sampled_from([25, 100, 500, 2500]), units=st.integers(0, 10**6))
def test_the_cashier_halves_down_to_the_smallest_chip(smallest: int, units: int) -> None:
    chipset = ChipSet.of((("low", smallest), ("high", smallest * 20)))
    cashier = Cashier(chipset, Rack.standard_rack(chipset), [], min_bet=smallest)
    amount = units * smallest
    half = cashier.half(amount)
    assert half % smallest == 0
    assert 2 * half <= amount < 2 * (half + smallest)


def test_a_surrendered_5_dollar_bet_returns_2_dollars_at_a_table_without_50_cent_chips() -> None:
    t = dealt(DOLLAR_TABLE, [("10c", "6d")], up="9s", hole="8h", bets=[5 * D], chips=STACK)
    before = t.bankroll(1)
    total = t.chips_total()
    t.surrender(1)
    settled = [e for e in t.log if e.kind is Kind.SETTLED]
    assert [e.amount for e in settled] == [-3 * D]  # $2 back, the house keeps $3
    assert t.bankroll(1) == before + 2 * D
    assert t.chips_total() == total


def test_insuring_half_of_5_dollars_is_2_dollars_without_50_cent_chips() -> None:
    t = dealt(DOLLAR_TABLE, [("10c", "6d")], up="Ah", hole="8h", bets=[5 * D], chips=STACK)
    before = t.bankroll(1)
    t.insure(1)
    insured = [e for e in t.log if e.kind is Kind.INSURED]
    assert [e.amount for e in insured] == [2 * D]
    assert t.bankroll(1) == before - 2 * D  # lost: the dealer holds no ten


def test_exactly_half_insurance_is_not_offered_on_a_bet_with_no_whole_chip_half() -> None:
    """docs/casino.md#insurance-and-even-money: at an exactly-half table a $5 bet has no half
    in $1 chips, so the offer passes seat 2 by; seat 1's $6 bet insures for exactly $3."""
    r = replace(DOLLAR_TABLE, insurance=Insurance.EXACTLY_HALF)
    t = dealt(r, [("10c", "6d"), ("9c", "7d")], up="Ah", hole="8h", bets=[6 * D, 5 * D],
              chips=STACK)
    assert t.phase is Phase.INSURANCE and t.to_act == (1, 0)
    t.insure(1)
    assert [e.amount for e in t.log if e.kind is Kind.INSURED] == [3 * D]
    assert t.phase is not Phase.INSURANCE  # seat 2 was never asked
    assert not any(e.kind is Kind.INSURED and e.seat == 2 for e in t.log)
