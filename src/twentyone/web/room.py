"""The casino room: a blackjack or Pontoon table that is the only authority, and the people
around it, on the room core (``web.roomcore``: seats by token, requests answered once, the
ledger before the answer, the clock, the host's pause).

What the casino room adds:

- **Chips.** A seat sits down with a buy-in (bounded by the room's ``max_buy_in``), buys more
  between rounds, and cashes out when it leaves; the ledger keeps every buy-in, cash-out and
  round's net.
- **The table decides.** Each request becomes an engine operation (``engine.ops``) applied with
  ``table.apply``; a refusal is the engine's typed error, and the table is unchanged.
- **The clock.** At the deadline the room stands (or declines insurance) for the seat, and with
  ``on_timeout = "sit_out"`` the seat sits out until it comes back.
- **Dealer mode.** The host performs the dealer's draw and pays each winning bet in chips:
  the room's game is then ``web.dealer.DealerGame``, which checks every step and shows a win
  the host has not paid as owed.

Its frames are the one frame every room sends (``{ctx, legal, body, room, events, calls}``,
docs/web.md#delta-frames): ``ctx``, ``legal`` and ``body`` are the game's ``seat_view`` for the
viewer, ``events`` the game's ``events`` for it; the room adds only its own part (who sits
where, the clock, the host's steps) and the dealer's calls. What a seat may see is decided by
the game alone.
"""

from __future__ import annotations

import bisect
import dataclasses
import json
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from twentyone.engine.calls import OPEN, DealerCalls
from twentyone.engine.events import Kind
from twentyone.engine.ops import (
    Bet,
    DealerStand,
    Decline,
    Leave,
    Op,
    Sit,
    Stand,
    Void,
)
from twentyone.engine.shoe import Shuffler
from twentyone.engine.signals import style_of
from twentyone.engine.table import Phase, Record, Table
from twentyone.engine.views import view
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
from twentyone.games.blackjack import CasinoGame
from twentyone.games.blackjack.bank import bank_offer, can_draw_for_bank, has_bank
from twentyone.games.core.sheet import Sheet
from twentyone.games.registry import TABLES
from twentyone.money import dollars
from twentyone.protocol import game as protocol_game
from twentyone.web import protocol
from twentyone.web.dealer import DealerGame
from twentyone.web.hints import HintQuestion, casino_question, pontoon_question
from twentyone.web.protocol import MAX_NAME_CHARS, FrameParts, Request, Texts
from twentyone.web.roomcore import (
    Actor,
    Download,
    Person,
    Role,
    RoomCore,
    new_token,
    token_hash,
)
from twentyone.web.shoes import LedgerShuffler, commitment, stored
from twentyone.web.spec import RoomSpec, make_table
from twentyone.web.store import Change, LedgerRow, Store, StoredRoom, StoredSeat

#: A seat's requests that are the room's rather than the game's: they move chips across the
#: cashier's window (the ledger's buy-ins and cash-outs).
ROOM_SEAT_OPS = ("buy", "leave")
#: A seat's acceptance of the bank offered to it, which names the price it accepts.
ACCEPT_BANK = "accept_bank"
#: The host's steps that only a dealer-mode room gives the host, with what a room the house
#: deals says to them.
DEALER_ONLY = {"pay": "the house pays the bets at this room",
               "burn": "the house burns and offers insurance at this room",
               "offer_insurance": "the house burns and offers insurance at this room",
               "dealer_hit": "the house plays the dealer's hand at this room",
               "dealer_stand": "the house plays the dealer's hand at this room"}
#: The game's operation a seat may not ask for itself: its arrival, which the room makes from
#: a newcomer's ``sit`` with the buy-in bounded.
ARRIVAL = "sit"


def _amount(args: dict[str, Any], name: str) -> int:
    """A money argument (bounded: ``protocol.cents``)."""
    value = protocol.cents(args, name)
    assert value is not None
    return value


def _number(args: dict[str, Any], name: str) -> int:
    """A seat's number, or another whole number that is not money (``protocol.whole``)."""
    value = protocol.whole(args, name)
    assert value is not None
    return value


