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
from twentyone.engine.events import Kind
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
from twentyone.protocol import HOUSE


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
        seat = self.seat
        for e in visible_events(table, seat, start):
            kind = e.kind
            card = e.card
            # The kinds in the order they are most often met: a dealt card first.
            if kind is Kind.DEALT:
                if e.seat == HOUSE:
                    self.dealer.append(card)
                    if card is not None and not self.up:
                        self.up = card.value
                elif e.seat == seat:
                    while len(self.hands) <= e.hand:
                        self.hands.append([])
                    self.hands[e.hand].append(card)
            elif kind is Kind.TURNED:
                if card is None:
                    continue
                cards = self.dealer if e.seat == HOUSE else (
                    self.hands[e.hand] if e.seat == seat else None)
                # Turning shows every face-down card, the seat's own known ones too: only a card
                # not yet in the picture fills a blank.
                if cards is not None and None in cards and card not in cards:
                    cards[cards.index(None)] = card
            elif kind is Kind.ROUND_STARTED:
                self.hands = [[]]
                self.dealer = []
                self.up = 0
                continue
            elif kind is Kind.SPLIT:
                if e.seat == seat:
                    moved = self.hands[e.hand - 1].pop()
                    self.hands.insert(e.hand, [moved])
                continue
            elif kind is Kind.SHUFFLED or kind is Kind.REFILLED:
                self._seen_ids.clear()
                self.seen = [0] * 11
                continue
            else:
                continue
            if card is not None:  # a card dealt or turned: counted once it is seen
                cid = card.id
                if cid not in self._seen_ids:
                    self._seen_ids.add(cid)
                    self.seen[card.value] += 1

    def short(self, hand: int) -> tuple[int, int, int]:
        """Gymnasium's ``Blackjack-v1`` observation, (total, up card, soft), for hand ``hand``:
        the vector's ``F_TOTAL``, ``F_UP`` and ``F_SOFT``, without building the rest of it."""
        if not self.hands:
            return 0, self.up, 0
        cards = self.hands[min(hand, len(self.hands) - 1)]
        total, soft = hand_total([c.value for c in cards if c is not None])
        return total, self.up, int(soft)

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
