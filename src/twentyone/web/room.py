"""One party room: an engine table that is the only authority, and the people around it.

Every request is checked and applied here, one at a time (the app holds the room's lock):

- **Seats belong to people.** Sitting down gives a seat token made by ``secrets``; the ledger
  keeps only its hash. Only that token acts for the seat; the host's token acts for the host.
- **A request is applied once.** Each person's answers are kept by request id (the last
  ``ANSWERS_KEPT``): a repeated id gets its first answer again and changes nothing.
- **The table decides.** Each request becomes an engine operation (``engine.ops``) applied with
  ``table.apply``; a refusal is the engine's typed error, and the table is unchanged.
- **The ledger follows.** Everything a request changed is written in one transaction
  (``store.Change``) before the answer goes out, so a crash never loses an answered request.
- **The clock.** Each decision has ``turn_s`` seconds (a dropped connection at least ``grace_s``
  from when it dropped); at the deadline the room stands (or declines insurance) for the seat,
  and with ``on_timeout = "sit_out"`` the seat sits out until it comes back.
- **Dealer mode.** The host performs the dealer's draw and pays each winning bet in chips
  (``web.dealer``); the engine checks every step.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from twentyone.engine.calls import OPEN, DealerCalls
from twentyone.engine.events import Kind
from twentyone.engine.ops import (
    Bet,
    ColourUp,
    Deal,
    DealerHit,
    DealerStand,
    Decline,
    Double,
    EvenMoney,
    Hit,
    Insure,
    Leave,
    Op,
    Sit,
    Split,
    Stand,
    Surrender,
    op_from_json,
)
from twentyone.engine.ops import Change as ChangeChip
from twentyone.engine.shoe import Shuffler
from twentyone.engine.signals import game_of
from twentyone.engine.table import Phase, Table
from twentyone.engine.views import SPECTATOR, settled_round, view, visible_events
from twentyone.errors import (
    BetError,
    LedgerError,
    NotAllowedError,
    RequestError,
    RoomError,
    SeatError,
    TwentyOneError,
    UnknownOperationError,
    WrongPhaseError,
)
from twentyone.games.blackjack import FaceDown, RoundAccount, balances
from twentyone.games.blackjack.bank import bank_offer, banker, can_draw_for_bank, has_bank
from twentyone.money import dollars
from twentyone.pontoon.table import (
    AcceptBank,
    DeclineBank,
    DrawForBank,
    OfferBank,
    WithdrawBank,
)
from twentyone.web import protocol
from twentyone.web.dealer import INSURANCE, DealerDesk
from twentyone.web.hints import HintQuestion, casino_question, pontoon_question
from twentyone.web.protocol import (
    MAX_NAME_CHARS,
    FrameParts,
    Request,
    RoomFacts,
    SeatFacts,
    SeatMemo,
    SharedFrame,
)
from twentyone.web.shoes import LedgerShuffler, commitment, stored
from twentyone.web.spec import RoomSpec, make_table
from twentyone.web.store import Change, LedgerRow, Store, StoredRoom, StoredSeat

#: Answers kept per person for repeated request ids (older ids are forgotten).
ANSWERS_KEPT = 256

#: One line in the server's log for each request the ledger did not take.
_LOG = logging.getLogger(__name__)


def said(exc: BaseException) -> str:
    """An exception as one short line of the server's log."""
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text[:160]}" if text else type(exc).__name__

Answers = OrderedDict[str, dict[str, Any]]


class Role(StrEnum):
    HOST = "host"
    PLAYER = "player"
    SPECTATOR = "spectator"


@dataclass
class Actor:
    """Who a connection speaks for. A newcomer's answers are kept with its connection until it
    sits; a seat's and the host's with the room, so a reconnected person keeps them."""

    role: Role
    seat: int | None = None
    answers: Answers = field(default_factory=OrderedDict)
    #: The seat token's hash: the seat is this connection's only while that person holds it.
    key: str = ""


@dataclass
class Person:
    """Someone in a seat."""

    name: str
    token_hash: str
    since_op: int
    connections: int = 0
    #: When the last connection dropped (None while connected, or never connected yet).
    dropped_at: float | None = None
    sitting_out: bool = False
    #: Removed by the host mid-round: played out (standing) and cashed out when it ends.
    leaving: bool = False
    answers: Answers = field(default_factory=OrderedDict)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


#: A Pontoon bank's offer answered by the player offered it, or withdrawn by the banker
#: (docs/pontoon.md#giving-or-selling-the-bank).
BANK_ANSWERS: dict[str, Callable[[int], Op]] = {
    "accept_bank": AcceptBank, "decline_bank": DeclineBank, "withdraw_bank": WithdrawBank}