class Room(RoomCore):
    """A casino room: its table (reached through the game protocol's ``CasinoGame``), its
    people, its clock, and its ledger."""

    HOST_OPS: ClassVar[tuple[str, ...]] = (
        "deal", "pause", "resume", "remove", "close", "draw_for_bank", "dealer_hit",
        "dealer_stand", "pay", "burn", "offer_insurance")

    def __init__(self, code: str, spec: RoomSpec, host_hash: str, store: Store,
                 live: Shuffler, *, now: Callable[[], float] = time.time,
                 saved: StoredRoom | None = None) -> None:
        #: The live shuffler, kept to deal the room again from its ledger (``_reload``).
        self._live = live
        super().__init__(code, spec, host_hash, store, now=now, saved=saved)

    def _load(self, saved: StoredRoom | None) -> None:
        """Everything the ledger decides, built afresh: a new room, or ``saved`` dealt again."""
        self._reset(saved)
        self.shuffles = list(saved.shuffles) if saved else []
        #: How many shuffles there were when the commitment was last hashed, and the hash.
        self._committed: tuple[int, str | None] = (-1, None)
        #: Who sits where as frames last showed it, and what it was written from.
        self._seats_written: tuple[object, dict[str, dict[str, Any]]] = (None, {})
        #: Each (viewer, role)'s frame state as the last broadcast built it, and the texts of
        #: its members (``Frames``).
        self.states_written: dict[tuple[int, Role], dict[str, Any]] = {}
        self.texts_written: Texts = {}
        #: Each legal operation's JSON, by the operation (the game hands out the same values).
        self._ops_written: dict[int, tuple[object, dict[str, Any]]] = {}
        casino = CasinoGame(make_table(self.spec, LedgerShuffler(self.shuffles, self._live)),
                            self.spec.game)
        #: The room's game: the casino game, or in dealer mode that game with the host as its
        #: dealer (``self.dealer``, the same object).
        self.game: CasinoGame | DealerGame = casino
        self.dealer: DealerGame | None = None
        #: The engine's table, which the game wraps: read for the flow of play and hints;
        #: every change goes through ``game.apply`` (a layer test keeps it so).
        self.table: Table = casino.table
        self._ops_saved = 0
        self._log_saved = 0
        self._results_saved = 0
        #: The dealer's calls so far, each with the place in the log of the event that made it.
        self.caller = DealerCalls(self.table.rules)
        self._calls: list[tuple[int, str]] = []
        self._called = 0
        #: Calls the room makes on a step that leaves no event in the table's log (the host
        #: offering insurance): said in the next broadcast only.
        self._room_calls: list[str] = []
        if saved is not None:
            self._replay(saved)
        if self.spec.host_mode == "dealer":
            # The ledger's operations are the table's, replayed above; the dealer's desk is
            # the room's state, restored as it was written.
            self.game = self.dealer = DealerGame(casino, saved.state if saved else None)
        if saved is not None:
            self._saved_now()

    # --- rebuilding --------------------------------------------------------------------------

    def _replay(self, saved: StoredRoom) -> None:
        """Apply the ledger's operations again, in order: the table is then exactly where the
        last answered request left it."""
        g = self.game
        for data in saved.ops:
            self.game.apply(self.game.operation(data))
        t = self.table
        self._ops_saved = len(t.ops)
        self._log_saved = len(t.log)
        self._results_saved = len(g.hand_results())
        self.paused = bool(saved.state.get("paused", False))
        leaving = set(saved.state.get("leaving", ()))
        for s in saved.seats:
            self.people[s.seat] = Person(s.name, s.token_hash, s.since_op,
                                         dropped_at=self.now(), leaving=s.seat in leaving)

    def _game_unsaved(self) -> bool:
        t = self.table
        return len(t.ops) != self._ops_saved or len(t.log) != self._log_saved

    def recover(self) -> None:
        """After a restart: a round that was under way resumes, or is called off with every bet
        returned, as the room's ``interrupted`` setting says."""
        if self.spec.settings.interrupted == "void" and self.table.can_void_round():
            self.game.apply(Void())
            self._commit(Change())
        self._restart_clock()

    # --- requests ----------------------------------------------------------------------------

    def _sit_first(self, op: str) -> TwentyOneError:
        known = op in ROOM_SEAT_OPS or op in self.table.operations
        return (NotAllowedError if known else UnknownOperationError)(
            "take a seat first: sit with a name and a buy-in")

    def _seat_request(self, seat: int, req: Request) -> dict[str, Any]:
        if self.people[seat].leaving:
            raise NotAllowedError("the host has removed you from this seat")
        if req.op not in ROOM_SEAT_OPS and not self._seat_may_name(req.op):
            raise UnknownOperationError(f"there is no {req.op!r} at this table")
        if self.paused:
            raise RoomError("the host has paused the table")
        waits = None if self.dealer is None else self.dealer.waits(seat)
        if waits is not None:
            raise waits
        if req.op == "leave":
            self._leave(seat, Change())
            return {}
        if req.op == "buy":
            return self._buy(seat, _amount(req.args, "amount"))
        if req.op == ACCEPT_BANK:
            req = self._accepted(seat, req)
        op = self._seat_op(seat, req)
        self.game.apply(op)
        if isinstance(op, Bet):
            self.people[seat].sitting_out = False
        self._after_change()
        return {}

    def _accepted(self, seat: int, req: Request) -> Request:
        """An acceptance of the bank names the price it accepts (docs/pontoon.md, giving or
        selling the bank):
        refused unless the bank is offered to this seat at that price now, so a banker who
        changes the offer as the buyer presses Accept never sells at a price the buyer did not
        see. The game's own operation carries no price: it is the request less its price."""
        offer = bank_offer(self.table)
        if offer is None or offer[1] != seat:
            raise WrongPhaseError("the bank is not offered to you now")
        price = protocol.cents(req.args, "price", least=0)
        if price != offer[2]:
            raise WrongPhaseError(f"the bank is now offered to you for {dollars(offer[2])}, "
                                  f"not {dollars(price or 0)}: look again before you accept")
        return Request(req.id, req.op, {k: v for k, v in req.args.items() if k != "price"})

    def _seat_may_name(self, name: str) -> bool:
        """A game operation a seat may ask for: any of the game's own but its arrival."""
        return name in self.table.operations and name != ARRIVAL

    def _seat_op(self, seat: int, req: Request) -> Op:
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

    def _read_op(self, data: dict[str, Any]) -> Op | None:
        try:
            return self.game.operation(data)
        except TwentyOneError:
            return None

    def _details(self, name: str) -> str:
        """What a move takes, in words, for a request that gave it other details."""
        takes = [f.name for f in dataclasses.fields(self.table.operations[name])
                 if f.name != "seat"]
        label = name.replace("_", " ")
        return f"{label} takes {' and '.join(takes)}" if takes else f"{label} takes no details"

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
        self.game.apply(Leave(seat))
        self.game.apply(Sit(seat, chips))
        self._commit(Change(ledger=[LedgerRow(seat, self.people[seat].name, "buy-in", amount,
                                              t.round)]))
        return {}

    def _sit(self, actor: Actor, args: dict[str, Any]) -> dict[str, Any]:
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
        self.game.apply(Sit(wanted, buy_in))
        token = new_token()
        p = Person(name, token_hash(token), len(t.ops) - 1, connections=1)
        self.people[wanted] = p
        self._commit(Change(seated=[StoredSeat(wanted, name, p.token_hash, p.since_op)],
                            ledger=[LedgerRow(wanted, name, "buy-in", buy_in, t.round)]))
        actor.seat = wanted  # only once the ledger holds the seat
        return {"token": token, "seat": wanted}

    def _leave(self, seat: int, change: Change) -> None:
        """Cash out and give the seat up (its token no longer acts)."""
        record = self.game.apply(Leave(seat))
        p = self.people.pop(seat)
        assert isinstance(record, Record)
        amount = next(e.amount for e in record.events if e.kind is Kind.LEFT)
        change.unseated.append(seat)
        change.ledger.append(LedgerRow(seat, p.name, "cash-out", amount, self.table.round))
        self._commit(change)

    def _resumed(self) -> None:
        """Nothing more than the clock, which the core restarts."""

    def _host_op(self, req: Request) -> dict[str, Any]:
        t = self.table
        name = req.op
        if name == "close":
            self._close()
            return {}
        if name == "remove":
            return self._remove(_number(req.args, "seat"))
        if self.paused:
            raise RoomError("the table is paused: resume it first")
        if self.dealer is None and name in DEALER_ONLY:
            raise NotAllowedError(DEALER_ONLY[name])
        if name not in DEALER_ONLY and name not in t.operations:
            if self.dealer is not None:
                self.dealer.check_step(name, req.args)  # a step out of its place, first
            raise UnknownOperationError(f"there is no {name.replace('_', ' ')} at this table")
        if self.dealer is None:
            self.game.apply(self.game.operation({"op": name}))
        else:
            self._room_calls.extend(self.dealer.host_step(name, req.args))
            if name == "pay":
                self._commit(Change())
                return {}
        self._after_change()
        return {}

    def _remove(self, seat: int) -> dict[str, Any]:
        if seat not in self.people:
            raise SeatError(f"nobody is sitting at seat {seat}")
        t = self.table
        if t.phase is Phase.BETTING and not t.seats[seat].hands:
            self._leave(seat, Change())
        else:
            if has_bank(t) and seat == t.dealer_seat and len(t.seats) > 1:
                # As between rounds (the engine's refusal): the bank covers the table.
                raise TableError("the banker cannot leave holding the bank; give or sell it "
                                 "first")
            self.people[seat].leaving = True
            self._after_change()
        return {}

    def _close(self) -> None:
        t = self.table
        if t.can_void_round():
            self.game.apply(Void())
            self._commit(Change())  # the round's net first, then everyone cashes out
        change = Change(closed=True)
        # A Pontoon banker cashes out last: the bank covers the table until nobody else sits.
        for n in sorted(self.people, key=lambda n: (n == t.dealer_seat, n)):
            p = self.people.pop(n)
            record = self.game.apply(Leave(n))
            assert isinstance(record, Record)
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
        if self.between_rounds():
            for n in [n for n, p in self.people.items() if p.leaving]:
                if self._may_leave(n):  # else once they may (a new banker gives the bank up)
                    self._leave(n, Change())
        self._restart_clock()

    def _may_leave(self, seat: int) -> bool:
        try:
            self.game.verify(Leave(seat))
        except TwentyOneError:
            return False
        return True

    def _act_for(self, seat: int) -> None:
        """What the room does for a seat that does not act: decline insurance, stand, or (a
        banker) stand on the bank's hand."""
        t = self.table
        if t.phase is Phase.INSURANCE:
            self.game.apply(Decline(seat))
        elif t.phase is Phase.DEALER:
            self.game.apply(DealerStand())
        else:
            self.game.apply(Stand(seat))

    def between_rounds(self) -> bool:
        """No round under way: the room may leave memory (``app.Site.expire``)."""
        return self.game.between_hands

    def balances(self) -> dict[int, int]:
        """Each seat's chips with its bets still on the layout (what it owns; read only)."""
        return self.game.balances()

    def _write(self, change: Change) -> Callable[[], None]:
        """What the table did since the last commit: its operations, new shuffles, each
        round's net per seat (the game's hand results), the balances."""
        t = self.table
        change.ops = [op.to_json() for op in t.ops[self._ops_saved:]]
        change.shuffles = [stored(r) for r in t.shoe.history[len(self.shuffles):]]
        results = self.game.hand_results(self._results_saved)
        for r in results:
            for n, net in sorted(r.scores.items()):
                name = self.people[n].name if n in self.people else ""
                change.ledger.append(LedgerRow(n, name, "round", net, r.hand))
        change.balances = self.balances()

        def done() -> None:
            self.shuffles.extend(change.shuffles)
            self._ops_saved = len(t.ops)
            self._log_saved = len(t.log)
            self._results_saved += len(results)
        return done

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
        return self.dealer is not None and self.dealer.desk.offer_due(self.table)

    # --- the clock -----------------------------------------------------------------------

    def _restart_clock(self, force: bool = False) -> None:
        t = self.table
        to_act = t.to_act
        key = (t.round, t.phase, to_act, len(t.log))
        if key == self._clock_key and not force:
            return
        self._clock_key = key
        if (self.paused or self.closed or to_act is None or to_act[0] not in self.people
                or self._awaiting_offer()):
            self._clock = None
            return
        deadline = self._deadline(to_act[0])
        self._clock = None if deadline is None else (to_act[0], deadline)

    def tick(self) -> bool:
        """Act for a seat whose time is up; True if the table changed. A room whose ledger
        could not be read back acts for nobody until it can (``_reload``)."""
        if not self._unjammed():
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
        return self.game.mark()

    def info(self) -> dict[str, Any]:
        """The room as ``GET /api/rooms/{code}`` shows it."""
        entry = TABLES[self.spec.game]
        return {"room": self.code, "game": self.spec.game, "title": entry.title,
                "kind": entry.kind,
                "bank": entry.bank, "rules": self.spec.rules_name,
                "host_mode": self.spec.host_mode, "signals": str(style_of(self.table.rules)),
                "seats": [{"number": n, "name": p.name, "connected": p.connections > 0}
                          for n, p in sorted(self.people.items())],
                "seat_count": self.table.rules.seats,
                "bets": {"min": self.table.rules.min_bet, "max": self.table.rules.max_bet,
                         "unit": self.table.rules.bet_unit},
                "settings": self.spec.settings_json(), "closed": self.closed}

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
        return Frames(self, since, calls)

    def state(self, actor: Actor, since: int | None) -> dict[str, Any]:
        """The state frame for one connection, exactly as a broadcast sends it, read back."""
        frame: dict[str, Any] = json.loads(self.frames(since).text(actor))
        return frame

    def own_state(self, actor: Actor, since: int | None, room_calls: Sequence[str] = (),
                  events: list[dict[str, Any]] | None = None,
                  calls: list[str] | None = None) -> dict[str, Any]:
        """The state frame for one connection: the game's ``seat_view`` for its viewer (the
        context, the operations it may make, the body), the game's events since ``since`` for
        it, the room's own part and the dealer's calls. ``events`` and ``calls``: the same,
        worked out once for every viewer of a broadcast who sees what the house sees."""
        viewer, role = self.looking(actor)
        v = self.game.seat_view(viewer)
        if events is None:
            events = [] if since is None else self.game.events(viewer, since)
        if calls is None:
            calls = [] if since is None else [*self.calls_since(since), *room_calls]
        return {"type": "state", "ctx": v.ctx.to_json(), "legal": self._legal(viewer, v.legal),
                "body": v.body, "room": self._room_part(viewer, role), "events": events,
                "calls": calls}

    def _room_part(self, viewer: int, role: Role) -> dict[str, Any]:
        """What the room adds to a frame: itself, who is looking, who sits where, the pause,
        the clock, the host's steps (to the host), hints, the shoe's commitment."""
        entry = TABLES[self.spec.game]
        return {
            "code": self.code, "game": self.spec.game, "title": entry.title,
            "page": entry.page, "role": str(role), "viewer": viewer, "seats": self._seats_json(),
            "paused": self.paused, "closed": self.closed, "clock": self.clock_json(),
            "host_legal": list(self.host_legal()) if role is Role.HOST else None,
            "hints": self.spec.settings.hints, "commitment": self._commitment()}

    def _seats_json(self) -> dict[str, dict[str, Any]]:
        """Who sits where, as every frame shows it: the same object while nothing of it
        changes, so a delta passes it over by identity. Read only."""
        key = tuple((n, p.name, p.connections > 0, p.sitting_out)
                    for n, p in sorted(self.people.items()))
        if self._seats_written[0] != key:
            self._seats_written = (key, {str(n): {"name": name, "connected": on,
                                                  "sitting_out": out}
                                         for n, name, on, out in key})
        return self._seats_written[1]

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
        """What ``viewer`` may do now, by name, as its frame's ``legal`` lists it."""
        return [op["op"] for op in self._legal(viewer, self.game.legal(viewer))]

    def _legal(self, seat: int, game: Sequence[protocol_game.Op]) -> list[dict[str, Any]]:
        """The game's legal operations for ``seat`` as this room offers them (as JSON): the
        host deals; a seat between rounds may also buy more chips; nothing while paused."""
        if not seat or self.paused or self.closed:
            return []
        out = [self._op_json(op) for op in game if op.name != "deal"]
        t = self.table
        if t.phase is Phase.BETTING and seat in t.seats and not t.seats[seat].hands \
                and t.dealer_seat != seat and not (self.dealer and self.dealer.waits(seat)):
            out.append({"op": "buy"})
        return out

    def _op_json(self, op: protocol_game.Op) -> dict[str, Any]:
        """``op.to_json()``, written once per operation value (read only)."""
        found = self._ops_written.get(id(op))
        if found is None or found[0] is not op:
            if len(self._ops_written) > 256:  # the moments' operations: keep it small
                self._ops_written.clear()
            found = self._ops_written[id(op)] = (op, op.to_json())
        return found[1]

    def host_legal(self) -> tuple[str, ...]:
        t = self.table
        out: list[str] = []
        if self.closed:
            return ()
        if self.paused:
            return ("resume", "remove", "close")
        if self.dealer is not None:
            out.extend(self.dealer.host_steps())
        else:
            if t.can_deal():
                out.append("deal")
        if can_draw_for_bank(t):
            out.append("draw_for_bank")
        out.extend(("pause", "remove", "close"))
        return tuple(out)

    # --- downloads -----------------------------------------------------------------------

    def download(self, actor: Actor, seat: str | None) -> Download:
        """The host's full record, or with ``seat`` what that seat saw (its holder's own
        history); a seat's own for a seat. Dealt again from the ledger off the event loop
        (``replays.Histories``), with every round still in play left out (docs/web.md)."""
        code, spec = self.code, self.spec.to_json()
        held = actor.seat if actor.role is Role.PLAYER else None
        if actor.role is Role.HOST and seat is not None:
            if not seat.isdigit() or int(seat) not in self.people:
                raise RoomError(f"nobody sits at seat {seat!r} now")
            held = int(seat)
        if held is not None:
            n, since = held, self.people[held].since_op
            return Download(f"{code}-seat{n}", make=lambda h: h.seat(code, spec, n, since))
        if actor.role is Role.HOST:
            closed = self.closed
            return Download(code, make=lambda h: h.house(code, spec, closed))
        raise NotAllowedError("a history is for the host or a seat")

    def score_sheet(self) -> Sheet:
        raise RoomError("a blackjack table keeps a ledger, not a score sheet")

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
    """The state frames of one broadcast: one per (viewer, role), each encoded once however
    many connections share it. The events are the game's for each viewer; every viewer
    without a face-down card of its own (``CasinoGame.private_seats``) sees the house's, which
    are read once for all of them."""

    def __init__(self, room: Room, since: int | None, calls: Sequence[str] = ()) -> None:
        self.room = room
        self.since = since
        self.private = room.game.private_seats(since)
        #: The room's own calls this broadcast carries (``Room.frames``).
        self.calls = tuple(calls)
        self._events: list[dict[str, Any]] | None = None
        #: The dealer's calls, the same in every frame of the broadcast.
        self._said: list[str] = [] if since is None else [*room.calls_since(since), *calls]
        #: The texts of the members the frames share, each encoded once; and the last
        #: broadcast's, for members that are the same objects again.
        self._texts: Texts = {}
        self._prior, room.texts_written = room.texts_written, self._texts
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
            frame = self.room.own_state(actor, self.since, self.calls,
                                        self._house_events(key[0]), self._said)
            # A member equal to the one this viewer was last built is that object again, so
            # a delta passes it over by identity (its context, its moves, the room's part
            # rarely change).
            last = self.room.states_written.get(key, {})
            for k in ("ctx", "legal", "room"):
                old = last.get(k)
                if old is not None and old == frame[k]:
                    frame[k] = old
                    text = self._prior.get(id(old))
                    if text is not None and text[0] is old:
                        self._texts[id(old)] = text
            self.room.states_written[key] = frame
            parts = self._parts[key] = FrameParts.of(frame, self._texts)
        return parts

    def _house_events(self, viewer: int) -> list[dict[str, Any]] | None:
        """The events a viewer who sees what the house sees is sent (None: a viewer with a
        card of its own face down, whose events are its own)."""
        if self.since is None:
            return []
        if viewer in self.private:
            return None
        if self._events is None:
            self._events = self.room.game.events(0, self.since)
        return self._events
