"""The party table's wire protocol: reading the frames a browser sends, and writing the table as
JSON for one viewer.

Reading is strict and bounded: a frame longer than ``MAX_FRAME_BYTES``, text that is not one JSON
object, an id that is not 1-64 characters, an argument of the wrong kind: each is a typed
``RequestError`` before anything is looked up, so a bad frame can never reach the table.

Writing builds only from what the engine lets a viewer see (``engine.views.view``,
``settled_round``, ``visible_events``): a card that view hides is ``null`` here, so hiding is
still decided in one place. The room adds what only it knows (names, connections, the clock).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from operator import attrgetter
from typing import Any, NamedTuple

import orjson

from twentyone.cards import Card
from twentyone.engine.events import Event
from twentyone.engine.views import HandView, SeatView, SeatViews, TableView
from twentyone.errors import FrameTooLargeError, RequestError, TwentyOneError
from twentyone.money import dollars

#: The largest frame read, in bytes of UTF-8.
MAX_FRAME_BYTES = 4096
#: A request id is 1 to this many characters.
MAX_ID_CHARS = 64
#: A player's name at the table: 1 to this many characters.
MAX_NAME_CHARS = 24
#: The most any amount in a request may be, in cents ($100,000): a bet, a buy-in, a price.
#: Every money field is bounded here, where it enters, so no amount the server could not
#: store or the table could not count in time ever reaches the table or the ledger (a room
#: also has its own buy-in limit, ``spec.Settings.max_buy_in``, at most this).
MAX_CENTS = 10_000_000
#: The most any other whole number in a request may be (a seat, a hand).
MAX_WHOLE = 1_000

def read_frame(text: str | bytes) -> dict[str, Any]:
    """One client frame as a JSON object; anything else is a ``RequestError``."""
    # A lone surrogate cannot come over a real websocket, whose text is UTF-8, but may from
    # a test's or a proxy's; written as it is, it is then refused as not JSON.
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if len(raw) > MAX_FRAME_BYTES:
        raise FrameTooLargeError(f"a message is at most {MAX_FRAME_BYTES} bytes, "
                                 f"this one was {len(raw)}")
    data = read_json(raw, "that message")
    if not isinstance(data, dict):
        raise RequestError("a message is one JSON object")
    return data


def read_json(raw: bytes, what: str) -> Any:
    """``raw`` as JSON, or a ``RequestError`` saying ``what`` is not: brackets nested past
    Python's recursion limit (``"[" * 2000``) and numbers past its digit limit are refused in
    words like any other text that is not JSON, never a traceback or a dropped connection."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # JSONDecodeError, bad UTF-8 and the digit limit
        raise RequestError(f"{what} is not JSON (or nests too deep)") from None


def read_hello(frame: Mapping[str, Any]) -> str | None:
    """The token of a ``hello`` frame (None: a newcomer)."""
    if frame.get("type") != "hello":
        raise RequestError('the first message is {"type": "hello", "token": ...}')
    token = frame.get("token")
    if token is not None and not (isinstance(token, str) and 0 < len(token) <= 200):
        raise RequestError("a token is text, or null for a newcomer")
    return token


def wants_deltas(frame: Mapping[str, Any]) -> bool:
    """Whether a ``hello`` asks for delta frames (``"deltas": true``; web.delta): a client that
    does not say so, an older page among them, is sent whole state frames as before."""
    deltas = frame.get("deltas", False)
    if not isinstance(deltas, bool):
        raise RequestError('"deltas" in a hello is true or false')
    return deltas


def read_resync(frame: Mapping[str, Any]) -> None:
    """A client's request for its whole state frame again (``{"type": "resync"}``, nothing
    else), sent when a delta frame does not follow the version it holds."""
    if frame.get("type") != "resync" or len(frame) != 1:
        raise RequestError('a request for the whole table is {"type": "resync"} alone')


@dataclass(frozen=True)
class Request:
    """An operation request: the client's id, the operation's name and its arguments."""

    id: str
    op: str
    args: dict[str, Any] = field(default_factory=dict)


