"""What one seat (or a spectator) may see of the table.

A view is built only from what lies face up, plus the viewer's own face-down cards in a pitch game
(their own: dealt to their seat since they sat down there, not to whoever held it before).
It never contains the dealer's hole card before it is turned, another player's face-down cards, a
face-down double (docs/casino.md#what-you-can-see: not turned until settlement, even for its owner),
or anything of the shoe's order: only how many cards are left and whether the cut card is out. Every
screen and every bot reads the table through this, so hiding is decided in one place.

The views are named tuples: values as immutable as frozen dataclasses, made in a fraction of the
time (compiled or not, a frozen dataclass sets each field through Python), and the party table
makes the table's view, and each changed seat's, after every request.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from twentyone.cards import Card, hand_total
from twentyone.engine.events import Event, Kind
from twentyone.engine.table import Phase, Table
from twentyone.protocol import HOUSE


class HandView(NamedTuple):
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
    #: Once settled: the net result in cents and the chips paid (empty unless it won).
    net: int = 0
    paid: tuple[int, ...] = ()


class SeatView(NamedTuple):
    number: int
    chips: tuple[int, ...]
    bankroll: int
    hands: tuple[HandView, ...]
    insurance: int
    #: The insurance bet's net result once settled (None while it stands, or with none).
    insurance_net: int | None = None


class TableView(NamedTuple):
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
    #: Cards in a full shoe (for a gauge of how far it is dealt).
    cards_total: int = 0
    #: This is the round just settled, shown as it ended (``settled_round``), not the live one.
    settled: bool = False


def _shown(cards: tuple[Card | None, ...]) -> tuple[int | None, bool]:
    """Total and softness of what is shown, or (None, False) if any card is hidden."""
    if any(c is None for c in cards):
        return None, False
    return hand_total([c.value for c in cards if c is not None])


#: A hand's view as the values it is made from, in ``HandView``'s order.
_HandValues = tuple[tuple[Card | None, ...], int | None, bool, int, bool, bool, str, bool]
#: The seats of earlier views, each kept with the values it was made from (``view``'s memo).
SeatViews = dict[int, tuple[tuple[object, ...], SeatView]]


def view(table: Table, viewer: int = HOUSE, memo: SeatViews | None = None) -> TableView:
    """The table as ``viewer`` (a seat number, or ``HOUSE``: a spectator) may see it now.

    With ``memo`` (kept by the caller from one view to the next), a seat made from the same
    values as the one kept is that same object again, so whoever turns views into something
    else can pass an unchanged seat over by identity."""
    to_act = table.to_act
    d = table.dealer
    # A seated dealer (the Pontoon banker, docs/pontoon.md#the-deal) knows their own hole card.
    banker = viewer != HOUSE and viewer == table.dealer_seat
    dealer_cards = tuple(c if up or banker else None
                         for c, up in zip(d.cards, d.face_up, strict=True))
    dealer_total, _ = _shown(dealer_cards)
    seats = []
    for n in sorted(table.seats):
        s = table.seats[n]
        hands: list[_HandValues] = []
        for i, h in enumerate(s.hands):
            shown: tuple[Card | None, ...]
            total: int | None
            if all(h.face_up):  # as a shoe game deals every hand: nothing to hide
                shown = tuple(h.cards)
                total, soft = hand_total([c.value for c in h.cards])
            else:
                # A double dealt face down (the classic game's rule, or any pitch game's draw)
                # stays hidden from its owner too, as the log keeps it
                # (docs/casino.md#what-you-can-see).
                own = n == viewer
                shown = tuple(
                    c if up or (own and not (h.doubled and j == len(h.cards) - 1)) else None
                    for j, (c, up) in enumerate(zip(h.cards, h.face_up, strict=True)))
                total, soft = _shown(shown)
            hands.append((shown, total, soft, h.bet, h.doubled, h.from_split, h.outcome,
                          to_act == (n, i) and table.phase is Phase.PLAYERS))
        made = (tuple(s.chips), table.chipset.value(s.chips), tuple(hands), s.insurance)
        kept = None if memo is None else memo.get(n)
        if kept is not None and kept[0] == made:
            seats.append(kept[1])
            continue
        seat = SeatView(n, made[0], made[1], tuple(HandView(*h) for h in hands), made[3])
        if memo is not None:
            memo[n] = (made, seat)
        seats.append(seat)
    return TableView(
        viewer=viewer, phase=table.phase, round=table.round, dealer=dealer_cards,
        dealer_total=dealer_total, seats=tuple(seats), to_act=to_act,
        legal=table.legal_actions(viewer) if viewer else (),
        shoe_remaining=table.shoe.remaining, discards=len(table.shoe.discards),
        cut_card_out=table.shoe.cut_card_out, chip_colours=table.chipset.colours,
        chip_values=table.chipset.values, cards_total=len(table.shoe.cards))


def visible_events(table: Table, viewer: int = HOUSE, start: int = 0) -> list[Event]:
    """The log from ``start`` as ``viewer`` may see it: hidden cards blanked (a player's own
    face-down cards excepted, but never a face-down double, nor a card dealt to the seat before
    its holder sat down), the burn card unnamed. A client animates the table from this."""
    out = []
    doubling: tuple[int, int] | None = None
    log = table.log
    taken = _last_taken(log, start)
    for i in range(start, len(log)):
        e = log[i]
        if e.kind is Kind.DOUBLED:
            doubling = (e.seat, e.hand)
        elif e.card is not None and e.kind is not Kind.TURNED and not e.face_up:
            own = e.kind is Kind.DEALT and (e.seat == viewer != HOUSE or (
                e.seat == HOUSE and viewer == table.dealer_seat != HOUSE)) \
                and i > taken.get(viewer, -1)
            if not own or doubling == (e.seat, e.hand):
                e = e._replace(card=None)
        if e.kind is Kind.DEALT:
            doubling = None
        out.append(e)
    return out


def _last_taken(log: list[Event], start: int) -> dict[int, int]:
    """Where each seat was last taken in ``log[start:]`` (its SAT event). A card dealt to a seat
    before then was the earlier holder's: whoever sits down the moment a round ends sees none
    of that round's face-down cards at the seat (docs/web.md#who-holds-a-hand)."""
    taken: dict[int, int] = {}
    for i in range(start, len(log)):
        if log[i].kind is Kind.SAT:
            taken[log[i].seat] = i
    return taken


