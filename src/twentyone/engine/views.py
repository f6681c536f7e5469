"""What one seat (or a spectator) may see of the table.

A view is built only from what lies face up, plus the viewer's own face-down cards in a pitch game.
It never contains the dealer's hole card before it is turned, another player's face-down cards, a
face-down double (docs/casino.md#what-you-can-see: not turned until settlement, even for its owner),
or anything of the shoe's order: only how many cards are left and whether the cut card is out. Every
screen and every bot reads the table through this, so hiding is decided in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from twentyone.cards import Card, hand_total
from twentyone.engine.events import DEALER, Event, Kind
from twentyone.engine.table import Phase, Table

#: Spectators (and the web lobby) see what everyone at the table sees.
SPECTATOR = 0


@dataclass(frozen=True, slots=True)
class HandView:
    #: None marks a card this viewer may not see.
    cards: tuple[Card | None, ...]
    #: Total and softness of the visible cards; None if any card is hidden.
    total: int | None
    soft: bool
    bet: int
    doubled: bool
    from_split: bool
    outcome: str
    to_act: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    number: int
    chips: tuple[int, ...]
    bankroll: int
    hands: tuple[HandView, ...]
    insurance: int


@dataclass(frozen=True, slots=True)
class TableView:
    viewer: int
    phase: Phase
    round: int
    dealer: tuple[Card | None, ...]
    dealer_total: int | None
    seats: tuple[SeatView, ...]
    to_act: tuple[int, int] | None
    legal: tuple[StrEnum, ...]
    shoe_remaining: int
    discards: int
    cut_card_out: bool
    chip_colours: tuple[str, ...]
    chip_values: tuple[int, ...]


def _shown(cards: tuple[Card | None, ...]) -> tuple[int | None, bool]:
    """Total and softness of what is shown, or (None, False) if any card is hidden."""
    if any(c is None for c in cards):
        return None, False
    return hand_total([c.value for c in cards if c is not None])


def view(table: Table, viewer: int = SPECTATOR) -> TableView:
    """The table as ``viewer`` (a seat number, or ``SPECTATOR``) may see it now."""
    to_act = table.to_act
    d = table.dealer
    # A seated dealer (the Pontoon banker, docs/pontoon.md#the-deal) knows their own hole card.
    banker = viewer != SPECTATOR and viewer == table.dealer_seat
    dealer_cards = tuple(c if up or banker else None
                         for c, up in zip(d.cards, d.face_up, strict=True))
    dealer_total, _ = _shown(dealer_cards)
    seats = []
    for n in sorted(table.seats):
        s = table.seats[n]
        hands = []
        for i, h in enumerate(s.hands):
            # A face-down double stays hidden from its owner too (docs/casino.md#what-you-can-see).
            own = n == viewer
            shown = tuple(
                c if up or (own and not (h.doubled and j == len(h.cards) - 1
                                         and table.rules.double_face_down)) else None
                for j, (c, up) in enumerate(zip(h.cards, h.face_up, strict=True)))
            total, soft = _shown(shown)
            hands.append(HandView(shown, total, soft, h.bet, h.doubled, h.from_split, h.outcome,
                                  to_act == (n, i) and table.phase is Phase.PLAYERS))
        seats.append(SeatView(n, tuple(s.chips), table.chipset.value(s.chips), tuple(hands),
                              s.insurance))
    return TableView(
        viewer=viewer, phase=table.phase, round=table.round, dealer=dealer_cards,
        dealer_total=dealer_total, seats=tuple(seats), to_act=to_act,
        legal=table.legal_actions(viewer) if viewer else (),
        shoe_remaining=table.shoe.remaining, discards=len(table.shoe.discards),
        cut_card_out=table.shoe.cut_card_out, chip_colours=table.chipset.colours,
        chip_values=table.chipset.values)


def visible_events(table: Table, viewer: int = SPECTATOR, start: int = 0) -> list[Event]:
    """The log from ``start`` as ``viewer`` may see it: hidden cards blanked (a player's own
    face-down cards excepted, but never a face-down double), the burn card unnamed. A client
    animates the table from this."""
    out = []
    doubling: tuple[int, int] | None = None
    for e in table.log[start:]:
        if e.kind is Kind.DOUBLED:
            doubling = (e.seat, e.hand)
        elif e.card is not None and e.kind is not Kind.TURNED and not e.face_up:
            own = e.kind is Kind.DEALT and (e.seat == viewer != SPECTATOR or (
                e.seat == DEALER and viewer == table.dealer_seat != SPECTATOR))
            if not own or doubling == (e.seat, e.hand):
                e = e._replace(card=None)
        if e.kind is Kind.DEALT:
            doubling = None
        out.append(e)
    return out
