"""A chip game's ``seat_view`` body: the engine's view of the table for one seat (or of the
round just settled) as JSON, with the bank's facts of a table with a changing bank (Pontoon).

This is the one picture of a blackjack or Pontoon table that every front end draws: the
browser room sends it as its frame's ``body`` and the terminal's felt reads it back
(``tui.felt``). What the seat may see was decided by the engine's view it is made from; here it
is only written out: cards as their codes, chips as counts in the order of ``chip_colours``.
Who is looking and what they may do are the view's ``ctx`` and ``legal``, not the body's, so a
seat with no card of its own face down has the very body the house has.

Written field by field rather than by reflection: a broadcast writes a body per viewer after
every operation. A seat's JSON is kept with the seat's view (``Bodies``), and the engine hands
back the very same view object for a seat nothing changed (``engine.views.view``'s memo), so an
unchanged seat is the same JSON object again, which a delta frame passes over by identity.
"""

from __future__ import annotations

from typing import Any

from twentyone.cards import Card
from twentyone.engine.table import Table
from twentyone.engine.views import HandView, SeatView, TableView
from twentyone.rules import PlayerCards, Rules

from .bank import bank_offer, banker


def _cards(cards: tuple[Card | None, ...]) -> list[str | None]:
    return [None if c is None else c.code for c in cards]


def _hand(h: HandView) -> dict[str, Any]:
    return {"cards": _cards(h.cards), "total": h.total, "soft": h.soft, "bet": h.bet,
            "doubled": h.doubled, "from_split": h.from_split, "outcome": h.outcome,
            "to_act": h.to_act, "net": h.net, "paid": list(h.paid)}


def dealt_from(rules: Rules) -> str:
    """Where the cards come from, in the table's word: Pontoon's pack in the banker's hand
    (docs/pontoon.md#players-and-the-pack), a pitch game's deck in the dealer's hand, or the
    shoe."""
    if rules.changing_bank:
        return "pack"
    return "deck" if rules.player_cards is PlayerCards.DOWN else "shoe"


def seat_json(s: SeatView) -> dict[str, Any]:
    return {"number": s.number, "chips": list(s.chips), "bankroll": s.bankroll,
            "hands": [_hand(h) for h in s.hands], "insurance": s.insurance,
            "insurance_net": s.insurance_net}


class Bodies:
    """Each seat's JSON as last written, by the view it was written from."""

    def __init__(self) -> None:
        self._seats: dict[int, tuple[SeatView, dict[str, Any]]] = {}

    def seat(self, s: SeatView) -> dict[str, Any]:
        found = self._seats.get(s.number)
        if found is not None and found[0] is s:
            return found[1]
        out = seat_json(s)
        self._seats[s.number] = (s, out)
        return out

    def body(self, v: TableView, table: Table) -> dict[str, Any]:
        """``v`` as JSON, with the bank's facts of ``table``."""
        offer = bank_offer(table)
        return {
            "phase": str(v.phase), "round": v.round,
            "dealer": _cards(v.dealer), "dealer_total": v.dealer_total,
            "seats": [self.seat(s) for s in v.seats],
            "to_act": None if v.to_act is None else list(v.to_act),
            "shoe_remaining": v.shoe_remaining, "discards": v.discards,
            "cut_card_out": v.cut_card_out, "chip_colours": list(v.chip_colours),
            "chip_values": list(v.chip_values), "cards_total": v.cards_total,
            "settled": v.settled, "banker": banker(table),
            "dealt_from": dealt_from(table.rules),
            "bank_offer": None if offer is None else {"from": offer[0], "to": offer[1],
                                                      "price": offer[2]},
        }