def seen_cards(table: Table, seat: int) -> list[Card]:
    """Every card ``seat`` has seen since the last shuffle (each physical card once: a pitch
    card is seen when dealt and again when turned), a burned card shown face up among them. A
    refill from the discards starts the count again, as the cards seen are back in the shoe.
    This is what a card counter at the table knows, and what a hint may use."""
    return seen_in(visible_events(table, seat))


def seen_in(events: Iterable[Event], before: Iterable[Card] = ()) -> list[Card]:
    """``seen_cards`` from a seat's own events (``visible_events``, or a game's ``events``
    read back with ``event_from_json``): a front end that holds only those, as the browser's
    coach does, counts the same cards. ``before``: the cards seen up to the first of
    ``events`` (a front end that reads the log a piece at a time)."""
    seen: dict[Card, None] = dict.fromkeys(before)
    for e in events:
        if e.kind in (Kind.SHUFFLED, Kind.REFILLED):
            seen.clear()
        elif e.card is not None and e.kind in (Kind.DEALT, Kind.TURNED, Kind.BURNED):
            seen[e.card] = None
    return list(seen)


@dataclass
class _Hand:
    """A hand rebuilt from the log: each card with whether it lies face up now."""

    bet: int
    cards: list[tuple[Card, bool]]
    doubled: bool = False
    from_split: bool = False
    outcome: str = ""
    net: int = 0
    paid: tuple[int, ...] = ()


def _last_round_ends(log: list[Event]) -> list[int]:
    """Where the last two rounds ended in the log (fewer at a young table), read from its end:
    a table's log grows all evening, and a screen asks after every change."""
    ends: list[int] = []
    for i in range(len(log) - 1, -1, -1):
        if log[i].kind is Kind.ROUND_ENDED:
            ends.insert(0, i)
            if len(ends) == 2:
                break
    return ends