#: Seat operations that are the engine's own, built from the request's arguments.
def _seat_op(name: str, seat: int, args: dict[str, Any]) -> Op:
    if name == "bet":
        return Bet(seat, _amount(args, "amount"))
    if name == "double":
        return Double(seat, protocol.cents(args, "amount", optional=True))
    if name == "insure":
        return Insure(seat, protocol.cents(args, "amount", optional=True))
    if name == "change":
        colour = args.get("colour")
        if not isinstance(colour, str):
            raise RequestError("change names the colour of the chip to break")
        return ChangeChip(seat, colour)
    if name == "offer_bank":
        return OfferBank(seat, _number(args, "to"), _amount(args, "price", least=0))
    if name in BANK_ANSWERS:
        return BANK_ANSWERS[name](seat)
    plain: dict[str, Callable[[int], Op]] = {
        "hit": Hit, "stand": Stand, "split": Split, "surrender": Surrender,
        "even_money": EvenMoney, "decline": Decline, "colour_up": ColourUp}
    if name in plain:
        return plain[name](seat)
    raise UnknownOperationError(f"there is no {name!r} at this table")


def _amount(args: dict[str, Any], name: str, least: int = 1) -> int:
    """A money argument (bounded: ``protocol.cents``)."""
    value = protocol.cents(args, name, least=least)
    assert value is not None
    return value


def _number(args: dict[str, Any], name: str) -> int:
    """A seat's number, or another whole number that is not money (``protocol.whole``)."""
    value = protocol.whole(args, name)
    assert value is not None
    return value


SEAT_OPS = ("bet", "hit", "stand", "double", "split", "surrender", "insure", "even_money",
            "decline", "change", "colour_up", "buy", "leave", "draw_for_bank", "offer_bank",
            "accept_bank", "decline_bank", "withdraw_bank", "dealer_hit", "dealer_stand")
HOST_OPS = ("deal", "pause", "resume", "remove", "close", "draw_for_bank", "dealer_hit",
            "dealer_stand", "pay", "burn", "offer_insurance")
#: A seat's answers at the table itself, which in dealer mode wait for the dealer's offer of
#: insurance when the up card calls for one.
PLAYS = frozenset(("insure", "even_money", "decline", "surrender", "hit", "stand", "double",
                   "split"))


