"""The cashier (docs/casino.md, chips): every chip that moves at the table moves through one
object, which logs each movement as it happens — change, fills and credits included."""

from __future__ import annotations

import pytest

from twentyone.engine.cashier import Cashier
from twentyone.engine.chips import ChipSet, Rack
from twentyone.engine.events import Event, Kind
from twentyone.rules import STANDARD_CHIPS, PayoutStyle

CHIPS = ChipSet.of(STANDARD_CHIPS)  # yellow 50¢, white $1, red $5, green $25, black, purple


def cashier(per_colour: int = 100) -> Cashier:
    return Cashier(CHIPS, Rack.standard_rack(CHIPS, per_colour), [], min_bet=500)


def test_a_bet_without_exact_chips_breaks_one_chip_and_logs_the_change() -> None:
    c = cashier()
    stack = [0, 0, 0, 1, 0, 0]  # one green
    taken = c.take(3, stack, 500)
    assert CHIPS.value(taken) == 500 and CHIPS.value(stack) == 2000
    assert [e.kind for e in c.log] == [Kind.CHANGE]
    change = c.log[0]
    assert change.seat == 3 and change.amount == 2500 and change.chips2 == (0, 0, 5, 0, 0, 0)


def test_a_payout_the_rack_cannot_make_calls_a_fill_first() -> None:
    c = cashier(per_colour=0)
    paid = c.pay(1500)
    assert CHIPS.value(paid) == 1500
    assert [e.kind for e in c.log] == [Kind.FILL]
    assert c.rack.fills == c.log[0].amount


def test_a_colour_running_over_the_rack_sends_a_credit() -> None:
    c = cashier(per_colour=10)
    c.collect([0, 0, 25, 0, 0, 0])  # 35 reds against a capacity of 30
    assert [e.kind for e in c.log] == [Kind.CREDIT]
    assert c.rack.counts[2] == 10 and c.rack.credits == 25 * 500


def test_colouring_up_gives_the_fewest_chips_of_the_same_value() -> None:
    c = cashier()
    stack = [2, 5, 5, 0, 0, 0]
    c.colour_up(1, stack)
    assert stack == [0, 1, 1, 1, 0, 0]  # $31: a green, a red and a white
    assert c.log == [Event(Kind.COLOURED_UP, 1, amount=3100, chips=(2, 5, 5, 0, 0, 0),
                           chips2=(0, 1, 1, 1, 0, 0))]


def test_the_buy_in_gives_usable_colours_from_the_table_minimum_up() -> None:
    c = cashier()
    chips = c.buy_in(1000_00)
    assert CHIPS.value(chips) == 1000_00 and chips[:2] == [0, 0] and chips[2] == 20


def test_change_breaks_one_chip_of_the_next_colour_up_not_a_whole_stack() -> None:
    """The issue's insurance of $12.50 from 4 black, 19 green and 20 red: the dealer breaks one
    red into whites and one white into yellows, and every other chip stays where it was."""
    c = cashier()
    stack = [0, 0, 20, 19, 4, 0]
    taken = c.take(3, stack, 1250)
    assert CHIPS.value(taken) == 1250
    assert stack == [1, 2, 17, 19, 4, 0]
    changes = [e for e in c.log if e.kind is Kind.CHANGE]
    assert [e.amount for e in changes] == [500, 100]


def test_change_breaks_the_one_chip_that_makes_it_when_a_smaller_one_cannot() -> None:
    """$10 from one red and one green: breaking the red into whites leaves $5 in small chips,
    too little, so the green is the chip to break (once)."""
    c = cashier()
    stack = [0, 0, 1, 1, 0, 0]
    taken = c.take(1, stack, 1000)
    assert CHIPS.value(taken) == 1000 and CHIPS.value(stack) == 2000
    assert [e.amount for e in c.log if e.kind is Kind.CHANGE] == [2500]


# --- payout styles (docs/dealing.md#paying-a-bet) --------------------------------------------

def styled(style: str, per_colour: int = 100) -> Cashier:
    return Cashier(CHIPS, Rack.standard_rack(CHIPS, per_colour), [], min_bet=500,
                   style=PayoutStyle(style))


@pytest.mark.parametrize(("amount", "wager", "fewest", "sized", "method"), [
    # docs/dealing.md#paying-a-bet: a one-colour bet is paid in its colour; a mixed $27 bet is
    # sized in its own colours; ten whites are paid ten whites, not two greens.
    (1500, [0, 0, 3, 0, 0, 0], [0, 0, 3, 0, 0, 0], [0, 0, 3, 0, 0, 0], "sized"),
    (2700, [0, 2, 0, 1, 0, 0], [0, 2, 0, 1, 0, 0], [0, 2, 0, 1, 0, 0], "sized"),
    (2000, [0, 0, 4, 0, 0, 0], [0, 0, 4, 0, 0, 0], [0, 0, 4, 0, 0, 0], "sized"),
    (1000, [0, 10, 0, 0, 0, 0], [0, 0, 2, 0, 0, 0], [0, 10, 0, 0, 0, 0], "sized"),
    # insurance at 2 to 1 on $5 of white: sized twice
    (1000, [0, 5, 0, 0, 0, 0], [0, 0, 2, 0, 0, 0], [0, 10, 0, 0, 0, 0], "sized twice"),
    # docs/dealing.md#paying-a-blackjack: an even stack of one colour is bridged
    (1500, [0, 0, 2, 0, 0, 0], [0, 0, 3, 0, 0, 0], [0, 0, 3, 0, 0, 0], "bridged"),
    (3000, [0, 20, 0, 0, 0, 0], [0, 0, 1, 1, 0, 0], [0, 30, 0, 0, 0, 0], "bridged"),
    # one red at 3 to 2 is heeled: $7.50 in the fewest chips, one red, two white, one yellow
    (750, [0, 0, 1, 0, 0, 0], [1, 2, 1, 0, 0, 0], [1, 2, 1, 0, 0, 0], "heeled"),
])
def test_each_style_pays_the_same_amount_in_its_own_chips(
        amount: int, wager: list[int], fewest: list[int], sized: list[int],
        method: str) -> None:
    for style, want, how in (("fewest", fewest, "fewest"),
                             ("colour-for-colour", sized, method)):
        c = styled(style)
        before = c.rack.value
        paid = c.pay_for(amount, wager)
        assert paid == want, style
        assert CHIPS.value(paid) == amount
        assert c.rack.value == before - amount and c.last_method == how


def test_a_sized_payout_the_rack_cannot_make_calls_a_fill() -> None:
    c = styled("colour-for-colour", per_colour=5)
    paid = c.pay_for(1000, [0, 10, 0, 0, 0, 0])
    assert paid == [0, 10, 0, 0, 0, 0]
    assert [e.kind for e in c.log] == [Kind.FILL]
    assert c.rack.fills == c.log[0].amount and c.rack.counts[1] >= 0