def request_id(frame: Mapping[str, Any]) -> str | None:
    """The frame's id if it is a usable one (for the error frame that answers it)."""
    rid = frame.get("id")
    return rid if isinstance(rid, str) and 0 < len(rid) <= MAX_ID_CHARS else None


def read_request(frame: Mapping[str, Any]) -> Request:
    if frame.get("type") != "op":
        raise RequestError('a request is {"type": "op", "id": ..., "op": ...}')
    rid = request_id(frame)
    if rid is None:
        raise RequestError(f"a request id is text of 1 to {MAX_ID_CHARS} characters")
    op = frame.get("op")
    if not isinstance(op, str) or not 0 < len(op) <= 32:
        raise RequestError("a request names its operation: \"op\": \"hit\"")
    args = {k: v for k, v in frame.items() if k not in ("type", "id", "op")}
    return Request(rid, op, args)


def whole(args: Mapping[str, Any], name: str, *, optional: bool = False) -> int | None:
    """A whole-number argument that is not money (a seat, a hand), at most ``MAX_WHOLE`` either
    side of 0; a bool, a float or text is refused."""
    value = args.get(name)
    if value is None and optional:
        return None
    if type(value) is not int or not -MAX_WHOLE <= value <= MAX_WHOLE:
        raise RequestError(f"{name} is a whole number from {-MAX_WHOLE} to {MAX_WHOLE}")
    return value


def cents(args: Mapping[str, Any], name: str, *, optional: bool = False,
          least: int = 1) -> int | None:
    """An amount of money in whole cents, from ``least`` to ``MAX_CENTS``; anything else
    (a bool, a float, text, an amount out of range) is refused before it is looked at."""
    value = args.get(name)
    if value is None and optional:
        return None
    if type(value) is not int or not least <= value <= MAX_CENTS:
        raise RequestError(f"{name} is a whole number of cents from {least} to {MAX_CENTS} "
                           f"({dollars(MAX_CENTS)})")
    return value


def text(args: Mapping[str, Any], name: str, most: int) -> str:
    """Text a person typed (a name), trimmed: 1 to ``most`` characters, none of them invisible
    or steering (``unseen``)."""
    value = args.get(name)
    if not isinstance(value, str) or not 0 < len(value.strip()) <= most:
        raise RequestError(f"{name} is text of 1 to {most} characters")
    bad = unseen(value)
    if bad is not None:
        raise RequestError(f"{name} may not hold control or direction-changing characters "
                           f"(it holds U+{ord(bad):04X})")
    return value.strip()


#: Format characters a name may hold: the zero-width joiner and non-joiner, which emoji and
#: Persian and Indic scripts need to write a name as it is spelt.
JOINERS = frozenset("\u200c\u200d")


def unseen(value: str) -> str | None:
    """The first character of ``value`` that a name may not hold, or None. A name is shown to
    everyone at the table and written into the ledger and its CSV, so it may hold no control
    character (NUL, a newline, an escape: category Cc), no line or paragraph separator, no
    lone surrogate or private character, and no format character (Cf): those include the
    right-to-left overrides and isolates that would show one name as another, and the
    invisible ones that would make two names look alike; only ``JOINERS`` are let in."""
    for ch in value:
        kind = unicodedata.category(ch)
        if kind in ("Cc", "Cs", "Co", "Zl", "Zp") or (kind == "Cf" and ch not in JOINERS):
            return ch
    return None


#: Request arguments that are money, and the least each may be (a price may be nothing).
MONEY_ARGS = {"amount": 1, "price": 0, "buy_in": 1}
#: The longest text a move's detail may be (a chip's colour, a card's code).
MAX_DETAIL_CHARS = 16


def checked_args(args: Mapping[str, Any]) -> dict[str, Any]:
    """A move's details, bounded before any game reads them: money in whole cents from its
    least to ``MAX_CENTS``, other numbers whole and small, text short; anything else (a
    float, a list, a mapping) is refused."""
    out: dict[str, Any] = {}
    for name, value in args.items():
        if name in MONEY_ARGS:
            out[name] = cents(args, name, optional=True, least=MONEY_ARGS[name])
        elif type(value) is int:
            out[name] = whole(args, name)
        elif value is None or (isinstance(value, str) and len(value) <= MAX_DETAIL_CHARS):
            out[name] = value
        else:
            raise RequestError(f"{name} is not a detail this move takes")
    return out


