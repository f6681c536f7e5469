"""Making change on request, called as dealers call it (docs/dealing.md#making-change): "State
'cheque change: one hundred' ... to allow the player to correct you"."""

from __future__ import annotations

import pytest
from engine_kit import stacked

from twentyone.engine.calls import cheque_change, spoken
from twentyone.engine.events import Kind
from twentyone.errors import ChipError


@pytest.mark.parametrize(("cents", "words"), [
    (10000, "one hundred"), (2500, "twenty-five"), (500, "five"), (100, "one"),
    (50, "fifty cents"), (750, "seven fifty"), (250000, "two thousand five hundred"),
    (50000, "five hundred"), (1001, "ten and one cent"), (0, "zero cents"),
])
def test_amounts_are_spoken(cents: int, words: str) -> None:
    assert spoken(cents) == words


def test_change_a_hundred_at_the_table_is_called_cheque_change() -> None:
    """A player asks "change a $100": the black chip is named by its value and broken into the
    next colour down, and the call is "cheque change: one hundred"."""
    t = stacked("classic", [])
    t.sit(1, {"black": 1})
    colour = t.chipset.colour_of(10000)
    assert colour == "black"
    rec = t.change(1, colour)
    change = [e for e in rec.events if e.kind is Kind.CHANGE]
    assert len(change) == 1 and change[0].amount == 10000
    assert cheque_change(change[0].amount) == "cheque change: one hundred"
    assert t.seats[1].chips == t.chipset.counts({"green": 4})
    with pytest.raises(ChipError, match="no chip is worth 3 dollars"):
        t.chipset.colour_of(300)
