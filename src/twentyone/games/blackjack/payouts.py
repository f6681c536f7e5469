"""What a dealer may pay a winning bet with (docs/dealing.md#paying-a-bet): the exact amount in
the fewest chips, or colour for colour (the bet's own colours scaled by the odds). The payout
trainer grades by it (``train.chips``), and so does the dealing host at a room
(``blackjack.dealer``), so the lesson and the table accept the same answers."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from twentyone.engine.chips import ChipSet, Counts
from twentyone.money import Cents


def colour_for_colour(bet: Sequence[int], odds: Fraction) -> Counts | None:
    """The bet's own colours scaled by the odds, if every colour scales to whole chips."""
    out = []
    for n in bet:
        scaled = n * odds
        if scaled.denominator != 1:
            return None
        out.append(int(scaled))
    return out


def accepted_payouts(chipset: ChipSet, bet: Sequence[int], odds: Fraction,
                     amount: Cents) -> list[Counts]:
    """Every chip answer the payout grader accepts (see the module docstring), fewest first."""
    out: list[Counts] = []
    fewest = chipset.fewest(amount)
    if fewest is not None:
        out.append(fewest)
    cfc = colour_for_colour(bet, odds)
    if cfc is not None and chipset.value(cfc) == amount and cfc not in out:
        out.append(cfc)
    return out
