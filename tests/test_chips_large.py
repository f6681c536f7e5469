"""Large amounts and failed exchanges (issue 22, docs/dealing.md#colouring-up,
docs/dealing.md#making-change): making change and colouring up cost work in proportion to the
number of chip colours, never to the amount or the chips held; every buy-in is bounded where it
enters; and an exchange that is refused moves no chip."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twentyone.engine.chips import ChipSet, Rack
from twentyone.engine.table import MAX_BUY_IN, Table
from twentyone.errors import ChipError
from twentyone.rules import PRESETS, STANDARD_CHIPS

STANDARD = ChipSet.of(STANDARD_CHIPS)
#: A rules file's set whose values do not divide one another: greedy is not always right.
ODD = ChipSet.of((("blue", 100), ("pink", 300), ("gold", 400)))


class Budget(Sequence[int]):
    """Chips available, counted by colour, that fail the test after ``reads`` looks: the work of
    a search that grows with the amount shows up at once, not after minutes."""

    def __init__(self, counts: Sequence[int], reads: int) -> None:
        self.counts = list(counts)
        self.left = reads

    def __getitem__(self, i: int) -> int:  # type: ignore[override]
        self.left -= 1
        assert self.left >= 0, "the search looked at the chips more often than there are colours"
        return self.counts[i]

    def __len__(self) -> int:
        return len(self.counts)


@given(amount=st.integers(0, 10**11).map(lambda n: n - n % 50),
       held=st.lists(st.integers(0, 10**6), min_size=6, max_size=6))
def test_change_from_a_rack_looks_at_each_colour_a_few_times(amount: int,
                                                             held: list[int]) -> None:
    """The standard set: each value divides the next, so the answer needs one pass over the
    colours whatever the amount (a $1,000,000 colour-up once searched for 84 s)."""
    chips = STANDARD.fewest(amount, Budget(held, reads=2 * len(held)))
    if chips is not None:
        assert STANDARD.value(chips) == amount
        assert all(0 <= n <= h for n, h in zip(chips, held, strict=True))


def _brute_fewest(chipset: ChipSet, amount: int, held: Sequence[int]) -> int | None:
    best: int | None = None
    for counts in product(*(range(min(h, amount // v) + 1)
                            for v, h in zip(chipset.values, held, strict=True))):
        if chipset.value(counts) == amount and (best is None or sum(counts) < best):
            best = sum(counts)
    return best


@settings(max_examples=300)
@given(amount=st.integers(0, 40).map(lambda n: n * 100),
       held=st.lists(st.integers(0, 12), min_size=3, max_size=3))
def test_an_odd_set_is_still_paid_in_the_fewest_chips_it_holds(amount: int,
                                                              held: list[int]) -> None:
    """Where greedy fails ($6 in 1/3/4 chips is two 3s, not 4+1+1) the bounded search finds the
    true fewest chips, or says none exist."""
    chips = ODD.fewest(amount, held)
    best = _brute_fewest(ODD, amount, held)
    if best is None:
        assert chips is None
    else:
        assert chips is not None and ODD.value(chips) == amount and sum(chips) == best
        assert all(n <= h for n, h in zip(chips, held, strict=True))


def test_an_odd_set_pays_a_fortune_in_its_largest_chip() -> None:
    chips = ODD.fewest(10**11 + 600)
    assert chips is not None and ODD.value(chips) == 10**11 + 600
    assert chips[0] + chips[1] <= 6


@pytest.mark.parametrize("buy_in", [MAX_BUY_IN, MAX_BUY_IN - 50, 12_345_650])
def test_the_largest_buy_in_colours_up_and_leaves_with_every_chip(buy_in: int) -> None:
    """``--bankroll 1000000`` at the terminal hung 109 s on leaving (a colour-up)."""
    t = Table(PRESETS["six-deck-s17"], seed=1)
    t.sit(1, buy_in)
    total = t.chips_total()
    t.colour_up(1)
    assert t.seats[1].chips == STANDARD.fewest(buy_in)
    assert t.bankroll(1) == buy_in and t.chips_total() == total
    t.change(1, "purple")
    t.colour_up(1)
    assert t.chips_total() == total
    assert t.leave(1).events[-1].amount == buy_in


def test_a_buy_in_over_the_most_moves_nothing() -> None:
    """$1e9 once ended in MemoryError after the rack had taken the chips in, making $1e11."""
    t = Table(PRESETS["six-deck-s17"], seed=1)
    t.sit(1, 100_00)
    total, log = t.chips_total(), len(t.log)
    for bankroll in (MAX_BUY_IN + 50, 10**11, {"purple": 2_000_000}):
        with pytest.raises(ChipError, match="at most"):
            t.sit(2, bankroll)
    assert t.chips_total() == total and len(t.log) == log and 2 not in t.seats


@given(chips_in=st.lists(st.integers(0, 300), min_size=6, max_size=6),
       out=st.lists(st.integers(0, 300), min_size=6, max_size=6))
def test_a_refused_exchange_moves_no_chip(chips_in: list[int], out: list[int]) -> None:
    """Change that is not worth the chips handed in is refused before the rack takes them."""
    rack = Rack.standard_rack(STANDARD)
    before = (list(rack.counts), rack.fills, rack.credits)
    if STANDARD.value(out) == STANDARD.value(chips_in):
        return
    with pytest.raises(ChipError, match="must be worth"):
        rack.exchange(chips_in, out)
    assert (rack.counts, rack.fills, rack.credits) == before


@given(chips_in=st.lists(st.integers(0, 10**6), min_size=6, max_size=6),
       rack_counts=st.lists(st.integers(0, 400), min_size=6, max_size=6))
def test_colouring_up_any_pile_keeps_the_rack_honest(chips_in: list[int],
                                                     rack_counts: list[int]) -> None:
    """Whatever the pile and the rack, the chips given are the fewest of the same value and the
    rack's value moves only by the fill and the credit."""
    rack = Rack(STANDARD, list(rack_counts), capacity=300, standard=100)
    held = rack.held
    given_, _, _ = rack.exchange(chips_in)
    assert given_ == STANDARD.fewest(STANDARD.value(chips_in))
    assert rack.held == held and min(rack.counts) >= 0
