"""Money seating: a room part every game gets whose registry entry plays for chips
(``TableEntry.chips``: blackjack and Pontoon today).

- **Chips.** A seat sits down with a buy-in (bounded by the room's ``max_buy_in``), buys more
  between rounds, and cashes out when it leaves; the ledger keeps every buy-in, cash-out and
  round's net, and the balances.
- **The game decides.** Each request becomes the game's operation, read by the game
  (``operation``, ``host_operation``) and applied with ``game.apply``; a refusal is the game's
  typed error. Whose turn it is, what a seat may do and what a seat that does not act is made
  to do come from the game (``acting``, ``legal``, ``passive``): the hooks a chip game has for
  a room (``games.registry.ChipRoomGame``), never the engine's table under it.
- **The bank.** An acceptance of a player's bank names the price it accepts, and is refused
  unless the bank is offered to that seat at that price now.
- **Dealer mode.** The host's steps (the dealer's draw, paying each winning bet in chips, the
  burn, the offer of insurance) are operations of the game its host deals
  (``blackjack.dealer.DealerGame``), which checks every step and shows a win not yet paid as
  owed: the room changes nothing the game says.
"""

from __future__ import annotations

from typing import Any, Protocol

from twentyone.engine.ops import Bet, Leave, Sit, Void
from twentyone.errors import (
    BetError,
    NotAllowedError,
    RequestError,
    RoomError,
    SeatError,
    TableError,
    TwentyOneError,
    UnknownOperationError,
    WrongPhaseError,
)
from twentyone.games.registry import ChipRoomGame
from twentyone.money import dollars
from twentyone.protocol import HOUSE
from twentyone.protocol import game as protocol_game
from twentyone.web import protocol
from twentyone.web.protocol import MAX_NAME_CHARS, Request
from twentyone.web.roomcore import Actor, Person, new_token, token_hash
from twentyone.web.spec import RoomSpec
from twentyone.web.store import LedgerRow, StoredSeat, Transaction

#: A seat's requests that are the room's rather than the game's: they move chips across the
#: cashier's window (the ledger's buy-ins and cash-outs).
ROOM_SEAT_OPS = ("buy", "leave")
#: A seat's acceptance of the bank offered to it, which names the price it accepts.
ACCEPT_BANK = "accept_bank"
#: The game's operation a seat may not ask for itself: its arrival, which the room makes from
#: a newcomer's ``sit`` with the buy-in bounded.
ARRIVAL = "sit"
#: The host's operations at a chip table: the room's own, and the house's steps a chip game
#: may offer its host (the deal, the draw for the bank, a dealing host's).
HOST_OPS = ("deal", "pause", "resume", "remove", "close", "draw_for_bank", "dealer_hit",
            "dealer_stand", "pay", "burn", "offer_insurance")


def _amount(args: dict[str, Any], name: str) -> int:
    """A money argument (bounded: ``protocol.cents``)."""
    value = protocol.cents(args, name)
    assert value is not None
    return value


class Seats(Protocol):
    """What the purse needs of its room (``web.room.Room``): its settings, its people, its
    pause and close, and its ledger's commit and the steps after every change."""

    spec: RoomSpec
    people: dict[int, Person]
    paused: bool
    closed: bool
    _clock: tuple[int, float] | None

    def _commit(self, change: Transaction) -> None: ...

    def _after_change(self) -> None: ...


