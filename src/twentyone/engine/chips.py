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
from operator import mul
from typing import Protocol

from twentyone.errors import ChipError
from twentyone.money import Cents, dollars

Counts = list[int]


@dataclass(frozen=True, slots=True)
class ChipSet:
    """The denominations in play, smallest first."""

    colours: tuple[str, ...]
    values: tuple[Cents, ...]

    @classmethod
    def of(cls, chips: Iterable[tuple[str, Cents]]) -> ChipSet:
        pairs = sorted(chips, key=lambda cv: cv[1])
        return cls(tuple(c for c, _ in pairs), tuple(v for _, v in pairs))

    def zero(self) -> Counts:
        return [0] * len(self.values)

    def value(self, counts: Sequence[int]) -> Cents:
        return sum(map(mul, counts, self.values))

    def counts(self, by_colour: Mapping[str, int]) -> Counts:
        """Counts from ``{"red": 3, "white": 2}``; an unknown colour is an error."""
        out = self.zero()
        for colour, n in by_colour.items():
            if colour not in self.colours:
                raise ChipError(f"no {colour!r} chips in this set ({', '.join(self.colours)})")
            if type(n) is not int or n < 0:
                raise ChipError(f"cannot hold {n!r} {colour} chips: give a whole number")
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
        """The fewest chips making exactly ``amount``, using at most ``available`` of each.

        Greedy (largest first) is optimal for the standard set with unlimited chips and almost
        always with a real rack; when it fails a small bounded-change search finds the true
        minimum, so an odd chip set from a rules file is still paid exactly.
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
        if rest == 0:
            return out
        return self._fewest_exact(amount, available)

    def _fewest_exact(self, amount: Cents, available: Sequence[int] | None) -> Counts | None:
        unit = values_gcd(self.values)
        if amount % unit:
            return None
        target = amount // unit
        inf = 1 << 30
        best = [0] + [inf] * target
        choice: list[list[int]] = [[0] * len(self.values)]
        choice += [[] for _ in range(target)]
        for i, v in enumerate(self.values):
            step = v // unit
            limit = target // step if available is None else min(available[i], target // step)
            for _ in range(limit):
                for t in range(target, step - 1, -1):
                    if best[t - step] + 1 < best[t] and (
                        available is None or choice[t - step][i] < available[i]
                    ):
                        best[t] = best[t - step] + 1
                        choice[t] = choice[t - step].copy()
                        choice[t][i] += 1
        return choice[target] if best[target] < inf else None


def values_gcd(values: Sequence[int]) -> int:
    from math import gcd

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
        fill: Counts | None = None
        if chips is None:
            ideal = self.chipset.fewest(amount)
            if ideal is None:
                raise ChipError(f"{dollars(amount)} cannot be paid in these chips")
            fill = [max(self.standard, need) if self.counts[i] < need else 0
                    for i, need in enumerate(ideal)]
            add(self.counts, fill)
            self.fills += self.chipset.value(fill)
            chips = self.chipset.fewest(amount, self.counts)
            assert chips is not None
        take(self.counts, chips)
        return chips, fill

    def collect(self, chips: Sequence[int]) -> Counts | None:
        """Chips into the rack; returns the credit sent to the vault, if a colour ran over."""
        add(self.counts, chips)
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


    def pay_chips(self, chips: Sequence[int]) -> Counts | None:
        """Exactly ``chips`` out of the rack (a payout sized in named colours); returns the fill
        the rack needed first, if it was short of a colour."""
        fill: Counts | None = None
        short = [max(0, n - have) for n, have in zip(chips, self.counts, strict=True)]
        if any(short):
            fill = [max(self.standard, s) if s else 0 for s in short]
            add(self.counts, fill)
            self.fills += self.chipset.value(fill)
        take(self.counts, chips)
        return fill

    def exchange(self, chips_in: Sequence[int], out: Sequence[int] | None = None
                 ) -> tuple[Counts, Counts | None, Counts | None]:
        """Take ``chips_in`` and give back the same value: ``out`` if named, else the fewest
        chips (colouring up). Returns (chips given, fill needed, credit sent)."""
        amount = self.chipset.value(chips_in)
        credit = self.collect(chips_in)
        if out is None:
            given, fill = self.pay(amount)
            return given, fill, credit
        if self.chipset.value(out) != amount:
            raise ChipError(f"change must be worth {dollars(amount)}")
        fill = None
        short = [max(0, n - have) for n, have in zip(out, self.counts, strict=True)]
        if any(short):
            fill = [max(self.standard, s) if s else 0 for s in short]
            add(self.counts, fill)
            self.fills += self.chipset.value(fill)
        take(self.counts, out)
        return list(out), fill, credit


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