def chips_arg(args: Mapping[str, Any], name: str) -> dict[str, int]:
    value = args.get(name)
    if not (isinstance(value, dict) and all(
            isinstance(k, str) and type(n) is int and 0 <= n <= 10_000
            for k, n in value.items())):
        raise RequestError(f'{name} are chips by colour, e.g. {{"red": 2, "white": 1}}')
    return value


def op_name(action: StrEnum | str) -> str:
    """An engine action as the protocol names the operation ("even-money" is ``even_money``)."""
    return str(action).replace("-", "_")


def card_json(card: Card | None) -> dict[str, str] | None:
    if card is None:
        return None
    code = card.code
    return {"rank": code[:-1], "suit": code[-1], "code": code}


def event_json(e: Event) -> dict[str, Any]:
    """One event as the protocol writes it (from ``visible_events``: hidden cards already
    blanked)."""
    return {"kind": str(e.kind), "seat": e.seat, "hand": e.hand, "card": card_json(e.card),
            "amount": e.amount, "note": e.note}


def _chips(colours: Sequence[str], counts: Sequence[int]) -> dict[str, int]:
    return {c: n for c, n in zip(colours, counts, strict=False) if n}


def _hand_json(h: HandView, colours: Sequence[str]) -> dict[str, Any]:
    return {"cards": [card_json(c) for c in h.cards], "total": h.total, "soft": h.soft,
            "bet": h.bet, "doubled": h.doubled, "from_split": h.from_split, "outcome": h.outcome,
            "to_act": h.to_act, "net": h.net, "paid": _chips(colours, h.paid)}


class SeatFacts(NamedTuple):
    """What the room knows of a seat that the engine does not. A tuple, not a dataclass: the
    room makes one per seat for every frame it builds."""

    name: str
    connected: bool
    sitting_out: bool


class RoomFacts(NamedTuple):
    """The room's side of a view: who is looking, and the room's own state (a tuple, as
    ``SeatFacts``)."""

    room: str
    game: str
    role: str
    seats: Mapping[int, SeatFacts]
    paused: bool
    hints: bool
    clock: tuple[int, int] | None
    banker: int | None
    commitment: str | None
    host_legal: tuple[str, ...] | None
    #: A Pontoon bank offered and not yet answered: (from seat, to seat, price in cents).
    bank_offer: tuple[int, int, int] | None = None


def _seat_json(s: SeatView, f: SeatFacts, colours: Sequence[str]) -> dict[str, Any]:
    return {"number": s.number, "name": f.name, "connected": f.connected,
            "sitting_out": f.sitting_out, "bankroll": s.bankroll,
            "chips": _chips(colours, s.chips), "insurance": s.insurance,
            "hands": [_hand_json(h, colours) for h in s.hands]}


def _fields(cls: type, *leave: str) -> Callable[[Any], tuple[Any, ...]]:
    """A getter of a view dataclass's fields, all but ``leave``, as one tuple (in C)."""
    return attrgetter(*(f.name for f in fields(cls) if f.name not in leave))


_SEAT_FIELDS = _fields(SeatView, "hands")
_HAND_FIELDS = _fields(HandView)


