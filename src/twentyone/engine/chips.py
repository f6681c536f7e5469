"""Chips: denominations with colours, stacks of them, and the dealer's rack.

A bankroll, a bet and the rack are all chip counts, so the table can do what a dealer does
(docs/dealing.md#paying-a-bet): pay each payout in the fewest chips the rack holds, break a chip
when a player needs change, colour a stack up, and call for a fill when the rack runs short or send
a credit to the vault when it runs over. Money never appears from nowhere: every chip that enters or
leaves the table goes through a fill or a credit, which the ledger records.

Counts are lists of ints indexed like ``ChipSet.values`` (smallest first); that keeps the hot path
(one bet and one payout per hand) to a few integer operations.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from math import gcd
from typing import Protocol

from twentyone.errors import ChipError, shown
from twentyone.money import Cents, dollars

Counts = list[int]


@dataclass(frozen=True, slots=True)
class ChipSet:
    """The denominations in play, smallest first."""

    colours: tuple[str, ...]
    values: tuple[Cents, ...]

    def __reduce__(self) -> tuple[type[ChipSet], tuple[tuple[str, ...], tuple[Cents, ...]]]:
        """Pickled (and deep-copied, with the table that holds it) by its fields: compiled, the
        default way sets attributes one by one, which a frozen class refuses (issue 34 item
        11)."""
        return ChipSet, (self.colours, self.values)

    @classmethod
    def of(cls, chips: Iterable[tuple[str, Cents]]) -> ChipSet:
        pairs = sorted(chips, key=lambda cv: cv[1])
        return cls(tuple(c for c, _ in pairs), tuple(v for _, v in pairs))

    def zero(self) -> Counts:
        return [0] * len(self.values)

    def value(self, counts: Sequence[int]) -> Cents:
        """What a stack of counts is worth. A loop of whole numbers, which the compiled build
        runs without a Python call (``sum(map(mul, ...))`` made one per colour, and the
        party table sums every seat's chips after each request)."""
        values = self.values
        total = 0
        for i in range(min(len(counts), len(values))):  # as zip: an empty stack is worth 0
            total += counts[i] * values[i]
        return total

    def counts(self, by_colour: Mapping[str, object]) -> Counts:
        """Counts from ``{"red": 3, "white": 2}``; an unknown colour is an error, and so is a
        count that is not a whole number (typed ``object``: compiled, an ``int`` would take a
        bool for a count)."""
        out = self.zero()
        for colour, n in by_colour.items():
            if colour not in self.colours:
                raise ChipError(f"no {shown(colour)} chips in this set "
                                f"({', '.join(self.colours)})")
            if type(n) is not int or n < 0:
                raise ChipError(f"cannot hold {shown(n)} {colour} chips: give a whole number")
            out[self.colours.index(colour)] += n
        return out

    def colour_of(self, value: Cents) -> str:
        """The colour of the chip worth ``value`` ("change a $100": the black); an amount no
        chip is worth is an error (docs/dealing.md#making-change)."""
        if value not in self.values:
            raise ChipError(f"no chip is worth {value / 100:g} dollars at this table")
        return self.colours[self.values.index(value)]

    def by_colour(self, counts: Sequence[int]) -> dict[str, int]:
        return {c: n for c, n in zip(self.colours, counts, strict=True) if n}

    def describe(self, counts: Sequence[int]) -> str:
        """"2 red, 1 white, 1 yellow" — the way a dealer calls a payout, largest first."""
        parts = [f"{n} {c}" for c, n in reversed(list(zip(self.colours, counts, strict=True))) if n]
        return ", ".join(parts) if parts else "no chips"

    def fewest(self, amount: Cents, available: Sequence[int] | None = None) -> Counts | None:
        """The fewest chips making exactly ``amount``, using at most ``available`` of each; None
        where they cannot make it.

        The work grows with the number of colours, never with the amount or the chips held: a
        $1,000,000 colour-up costs what a $5 payout costs. Greedy (largest first) is exact for a
        set where each value divides the next (every standard set): if any pile of such chips
        makes the amount, greedy finds one, and none has fewer chips (smaller chips adding up to
        a larger one can always be swapped for it). Only an odd set from a rules file, where
        greedy can miss, is searched (``_fewest_exact``), in work bounded by the chip values.
        """
        if amount < 0:
            return None
        values = self.values
        out = [0] * len(values)
        rest = amount
        for i in range(len(values) - 1, -1, -1):
            v = values[i]
            if rest >= v:
                n = rest // v
                if available is not None and available[i] < n:
                    n = available[i]
                out[i] = n
                rest -= n * v
        if divides_up(values):
            return out if rest == 0 else None
        exact = self._fewest_exact(amount, available)
        return out if exact is None and rest == 0 else exact

    def _fewest_exact(self, amount: Cents, available: Sequence[int] | None) -> Counts | None:
        """The fewest chips by a search, for a set whose values do not divide one another.

        In a pile with the fewest chips a chip of value ``v`` appears fewer than
        ``top / gcd(v, top)`` times (that many are worth a whole number of the largest chip,
        ``top``, in fewer chips), so with chips enough all but a remainder bounded by the chip
        values is paid in the largest chip and only the remainder is searched: a 0/1 knapsack
        over bundles of one, two, four... chips of each colour. A remainder over
        ``SEARCH_LIMIT`` units is not searched and the answer is None: the rack then calls a
        fill, a stack has a chip broken (more chips moved, never a different amount).
        """
        unit = values_gcd(self.values)
        if amount % unit:
            return None
        values = self.values
        last = len(values) - 1
        top = values[last]
        bound = sum(v * (top // gcd(v, top) - 1) for v in values[:last])
        n_top = max(0, (amount - bound) // top)
        if available is not None:
            # The swap needs largest chips to swap in: exact only when the whole amount is
            # searched; a larger one is searched past as many largest chips as the rack holds.
            n_top = 0 if amount // unit <= SEARCH_LIMIT else min(n_top, available[last])
        target = (amount - n_top * top) // unit
        if target > SEARCH_LIMIT:
            return None
        bundles: list[tuple[int, int]] = []  # (colour, chips in the bundle)
        for i, v in enumerate(values):
            most = target // (v // unit)
            if available is not None:
                most = min(most, available[i] - (n_top if i == last else 0))
            size = 1
            while most > 0:
                k = min(size, most)
                bundles.append((i, k))
                most -= k
                size *= 2
        inf = 1 << 62
        best = [0] + [inf] * target
        used: list[bytearray] = []
        for i, k in bundles:
            step = k * values[i] // unit
            mark = bytearray(target + 1)
            for t in range(target, step - 1, -1):
                if best[t - step] + k < best[t]:
                    best[t] = best[t - step] + k
                    mark[t] = 1
            used.append(mark)
        if best[target] >= inf:
            return None
        out = [0] * len(values)
        out[last] = n_top
        t = target
        for j in range(len(bundles) - 1, -1, -1):
            if used[j][t]:
                i, k = bundles[j]
                out[i] += k
                t -= k * values[i] // unit
        return out


#: The most units (of the chips' common divisor) the odd-set search looks at: a few hundredths
#: of a second. Only a set with values thousands of units apart and sharing no divisor reaches it.
SEARCH_LIMIT = 20_000


def divides_up(values: tuple[int, ...]) -> bool:
    """Whether each value divides the next: then greedy change is exact and the fewest. Asked
    at every payout, so the latest set's answer is kept (a table asks with the same tuple),
    the set and its answer together in one slot so that threads never mix two sets' answers."""
    last = _LAST[0]
    if last[0] is values:
        return last[1]
    answer = all(b % a == 0 for a, b in pairwise(values))
    _LAST[0] = (values, answer)
    return answer


_LAST: list[tuple[tuple[int, ...], bool]] = [((), True)]


def values_gcd(values: Sequence[int]) -> int:
    g = 0
    for v in values:
        g = gcd(g, v)
    return g


def add(into: Counts, chips: Sequence[int]) -> None:
    into[:] = map(operator.add, into, chips)


def take(from_: Counts, chips: Sequence[int]) -> None:
    left = list(map(operator.sub, from_, chips))
    if min(left) < 0:
        raise ChipError("taking chips that are not there")
    from_[:] = left


class Bank(Protocol):
    """Where the table pays winners from and collects losers into. The casino's bank is the
    rack (with the vault behind it); in a changing-bank game it is the banker's own stack, so
    chips only move between players. The table settles against a ``Bank`` and never asks which.
    """

    def pay(self, amount: Cents) -> tuple[Counts, Counts | None]:
        """Chips worth ``amount`` out of the bank, and any fill that was needed to make them."""
        ...

    def collect(self, chips: Sequence[int]) -> Counts | None:
        """Chips into the bank; any credit sent on to a vault."""
        ...

    @property
    def held(self) -> Cents:
        """Chips this bank holds that no seat counts as its own, net of fills and credits: the
        bank's share of the table's constant total."""
        ...


@dataclass(slots=True)
class Rack:
    """The dealer's chip rack, with the vault behind it.

    ``fills`` and ``credits`` total what the vault sent and took back, so that
    players + rack + layout == starting chips + fills - credits at every moment.
    """

    chipset: ChipSet
    counts: Counts
    #: A colour over this many chips sends the excess above ``standard`` to the vault (a credit).
    capacity: int
    standard: int
    fills: Cents = 0
    credits: Cents = 0

    @classmethod
    def standard_rack(cls, chipset: ChipSet, per_colour: int = 100) -> Rack:
        """A rack with ``per_colour`` chips of every colour (five tubes of 20)."""
        return cls(chipset, [per_colour] * len(chipset.values), capacity=per_colour * 3,
                   standard=per_colour)

    @property
    def value(self) -> Cents:
        return self.chipset.value(self.counts)

    @property
    def held(self) -> Cents:
        return self.value - self.fills + self.credits

    def pay(self, amount: Cents) -> tuple[Counts, Counts | None]:
        """Chips for a payout in the fewest chips; and the fill the rack needed, if any.

        A fill brings enough chips of the colours needed (a standard tube count of each) from
        the vault; it never changes what the player is paid.
        """
        chips = self.chipset.fewest(amount, self.counts)
        if chips is None:
            chips = self.chipset.fewest(amount)
            if chips is None:
                raise ChipError(f"{dollars(amount)} cannot be paid in these chips")
        fill = self._fill_for(chips)
        take(self.counts, chips)
        return chips, fill

    def collect(self, chips: Sequence[int]) -> Counts | None:
        """Chips into the rack; returns the credit sent to the vault, if a colour ran over."""
        add(self.counts, chips)
        return self._credit(chips)

    def pay_chips(self, chips: Sequence[int]) -> Counts | None:
        """Exactly ``chips`` out of the rack (a payout sized in named colours); returns the fill
        the rack needed first, if it was short of a colour."""
        fill = self._fill_for(chips)
        take(self.counts, chips)
        return fill

    def _fill_for(self, chips: Sequence[int]) -> Counts | None:
        """Bring from the vault what the rack lacks to hand over ``chips`` (a standard tube
        count of each colour short, or more where more is needed)."""
        short = [max(0, n - have) for n, have in zip(chips, self.counts, strict=True)]
        if not any(short):
            return None
        fill = [max(self.standard, s) if s else 0 for s in short]
        add(self.counts, fill)
        self.fills += self.chipset.value(fill)
        return fill

    def exchange(self, chips_in: Sequence[int], out: Sequence[int] | None = None
                 ) -> tuple[Counts, Counts | None, Counts | None]:
        """Take ``chips_in`` and give back the same value: ``out`` if named, else the fewest
        chips of that value (colouring up), with a fill if the rack is short of them. Returns
        (chips given, fill needed, credit sent).

        Everything is worked out before a chip moves, so a refusal moves none; a colour the
        exchange left over the rack's capacity is then credited to the vault."""
        chipset = self.chipset
        amount = chipset.value(chips_in)
        if min(chips_in, default=0) < 0:
            raise ChipError("chips to exchange are counted in whole chips")
        if out is None:
            given = chipset.fewest(amount)
            if given is None:
                raise ChipError(f"{dollars(amount)} cannot be paid in these chips")
        else:
            if min(out, default=0) < 0 or chipset.value(out) != amount:
                raise ChipError(f"change must be worth {dollars(amount)}")
            given = list(out)
        add(self.counts, chips_in)
        fill = self._fill_for(given)
        take(self.counts, given)
        return given, fill, self._credit(chips_in)

    def _credit(self, chips: Sequence[int]) -> Counts | None:
        """Send to the vault the excess of each colour ``chips`` brought over the capacity."""
        credit: Counts | None = None
        for i, n in enumerate(self.counts):
            if n > self.capacity and chips[i]:
                if credit is None:
                    credit = self.chipset.zero()
                credit[i] = n - self.standard
        if credit is not None:
            take(self.counts, credit)
            self.credits += self.chipset.value(credit)
        return credit


def break_down(chipset: ChipSet, index: int) -> Counts:
    """One chip of ``chipset.values[index]`` as the fewest chips of smaller colours
    (docs/dealing.md#making-change, "cheque change"): a green becomes five reds, a red five whites,
    a white two yellows."""
    if index == 0:
        raise ChipError(f"a {chipset.colours[0]} chip is the smallest; it cannot be broken")
    smaller = ChipSet(chipset.colours[:index], chipset.values[:index])
    chips = smaller.fewest(chipset.values[index])
    if chips is None:
        raise ChipError(f"a {chipset.colours[index]} chip cannot be broken into smaller chips")
    return chips + [0] * (len(chipset.values) - index)


def count_chips(chipset: ChipSet, by_colour: Mapping[str, int]) -> Cents:
    """The value of a pile of chips named by colour (docs/dealing.md#counting-chips)."""
    return chipset.value(chipset.counts(by_colour))
