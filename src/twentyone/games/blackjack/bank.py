"""What a table with a changing bank (Pontoon) offers beyond the casino table, asked of any
table: front ends call these rather than test which table class they hold, so a new variant
with a bank of its own needs no change in them."""

from __future__ import annotations

from typing import TypeGuard

from twentyone.engine.table import Table
from twentyone.pontoon.table import PontoonTable


def has_bank(table: Table) -> TypeGuard[PontoonTable]:
    """A player holds the bank and it changes hands (Pontoon); its bank's own operations and
    records are then the table's to offer."""
    return isinstance(table, PontoonTable)


def banker(table: Table) -> int | None:
    """The seat holding the bank (None: the house banks, or none is drawn yet)."""
    return table.banker if isinstance(table, PontoonTable) else None


def can_draw_for_bank(table: Table) -> bool:
    """The draw for the first banker is due."""
    return isinstance(table, PontoonTable) and table.can_draw_for_bank()


def bank_offer(table: Table) -> tuple[int, int, int] | None:
    """A standing offer of the bank as every screen shows it: (from, to, price)."""
    offer = table.offer if isinstance(table, PontoonTable) else None
    return None if offer is None else (offer.seller, offer.to, offer.price)
