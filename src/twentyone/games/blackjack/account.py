"""Each round's net result per seat, read from the table's log and its balances (moved here
from the browser room, which writes these nets to its ledger, so the adapter's hand results and
the ledger's rows are one computation)."""

from __future__ import annotations

from collections.abc import Sequence

from twentyone.engine.events import Event, Kind
from twentyone.engine.table import Table


def balances(table: Table) -> dict[int, int]:
    """Each seat's chips with its bets still on the layout (what it owns)."""
    cs = table.chipset
    return {n: cs.value(s.chips) + cs.value(s.insurance_chips)
            + sum(cs.value(h.chips) for h in s.hands if not h.settled)
            for n, s in table.seats.items()}


class RoundAccount:
    """Reads a table's events in batches, each with the balances after it, and says each
    seat's net for a round that ended in the batch. A seat's balance counts its bets on the
    layout, so it does not move when a bet goes down: the balances before the deal (those
    after the previous batch) are the round's starting point."""

    def __init__(self) -> None:
        self._round_base: dict[int, int] = {}
        self._betting: set[int] = set()
        self._balances: dict[int, int] = {}

    def read(self, events: Sequence[Event], after: dict[int, int]) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        for e in events:
            if e.kind is Kind.BET:
                self._betting.add(e.seat)
            elif e.kind is Kind.ROUND_STARTED:
                self._round_base = {n: b for n, b in self._balances.items()
                                    if n in self._betting}
            elif e.kind is Kind.ROUND_ENDED:
                out = [(n, after[n] - base) for n, base in sorted(self._round_base.items())
                       if n in after]
                self._round_base = {}
                self._betting = set()
        self._balances = after
        return out
