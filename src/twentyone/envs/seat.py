"""One seat's picture of the round, built only from the events that seat may see.

The single-table environment and the PettingZoo table both observe through this: it reads the
table's log through ``views.visible_events`` (so a hole card, another seat's face-down card or a
face-down double is never read before it is turned) and keeps, per seat, the visible cards of
each of its hands, the dealer's up card and the cards seen since the last shuffle (for the count
features). Keeping the hands from the events rather than from the table means the picture
survives the table clearing its layout at the end of the round: the episode's last observation
still shows the hand that busted.
"""

from __future__ import annotations

from twentyone.cards import Card, hand_total
from twentyone.engine.events import DEALER, Kind
from twentyone.engine.table import Phase, Table
from twentyone.engine.views import visible_events
from twentyone.envs.common import (
    F_CARDS,
    F_HAND,
    F_HANDS,
    F_PAIR,
    F_PHASE,
    F_SOFT,
    F_TOTAL,
    F_UP,
    N_BASE,
    PH_BETTING,
    PH_INSURANCE,
    PH_PLAYING,
    count_features,
)


class SeatPicture:
    """The visible state of one seat's round, fed event by event."""

    def __init__(self, seat: int, decks: int) -> None:
        self.seat = seat
        self.decks = decks
        #: Visible cards of each hand (None: face down to this seat).
        self.hands: list[list[Card | None]] = []
        self.dealer: list[Card | None] = []
        self.up = 0
        #: Physical cards seen since the last shuffle or refill, and their count by value.
        self._seen_ids: set[int] = set()
        self.seen = [0] * 11

    def read(self, table: Table, start: int) -> None:
        """Take in the table's log from ``start`` as this seat may see it."""
        for e in visible_events(table, self.seat, start):
            kind = e.kind
            if kind is Kind.SHUFFLED or kind is Kind.REFILLED:
                self._seen_ids.clear()
                self.seen = [0] * 11
            elif kind is Kind.ROUND_STARTED:
                self.hands = [[]]
                self.dealer = []
                self.up = 0
            elif kind is Kind.DEALT:
                if e.seat == DEALER:
                    self.dealer.append(e.card)
                    if e.card is not None and not self.up:
                        self.up = e.card.value
                elif e.seat == self.seat:
                    while len(self.hands) <= e.hand:
                        self.hands.append([])
                    self.hands[e.hand].append(e.card)
            elif kind is Kind.SPLIT and e.seat == self.seat:
                moved = self.hands[e.hand - 1].pop()
                self.hands.insert(e.hand, [moved])
            elif kind is Kind.TURNED and e.card is not None:
                cards = self.dealer if e.seat == DEALER else (
                    self.hands[e.hand] if e.seat == self.seat else None)
                # Turning shows every face-down card, the seat's own known ones too: only a card
                # not yet in the picture fills a blank.
                if cards is not None and None in cards and e.card not in cards:
                    cards[cards.index(None)] = e.card
            if e.card is not None and kind in (Kind.DEALT, Kind.TURNED):
                cid = e.card.id
                if cid not in self._seen_ids:
                    self._seen_ids.add(cid)
                    self.seen[e.card.value] += 1

    def features(self, phase: int, hand: int, mask: list[int], count: str) -> list[float]:
        """The observation vector (see ``common``'s layout) for hand ``hand`` of this seat."""
        out = [0.0] * N_BASE
        out[F_PHASE] = phase
        if self.hands:
            hand = min(hand, len(self.hands) - 1)
            values = [c.value for c in self.hands[hand] if c is not None]
            total, soft = hand_total(values)
            out[F_TOTAL] = total
            out[F_SOFT] = float(soft)
            out[F_CARDS] = len(self.hands[hand])
            cards = self.hands[hand]
            if (len(cards) == 2 and cards[0] is not None and cards[1] is not None
                    and cards[0].value == cards[1].value):
                out[F_PAIR] = cards[0].value
            out[F_HAND] = hand
            out[F_HANDS] = len(self.hands)
        out[F_UP] = self.up
        return out + [float(m) for m in mask] + count_features(self.seen, self.decks, count)


def seat_phase(table: Table) -> int:
    """The phase feature for a seat of ``table`` that is in the round now."""
    if table.phase is Phase.INSURANCE:
        return PH_INSURANCE
    if table.phase is Phase.PLAYERS:
        return PH_PLAYING
    return PH_BETTING