class Room:
    """A room: its table, its people, its clock, and its ledger."""

    def __init__(self, code: str, spec: RoomSpec, host_hash: str, store: Store,
                 live: Shuffler, *, now: Callable[[], float] = time.time,
                 saved: StoredRoom | None = None) -> None:
        self.code = code
        self.spec = spec
        self.host_hash = host_hash
        self.store = store
        self.now = now
        #: The live shuffler, kept to deal the room again from its ledger (``_reload``).
        self._live = live
        self.host_answers: Answers = OrderedDict()
        #: The ledger could not be read back after a failed write: every request is refused
        #: until it can (``_reload``), since memory may be ahead of the ledger.
        self._jammed = False
        self._load(saved)
        self._commit(Change())

    def _load(self, saved: StoredRoom | None) -> None:
        """Everything the ledger decides, built afresh: a new room, or ``saved`` dealt again."""
        self.paused = False
        self.closed = saved.closed if saved else False
        self.people: dict[int, Person] = {}
        self.dealer = DealerDesk() if self.spec.host_mode == "dealer" else None
        self.shuffles = list(saved.shuffles) if saved else []
        #: How many shuffles there were when the commitment was last hashed, and the hash.
        self._committed: tuple[int, str | None] = (-1, None)
        self.table: Table = make_table(self.spec, LedgerShuffler(self.shuffles, self._live))
        #: Each round's net per seat, read from the log at each commit (``RoundAccount``).
        self._rounds = RoundAccount()
        self._ops_saved = 0
        self._log_saved = 0
        #: The room's own state as the ledger last saved it (``_room_state``), and the seats'
        #: holders (by token hash) as it last saved them.
        self._state_saved: dict[str, Any] = {}
        self._people_saved: dict[int, str] = {}
        #: The dealer's calls so far, each with the place in the log of the event that made it.
        self.caller = DealerCalls(self.table.rules)
        self._calls: list[tuple[int, str]] = []
        self._called = 0
        #: Calls the room makes on a step that leaves no event in the table's log (the host
        #: offering insurance): said in the next broadcast only.
        self._room_calls: list[str] = []
        self._face_down = FaceDown()
        self._clock: tuple[int, float] | None = None
        self._clock_key: object = None
        if saved is not None:
            self._replay(saved)

    # --- rebuilding --------------------------------------------------------------------------

    def _replay(self, saved: StoredRoom) -> None:
        """Apply the ledger's operations again, in order: the table is then exactly where the
        last answered request left it."""
        t = self.table
        for data in saved.ops:
            record = t.apply(op_from_json(data, t.operations))
            self._rounds.read(record.events, self.balances())
        self._ops_saved = len(t.ops)
        self._log_saved = len(t.log)
        self.paused = bool(saved.state.get("paused", False))
        if self.dealer is not None:
            self.dealer.restore(saved.state)
        leaving = set(saved.state.get("leaving", ()))
        for s in saved.seats:
            self.people[s.seat] = Person(s.name, s.token_hash, s.since_op,
                                         dropped_at=self.now(), leaving=s.seat in leaving)
        self._state_saved = self._room_state()
        self._people_saved = {n: p.token_hash for n, p in self.people.items()}

    def _reload(self) -> None:
        """Deal the room again from its ledger, after a request the ledger did not take:
        nothing the ledger does not hold stays applied. Who is connected, and each person's
        kept answers, are not the ledger's and carry over to whoever still holds their seat.
        If the ledger cannot be read either, the room refuses everything until it can."""
        try:
            saved = self.store.room(self.code)
            if saved is None:
                raise LedgerError(f"the ledger has no room {self.code}")
            before = self.people
            self._load(saved)
        except Exception as exc:
            if not self._jammed:  # one line when it starts, not one per request while it lasts
                _LOG.warning("room %s: the ledger cannot be read back (%s); the room waits "
                             "for it", self.code, said(exc))
            self._jammed = True
            return
        self._jammed = False
        for n, p in self.people.items():
            old = before.get(n)
            if old is not None and old.token_hash == p.token_hash:
                p.connections, p.dropped_at = old.connections, old.dropped_at
                p.sitting_out, p.answers = old.sitting_out, old.answers
        self._restart_clock(force=True)

    def _ahead(self) -> bool:
        """Whether memory holds anything the ledger does not (checked after a refusal, which
        as a rule changes nothing)."""
        t = self.table
        return (len(t.ops) != self._ops_saved or len(t.log) != self._log_saved
                or self._room_state() != self._state_saved
                or {n: p.token_hash for n, p in self.people.items()} != self._people_saved)

    def _failed(self, exc: BaseException) -> TwentyOneError:
        """After a request or a timeout that failed part-way (the ledger refused a write, or a
        fault of the server's own): one line in the server's log, the room dealt again from
        the ledger, and the error to answer with, in words."""
        if not isinstance(exc, LedgerError):
            _LOG.warning("room %s: a request failed (%s); the room goes back to its ledger",
                         self.code, said(exc))
        self._reload()
        if isinstance(exc, TwentyOneError):
            return exc
        return LedgerError("the table could not do that, so nothing of it was done")

    def recover(self) -> None:
        """After a restart: a round that was under way resumes, or is called off with every bet
        returned, as the room's ``interrupted`` setting says."""
        t = self.table
        if self.spec.settings.interrupted == "void" and t.can_void_round():
            t.void_round()
            self._commit(Change())
        self._restart_clock()

    # --- who is who --------------------------------------------------------------------------

    def actor_for(self, token: str | None) -> Actor:
        """The person a hello's token speaks for; an unknown token is refused."""
        if token is None:
            return Actor(Role.SPECTATOR)
        digest = token_hash(token)
        if hmac.compare_digest(digest, self.host_hash):
            return Actor(Role.HOST)
        for n, p in self.people.items():
            if hmac.compare_digest(digest, p.token_hash):
                return Actor(Role.PLAYER, n, key=digest)
        raise NotAllowedError("that token is not one of this room's: join as a newcomer")

    def holds(self, actor: Actor) -> Person | None:
        """The person whose seat this connection speaks for, if they still hold it (a seat
        given up, or taken by someone else since, is no longer theirs)."""
        if actor.role is not Role.PLAYER or actor.seat is None:
            return None
        p = self.people.get(actor.seat)
        return p if p is not None and p.token_hash == actor.key else None

    def connected(self, actor: Actor) -> None:
        p = self.holds(actor)
        if p is not None:
            p.connections += 1
            p.dropped_at = None
            p.sitting_out = False
            self._restart_clock(force=True)

    def disconnected(self, actor: Actor) -> None:
        p = self.holds(actor)
        if p is not None:
            p.connections = max(0, p.connections - 1)
            if p.connections == 0:
                p.dropped_at = self.now()
                self._restart_clock(force=True)

    # --- requests ----------------------------------------------------------------------------

    def handle(self, actor: Actor, req: Request) -> tuple[dict[str, Any], bool]:
        """Answer one request: (the reply or error frame, whether anything changed). A
        repeated id is answered with its first answer, and nothing is applied again."""
        if actor.role is Role.PLAYER and self.holds(actor) is None:
            actor.role, actor.seat, actor.key = Role.SPECTATOR, None, ""  # gave the seat up
        answers = self._answers(actor)
        if req.id in answers:
            return answers[req.id], False
        try:
            extra = self._perform(actor, req)
            frame: dict[str, Any] = {"type": "reply", "id": req.id, "ok": True, **extra}
            changed = True
        except Exception as exc:  # memory must never stay ahead of the ledger
            if isinstance(exc, TwentyOneError) and not isinstance(exc, LedgerError) \
                    and not self._ahead():
                frame, changed = protocol.error_frame(req.id, exc), False
            else:
                # Not kept as the answer to this id: the same request may be tried again.
                return protocol.error_frame(req.id, self._failed(exc)), True
        if actor.role is Role.SPECTATOR and actor.seat is not None:
            answers = self.people[actor.seat].answers  # it sat down with this request
            actor.role, actor.key = Role.PLAYER, self.people[actor.seat].token_hash
        answers[req.id] = frame
        while len(answers) > ANSWERS_KEPT:
            answers.popitem(last=False)
        return frame, changed

    def _answers(self, actor: Actor) -> Answers:
        if actor.role is Role.HOST:
            return self.host_answers
        p = self.holds(actor)
        return actor.answers if p is None else p.answers

    def _perform(self, actor: Actor, req: Request) -> dict[str, Any]:
        if self._jammed:
            self._reload()
            if self._jammed:
                raise LedgerError("this room's ledger cannot be read just now, so nothing can "
                                  "be played: try again in a moment")
        if self.closed:
            raise RoomError("the host has closed this room")
        if actor.role is Role.HOST:
            if req.op not in HOST_OPS:
                raise UnknownOperationError(f"the host has no {req.op!r}: "
                                            f"one of {', '.join(HOST_OPS)}")
            return self._host(req)
        if actor.role is Role.SPECTATOR:
            if req.op != "sit":
                raise (UnknownOperationError if req.op not in SEAT_OPS else NotAllowedError)(
                    "take a seat first: sit with a name and a buy-in")
            return self._sit(actor, req.args)
        seat = actor.seat
        assert seat is not None
        if self.people[seat].leaving:
            raise NotAllowedError("the host has removed you from this seat")
        if req.op not in SEAT_OPS:
            raise UnknownOperationError(f"there is no {req.op!r} at this table")
        if self.paused:
            raise RoomError("the host has paused the table")
        return self._seat(seat, req)

    def _sit(self, actor: Actor, args: dict[str, Any]) -> dict[str, Any]:
        if self.paused:
            raise RoomError("the host has paused the table")
        name = protocol.text(args, "name", MAX_NAME_CHARS)
        buy_in = _amount(args, "buy_in")
        most = self.spec.settings.max_buy_in
        if buy_in > most:
            raise BetError(f"a buy-in at this room is at most {dollars(most)}")
        t = self.table
        wanted = protocol.whole(args, "seat", optional=True)
        if wanted is None:
            free = [n for n in range(1, t.rules.seats + 1) if n not in t.seats]
            if not free:
                raise SeatError("every seat is taken")
            wanted = free[0]
        t.apply(Sit(wanted, buy_in))
        token = new_token()
        p = Person(name, token_hash(token), len(t.ops) - 1, connections=1)
        self.people[wanted] = p
        self._commit(Change(seated=[StoredSeat(wanted, name, p.token_hash, p.since_op)],
                            ledger=[LedgerRow(wanted, name, "buy-in", buy_in, t.round)]))
        actor.seat = wanted  # only once the ledger holds the seat
        return {"token": token, "seat": wanted}

    def _seat(self, seat: int, req: Request) -> dict[str, Any]:
        t = self.table
        p = self.people[seat]
        name = req.op
        if self.dealer is not None and self.dealer.owes(seat):
            raise WrongPhaseError("wait for the dealer to pay you first")
        if name == "leave":
            self._leave(seat, Change())
            return {}
        if name == "buy":
            return self._buy(seat, _amount(req.args, "amount"))
        if name in PLAYS and self._awaiting_offer():
            raise WrongPhaseError("wait for the dealer to offer insurance")
        if name == "draw_for_bank":
            if DrawForBank.name not in t.operations:
                raise UnknownOperationError("there is no draw for the bank at this table")
            t.apply(DrawForBank())
        elif name in ("dealer_hit", "dealer_stand"):
            if t.dealer_seat != seat:
                raise NotAllowedError("only the banker plays the bank's hand")
            t.apply(DealerHit() if name == "dealer_hit" else DealerStand())
        else:
            op = _seat_op(name, seat, req.args)
            t.apply(op)
            if isinstance(op, Bet):
                p.sitting_out = False
        self._after_change()
        return {}

    def _buy(self, seat: int, amount: int) -> dict[str, Any]:
        """More chips between rounds: the seat gets up with its chips and sits straight back
        down with them and the new ones (two engine operations, so a replay deals the same)."""
        t = self.table
        s = t.seats[seat]
        if t.phase is not Phase.BETTING or s.hands:
            raise WrongPhaseError("buy more chips between rounds, before you bet")
        if t.dealer_seat == seat:
            raise WrongPhaseError("the banker buys no chips while holding the bank")
        most = self.spec.settings.max_buy_in
        if self.balances()[seat] + amount > most:
            raise BetError(f"at this room a seat buys chips up to {dollars(most)} in front of "
                           f"it; you have {dollars(self.balances()[seat])}")
        new = t.cashier.buy_in(amount)  # raises if the chips cannot make it; changes nothing
        chips = t.chipset.by_colour([a + b for a, b in zip(s.chips, new, strict=True)])
        t.apply(Leave(seat))
        t.apply(Sit(seat, chips))
        self._commit(Change(ledger=[LedgerRow(seat, self.people[seat].name, "buy-in", amount,
                                              t.round)]))
        return {}

    def _leave(self, seat: int, change: Change) -> None:
        """Cash out and give the seat up (its token no longer acts)."""
        t = self.table
        record = t.apply(Leave(seat))
        p = self.people.pop(seat)
        amount = next(e.amount for e in record.events if e.kind is Kind.LEFT)
        change.unseated.append(seat)
        change.ledger.append(LedgerRow(seat, p.name, "cash-out", amount, t.round))
        self._commit(change)

    def _host(self, req: Request) -> dict[str, Any]:
        t = self.table
        name = req.op
        if name == "pause":
            self.paused = True
            self._clock = None
            self._commit(Change())
            return {}
        if name == "resume":
            self.paused = False
            self._commit(Change())
            self._restart_clock(force=True)
            return {}
        if name == "close":
            self._close()
            return {}
        if name == "remove":
            return self._remove(_number(req.args, "seat"))
        if self.paused:
            raise RoomError("the table is paused: resume it first")
        if self.dealer is not None:
            self.dealer.check(t, name, req.args)
        if name == "deal":
            t.apply(Deal())
        elif name == "draw_for_bank":
            if DrawForBank.name not in t.operations:
                raise UnknownOperationError("there is no draw for the bank at this table")
            t.apply(DrawForBank())
        elif name in ("dealer_hit", "dealer_stand"):
            if self.dealer is None:
                raise NotAllowedError("the house plays the dealer's hand at this room")
            t.apply(DealerHit() if name == "dealer_hit" else DealerStand())
        elif name == "pay":
            if self.dealer is None:
                raise NotAllowedError("the house pays the bets at this room")
            self.dealer.pay(t, req.args)
            self._commit(Change())
            return {}
        elif name in ("burn", "offer_insurance"):
            if self.dealer is None:
                raise NotAllowedError("the house burns and offers insurance at this room")
            if name == "burn":
                self.dealer.burned = True
            else:
                self.dealer.offered = True
                self._room_calls.append(OPEN)
        self._after_change()
        return {}

    def _remove(self, seat: int) -> dict[str, Any]:
        if seat not in self.people:
            raise SeatError(f"nobody is sitting at seat {seat}")
        t = self.table
        if t.phase is Phase.BETTING and not t.seats[seat].hands:
            self._leave(seat, Change())
        else:
            self.people[seat].leaving = True
            self._after_change()
        return {}

    def _close(self) -> None:
        t = self.table
        if t.can_void_round():
            t.void_round()
            self._commit(Change())  # the round's net first, then everyone cashes out
        change = Change(closed=True)
        # A Pontoon banker cashes out last: the bank covers the table until nobody else sits.
        for n in sorted(self.people, key=lambda n: (n == t.dealer_seat, n)):
            p = self.people.pop(n)
            record = t.apply(Leave(n))
            amount = next(e.amount for e in record.events if e.kind is Kind.LEFT)
            change.unseated.append(n)
            change.ledger.append(LedgerRow(n, p.name, "cash-out", amount, t.round))
        self.closed = True
        self._clock = None
        self._commit(change)

    # --- after every change --------------------------------------------------------------

    def _after_change(self) -> None:
        """Act for seats that cannot (sitting out, removed), settle who leaves at the round's
        end, write the ledger, and start the clock for whoever is to act."""
        t = self.table
        for _ in range(1000):
            to_act = t.to_act
            if to_act is None or to_act[0] not in self.people or self._awaiting_offer():
                break
            p = self.people[to_act[0]]
            if not (p.sitting_out or p.leaving):
                break
            self._act_for(to_act[0])
        self._commit(Change())
        if self._between_rounds():
            for n in [n for n, p in self.people.items() if p.leaving]:
                self._leave(n, Change())
        self._restart_clock()

    def _act_for(self, seat: int) -> None:
        """What the room does for a seat that does not act: decline insurance, stand, or (a
        banker) stand on the bank's hand."""
        t = self.table
        if t.phase is Phase.INSURANCE:
            t.apply(Decline(seat))
        elif t.phase is Phase.DEALER:
            t.apply(DealerStand())
        else:
            t.apply(Stand(seat))

    def _between_rounds(self) -> bool:
        t = self.table
        return t.phase is Phase.BETTING and not any(s.hands for s in t.seats.values())

    def between_rounds(self) -> bool:
        """No round under way: the room may leave memory (``app.Site.expire``)."""
        return self._between_rounds()

    def balances(self) -> dict[int, int]:
        """Each seat's chips with its bets still on the layout (what it owns)."""
        return balances(self.table)

    def _commit(self, change: Change) -> None:
        """Write what the table did since the last commit, with ``change``, in one
        transaction: its operations, new shuffles, each round's net per seat, the balances."""
        t = self.table
        change.ops = [op.to_json() for op in t.ops[self._ops_saved:]]
        change.shuffles = [stored(r) for r in t.shoe.history[len(self.shuffles):]]
        events = t.log[self._log_saved:]
        balances = self.balances()
        for n, net in self._rounds.read(events, balances):
            name = self.people[n].name if n in self.people else ""
            change.ledger.append(LedgerRow(n, name, "round", net, t.round))
        change.balances = balances
        if self.dealer is not None:
            self.dealer.after(t, events)
        state = self._room_state()
        if state != self._state_saved:
            change.room_state = state
        try:
            self.store.commit(self.code, change)
        except Exception as exc:  # any failure: the ledger did not take it
            _LOG.warning("room %s: the ledger refused a write (%s); the room goes back to "
                         "its ledger", self.code, said(exc))
            raise LedgerError("the table could not write that to its ledger, so it was not "
                              "done: try again") from exc
        self.shuffles.extend(change.shuffles)
        self._ops_saved = len(t.ops)
        self._log_saved = len(t.log)
        self._state_saved = state
        self._people_saved = {n: p.token_hash for n, p in self.people.items()}

    def _room_state(self) -> dict[str, Any]:
        """What a restart must restore that no table operation records: whether the host has
        paused the table, the seats the host removed mid-round, and in dealer mode the
        payments still owed, the burn and the offer of insurance (docs/web.md)."""
        state: dict[str, Any] = {"paused": self.paused}
        leaving = sorted(n for n, p in self.people.items() if p.leaving)
        if leaving:
            state["leaving"] = leaving
        if self.dealer is not None:
            state.update(self.dealer.to_json())
        return state

    def _awaiting_offer(self) -> bool:
        """Dealer mode, the up card calls for insurance, and the host has not offered it: no
        player may answer yet, and no player's clock runs."""
        return self.dealer is not None and self.dealer.offer_due(self.table)

    # --- the clock -----------------------------------------------------------------------

    def _restart_clock(self, force: bool = False) -> None:
        t = self.table
        to_act = t.to_act
        key = (t.round, t.phase, to_act, len(t.log))
        if key == self._clock_key and not force:
            return
        self._clock_key = key
        s = self.spec.settings
        if (self.paused or self.closed or to_act is None or to_act[0] not in self.people
                or self._awaiting_offer()):
            self._clock = None
            return
        p = self.people[to_act[0]]
        now = self.now()
        deadline = now + s.turn_s if s.turn_s else None
        if p.dropped_at is not None:
            grace = p.dropped_at + s.grace_s
            deadline = grace if deadline is None else max(deadline, grace)
        self._clock = None if deadline is None else (to_act[0], deadline)

    def tick(self) -> bool:
        """Act for a seat whose time is up; True if the table changed. A room whose ledger
        could not be read back acts for nobody until it can (``_reload``)."""
        if self._jammed:
            self._reload()
            if self._jammed:
                return False
        if self._clock is None or self.paused or self.closed:
            return False
        seat, deadline = self._clock
        if self.now() < deadline or seat not in self.people:
            return False
        if self.spec.settings.on_timeout == "sit_out":
            self.people[seat].sitting_out = True
        try:
            self._act_for(seat)
            self._after_change()
        except Exception as exc:  # as in ``handle``: back to the ledger
            self._failed(exc)
        return True

    # --- what each connection is sent ---------------------------------------------------

    def log_mark(self) -> int:
        return len(self.table.log)

    def info(self) -> dict[str, Any]:
        """The room as ``GET /api/rooms/{code}`` shows it."""
        return {"room": self.code, "game": self.spec.game, "rules": self.spec.rules_name,
                "host_mode": self.spec.host_mode, "signals": str(game_of(self.table.rules)),
                "seats": [{"number": n, "name": p.name, "connected": p.connections > 0}
                          for n, p in sorted(self.people.items())],
                "seat_count": self.table.rules.seats,
                "bets": {"min": self.table.rules.min_bet, "max": self.table.rules.max_bet,
                         "unit": self.table.rules.bet_unit},
                "settings": self.spec.settings.to_json(), "closed": self.closed}

    def looking(self, actor: Actor) -> tuple[int, Role]:
        """Whose view a connection gets (a seat it holds, or the spectator's) and in what role:
        the whole of what its state frame depends on, so connections alike share one frame."""
        viewer = actor.seat if actor.seat is not None and self.holds(actor) else SPECTATOR
        role = Role.HOST if actor.role is Role.HOST else (
            Role.PLAYER if viewer else Role.SPECTATOR)
        return viewer, role

    def _commitment(self) -> str | None:
        """The current shoe's commitment, hashed once per shoe rather than once per frame."""
        if not (self.spec.settings.commit_shoes and self.shuffles):
            return None
        n = len(self.shuffles)
        if self._committed[0] != n:
            self._committed = (n, commitment(self.shuffles[-1]))
        return self._committed[1]

    def frames(self, since: int | None) -> Frames:
        """The state frames of one broadcast (the events in each from ``since`` on, and the
        calls made since: a full state, ``since`` None, has none)."""
        calls: list[str] = []
        if since is not None:
            calls, self._room_calls = self._room_calls, []
        return Frames(self, since, self._face_down.seats(self.table, since), calls)

    def state(self, actor: Actor, since: int | None) -> dict[str, Any]:
        """The state frame for one connection, exactly as a broadcast sends it, read back."""
        frame: dict[str, Any] = json.loads(self.frames(since).text(actor))
        return frame

    @functools.cached_property
    def _seats_written(self) -> SeatMemo:
        """Each seat's JSON as the last broadcast wrote it, given again while it is unchanged
        (``protocol.SeatMemo``; ``Frames`` only)."""
        return SeatMemo()

    def own_state(self, actor: Actor, since: int | None, room_calls: Sequence[str] = (),
                  memo: SeatMemo | None = None) -> dict[str, Any]:
        """The state frame for one connection built from its own view: the events since
        ``since`` as it may see them, and the dealer's calls. ``Frames`` sends this to a seat
        with cards of its own face down, and every other frame must read the same as this.
        ``memo``: its seats are taken from there (``Frames``; then the frame is not changed
        in place, as its seats may stand in frames sent before)."""
        t = self.table
        viewer, role = self.looking(actor)
        v = settled_round(t, viewer) or view(t, viewer, None if memo is None else memo.views)
        facts = RoomFacts(
            room=self.code, game=self.spec.game, role=str(role),
            seats={n: SeatFacts(p.name, p.connections > 0, p.sitting_out)
                   for n, p in self.people.items()},
            paused=self.paused, hints=self.spec.settings.hints,
            clock=None if self._clock is None else (self._clock[0],
                                                    int(self._clock[1] * 1000)),
            banker=banker(t),
            bank_offer=bank_offer(t),
            commitment=self._commitment(),
            host_legal=self.host_legal() if actor.role is Role.HOST else None)
        out = protocol.view_json(v, facts, memo)
        out["legal"] = self._legal(viewer, out["legal"]) if viewer else []
        if self.dealer is not None and self.dealer.shuffled and self.dealer.burn_due(t):
            # The engine burns as it shuffles; here the burn is the host's step, so until the
            # host takes it the card is shown still in the shoe.
            shoe = out["shoe"]
            burned = min(t.rules.burn, shoe["discards"])
            shoe["remaining"] += burned
            shoe["discards"] -= burned
        events = [protocol.event_json(e)
                  for e in ([] if since is None else visible_events(t, viewer, since))]
        if self.dealer is not None and self.dealer.due:
            self._hide_owed(out, events)
        return {"type": "state", "view": out, "events": events,
                "calls": [] if since is None else [*self.calls_since(since), *room_calls]}

    def _hide_owed(self, out: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """In dealer mode a winning bet is paid by the host, and working the payout out is the
        lesson: until the host has paid it, no frame tells what it wins, only that it is owed.
        The engine has already paid it, so the seat's stack and balance leave out the win and
        the bet's chips (the bet is still on the layout until paid), and the hand and its
        events lose their net and the chips paid."""
        assert self.dealer is not None
        due = self.dealer.due
        owed = {(d.seat, d.hand) for d in due}
        colours = self.table.chipset.colours
        # A seat's JSON may be shared with frames sent before (``protocol.SeatMemo``): the seats
        # changed here are copies, their chips and hands copied too.
        out["seats"] = seats = [
            {**seat, "chips": dict(seat["chips"]), "hands": [dict(h) for h in seat["hands"]]}
            if any(d.seat == seat["number"] for d in due) else seat for seat in out["seats"]]
        for seat in seats:
            for d in (d for d in due if d.seat == seat["number"]):
                seat["bankroll"] -= d.amount + d.bet
                chips = seat["chips"]
                for colour, *counts in zip(colours, d.paid or [0] * len(colours),
                                           d.stake or [0] * len(colours), strict=True):
                    left = chips.get(colour, 0) - sum(counts)
                    if left > 0:
                        chips[colour] = left
                    else:
                        chips.pop(colour, None)
            for i, hand in enumerate(seat["hands"]):
                if (seat["number"], i) in owed:
                    hand.update(paid={}, net=0, owed=True)
        for e in events:
            if (e["kind"] == "settled" and (e["seat"], e["hand"]) in owed) or (
                    e["kind"] == "insurance-settled" and (e["seat"], INSURANCE) in owed):
                e["amount"] = 0
                e.pop("chips", None)

    def calls_since(self, since: int) -> list[str]:
        """What the dealer called for the events from ``since`` on (engine.calls: the same
        calls the terminal makes); the calls are made once, in log order, for every viewer."""
        log = self.table.log
        for i in range(self._called, len(log)):
            # In dealer mode insurance opens when the host offers it, not when the ace shows.
            self._calls.extend((i, call) for call in self.caller.said(log[i])
                               if not (call == OPEN and self.dealer is not None))
        self._called = len(log)
        first = bisect.bisect_left(self._calls, since, key=lambda c: c[0])
        return [c for _, c in self._calls[first:]]

    def legal(self, viewer: int) -> list[str]:
        """What ``viewer`` may do now, as its frame's VIEW lists it."""
        if not viewer:
            return []
        return self._legal(viewer, [protocol.op_name(a)
                                    for a in self.table.legal_actions(viewer)])

    def _legal(self, seat: int, engine: list[str]) -> list[str]:
        """The engine's legal actions as this room offers them: the host deals; a seat between
        rounds may buy more chips."""
        out = [a for a in engine if a != "deal"]
        if self.paused:
            return []
        if self._awaiting_offer():
            out = [a for a in out if a not in PLAYS]
        if self.dealer is not None and self.dealer.owes(seat):
            return []  # the chips in front of the seat are the dealer's to move now
        t = self.table
        if t.phase is Phase.BETTING and seat in t.seats and not t.seats[seat].hands \
                and t.dealer_seat != seat:
            out.append("buy")
        return out

    def host_legal(self) -> tuple[str, ...]:
        t = self.table
        out: list[str] = []
        if self.closed:
            return ()
        if self.paused:
            return ("resume", "remove", "close")
        if self.dealer is not None:
            out.extend(self.dealer.legal(t))
        else:
            if t.can_deal():
                out.append("deal")
        if can_draw_for_bank(t):
            out.append("draw_for_bank")
        out.extend(("pause", "remove", "close"))
        return tuple(out)

    # --- hints -------------------------------------------------------------------------

    def hint_question(self, seat: int) -> HintQuestion:
        """What a solver is asked for this seat's hint, read from its own view only (its hand,
        the up card, the actions open, and for Pontoon the cards it has seen since the
        shuffle). Refused unless hints are on and it is this seat's turn to play."""
        t = self.table
        if not self.spec.settings.hints:
            raise RoomError("this room does not give hints")
        if t.phase is not Phase.PLAYERS or t.to_act is None or t.to_act[0] != seat:
            raise WrongPhaseError("a hint is for your own turn")
        v = view(t, seat)
        ask = pontoon_question if has_bank(t) else casino_question
        return ask(t, v, seat, t.to_act[1])


class Frames:
    """The state frames of one broadcast, each encoded once however many connections share it.

    The spectator's frame is built once, and its parts that every viewer without a face-down
    card of its own sees alike (the seats, the dealer, the events, the calls) encoded once
    (``protocol.SharedFrame``); such a viewer's frame adds only who it is, its role and what it
    may do. A seat in ``private`` gets a frame built from its own view (``Room.own_state``),
    so no card is ever shown from anyone's view but the viewer's own."""

    def __init__(self, room: Room, since: int | None, private: frozenset[int],
                 calls: Sequence[str] = ()) -> None:
        self.room = room
        self.since = since
        self.private = private
        #: The room's own calls this broadcast carries (``Room.frames``).
        self.calls = tuple(calls)
        self._shared: SharedFrame | None = None
        self._parts: dict[tuple[int, Role], FrameParts] = {}

    def text(self, actor: Actor) -> str:
        """The frame for ``actor``'s connection."""
        return self.parts(actor).text

    def parts(self, actor: Actor) -> FrameParts:
        """The frame for ``actor``'s connection, whole and in the parts a delta frame is built
        from (``web.delta``)."""
        key = self.room.looking(actor)
        parts = self._parts.get(key)
        if parts is None:
            parts = self._parts[key] = self._build(actor, *key)
        return parts

    def _build(self, actor: Actor, viewer: int, role: Role) -> FrameParts:
        room = self.room
        memo = room._seats_written
        if viewer in self.private:
            return SharedFrame.private(room.own_state(actor, self.since, self.calls, memo))
        if self._shared is None:
            self._shared = SharedFrame.of(room.own_state(Actor(Role.SPECTATOR), self.since,
                                                         self.calls, memo))
        own: dict[str, Any] = {"viewer": viewer, "role": str(role), "legal": room.legal(viewer)}
        if role is Role.HOST:
            own["host_legal"] = list(room.host_legal())
        return self._shared.parts(own)
