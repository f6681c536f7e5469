"""The room core every party room is built on, whatever game it holds.

What a room guarantees does not depend on its game, so it is written once, here:

- **Seats belong to people.** Sitting down gives a seat token made by ``secrets``; the ledger
  keeps only its hash. Only that token acts for the seat; the host's token acts for the host.
- **A request is applied once.** Each person's answers are kept by request id (the last
  ``ANSWERS_KEPT``): a repeated id gets its first answer again and changes nothing. The answer to
  a request that changed anything is written to the ledger in the same transaction as the change
  (``_pending``), so this holds across a restart too, even after kill -9.
- **A refusal changes nothing.** The game refuses with its typed error; if memory is then
  ahead of the ledger (``_ahead``), or anything else failed part-way, the room is dealt again
  from its ledger (``_reload``) before it answers.
- **The ledger follows.** Everything a request changed is written in one transaction, with its
  answer, before the answer goes out (``_commit`` gathers a request's steps, ``_write_pending``
  writes them), so a crash never loses an answered request nor half of one; a ledger that cannot
  be read back jams the room, which then refuses everything until it can.
- **The clock.** Each decision has ``turn_s`` seconds, a dropped connection at least ``grace_s``
  from when it dropped (``_deadline``).
- **The host** pauses and resumes the table; while paused no seat plays.

The room (``web.room.Room``, one class for every game) says how its game is dealt again from the
ledger, what a seat's and the host's requests do, and what its frames show.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import logging
import secrets
import time
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from twentyone.errors import (
    LedgerError,
    NotAllowedError,
    RoomError,
    TwentyOneError,
    UnknownOperationError,
)
from twentyone.games.core.sheet import Sheet
from twentyone.protocol import HOUSE
from twentyone.web import protocol
from twentyone.web.protocol import FrameParts, Request, Texts
from twentyone.web.spec import RoomSpec
from twentyone.web.store import (
    ANSWERS_KEPT,
    HOST_ANSWERS,
    Store,
    StoredAnswer,
    StoredRoom,
    Transaction,
)

if TYPE_CHECKING:
    from twentyone.web.replays import Histories

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
    #: Removed by the host mid-hand: played out and unseated when it ends.
    leaving: bool = False
    answers: Answers = field(default_factory=OrderedDict)
    #: The first hand this person holds (``RoomCore._dealt_to``): someone who takes a seat
    #: while a hand is in play holds it from the next deal; the hand in play is played out for
    #: them by the house, and its cards go only to whoever held the seat when it was dealt.
    from_hand: int = 0


class Broadcast(Protocol):
    """What the server and ``web.delta`` read of one broadcast's state frames, whatever the
    room's game: each connection's frame, whole and in the parts a delta frame is built from.
    (``web.frames.Frames`` is the one class that makes them; it imports this module, so this
    is named apart from it.)"""

    def text(self, actor: Actor) -> str: ...

    def parts(self, actor: Actor) -> FrameParts: ...


class Question(Protocol):
    """What a solver is asked for a seat's hint; ``answer`` is worked off the event loop."""

    def answer(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Download:
    """A record a room hands out (``RoomCore.download``), decided under the room's lock: the
    file's name, and its text if the room holds it, else how it is made off the event loop (a
    table's record is dealt again from the ledger by ``replays.Histories``)."""

    name: str
    text: str | None = None
    make: Callable[[Histories], Awaitable[str]] | None = None

    async def read(self, histories: Histories) -> str:
        """The record's text."""
        if self.text is not None:
            return self.text
        assert self.make is not None
        return await self.make(histories)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


class RoomCore(ABC):
    """A room's people, requests, ledger discipline and clock; its game is the subclass's."""

    #: The host's operations at this room.
    HOST_OPS: ClassVar[tuple[str, ...]] = ("pause", "resume", "remove", "close")

    def __init__(self, code: str, spec: RoomSpec, host_hash: str, store: Store, *,
                 now: Callable[[], float] = time.time, saved: StoredRoom | None = None) -> None:
        self.code = code
        self.spec = spec
        self.host_hash = host_hash
        self.store = store
        self.now = now
        self.host_answers: Answers = OrderedDict(
            saved.answers.get(HOST_ANSWERS, []) if saved else [])
        #: While a request is handled, what its steps changed, written with its answer at its
        #: end (``_write_pending``); None otherwise, when each change is written at once.
        self._pending: Transaction | None = None
        #: This room's state frames' versions, for delta frames (each room counts its own, so
        #: a frame tells nothing of any other room's activity; a room that leaves memory has no
        #: connection holding a version).
        self.versions: Iterator[int] = itertools.count(1)
        #: The ledger could not be read back after a failed write: every request is refused
        #: until it can (``_reload``), since memory may be ahead of the ledger.
        self._jammed = False
        self._load(saved)
        self._kept_answers(saved)
        self._commit(Transaction())

    # --- what a room of a game says ------------------------------------------------------

    @abstractmethod
    def _load(self, saved: StoredRoom | None) -> None:
        """Everything the ledger decides, built afresh: a new room, or ``saved`` dealt again.
        Sets ``paused``, ``closed``, ``people``, ``_clock`` and the game."""

    @abstractmethod
    def _game_unsaved(self) -> bool:
        """Whether the game has moved since the ledger's last write."""

    @abstractmethod
    def _write(self, change: Transaction) -> Callable[[], None]:
        """Fill ``change`` with what the game did since the last commit; the returned step
        marks it saved once the ledger has taken it."""

    @abstractmethod
    def _room_state(self) -> dict[str, Any]:
        """What a restart must restore that no game operation records."""

    @abstractmethod
    def _restart_clock(self, force: bool = False) -> None:
        """Start the clock for whoever is to act (``force``: even if nothing moved)."""

    @abstractmethod
    def _sit(self, actor: Actor, args: dict[str, Any]) -> dict[str, Any]:
        """A newcomer takes a seat: the reply carries its token and seat."""

    @abstractmethod
    def _seat_request(self, seat: int, req: Request) -> dict[str, Any]:
        """A seated person's request."""

    @abstractmethod
    def _host_op(self, req: Request) -> dict[str, Any]:
        """The host's requests other than pause and resume."""

    @abstractmethod
    def _sit_first(self, op: str) -> TwentyOneError:
        """What a spectator asking for ``op`` (anything but a seat) is told."""

    # --- what the server asks of every room, whatever its game ---------------------------

    @abstractmethod
    def recover(self) -> None:
        """After a restart: what the room's settings say of a hand that was under way."""

    @abstractmethod
    def between_rounds(self) -> bool:
        """No hand under way: the room may leave memory (``app.Site.expire``)."""

    @abstractmethod
    def tick(self) -> bool:
        """What the clock (and the bots) do now; True if the game changed."""

    @abstractmethod
    def log_mark(self) -> int:
        """The game's event log's length: a broadcast sends the events since a mark."""

    @abstractmethod
    def info(self) -> dict[str, Any]:
        """The room as ``GET /api/rooms/{code}`` shows it."""

    @abstractmethod
    def frames(self, since: int | None) -> Broadcast:
        """The state frames of one broadcast (the events in each from ``since`` on)."""

    # --- what a broadcast's frames read of their room (``web.frames.Frames``) -------------

    #: Each (viewer, role)'s frame state as the last broadcast built it, the texts of its
    #: members, and the room's part of every frame of it (set by ``_load``).
    states_written: dict[tuple[int, Role], dict[str, Any]]
    texts_written: Texts
    room_written: dict[str, Any] | None

    @abstractmethod
    def own_state(self, looking: tuple[int, Role], since: int | None,
                  room_calls: Sequence[str] = (),
                  events: list[dict[str, Any]] | None = None,
                  calls: list[str] | None = None,
                  room: dict[str, Any] | None = None) -> dict[str, Any]:
        """The state frame for a connection that looks as ``looking`` says; ``events``,
        ``calls`` and ``room``, where given, worked out once for the broadcast."""

    @abstractmethod
    def room_part(self) -> dict[str, Any]:
        """What the room adds to every frame, the same for every viewer."""

    @abstractmethod
    def private_seats(self, since: int | None) -> frozenset[int]:
        """The seats that may hold a card of their own face down (their events are their
        own)."""

    @abstractmethod
    def house_events(self, since: int | None) -> list[dict[str, Any]] | None:
        """The events every viewer who sees what the house sees is sent."""

    @abstractmethod
    def calls_since(self, since: int) -> list[str]:
        """What the dealer called for the events from ``since`` on."""

    @abstractmethod
    def state(self, actor: Actor, since: int | None) -> dict[str, Any]:
        """The state frame for one connection, exactly as a broadcast sends it, read back."""

    @abstractmethod
    def download(self, actor: Actor, seat: str | None) -> Download:
        """The game's record for ``actor`` (the host may ask for a ``seat``'s): refused with
        ``NotAllowedError`` to someone it is not for, ``RoomError`` for no such seat and
        ``WrongPhaseError`` while it would show a card still hidden."""

    @abstractmethod
    def score_sheet(self) -> Sheet:
        """The evening's score sheet; ``RoomError`` at a game that keeps none."""

    @abstractmethod
    def hint_question(self, seat: int) -> Question:
        """What a solver is asked for ``seat``'s hint; ``RoomError`` where the room gives
        none, ``WrongPhaseError`` off the seat's turn."""

    def _reset(self, saved: StoredRoom | None) -> None:
        """What every ``_load`` starts from: nobody seated, nothing saved yet, no clock; open
        and running unless the ledger says the room was closed."""
        self.paused = False
        self.closed = saved.closed if saved else False
        self.people = {}
        self._state_saved = {}
        self._people_saved = {}
        self._clock = None
        self._clock_key: object = None

    # --- rebuilding ----------------------------------------------------------------------

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
            self._kept_answers(saved)
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

    def _kept_answers(self, saved: StoredRoom | None) -> None:
        """Each seated person's answers as the ledger kept them."""
        if saved is None:
            return
        for p in self.people.values():
            kept = saved.answers.get(p.token_hash)
            if kept:
                p.answers = OrderedDict(kept)

    def _unjammed(self) -> bool:
        """Whether the room may act: a jammed room first tries its ledger again."""
        if self._jammed:
            self._reload()
        return not self._jammed

    def _ahead(self) -> bool:
        """Whether memory holds anything the ledger does not (checked after a refusal, which
        as a rule changes nothing)."""
        return (self._game_unsaved() or self._room_state() != self._state_saved
                or self._holders() != self._people_saved)

    def _holders(self) -> dict[int, str]:
        return {n: p.token_hash for n, p in self.people.items()}

    def _saved_now(self) -> None:
        """The room's own state and its seats' holders as the ledger now holds them."""
        self._state_saved = self._room_state()
        self._people_saved = self._holders()

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

    def _commit(self, change: Transaction) -> None:
        """Write what the game did since the last commit, with ``change`` and the room's own
        state if it changed, in one transaction; memory counts as saved only once it is.
        While a request is handled the change joins the request's (``_pending``), written with
        its answer when it ends; if that write fails, the room is dealt again from its ledger
        (``_failed``), so memory counted as saved meanwhile is never ahead of it for long."""
        done = self._write(change)
        state = self._room_state()
        if state != self._state_saved:
            change.room_state = state
        pending = self._pending
        if pending is not None:
            pending.then(change)
        else:
            self._store(change)
        done()
        self._state_saved = state
        self._people_saved = self._holders()

    def _store(self, change: Transaction) -> None:
        """One transaction to the ledger; any failure is a ``LedgerError`` in words."""
        try:
            self.store.commit(self.code, change)
        except Exception as exc:  # any failure: the ledger did not take it
            _LOG.warning("room %s: the ledger refused a write (%s); the room goes back to "
                         "its ledger", self.code, said(exc))
            raise LedgerError("the table could not write that to its ledger, so it was not "
                              "done: try again") from exc

    def _write_pending(self, who: str, rid: str, frame: dict[str, Any]) -> bool:
        """End a request: write what its steps changed, with its answer, in one transaction
        (an answer that changed nothing is kept in memory only). A seat's token is never
        written: the ledger keeps only its hash. Whether anything was written."""
        pending = self._pending
        self._pending = None
        if pending is None or pending.empty():
            return False
        kept = {k: v for k, v in frame.items() if k != "token"}
        pending.answer = StoredAnswer(who, rid, kept)
        self._store(pending)
        return True

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

    def looking(self, actor: Actor) -> tuple[int, Role]:
        """Whose view a connection gets (a seat it holds, or the house's, which is the
        spectator's) and in what role: the whole of what its state frame depends on, so
        connections alike share one frame."""
        p = self.holds(actor)
        viewer = actor.seat if actor.seat is not None and p and self._dealt_to(p) else HOUSE
        role = Role.HOST if actor.role is Role.HOST else (
            Role.PLAYER if viewer else Role.SPECTATOR)
        return viewer, role

    def _dealt_to(self, p: Person) -> bool:
        """Whether ``p`` holds the hand in play at their seat (docs/web.md#who-holds-a-hand):
        only someone who held the seat when it was dealt, or their reconnecting token, does.
        A room whose seats change hands only between hands has nothing to wait for."""
        return True

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
        self._pending = Transaction()
        try:
            try:
                extra = self._perform(actor, req)
                frame: dict[str, Any] = {"type": "reply", "id": req.id, "ok": True, **extra}
                changed = True
            except Exception as exc:  # memory must never stay ahead of the ledger
                if not isinstance(exc, TwentyOneError) or isinstance(exc, LedgerError) \
                        or self._ahead():
                    raise
                frame, changed = protocol.error_frame(req.id, exc), False
            if actor.role is Role.SPECTATOR and actor.seat is not None:
                answers = self.people[actor.seat].answers  # it sat down with this request
                actor.role, actor.key = Role.PLAYER, self.people[actor.seat].token_hash
            who = HOST_ANSWERS if actor.role is Role.HOST else actor.key
            changed = self._write_pending(who, req.id, frame) or changed
        except Exception as exc:
            self._pending = None
            # Not kept as the answer to this id: the same request may be tried again.
            return protocol.error_frame(req.id, self._failed(exc)), True
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
        if not self._unjammed():
            raise LedgerError("this room's ledger cannot be read just now, so nothing can "
                              "be played: try again in a moment")
        if self.closed:
            raise RoomError("the host has closed this room")
        if actor.role is Role.HOST:
            if req.op not in self.host_ops():
                return self._host_other(req)
            return self._host(req)
        if actor.role is Role.SPECTATOR:
            if req.op != "sit":
                raise self._sit_first(req.op)
            if self.paused:
                raise RoomError("the host has paused the table")
            return self._sit(actor, req.args)
        assert actor.seat is not None
        return self._seat_request(actor.seat, req)

    def host_ops(self) -> tuple[str, ...]:
        """The host's operations at this room (``HOST_OPS``, and a game's house steps)."""
        return self.HOST_OPS

    def _host_other(self, req: Request) -> dict[str, Any]:
        """A request of the host's that is none of ``host_ops``: refused here; a room where
        the host may also hold a seat answers it (``web.room.Room._host_other``)."""
        raise UnknownOperationError(f"the host has no {req.op!r}: "
                                    f"one of {', '.join(self.host_ops())}")

    def _host(self, req: Request) -> dict[str, Any]:
        if req.op == "pause":
            self.paused = True
            self._clock = None
            self._commit(Transaction())
            return {}
        if req.op == "resume":
            self.paused = False
            self._commit(Transaction())
            self._resumed()
            self._restart_clock(force=True)
            return {}
        return self._host_op(req)

    @abstractmethod
    def _resumed(self) -> None:
        """What else the table does when the host resumes it."""

    # --- the clock -----------------------------------------------------------------------

    def _deadline(self, seat: int) -> float | None:
        """When ``seat``'s person runs out of time (None: the room has no clock), counted
        from now, and never before the grace a dropped connection has to come back."""
        s = self.spec.settings
        p = self.people[seat]
        deadline = self.now() + s.turn_s if s.turn_s else None
        if p.dropped_at is not None:
            grace = p.dropped_at + s.grace_s
            deadline = grace if deadline is None else max(deadline, grace)
        return deadline

    def clock_json(self) -> list[int] | None:
        """The clock as a frame shows it: the seat and its deadline in milliseconds."""
        return None if self._clock is None else [self._clock[0], int(self._clock[1] * 1000)]

    # --- shared by every room's state ---------------------------------------------------

    paused: bool
    closed: bool
    people: dict[int, Person]
    _clock: tuple[int, float] | None
    #: The room's own state, and the seats' holders (by token hash), as the ledger last
    #: saved them.
    _state_saved: dict[str, Any]
    _people_saved: dict[int, str]
