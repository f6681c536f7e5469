"""The party table's wire protocol: reading the frames a browser sends, and writing the table as
JSON for one viewer.

Reading is strict and bounded: a frame longer than ``MAX_FRAME_BYTES``, text that is not one JSON
object, an id that is not 1-64 characters, an argument of the wrong kind: each is a typed
``RequestError`` before anything is looked up, so a bad frame can never reach the table.

Writing: every room's state frame is one shape, ``{ctx, legal, body, room, you, events,
calls}`` (``FrameParts``), its ``ctx``, ``legal`` and ``body`` the game's ``seat_view`` for the
viewer and its events the game's ``events``, so what a viewer may see is decided by the game
alone; the room adds what only it knows (names, connections, the clock: ``room``, the same for
every viewer), who is looking (``you``) and the dealer's calls.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from twentyone.errors import FrameTooLargeError, RequestError, SeatError, TwentyOneError
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


def seat_asked(args: Mapping[str, Any], seats: Iterable[int], taken: Container[int]) -> int:
    """The seat a request to sit names (``seat``), or else the first of ``seats`` not
    ``taken``; a ``SeatError`` when every one is. Whether the seat named may be taken is the
    caller's to check (its table's, or its own rule)."""
    wanted = whole(args, "seat", optional=True)
    if wanted is not None:
        return wanted
    free = next((n for n in seats if n not in taken), None)
    if free is None:
        raise SeatError("every seat is taken")
    return free


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


def dumps(obj: Any) -> str:
    """Compact JSON, as every frame goes out: by orjson, about ten times quicker than the
    standard library at a frame of seven seats, which every broadcast encodes. Keys that are
    not text are written as text, as ``json.dumps`` writes them; orjson's option for them is
    slower throughout (a fifth, at a body), so it is asked for only where one is found."""
    try:
        return orjson.dumps(obj).decode()
    except TypeError:  # orjson's refusal of a key that is not text, or of a value
        return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()


#: A state frame's opening: its state's members follow at the top level.
HEAD = '{"type":"state",'
#: The members of a state frame that are not its state (what a delta patches): the broadcast's
#: own events and calls, the frame's type and version.
NOT_STATE = frozenset(("type", "version", "events", "calls"))


#: Values' JSON texts by the value's id, kept with the value (an id is only unique while its
#: object lives): one broadcast's frames share their bodies, events and seats, so each is
#: encoded once however many frames hold it.
Texts = dict[int, tuple[Any, str]]


#: A state member's name as JSON, by the name: a state has the same few members in every frame.
_MEMBERS: dict[str, str] = {}


def _member(name: str) -> str:
    text = _MEMBERS.get(name)
    if text is None:
        text = _MEMBERS[name] = dumps(name)
    return text


def encoded(value: Any, memo: Texts) -> str:
    """``value``'s JSON text, written once per object while ``memo`` is kept."""
    found = memo.get(id(value))
    if found is None or found[0] is not value:
        found = memo[id(value)] = (value, dumps(value))
    return found[1]


def rest_text(frame: Mapping[str, Any], memo: Texts) -> str:
    """What follows a state frame's state: its events and the calls (every viewer who sees
    what the house sees has the same, so a broadcast writes it once for all of them)."""
    return (',"events":' + encoded(frame["events"], memo) + ',"calls":'
            + encoded(frame.get("calls", []), memo) + "}")


class FrameParts:
    """One viewer's state frame, in the parts a delta frame is built from (``web.delta``): its
    state (every member but ``NOT_STATE``: ``ctx``, ``legal``, ``body``, ``room``, ``you``), and the
    frame after it (``,"events":[...],"calls":[...]}``).

    The whole frame's text is written only when it is asked for: a connection that takes
    deltas is as a rule sent a delta, and needs no more of its whole frame than its length
    (``size``), which the parts give once the state is encoded."""

    __slots__ = ("_memo", "_own_text", "_text", "own", "rest")

    def __init__(self, own: dict[str, Any], rest: str, memo: Texts | None = None) -> None:
        self.own = own
        self.rest = rest
        self._memo = {} if memo is None else memo
        self._own_text: str | None = None
        self._text: str | None = None

    @classmethod
    def of(cls, frame: Mapping[str, Any], memo: Texts | None = None,
           rest: str | None = None) -> FrameParts:
        """The parts of a state frame built for one viewer: its state is every member but
        ``NOT_STATE``; after it come its events and the calls. ``memo``: the texts of one
        broadcast's members, shared by its frames (``encoded``); ``rest``: what follows the
        state, when the broadcast has written it already (``rest_text``)."""
        memo = {} if memo is None else memo
        state = {k: v for k, v in frame.items() if k not in NOT_STATE}
        return cls(state, rest_text(frame, memo) if rest is None else rest, memo)

    def _own(self) -> str:
        """The state's members as they stand in the frame."""
        if self._own_text is None:
            memo = self._memo
            self._own_text = ",".join([f"{_member(k)}:{encoded(v, memo)}"
                                       for k, v in self.own.items()])
        return self._own_text

    @property
    def text(self) -> str:
        """The whole frame."""
        if self._text is None:
            self._text = HEAD + self._own() + self.rest
        return self._text

    def least(self) -> int:
        """A length the whole frame's text is at least (its parts but its state), known
        without encoding anything."""
        return len(HEAD) + len(self.rest)

    def size(self) -> int:
        """The length of the whole frame's text."""
        return self.least() + len(self._own())

    def known(self) -> int:
        """A length the whole frame's text is at least, from the members whose texts are
        written already (the ones every frame of a broadcast shares, after the first: the body
        and the room), encoding nothing."""
        memo = self._memo
        n = self.least()
        for v in self.own.values():
            found = memo.get(id(v))
            if found is not None and found[0] is v:
                n += len(found[1])
        return n


def error_frame(rid: str | None, exc: TwentyOneError) -> dict[str, Any]:
    return {"type": "error", "id": rid, "error": type(exc).__name__, "message": str(exc)}


def error_body(exc: TwentyOneError) -> dict[str, str]:
    """An HTTP error's JSON body."""
    return {"error": type(exc).__name__, "message": str(exc)}
