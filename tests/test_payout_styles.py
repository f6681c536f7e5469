"""The table pays in the style its rules choose (docs/casino.md#payout_style): the same amounts
either way, in the fewest chips or colour for colour (docs/dealing.md#paying-a-bet), a blackjack
bridged or heeled (docs/dealing.md#paying-a-blackjack), insurance sized twice."""

from __future__ import annotations

import pytest
from engine_kit import STACK_VALUE, D, dealt

from twentyone.engine.events import Kind
from twentyone.rules import PRESETS

CLASSIC = PRESETS["classic"]


def payouts(t: object) -> list[tuple[int, tuple[int, ...]]]:
    log = t.log  # type: ignore[attr-defined]
    return [(e.amount, e.chips) for e in log
            if e.kind in (Kind.SETTLED, Kind.INSURANCE_SETTLED) and e.amount > 0]


@pytest.mark.parametrize(("style", "won", "blackjack"), [
    ("fewest", (0, 0, 0, 1, 0, 0), (0, 0, 3, 0, 0, 0)),
    ("colour-for-colour", (0, 0, 5, 0, 0, 0), (0, 0, 3, 0, 0, 0)),
])
def test_a_win_and_a_blackjack_in_each_style(style: str, won: tuple[int, ...],
                                             blackjack: tuple[int, ...]) -> None:
    """$25 in five reds wins $25: one green in the fewest chips, five reds colour for colour;
    $10 in two reds at 3 to 2 is three reds either way (bridged)."""
    rules = CLASSIC.replace(payout_style=style)
    t = dealt(rules, [("10c", "9c"), ("As", "Kd")], up="7c", hole="10h",
              bets=[25 * D, 10 * D], chips={"red": 40})
    t.stand(1)
    assert payouts(t) == [(15 * D, blackjack), (25 * D, won)]
    assert t.bankroll(1) == 40 * 5 * D + 25 * D and t.bankroll(2) == 40 * 5 * D + 15 * D
    assert t.cashier.last_method == ("fewest" if style == "fewest" else "sized")


def test_a_blackjack_on_a_mixed_bet_is_heeled_in_the_fewest_chips() -> None:
    """docs/dealing.md#paying-a-blackjack: "one red chip, or $5 ... $7.50, one red, two white,
    and one yellow chip"."""
    t = dealt(CLASSIC.replace(payout_style="colour-for-colour"), [("As", "Kd")], up="7c",
              hole="10h", bets=[5 * D], chips={"red": 10})
    assert payouts(t) == [(750, (1, 2, 1, 0, 0, 0))]
    assert t.cashier.last_method == "heeled"
    assert t.bankroll(1) == 50 * D + 750


def test_insurance_is_sized_twice_colour_for_colour() -> None:
    """docs/dealing.md#the-insurance-procedure: insurance pays 2 to 1, "size into the chip
    stack twice": $5 in five whites wins ten whites."""
    t = dealt(CLASSIC.replace(payout_style="colour-for-colour"), [("10c", "9c")], up="As",
              hole="Kd", bets=[10 * D], chips={"white": 40})
    t.insure(1)
    assert payouts(t) == [(10 * D, (0, 10, 0, 0, 0, 0))]
    assert t.bankroll(1) == STACK_VALUE - 300 * D + 40 * D