class SeatMemo:
    """Each seat's JSON as a room's frames last wrote it, with what it was written from (the
    seat's view, every field of it, and the room's facts): a seat that nothing changed is
    given the same object again, so a delta passes it over by identity and nothing of it is
    built twice. Most operations change one seat of seven. ``views`` is the memo the room's
    views are made with (``engine.views.view``): an unchanged seat's view is then the same
    object, and its JSON is found without comparing it field by field.

    Whatever is handed out here may stand in frames already sent and in what connections are
    held to hold (``web.delta.Held``): it is never changed, only replaced."""

    def __init__(self) -> None:
        self.views: SeatViews = {}
        self._seats: dict[int, tuple[SeatView, SeatFacts, Sequence[str], tuple[Any, ...],
                                     dict[str, Any]]] = {}

    def seat(self, s: SeatView, f: SeatFacts, colours: Sequence[str]) -> dict[str, Any]:
        found = self._seats.get(s.number)
        if found is not None and found[0] is s and found[1] == f and found[2] == colours:
            return found[4]
        # Compared as tuples of plain values, in C: a view's own ``==`` is Python's, per hand.
        key = (_SEAT_FIELDS(s), tuple(map(_HAND_FIELDS, s.hands)), f, colours)
        out = found[4] if found is not None and found[3] == key else _seat_json(s, f, colours)
        self._seats[s.number] = (s, f, colours, key, out)
        return out


_NO_FACTS = SeatFacts("", False, False)


def view_json(v: TableView, facts: RoomFacts, memo: SeatMemo | None = None) -> dict[str, Any]:
    """The VIEW object for one connection (its seats from ``memo`` where given: then they are
    not to be changed)."""
    colours = v.chip_colours
    get = facts.seats.get
    if memo is None:
        seats = [_seat_json(s, get(s.number, _NO_FACTS), colours) for s in v.seats]
    else:
        seats = [memo.seat(s, get(s.number, _NO_FACTS), colours) for s in v.seats]
    out: dict[str, Any] = {
        "room": facts.room, "game": facts.game, "phase": str(v.phase), "round": v.round,
        "viewer": v.viewer, "role": facts.role,
        "dealer": [card_json(c) for c in v.dealer], "dealer_total": v.dealer_total,
        "seats": seats, "to_act": list(v.to_act) if v.to_act and not v.settled else None,
        "legal": [op_name(a) for a in v.legal],
        "shoe": {"remaining": v.shoe_remaining, "total": v.cards_total, "discards": v.discards,
                 "cut_card_out": v.cut_card_out},
        "chipset": [{"colour": c, "value": n} for c, n in zip(colours, v.chip_values,
                                                               strict=True)],
        "settled": v.settled, "paused": facts.paused,
        "clock": None if facts.clock is None else {"seat": facts.clock[0],
                                                   "deadline_ms": facts.clock[1]},
        "banker": facts.banker, "hints": facts.hints, "commitment": facts.commitment,
        "bank_offer": None if facts.bank_offer is None else dict(
            zip(("from", "to", "price"), facts.bank_offer, strict=True)),
    }
    if facts.host_legal is not None:
        out["host_legal"] = list(facts.host_legal)
    return out


#: The keys of a VIEW that differ between viewers who see the same cards: everything else in a
#: state frame is the same for all of them, so ``SharedFrame`` encodes it once.
OWN_KEYS = ("viewer", "role", "legal", "host_legal")


def dumps(obj: Any) -> str:
    """Compact JSON, as every frame goes out: by orjson, about ten times quicker than the
    standard library at a frame of seven seats, which every broadcast encodes."""
    return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()


#: A state frame's opening, up to its VIEW.
STATE_HEAD = '{"type":"state","view":'
#: A flat state frame's opening (a card room's: its state's members follow at the top level).
FLAT_HEAD = '{"type":"state",'
#: The members of a flat state frame that are not its state (what a delta patches): the
#: broadcast's own events and calls, the frame's type and version.
NOT_STATE = frozenset(("type", "version", "events", "calls"))