def settled_round(table: Table, viewer: int = HOUSE) -> TableView | None:
    """The round just settled, as ``viewer`` saw it at its end: final cards, bets, each hand's
    result and what it was paid, the insurance and its result; the seats' chips as they are
    now. None while a round is under way or bets are down, or before the first round.

    The engine clears the layout the moment a round is settled, but a player wants to see how
    it ended before betting again. It is rebuilt here from the table's own log, card by card
    (a card is shown only if it lies face up, or is the viewer's own as ``view`` allows), so a
    screen never keeps a copy of the hands that could drift from what was dealt.
    """
    if table.phase is not Phase.BETTING or any(s.hands for s in table.seats.values()):
        return None
    log = table.log
    ends = _last_round_ends(log)
    if not ends:
        return None
    begin = ends[-2] + 1 if len(ends) > 1 else 0
    hands: dict[int, list[_Hand]] = {}
    dealer: list[tuple[Card, bool]] = []
    insurance: dict[int, int] = {}
    insurance_net: dict[int, int] = {}
    doubling: tuple[int, int] | None = None
    face_down_double: set[Card] = set()
    # The viewer's seat's cards dealt before its holder sat down are not theirs to see.
    taken = _last_taken(log, begin).get(viewer, -1) if viewer != HOUSE else -1
    earlier: set[Card] = set()
    for i in range(begin, ends[-1]):
        e = log[i]
        k = e.kind
        if k is Kind.BET:
            hands[e.seat] = [_Hand(e.amount, [])]
        elif k is Kind.DEALT and e.card is not None and not e.note:
            if i < taken:
                earlier.add(e.card)
            if e.seat == HOUSE:
                dealer.append((e.card, e.face_up))
            else:
                hands[e.seat][e.hand].cards.append((e.card, e.face_up))
                if doubling == (e.seat, e.hand) and not e.face_up:
                    face_down_double.add(e.card)
            doubling = None
        elif k is Kind.DOUBLED:
            h = hands[e.seat][e.hand]
            h.bet += e.amount
            h.doubled = True
            doubling = (e.seat, e.hand)
        elif k is Kind.SPLIT:
            # The pair was turned face up before the split (a TURNED event each), so the card
            # moved to the new hand lies face up there.
            old = hands[e.seat][e.hand - 1]
            old.from_split = True
            moved, _ = old.cards.pop()
            hands[e.seat].insert(e.hand, _Hand(e.amount, [(moved, True)], from_split=True))
        elif k is Kind.TURNED and e.card is not None:
            cards = dealer if e.seat == HOUSE else hands[e.seat][e.hand].cards
            cards[:] = [(c, up or c == e.card) for c, up in cards]
        elif k is Kind.SETTLED:
            h = hands[e.seat][e.hand]
            h.outcome, h.net, h.paid = e.note, e.amount, e.chips
        elif k is Kind.INSURED:
            insurance[e.seat] = e.amount
        elif k is Kind.INSURANCE_SETTLED:
            insurance_net[e.seat] = e.amount
    banker = viewer != HOUSE and viewer == table.dealer_seat
    dealer_cards = tuple(c if up or (banker and c not in earlier) else None
                         for c, up in dealer)
    dealer_total, _ = _shown(dealer_cards)
    live = view(table, viewer)
    seats = []
    for s in live.seats:
        shown_hands = []
        for h in hands.get(s.number, []):
            own = s.number == viewer
            shown = tuple(c if up or (own and c not in face_down_double and c not in earlier)
                          else None for c, up in h.cards)
            total, soft = _shown(shown)
            shown_hands.append(HandView(shown, total, soft, h.bet, h.doubled, h.from_split,
                                        h.outcome, False, h.net, h.paid))
        seats.append(SeatView(s.number, s.chips, s.bankroll, tuple(shown_hands),
                              insurance.get(s.number, 0), insurance_net.get(s.number)))
    return TableView(
        viewer=viewer, phase=live.phase, round=live.round, dealer=dealer_cards,
        dealer_total=dealer_total, seats=tuple(seats), to_act=None, legal=live.legal,
        shoe_remaining=live.shoe_remaining, discards=live.discards,
        cut_card_out=live.cut_card_out, chip_colours=live.chip_colours,
        chip_values=live.chip_values, cards_total=live.cards_total, settled=True)
