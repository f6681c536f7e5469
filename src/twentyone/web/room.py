"""The casino room: a blackjack or Pontoon table that is the only authority, and the people
around it, on the room core (``web.roomcore``: seats by token, requests answered once, the
ledger before the answer, the clock, the host's pause).

What the casino room adds:

- **Chips.** A seat sits down with a buy-in (bounded by the room's ``max_buy_in``), buys more
  between rounds, and cashes out when it leaves; the ledger keeps every buy-in, cash-out and
  round's net.
- **The game decides.** Each request becomes the game's operation, read by the game
  (``operation``, ``host_operation``) and applied with ``game.apply``; a refusal is the game's
  typed error, and the game is unchanged. The room never reads the engine's table: whose turn
  it is, what a seat may do, and what a seat that does not act is made to do come from the
  game (``acting``, ``legal``, ``passive``), the hooks a chip game has for a room
  (``games.registry.ChipRoomGame``).
- **The clock.** At the deadline the room makes the game's ``passive`` move for the seat
  (stands, declines insurance), and with ``on_timeout = "sit_out"`` the seat sits out until it
  comes back.
- **Dealer mode.** The host performs the dealer's draw and pays each winning bet in chips:
  the room's game is then the registry entry's game dealt by its host
  (``blackjack.dealer.DealerGame``), whose own operations those steps are, which checks every
  step and shows a win the host has not paid as owed.

Its frames are the one frame every room sends (``{ctx, legal, body, room, events, calls}``,
docs/web.md#delta-frames): ``ctx``, ``legal`` and ``body`` are the game's ``seat_view`` for the
viewer, ``events`` the game's ``events`` for it; the room adds only its own part (who sits
where, the clock, the host's steps) and the dealer's calls. What a seat may see is decided by
the game alone.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from twentyone.engine.ops import Bet, Leave, Sit, Void
from twentyone.engine.shoe import Shuffler
from twentyone.engine.signals import style_of
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
from twentyone.games.core.sheet import Sheet
from twentyone.games.registry import TABLES, ChipRoomGame
from twentyone.money import dollars
from twentyone.protocol import HOUSE
from twentyone.protocol import game as protocol_game
from twentyone.web import protocol
from twentyone.web.protocol import MAX_NAME_CHARS, FrameParts, Request, Texts
from twentyone.web.roomcore import (
    Actor,
    Download,
    Person,
    Question,
    Role,
    RoomCore,
    new_token,
    token_hash,
)
from twentyone.web.shoes import LedgerShuffler, commitment, stored
from twentyone.web.spec import RoomSpec
from twentyone.web.store import LedgerRow, Store, StoredRoom, StoredSeat, Transaction

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
    """A chip room: its game (the registry entry's, ``ChipRoomGame``), its people, its clock, and
    its ledger."""

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
        entry = TABLES[self.spec.game]
        #: The room's game, whose every change goes through ``game.apply`` (a layer test keeps
        #: it so): the registry entry's, and in dealer mode that game dealt by its host.
        self.game: ChipRoomGame = entry.game(self.spec.game, self.spec.rules,
                                             LedgerShuffler(self.shuffles, self._live))
        self._ops_saved = 0
        self._log_saved = 0
        self._results_saved = 0
        if saved is not None:
            self._replay(saved)
        if self.spec.host_mode == "dealer":
            # The ledger's operations are the table's, replayed above; the dealer's desk is
            # the room's state, restored as it was written.
            self.game = entry.dealt_by_host(self.game, saved.state if saved else None)
        if saved is not None:
            self._saved_now()

    # --- rebuilding --------------------------------------------------------------------------

    def _replay(self, saved: StoredRoom) -> None:
        """Apply the ledger's operations again, in order: the table is then exactly where the
        last answered request left it."""
        g = self.game
        for data in saved.ops:
            self.game.apply(self.game.operation(data))
        self._ops_saved = len(g.ops)
        self._log_saved = g.mark()
        self._results_saved = len(g.hand_results())
        self.paused = bool(saved.state.get("paused", False))
        leaving = set(saved.state.get("leaving", ()))
        for s in saved.seats:
            self.people[s.seat] = Person(s.name, s.token_hash, s.since_op,
                                         dropped_at=self.now(), leaving=s.seat in leaving)

    def _game_unsaved(self) -> bool:
        g = self.game
        return len(g.ops) != self._ops_saved or g.mark() != self._log_saved

    def _may(self, op: protocol_game.Op) -> bool:
        """The game would take ``op`` now (its ``verify``; changes nothing)."""
        try:
            self.game.verify(op)
        except TwentyOneError:
            return False
        return True

    def recover(self) -> None:
        """After a restart: a round that was under way resumes, or is called off with every bet
        returned, as the room's ``interrupted`` setting says."""
        if self.spec.settings.interrupted == "void" and self._may(Void()):
            self.game.apply(Void())
            self._commit(Transaction())
        self._restart_clock()

    # --- requests ----------------------------------------------------------------------------

    def _sit_first(self, op: str) -> TwentyOneError:
        known = op in ROOM_SEAT_OPS or op in self.game.operations
        return (NotAllowedError if known else UnknownOperationError)(
            "take a seat first: sit with a name and a buy-in")

    def _seat_request(self, seat: int, req: Request) -> dict[str, Any]:
        if self.people[seat].leaving:
            raise NotAllowedError("the host has removed you from this seat")
        if req.op not in ROOM_SEAT_OPS and not self._seat_may_name(req.op):
            raise UnknownOperationError(f"there is no {req.op!r} at this table")
        if self.paused:
            raise RoomError("the host has paused the table")
        if req.op == "leave":
            self._leave(seat, Transaction())
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
        for op in self.game.top_up(seat, amount, self.spec.settings.max_buy_in):
            self.game.apply(op)
        self._commit(Transaction(ledger=[LedgerRow(seat, self.people[seat].name, "buy-in", amount,
                                              self.game.round)]))
        return {}

    def _sit(self, actor: Actor, args: dict[str, Any]) -> dict[str, Any]:
        name = protocol.text(args, "name", MAX_NAME_CHARS)
        buy_in = _amount(args, "buy_in")
        most = self.spec.settings.max_buy_in
        if buy_in > most:
            raise BetError(f"a buy-in at this room is at most {dollars(most)}")
        g = self.game
        wanted = protocol.whole(args, "seat", optional=True)
        if wanted is None:
            free = [n for n in g.seat_numbers if n not in g.seated]
            if not free:
                raise SeatError("every seat is taken")
            wanted = free[0]
        self.game.apply(Sit(wanted, buy_in))
        token = new_token()
        p = Person(name, token_hash(token), len(g.ops) - 1, connections=1)
        self.people[wanted] = p
        self._commit(Transaction(seated=[StoredSeat(wanted, name, p.token_hash, p.since_op)],
                            ledger=[LedgerRow(wanted, name, "buy-in", buy_in, g.round)]))
        actor.seat = wanted  # only once the ledger holds the seat
        return {"token": token, "seat": wanted}

    def _leave(self, seat: int, change: Transaction) -> None:
        """Cash out and give the seat up (its token no longer acts)."""
        amount = self._cash_out(seat)
        p = self.people.pop(seat)
        change.unseated.append(seat)
        change.ledger.append(LedgerRow(seat, p.name, "cash-out", amount, self.game.round))
        self._commit(change)

    def _cash_out(self, seat: int) -> int:
        """``seat`` leaves the game with its chips: what they are worth, as its event says."""
        mark = self.game.mark()
        self.game.apply(Leave(seat))
        return next((int(e.get("amount", 0)) for e in self.game.events(HOUSE, mark)
                     if e["kind"] == "left" and e.get("seat") == seat), 0)

    def _resumed(self) -> None:
        """Nothing more than the clock, which the core restarts."""

    def _host_op(self, req: Request) -> dict[str, Any]:
        name = req.op
        if name == "close":
            self._close()
            return {}
        if name == "remove":
            return self._remove(_number(req.args, "seat"))
        if self.paused:
            raise RoomError("the table is paused: resume it first")
        self.game.apply(self.game.host_operation(name, req.args))
        self._after_change()
        return {}

    def _remove(self, seat: int) -> dict[str, Any]:
        if seat not in self.people:
            raise SeatError(f"nobody is sitting at seat {seat}")
        g = self.game
        if self._may(Leave(seat)):
            self._leave(seat, Transaction())
        else:
            if seat == g.banker and len(g.seated) > 1:
                # As between rounds (the engine's refusal): the bank covers the table.
                raise TableError("the banker cannot leave holding the bank; give or sell it "
                                 "first")
            self.people[seat].leaving = True
            self._after_change()
        return {}

    def _close(self) -> None:
        g = self.game
        refusal = g.closing_refusal()
        if refusal is not None:  # before anything changes
            raise refusal
        if self._may(Void()):
            self.game.apply(Void())
            self._commit(Transaction())  # the round's net first, then everyone cashes out
        change = Transaction(closed=True)
        # A Pontoon banker cashes out last: the bank covers the table until nobody else sits.
        banker = g.banker
        for n in sorted(self.people, key=lambda n: (n == banker, n)):
            p = self.people.pop(n)
            amount = self._cash_out(n)
            change.unseated.append(n)
            change.ledger.append(LedgerRow(n, p.name, "cash-out", amount, g.round))
        self.closed = True
        self._clock = None
        self._commit(change)

    # --- after every change --------------------------------------------------------------

    def _after_change(self) -> None:
        """Act for seats that cannot (sitting out, removed), settle who leaves at the round's
        end, write the ledger, and start the clock for whoever is to act."""
        g = self.game
        for _ in range(1000):
            acting = g.acting
            if acting is None or acting not in self.people:
                break
            p = self.people[acting]
            if not (p.sitting_out or p.leaving):
                break
            self._act_for(acting)
        self._commit(Transaction())
        if self.between_rounds():
            for n in [n for n, p in self.people.items() if p.leaving]:
                if self._may_leave(n):  # else once they may (a new banker gives the bank up)
                    self._leave(n, Transaction())
        self._restart_clock()

    def _may_leave(self, seat: int) -> bool:
        return self._may(Leave(seat))

    def _act_for(self, seat: int) -> None:
        """What the room does for a seat that does not act: the game's ``passive`` move for it
        (at blackjack: decline insurance, stand, or a banker stands on the bank's hand)."""
        self.game.apply(self.game.passive(seat))

    def between_rounds(self) -> bool:
        """No round under way: the room may leave memory (``app.Site.expire``)."""
        return self.game.between_hands

    def balances(self) -> dict[int, int]:
        """Each seat's chips with its bets still on the layout (what it owns; read only)."""
        return self.game.balances()

    def _write(self, change: Transaction) -> Callable[[], None]:
        """What the table did since the last commit: its operations, new shuffles, each
        round's net per seat (the game's hand results), the balances."""
        g = self.game
        change.ops = [op.to_json() for op in g.ops[self._ops_saved:]]
        change.shuffles = [stored(r) for r in g.shuffles[len(self.shuffles):]]
        results = self.game.hand_results(self._results_saved)
        for r in results:
            for n, net in sorted(r.scores.items()):
                name = self.people[n].name if n in self.people else ""
                change.ledger.append(LedgerRow(n, name, "round", net, r.hand))
        change.balances = self.balances()

        def done() -> None:
            self.shuffles.extend(change.shuffles)
            self._ops_saved = len(g.ops)
            self._log_saved = g.mark()
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
        state.update(self.game.state())
        return state

    # --- the clock -----------------------------------------------------------------------

    def _restart_clock(self, force: bool = False) -> None:
        g = self.game
        acting = g.acting
        key = (g.round, acting, g.mark(), len(g.ops))
        if key == self._clock_key and not force:
            return
        self._clock_key = key
        if self.paused or self.closed or acting is None or acting not in self.people:
            self._clock = None
            return
        deadline = self._deadline(acting)
        self._clock = None if deadline is None else (acting, deadline)

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
        rules = self.game.rules
        return {"room": self.code, "game": self.spec.game, "title": entry.title,
                "kind": entry.kind,
                "bank": entry.bank, "rules": self.spec.rules_name,
                "host_mode": self.spec.host_mode, "signals": str(style_of(rules)),
                "seats": [{"number": n, "name": p.name, "connected": p.connections > 0}
                          for n, p in sorted(self.people.items())],
                "seat_count": rules.seats,
                "bets": {"min": rules.min_bet, "max": rules.max_bet, "unit": rules.bet_unit},
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
        calls = [] if since is None else self.game.new_calls()
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
        """What the dealer called for the events from ``since`` on (the game's calls: the same
        calls the terminal makes), made once, in log order, for every viewer."""
        return self.game.calls_since(since)

    def legal(self, viewer: int) -> list[str]:
        """What ``viewer`` may do now, by name, as its frame's ``legal`` lists it."""
        return [op["op"] for op in self._legal(viewer, self.game.legal(viewer))]

    def _legal(self, seat: int, game: Sequence[protocol_game.Op]) -> list[dict[str, Any]]:
        """The game's legal operations for ``seat`` as this room offers them (as JSON): the
        host deals; a seat between rounds may also buy more chips; nothing while paused."""
        if not seat or self.paused or self.closed:
            return []
        out = [self._op_json(op) for op in game if op.name != "deal"]
        if self.game.can_top_up(seat):
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
        """The host's steps now: the game's for the house (``host_steps``: the deal, the draw
        for the bank, a dealing host's steps), then the room's own."""
        if self.closed:
            return ()
        if self.paused:
            return ("resume", "remove", "close")
        return (*self.game.host_steps(), "pause", "remove", "close")

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

    def hint_question(self, seat: int) -> Question:
        """What a solver is asked for this seat's hint: the game's, read from its own view
        only (its hand, the up card, the actions open, and for Pontoon the cards it has seen
        since the shuffle). Refused unless hints are on and it is this seat's turn to play."""
        if not self.spec.settings.hints:
            raise RoomError("this room does not give hints")
        return self.game.hint_question(seat)


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