class FrameParts:
    """One viewer's state frame, in the parts a delta frame is built from (``web.delta``): its
    VIEW as the part it shares with every viewer who sees the same cards (None for a viewer
    with cards of its own face down) and its own part (such a viewer's whole VIEW), and the
    frame after its VIEW (``,"events":[...],"calls":[...]}``).

    A flat frame (``flat``: a card room's ``{"type":"state","ctx":...,"legal":...,"body":...,
    "room":...,"events":[...]}``) has no VIEW member: its state is its members but
    ``NOT_STATE``, all of them the viewer's own, and a delta patches those.

    The whole frame's text is written only when it is asked for: a connection that takes
    deltas is as a rule sent a delta, and needs no more of its whole frame than its length
    (``size``), which the parts give without writing it out."""

    __slots__ = ("_head", "_own_text", "_text", "flat", "own", "rest", "shared")

    def __init__(self, shared: Mapping[str, Any] | None, own: Mapping[str, Any], rest: str,
                 head: str, flat: bool = False) -> None:
        self.shared = shared
        self.own = own
        self.rest = rest
        self.flat = flat
        #: The text before ``own``'s: the shared VIEW's, ``STATE_HEAD`` or ``FLAT_HEAD`` alone.
        self._head = head
        self._own_text: str | None = None
        self._text: str | None = None

    def _own(self) -> str:
        """``own`` as it stands in the frame (after the shared VIEW's members, which it
        closes, as the whole VIEW, or as a flat frame's members)."""
        if self._own_text is None:
            own = dumps(self.own)
            if self.flat:
                self._own_text = own[1:-1]
            else:
                self._own_text = own if self.shared is None else "," + own[1:]
        return self._own_text

    @property
    def text(self) -> str:
        """The whole frame."""
        if self._text is None:
            self._text = self._head + self._own() + self.rest
        return self._text

    def least(self) -> int:
        """A length the whole frame's text is at least (its parts but its own), known without
        encoding anything."""
        return len(self._head) + len(self.rest)

    def size(self) -> int:
        """The length of the whole frame's text."""
        return self.least() + len(self._own())


@dataclass(frozen=True)
class SharedFrame:
    """A state frame's text with its viewer's own keys left out, encoded once for every viewer
    who sees the same cards: after each operation a room sends one frame per connection, and
    building and encoding the seats and events over again for each was most of a server's
    work. Each viewer's frame is this text with that viewer's few ``OWN_KEYS`` spliced into
    its VIEW (last in it: a reader of JSON does not care where a key stands)."""

    #: ``{"type":"state","view":{...`` up to the VIEW's closing brace, left open.
    head: str
    #: ``,"events":[...],"calls":[...]}`` after the VIEW.
    tail: str
    #: The VIEW without ``OWN_KEYS`` (what a delta of the shared part is taken from).
    view: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, frame: Mapping[str, Any]) -> SharedFrame:
        """The shared parts of ``frame``, a state frame built for any one of those viewers."""
        shared = {k: v for k, v in frame["view"].items() if k not in OWN_KEYS}
        return cls(STATE_HEAD + dumps(shared)[:-1],
                   ',"events":' + dumps(frame["events"]) + ',"calls":' + dumps(frame["calls"])
                   + "}", shared)

    def text(self, own: Mapping[str, Any]) -> str:
        """One viewer's frame: ``own`` holds its values of ``OWN_KEYS``."""
        return self.parts(own).text

    def parts(self, own: Mapping[str, Any]) -> FrameParts:
        """One viewer's frame in parts, ``own`` holding its values of ``OWN_KEYS``."""
        return FrameParts(self.view, own, self.tail, self.head)

    @staticmethod
    def private(frame: Mapping[str, Any]) -> FrameParts:
        """The parts of a frame built from one viewer's own view, shared with nobody."""
        rest = ',"events":' + dumps(frame["events"]) + ',"calls":' + dumps(frame["calls"]) + "}"
        return FrameParts(None, frame["view"], rest, STATE_HEAD)

    @staticmethod
    def flat(frame: Mapping[str, Any]) -> FrameParts:
        """The parts of a flat state frame (a card room's, built from one viewer's own view):
        its state is every member but ``NOT_STATE``; after it come its events."""
        state = {k: v for k, v in frame.items() if k not in NOT_STATE}
        return FrameParts(None, state, ',"events":' + dumps(frame["events"]) + "}", FLAT_HEAD,
                          flat=True)


def error_frame(rid: str | None, exc: TwentyOneError) -> dict[str, Any]:
    return {"type": "error", "id": rid, "error": type(exc).__name__, "message": str(exc)}


def error_body(exc: TwentyOneError) -> dict[str, str]:
    """An HTTP error's JSON body."""
    return {"error": type(exc).__name__, "message": str(exc)}
