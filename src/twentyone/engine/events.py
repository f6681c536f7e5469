"""The table's append-only log.

Every operation appends events; the log is the record a hand history saves, a client animates and
an auditor reads. One small immutable record type keeps appending cheap in the hot loop and makes
every event serialise the same way; ``kind`` says what happened.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from twentyone.cards import Card, parse_card
from twentyone.errors import ReplayError
from twentyone.protocol import HOUSE


class Kind(StrEnum):
    SHUFFLED = "shuffled"              # amount = where the player cut; note = cards behind cut card
    BURNED = "burned"                  # card = the burned card (face down)
    SAT = "sat"                        # a player took a seat with chips
    LEFT = "left"                      # a player left with chips
    CHANGE = "change"                  # chips = chips in, chips2 = chips out (dealer made change)
    COLOURED_UP = "coloured-up"        # chips in, chips2 out
    BET = "bet"                        # amount, chips
    ROUND_STARTED = "round-started"    # amount = round number
    DEALT = "dealt"                    # seat (0 = dealer), hand, card, face_up
    INSURED = "insured"                # amount
    EVEN_MONEY = "even-money"          # amount = paid
    DECLINED = "declined"              # insurance / even money declined
    PEEKED = "peeked"                  # note = "blackjack" or "no blackjack"
    HIT = "hit"
    STOOD = "stood"
    DOUBLED = "doubled"                # amount added
    SPLIT = "split"                    # hand = the new hand's index; amount added
    SURRENDERED = "surrendered"        # amount = returned
    TURNED = "turned"                  # a face-down card turned face up (hole card, pitch hands)
    DEALER_STOOD = "dealer-stood"      # amount = total
    DEALER_BUSTED = "dealer-busted"    # amount = total
    SETTLED = "settled"                # note = outcome; amount = net result; chips = paid chips;
    #                                    chips2 = the bet's chips it was paid against
    INSURANCE_SETTLED = "insurance-settled"  # amount = net result; chips, chips2 as SETTLED
    FILL = "fill"                      # chips brought from the vault to the rack
    CREDIT = "credit"                  # chips sent from the rack to the vault
    CUT_CARD = "cut-card"              # the cut card came out
    REFILLED = "refilled"              # the shoe ran dry; discards shuffled to finish the round
    ROUND_ENDED = "round-ended"
    VOIDED = "voided"                  # the round was called off; bets on the layout returned


class Event(NamedTuple):
    """One thing that happened. ``kind`` is a ``Kind``, or a variant's own kind of event
    (Pontoon's ``PontoonKind``), so a variant logs what only it does without the engine knowing."""

    kind: StrEnum
    seat: int = HOUSE
    hand: int = 0
    card: Card | None = None
    face_up: bool = True
    amount: int = 0
    chips: tuple[int, ...] = ()
    chips2: tuple[int, ...] = ()
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.seat:
            out["seat"] = self.seat
        if self.hand:
            out["hand"] = self.hand
        if self.card is not None:
            out["card"] = self.card.code
            out["deck"] = self.card.deck
            out["face_up"] = self.face_up
        if self.amount:
            out["amount"] = self.amount
        if self.chips:
            out["chips"] = list(self.chips)
        if self.chips2:
            out["chips2"] = list(self.chips2)
        if self.note:
            out["note"] = self.note
        return out


#: The casino table's kinds of event by their words (a variant adds its own: ``event_from_json``).
KINDS: dict[str, StrEnum] = {k.value: k for k in Kind}


def event_from_json(data: Mapping[str, Any], kinds: Mapping[str, StrEnum] = KINDS) -> Event:
    """An event back from its ``to_json`` (a front end reading a game's ``events``), its kind
    looked up in ``kinds``: the table's own and, at a variant's table, the variant's too. A
    dealt or burned card the viewer may not see is written without the card (``visible_events``
    blanks it), and such a card lies face down."""
    kind = kinds.get(str(data["kind"]))
    if kind is None:
        raise ReplayError(f"no event of this table is called {str(data['kind'])[:40]!r}")
    code = data.get("card")
    card = None if code is None else parse_card(str(code), int(data.get("deck", 0)))
    face_up = (bool(data["face_up"]) if "face_up" in data
               else kind not in (Kind.DEALT, Kind.BURNED))
    return Event(kind, int(data.get("seat", HOUSE)), int(data.get("hand", 0)), card, face_up,
                 int(data.get("amount", 0)), tuple(data.get("chips", ())),
                 tuple(data.get("chips2", ())), str(data.get("note", "")))
