"""Delta frames: a connection that asks for them is sent, after each change, what changed in its
own VIEW since the frame it holds, not the whole table again (docs/web.md#delta-frames).

A delta is an RFC 6902 JSON Patch of the VIEW ("add", "remove" and "replace" only), not an
RFC 7386 merge patch: a VIEW has nulls of its own (a card the viewer may not see, no clock,
nobody to act), and in a merge patch null deletes a member, so "nobody is to act" could not be
said; and a merge patch replaces a list whole, so one seat's bet would send every seat again. A
patch addresses one seat's one field by its place (``/seats/3/bankroll``).

    {"type": "state", "version": V, "view": {...}, "events": [...], "calls": [...]}
    {"type": "delta", "base": B, "version": V, "patch": [...], "events": [...], "calls": [...]}

A card room's frame is flat (``{"type": "state", "version": V, "ctx": ..., "legal": ...,
"body": ..., "room": ..., "events": [...]}``): its delta patches the frame's state, every member
but its type, version and events (``protocol.NOT_STATE``), and carries the broadcast's events.
Versions are counted per room (``RoomCore.versions``), so nothing in a frame tells of another
room's activity.

A delta applies to version B only, the frame the server last sent that connection; its events
and calls are the broadcast's, as in a whole frame. A connection is sent a whole frame when it
(re)connects, when the send of its last frame failed, and whenever the delta would not be
smaller. A client holding any other version than B (a frame lost, a patch that does not apply)
asks ``{"type": "resync"}`` and is sent its whole frame again.

A delta never carries what the viewer's whole frame would not: it is computed from that frame
(``Frames.parts``, the viewer's own view) and the one sent to the same connection before, and
every value in it is a value of the new frame.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import orjson

from twentyone.web.protocol import FrameParts
from twentyone.web.roomcore import Actor, Frames

Op = dict[str, Any]
_MISSING = object()


class Held(NamedTuple):
    """What the server last sent one connection: its version, and its VIEW in the two parts of
    ``FrameParts`` (the same objects every connection alike was sent, so the shared part's
    patch is worked out once for all of them). A tuple: one is made for every connection after
    every change."""

    version: int
    shared: Mapping[str, Any] | None
    own: Mapping[str, Any]

    def view(self) -> Mapping[str, Any]:
        return self.own if self.shared is None else {**self.shared, **self.own}


def _key(key: object) -> str:
    """A member's name as a JSON Pointer step (RFC 6901: ``~`` and ``/`` escaped)."""
    return str(key).replace("~", "~0").replace("/", "~1")


def diff(old: Any, new: Any, path: str = "") -> list[Op]:
    """The RFC 6902 operations that turn ``old`` into ``new`` (JSON values): members and list
    items that differ are followed down, so a change costs a patch the size of the change. A
    list that grew gets its new items added at its end, one that shrank loses its last items."""
    out: list[Op] = []
    if not _same(old, new):
        _diff(old, new, path, out)
    return out


