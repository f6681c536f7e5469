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
- **Dealer mode.** The host performs the dealer's draw and pays each winning bet in chips
  (``web.dealer``); the engine checks every step.
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
from twentyone.engine.signals import game_of
from twentyone.engine.table import Phase, Record, Table
from twentyone.engine.views import settled_round, view, visible_events
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
from twentyone.games.blackjack.bank import bank_offer, banker, can_draw_for_bank, has_bank
from twentyone.games.core.sheet import Sheet
from twentyone.games.registry import TABLES
from twentyone.money import dollars
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

#: A seat's answers at the table itself, which in dealer mode wait for the dealer's offer of
#: insurance when the up card calls for one.
PLAYS = frozenset(("insure", "even_money", "decline", "surrender", "hit", "stand", "double",
                   "split"))
#: A seat's requests that are the room's rather than the game's: they move chips across the
#: cashier's window (the ledger's buy-ins and cash-outs).
ROOM_SEAT_OPS = ("buy", "leave")
#: A seat's acceptance of the bank offered to it, which names the price it accepts.
ACCEPT_BANK = "accept_bank"
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
        self.dealer = DealerDesk() if self.spec.host_mode == "dealer" else None
        self.shuffles = list(saved.shuffles) if saved else []
        #: Each seat's JSON as the last broadcast wrote it, given again while it is unchanged
        #: (``protocol.SeatMemo``; ``Frames`` only).
        self.seats_written = SeatMemo()
        #: How many shuffles there were when the commitment was last hashed, and the hash.
        self._committed: tuple[int, str | None] = (-1, None)
        self.game = CasinoGame(make_table(self.spec, LedgerShuffler(self.shuffles, self._live)),
                               self.spec.game)
        #: The engine's table, which the game wraps: read for the frames, the dealer's desk
        #: and hints; every change goes through ``game.apply`` (a layer test keeps it so).
        self.table: Table = self.game.table
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
        if self.dealer is not None:
            self.dealer.restore(saved.state)
        leaving = set(saved.state.get("leaving", ()))
        for s in saved.seats:
            self.people[s.seat] = Person(s.name, s.token_hash, s.since_op,
                                         dropped_at=self.now(), leaving=s.seat in leaving)
        self._saved_now()

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
        if self.dealer is not None and self.dealer.owes(seat):
            raise WrongPhaseError("wait for the dealer to pay you first")
        if req.op == "leave":
            self._leave(seat, Change())
            return {}
        if req.op == "buy":
            return self._buy(seat, _amount(req.args, "amount"))
        if req.op in PLAYS and self._awaiting_offer():
            raise WrongPhaseError("wait for the dealer to offer insurance")
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
        if self.dealer is not None:
            self.dealer.check(t, name, req.args)
        if name == "pay":
            if self.dealer is None:
                raise NotAllowedError("the house pays the bets at this room")
            self.dealer.pay(t, req.args)
            self._commit(Change())
            return {}
        if name in ("burn", "offer_insurance"):
            if self.dealer is None:
                raise NotAllowedError("the house burns and offers insurance at this room")
            if name == "burn":
                self.dealer.burned = True
            else:
                self.dealer.offered = True
                self._room_calls.append(OPEN)
        else:
            if name in ("dealer_hit", "dealer_stand") and self.dealer is None:
                raise NotAllowedError("the house plays the dealer's hand at this room")
            if name not in t.operations:
                raise UnknownOperationError(f"there is no {name.replace('_', ' ')} at this "
                                            "table")
            self.game.apply(self.game.operation({"op": name}))
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
        if self.dealer is not None:
            self.dealer.after(t, t.log[self._log_saved:])

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
        return self.dealer is not None and self.dealer.offer_due(self.table)

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
                "host_mode": self.spec.host_mode, "signals": str(game_of(self.table.rules)),
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
        return Frames(self, since, self.game.private_seats(since), calls)

    def state(self, actor: Actor, since: int | None) -> dict[str, Any]:
        """The state frame for one connection, exactly as a broadcast sends it, read back."""
        frame: dict[str, Any] = json.loads(self.frames(since).text(actor))
        return frame

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
        memo = room.seats_written
        if viewer in self.private:
            return SharedFrame.private(room.own_state(actor, self.since, self.calls, memo))
        if self._shared is None:
            self._shared = SharedFrame.of(room.own_state(Actor(Role.SPECTATOR), self.since,
                                                         self.calls, memo))
        own: dict[str, Any] = {"viewer": viewer, "role": str(role), "legal": room.legal(viewer)}
        if role is Role.HOST:
            own["host_legal"] = list(room.host_legal())
        return self._shared.parts(own)
