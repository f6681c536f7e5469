"""What each seat owns at the table, the measure of a round's net result: ``CasinoGame`` takes
each betting seat's balance when a round is dealt and again when it ends, and the browser room
writes the same balances to its ledger, so the adapter's hand results and the ledger's rows are
one computation."""

from __future__ import annotations

from twentyone.engine.table import Table


def balances(table: Table) -> dict[int, int]:
    """Each seat's chips with its bets still on the layout (what it owns)."""
    cs = table.chipset
    return {n: cs.value(s.chips) + cs.value(s.insurance_chips)
            + sum(cs.value(h.chips) for h in s.hands if not h.settled)
            for n, s in table.seats.items()}