def _diff(old: Any, new: Any, path: str, out: list[Op]) -> None:
    # ``_same`` is written out in the loops: this runs for every member of a VIEW that changed.
    if type(old) is dict and type(new) is dict:
        added = 0
        get = old.get
        for k, v in new.items():
            o = get(k, _MISSING)
            if o is v:
                continue
            if o is _MISSING:
                added += 1
                out.append({"op": "add", "path": f"{path}/{_key(k)}", "value": v})
            elif o != v or type(o) is not type(v):
                _diff(o, v, f"{path}/{_key(k)}", out)
        if len(old) + added != len(new):  # some member is gone
            out.extend({"op": "remove", "path": f"{path}/{_key(k)}"} for k in old
                       if k not in new)
    elif type(old) is list and type(new) is list:
        common = min(len(old), len(new))
        for i in range(common):
            o, v = old[i], new[i]
            if o is not v and (o != v or type(o) is not type(v)):
                _diff(o, v, f"{path}/{i}", out)
        out.extend({"op": "add", "path": f"{path}/{i}", "value": new[i]}
                   for i in range(common, len(new)))
        out.extend({"op": "remove", "path": f"{path}/{i}"}
                   for i in range(len(old) - 1, common - 1, -1))
    else:
        out.append({"op": "replace", "path": path, "value": new})


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: Python's ``==`` (quick, in C) with the types of plain values compared too,
    since ``True == 1`` in Python but not in JSON. A VIEW's fields keep one JSON type each, so
    within lists and objects ``==`` is enough (and the property tests compare the JSON text)."""
    return a is b or (a == b and type(a) is type(b))


def _encode(ops: list[Op]) -> str:
    """The operations as the inside of a JSON array."""
    return orjson.dumps(ops).decode()[1:-1] if ops else ""


class Feed:
    """One broadcast's frames for the connections that take deltas: for each, a delta against
    what it holds, or its whole frame. The shared part's patch is worked out once for every
    connection that held the same shared part, and the whole delta once for all of them whose
    own part is as it was (as a rule every viewer but the one whose turn came or went)."""

    def __init__(self, frames: Frames, version: int) -> None:
        self.frames = frames
        self.version = version
        #: The shared part's patch by the part it was taken from (kept with it: an id is only
        #: unique while its object lives).
        self._shared: dict[int, tuple[Mapping[str, Any], str]] = {}
        #: The delta text for a connection whose own part is unchanged, by the shared part
        #: and the version it holds (the part kept with it, as above).
        self._plain: dict[tuple[int, int], tuple[Mapping[str, Any], str]] = {}

    def frame(self, actor: Actor, held: Held | None) -> tuple[str, Held]:
        """The text to send ``actor``'s connection, which holds ``held`` (None: nothing yet),
        and what it holds once sent."""
        parts = self.frames.parts(actor)
        now = Held(self.version, parts.shared, parts.own)
        if held is None:
            return self._whole(parts), now
        shared = held.shared
        if shared is not None and parts.shared is not None:
            own = held.own
            if own is parts.own or own == parts.own:  # a VIEW's values keep their JSON types
                delta = self._plain_delta(held.version, shared, parts)
            else:
                ops = self._shared_patch(shared, parts.shared)
                more = _encode(diff(own, parts.own))
                delta = self._delta(held.version, f"{ops},{more}" if ops else more, parts.rest)
        else:  # a seat's own view in place of the shared one, or the other way round
            delta = self._delta(held.version, _encode(diff(held.view(), now.view())),
                                parts.rest)
        # Sent whole when the delta would not be smaller (``_whole`` adds the version).
        extra = 11 + len(str(self.version))
        if len(delta) < parts.least() + extra or len(delta) < parts.size() + extra:
            return delta, now
        return self._whole(parts), now

    def _whole(self, parts: FrameParts) -> str:
        return f'{{"version":{self.version},{parts.text[1:]}'

    def _delta(self, base: int, ops: str, rest: str) -> str:
        return (f'{{"type":"delta","base":{base},"version":{self.version},'
                f'"patch":[{ops}]{rest}')

    def _plain_delta(self, base: int, shared: Mapping[str, Any], parts: FrameParts) -> str:
        """The delta for a connection that holds ``shared`` at version ``base`` and whose own
        part is unchanged: the same text for every such connection."""
        key = (id(shared), base)
        found = self._plain.get(key)
        if found is None or found[0] is not shared:
            assert parts.shared is not None
            text = self._delta(base, self._shared_patch(shared, parts.shared), parts.rest)
            found = self._plain[key] = (shared, text)
        return found[1]

    def _shared_patch(self, old: Mapping[str, Any], new: Mapping[str, Any]) -> str:
        found = self._shared.get(id(old))
        if found is None or found[0] is not old:
            found = self._shared[id(old)] = (old, _encode(diff(old, new)))
        return found[1]
