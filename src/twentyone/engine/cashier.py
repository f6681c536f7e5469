"""The cashier: every chip that moves at the table moves here.

The table decides *what* is owed (a bet taken, a payout, a push); the cashier moves the chips that
make it so, as a dealer does: buy-ins in usable colours, bets taken from a stack (breaking a chip
when the stack has no exact change), payouts from the bank, losing bets collected into it,
change, colouring up, and the rack's fills from and credits to the vault. Each movement logs its
events to the table's log as it happens, so the record of chips is in the same order as the
chips moved.

The bank is whatever the table settles against (the casino's rack, or in a changing-bank game a
banker's own stack); change and colouring up always go through the rack.
"""

from __future__ import annotations

from collections.abc import Sequence

from twentyone.engine.chips import Bank, ChipSet, Counts, Rack, add, break_down, take, values_gcd
from twentyone.engine.events import Event, Kind
from twentyone.errors import ChipError
from twentyone.money import Cents, dollars
from twentyone.rules import PayoutStyle


class Cashier:
    __slots__ = ("bank", "chipset", "last_method", "log", "min_bet", "rack", "style")

    def __init__(self, chipset: ChipSet, rack: Rack, log: list[Event], min_bet: Cents,
                 style: PayoutStyle = PayoutStyle.FEWEST) -> None:
        self.chipset = chipset
        #: How winners are paid (docs/dealing.md#paying-a-bet), and how the latest payout was
        #: made: "fewest", "sized" (colour for colour), "sized twice", ..., "bridged" or
        #: "heeled" (a blackjack), for the narration.
        self.style = style
        self.last_method = "fewest"
        self.rack = rack
        #: What settlement pays from and collects into: the casino's rack, or in a
        #: changing-bank game the banker's own stack.
        self.bank: Bank = rack
        self.log = log
        self.min_bet = min_bet

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied as a blank one given this one's state: compiled, Python cannot
        make an empty instance to fill, so the default way fails (issue 34 item 11)."""
        blank = (self.chipset, self.rack, self.log, self.min_bet, self.style)
        return Cashier, blank, self.__getstate__()

    def value(self, chips: Sequence[int]) -> Cents:
        return self.chipset.value(chips)

    def buy_in(self, amount: Cents) -> Counts:
        """Chips for a buy-in: up to 20 of each colour from the table minimum's colour upwards,
        the rest in the fewest chips, so the first bets need no change."""
        values = self.chipset.values
        if amount % values_gcd(values):
            raise ChipError(f"{dollars(amount)} cannot be made with this table's chips "
                            f"(smallest {dollars(values[0])})")
        counts = self.chipset.zero()
        rest = amount
        low = max((i for i, v in enumerate(values) if v <= self.min_bet), default=0)
        for i in range(low, len(values)):
            n = min(20, rest // values[i])
            counts[i] += n
            rest -= n * values[i]
        extra = self.chipset.fewest(rest)
        if extra is None:
            raise ChipError(f"{dollars(amount)} cannot be made with this table's chips "
                            f"(smallest {dollars(values[0])})")
        add(counts, extra)
        return counts

    def take(self, seat: int, stack: Counts, amount: Cents) -> Counts:
        """Chips worth ``amount`` out of a player's stack, the dealer breaking chips as needed:
        one chip at a time, of the smallest colour that makes the change
        (docs/dealing.md#making-change), never a whole stack. The breaks are worked out on a copy
        of the stack first, so chips that cannot make the amount are refused with none moved."""
        chips = self.chipset.fewest(amount, stack)
        if chips is None:
            for i in self._breaks_for(stack, amount):
                self.break_chip(seat, stack, i)
            chips = self.chipset.fewest(amount, stack)
            assert chips is not None  # the breaks were chosen until it was not
        take(stack, chips)
        return chips

    def _breaks_for(self, stack: Sequence[int], amount: Cents) -> list[int]:
        """The colours to break, one chip each and in order, before ``amount`` can be taken."""
        trial = list(stack)
        breaks: list[int] = []
        while self.chipset.fewest(amount, trial) is None:
            if self.chipset.value(trial) < amount:
                raise ChipError(f"{dollars(amount)} cannot be made from these chips")
            i = self._chip_to_break(trial, amount)
            trial[i] -= 1
            add(trial, break_down(self.chipset, i))
            breaks.append(i)
        return breaks

    def _chip_to_break(self, stack: Counts, amount: Cents) -> int:
        """The colour a dealer breaks so that ``amount`` can be taken: the smallest chip whose
        change alone makes it possible; failing that (change needed twice over, as a $5 broken
        into $1s and then a $1 into halves), the smallest chip worth more than the part the
        stack cannot make, which brings the change one colour closer."""
        values = self.chipset.values
        held = [i for i in range(1, len(values)) if stack[i]]
        if not held:
            raise ChipError(f"{dollars(amount)} cannot be made from these chips")
        for i in held:
            trial = list(stack)
            trial[i] -= 1
            add(trial, break_down(self.chipset, i))
            if self.chipset.fewest(amount, trial) is not None:
                return i
        short = amount
        for i in range(len(values) - 1, -1, -1):
            short -= min(stack[i], short // values[i]) * values[i]
        return next((i for i in held if values[i] > short), held[-1])

    def break_chip(self, seat: int, stack: Counts, i: int) -> None:
        """Change one chip of colour ``i`` in a stack for smaller ones from the rack."""
        chip_in = self.chipset.zero()
        chip_in[i] = 1
        out, fill, credit = self.rack.exchange(chip_in, break_down(self.chipset, i))
        take(stack, chip_in)
        add(stack, out)
        self._vault(fill, credit)
        self.log.append(Event(Kind.CHANGE, seat, amount=self.chipset.values[i],
                              chips=tuple(chip_in), chips2=tuple(out)))

    def colour_up(self, seat: int, stack: Counts) -> None:
        """Exchange a stack for the fewest chips of the same value, in place."""
        chips_in = list(stack)
        out, fill, credit = self.rack.exchange(chips_in)
        stack[:] = out
        self._vault(fill, credit)
        self.log.append(Event(Kind.COLOURED_UP, seat, amount=self.chipset.value(out),
                              chips=tuple(chips_in), chips2=tuple(out)))

    def pay(self, amount: Cents) -> Counts:
        """Chips worth ``amount`` out of the bank (a fill logged if the rack needed one)."""
        paid, fill = self.bank.pay(amount)
        self._vault(fill, None)
        return paid

    def pay_for(self, amount: Cents, wager: Sequence[int]) -> Counts:
        """A payout of ``amount`` on a bet of the chips ``wager``, in the table's style
        (docs/dealing.md#paying-a-bet): the fewest chips, or colour for colour, a stack sized
        against the bet (twice at 2 to 1), a blackjack bridged or heeled
        (docs/dealing.md#paying-a-blackjack). Only the casino's rack sizes; a banker's own stack
        pays in the fewest chips it holds."""
        if self.style is PayoutStyle.FEWEST or self.bank is not self.rack:
            self.last_method = "fewest"
            return self.pay(amount)
        sized = sized_payout(self.chipset, amount, wager)
        if sized is None:
            self.last_method = "heeled" if three_to_two(self.chipset, amount, wager) else "fewest"
            return self.pay(amount)
        chips, self.last_method = sized
        self._vault(self.rack.pay_chips(chips), None)
        return chips

    def collect(self, chips: Sequence[int]) -> None:
        """Chips into the bank (a credit logged if the rack ran over)."""
        self._vault(None, self.bank.collect(chips))

    def half(self, amount: Cents) -> Cents:
        """Half a bet, rounded down to what the smallest chip can make."""
        half = amount // 2
        return half - half % self.chipset.values[0]

    def _vault(self, fill: Counts | None, credit: Counts | None) -> None:
        if fill:
            self.log.append(Event(Kind.FILL, amount=self.chipset.value(fill), chips=tuple(fill)))
        if credit:
            self.log.append(Event(Kind.CREDIT, amount=self.chipset.value(credit),
                                  chips=tuple(credit)))


def three_to_two(chipset: ChipSet, amount: Cents, wager: Sequence[int]) -> bool:
    """Is ``amount`` one and a half times the bet ``wager``?"""
    return 2 * amount == 3 * chipset.value(wager)


def sized_payout(chipset: ChipSet, amount: Cents,
                 wager: Sequence[int]) -> tuple[Counts, str] | None:
    """The chips of a colour-for-colour payout of ``amount`` on ``wager``, and how it is made
    ("sized", "sized twice", "bridged"); None where the manual pays in the fewest chips instead
    (a heeled blackjack, or an amount that is no whole number of bets nor 3 to 2). A function
    of the chips alone, so that a narrator can tell afterwards how a payout was made."""
    bet = chipset.value(wager)
    if bet <= 0 or amount <= 0:
        return None
    if amount % bet == 0:
        times = amount // bet
        word = {1: "sized", 2: "sized twice"}.get(times, f"sized {times} times")
        return [n * times for n in wager], word
    colours = [i for i, n in enumerate(wager) if n]
    if three_to_two(chipset, amount, wager) and len(colours) == 1 and wager[colours[0]] % 2 == 0:
        chips = chipset.zero()
        chips[colours[0]] = wager[colours[0]] * 3 // 2
        return chips, "bridged"
    return None