class Purse:
    """A room's chips: its seats' buy-ins, top-ups and cash-outs, through its chip game."""

    def __init__(self, room: Seats, game: ChipRoomGame) -> None:
        self.room = room
        #: The room's game as a chip game (the same object as ``room.game``).
        self.game = game

    def may(self, op: protocol_game.Op) -> bool:
        """The game would take ``op`` now (its ``verify``; changes nothing)."""
        try:
            self.game.verify(op)
        except TwentyOneError:
            return False
        return True

    def recover(self) -> None:
        """After a restart: a round that was under way resumes, or is called off with every bet
        returned, as the room's ``interrupted`` setting says."""
        room = self.room
        if room.spec.settings.interrupted == "void" and self.may(Void()):
            self.game.apply(Void())
            room._commit(Transaction())

    # --- a seat's requests -----------------------------------------------------------------

    def sit_first(self, op: str) -> TwentyOneError:
        known = op in ROOM_SEAT_OPS or op in self.game.operations
        return (NotAllowedError if known else UnknownOperationError)(
            "take a seat first: sit with a name and a buy-in")

    def seat_request(self, seat: int, req: Request) -> dict[str, Any]:
        room = self.room
        if room.people[seat].leaving:
            raise NotAllowedError("the host has removed you from this seat")
        if req.op not in ROOM_SEAT_OPS and not self._seat_may_name(req.op):
            raise UnknownOperationError(f"there is no {req.op!r} at this table")
        if room.paused:
            raise RoomError("the host has paused the table")
        if req.op == "leave":
            self.leave(seat, Transaction())
            return {}
        if req.op == "buy":
            return self._buy(seat, _amount(req.args, "amount"))
        if req.op == ACCEPT_BANK:
            req = self._accepted(seat, req)
        op = self._seat_op(seat, req)
        self.game.apply(op)
        if isinstance(op, Bet):
            room.people[seat].sitting_out = False
        room._after_change()
        return {}

    def _accepted(self, seat: int, req: Request) -> Request:
        """An acceptance of the bank names the price it accepts (docs/pontoon.md, giving or
        selling the bank):
        refused unless the bank is offered to this seat at that price now, so a banker who
        changes the offer as the buyer presses Accept never sells at a price the buyer did not
        see. The game's own operation carries no price: it is the request less its price."""
        offer = self.game.bank_offer
        if offer is None or offer[1] != seat:
            raise WrongPhaseError("the bank is not offered to you now")
        price = protocol.cents(req.args, "price", least=0)
        if price != offer[2]:
            raise WrongPhaseError(f"the bank is now offered to you for {dollars(offer[2])}, "
                                  f"not {dollars(price or 0)}: look again before you accept")
        return Request(req.id, req.op, {k: v for k, v in req.args.items() if k != "price"})

    def _seat_may_name(self, name: str) -> bool:
        """A game operation a seat may ask for: any of the game's own but its arrival."""
        return name in self.game.operations and name != ARRIVAL

    def _seat_op(self, seat: int, req: Request) -> protocol_game.Op:
        """The game's operation a seat's request names, read by the game's own reader (a
        history names it the same way) with the seat always the token's. Money and numbers
        are bounded here, where they enter; an operation of the house (the dealer's hand, the
        draw for the bank) is the seat's only while the game offers it to that seat."""
        args = {k: v for k, v in protocol.checked_args(req.args).items() if v is not None}
        op = self._read_op({**args, "op": req.op, "seat": seat})
        if op is None:
            op = self._read_op({**args, "op": req.op})
            if op is None:
                raise RequestError(self._details(req.op))
            if not any(type(o) is type(op) for o in self.game.legal(seat)):
                raise NotAllowedError(f"{req.op.replace('_', ' ')} is not yours to make now")
        return op

    def _read_op(self, data: dict[str, Any]) -> protocol_game.Op | None:
        try:
            return self.game.operation(data)
        except TwentyOneError:
            return None

    def _details(self, name: str) -> str:
        """What a move takes, in words, for a request that gave it other details."""
        takes = self.game.fields(name)
        label = name.replace("_", " ")
        return f"{label} takes {' and '.join(takes)}" if takes else f"{label} takes no details"

    def _buy(self, seat: int, amount: int) -> dict[str, Any]:
        """More chips between rounds: the seat gets up with its chips and sits straight back
        down with them and the new ones (two engine operations, so a replay deals the same)."""
        room = self.room
        for op in self.game.top_up(seat, amount, room.spec.settings.max_buy_in):
            self.game.apply(op)
        room._commit(Transaction(ledger=[LedgerRow(seat, room.people[seat].name, "buy-in",
                                                   amount, self.game.round)]))
        return {}

    def sit(self, actor: Actor, args: dict[str, Any]) -> dict[str, Any]:
        """A newcomer sits down with a name and a buy-in (at the seat asked for, or the first
        free one); the seat is theirs once the ledger holds it and the buy-in."""
        room = self.room
        name = protocol.text(args, "name", MAX_NAME_CHARS)
        buy_in = _amount(args, "buy_in")
        most = room.spec.settings.max_buy_in
        if buy_in > most:
            raise BetError(f"a buy-in at this room is at most {dollars(most)}")
        g = self.game
        wanted = protocol.seat_asked(args, g.seat_numbers, g.seated)
        self.game.apply(Sit(wanted, buy_in))
        token = new_token()
        p = Person(name, token_hash(token), len(g.ops) - 1, connections=1)
        room.people[wanted] = p
        room._commit(Transaction(seated=[StoredSeat(wanted, name, p.token_hash, p.since_op)],
                                 ledger=[LedgerRow(wanted, name, "buy-in", buy_in, g.round)]))
        actor.seat = wanted  # only once the ledger holds the seat
        return {"token": token, "seat": wanted}

    def leave(self, seat: int, change: Transaction) -> None:
        """Cash out and give the seat up (its token no longer acts)."""
        room = self.room
        amount = self._cash_out(seat)
        p = room.people.pop(seat)
        change.unseated.append(seat)
        change.ledger.append(LedgerRow(seat, p.name, "cash-out", amount, self.game.round))
        room._commit(change)

    def _cash_out(self, seat: int) -> int:
        """``seat`` leaves the game with its chips: what they are worth, as its event says."""
        mark = self.game.mark()
        self.game.apply(Leave(seat))
        return next((int(e.get("amount", 0)) for e in self.game.events(HOUSE, mark)
                     if e["kind"] == "left" and e.get("seat") == seat), 0)

    # --- the host's ------------------------------------------------------------------------

    def remove(self, seat: int) -> dict[str, Any]:
        """The host removes a seat: it cashes out now, or, mid-round, at the round's end."""
        room = self.room
        if seat not in room.people:
            raise SeatError(f"nobody is sitting at seat {seat}")
        g = self.game
        if self.may(Leave(seat)):
            self.leave(seat, Transaction())
        else:
            if seat == g.banker and len(g.seated) > 1:
                # As between rounds (the engine's refusal): the bank covers the table.
                raise TableError("the banker cannot leave holding the bank; give or sell it "
                                 "first")
            room.people[seat].leaving = True
            room._after_change()
        return {}

    def close(self) -> None:
        """The host closes the room: a round under way is called off, every bet returned, and
        everyone cashes out (a Pontoon banker last: the bank covers the table until nobody
        else sits)."""
        room = self.room
        g = self.game
        refusal = g.closing_refusal()
        if refusal is not None:  # before anything changes
            raise refusal
        if self.may(Void()):
            self.game.apply(Void())
            room._commit(Transaction())  # the round's net first, then everyone cashes out
        change = Transaction(closed=True)
        banker = g.banker
        for n in sorted(room.people, key=lambda n: (n == banker, n)):
            p = room.people.pop(n)
            amount = self._cash_out(n)
            change.unseated.append(n)
            change.ledger.append(LedgerRow(n, p.name, "cash-out", amount, g.round))
        room.closed = True
        room._clock = None
        room._commit(change)

    def settle_leavers(self) -> None:
        """Between rounds, the seats the host removed mid-round cash out (each once it may: a
        new banker gives the bank up first)."""
        room = self.room
        for n in [n for n, p in room.people.items() if p.leaving]:
            if self.may(Leave(n)):
                self.leave(n, Transaction())
