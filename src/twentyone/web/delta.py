"""Delta frames: a connection that asks for them is sent, after each change, what changed in its
own frame since the frame it holds, not the whole table again (docs/web.md#delta-frames).

Every room's state frame is one shape, its state's members at the top level::

    {"type": "state", "version": V, "ctx": ..., "legal": ..., "body": ..., "room": ...,
     "you": ..., "events": [...], "calls": [...]}
    {"type": "delta", "base": B, "version": V, "patch": [...], "events": [...], "calls": [...]}

A delta is an RFC 6902 JSON Patch of the frame's state (every member but its type, version,
events and calls: ``protocol.NOT_STATE``), "add", "remove" and "replace" only, not an RFC 7386
merge patch: a state has nulls of its own (a card the viewer may not see, no clock, nobody to
act), and in a merge patch null deletes a member, so "nobody is to act" could not be said; and
a merge patch replaces a list whole, so one seat's bet would send every seat again. A patch
addresses one seat's one field by its place (``/body/seats/3/bankroll``). Versions are counted
per room (``RoomCore.versions``), so nothing in a frame tells of another room's activity.

A delta applies to version B only, the frame the server last sent that connection; its events
and calls are the broadcast's, as in a whole frame. A connection is sent a whole frame when it
(re)connects, when the send of its last frame failed, and whenever the delta would not be
smaller. A client holding any other version than B (a frame lost, a patch that does not apply)
asks ``{"type": "resync"}`` and is sent its whole frame again.

A delta never carries what the viewer's whole frame would not: it is computed from that frame
(``Broadcast.parts``, the viewer's own view) and the one sent to the same connection before, and
every value in it is a value of the new frame.
"""

from __future__ import annotations

from typing import Any

import orjson

from twentyone.web.protocol import FrameParts
from twentyone.web.roomcore import Actor, Broadcast

#: One operation of an RFC 6902 JSON Patch ({"op": "replace", "path": ..., "value": ...}).
Patch = dict[str, Any]
_MISSING = object()


class Held:
    """What the server last sent one connection: its version and its frame's state (the same
    object every connection looking the same way was sent, so their delta is worked out once).
    A compiled class of two fields: one is made for every connection after every change."""

    def __init__(self, version: int, own: dict[str, Any]) -> None:
        self.version = version
        self.own = own


def _key(key: object) -> str:
    """A member's name as a JSON Pointer step (RFC 6901: ``~`` and ``/`` escaped)."""
    text = str(key)
    if "~" not in text and "/" not in text:  # as a rule: the names of a view's fields
        return text
    return text.replace("~", "~0").replace("/", "~1")


def diff(old: Any, new: Any, path: str = "") -> list[Patch]:
    """The RFC 6902 operations that turn ``old`` into ``new`` (JSON values): members and list
    items that differ are followed down, so a change costs a patch the size of the change. A
    list that grew gets its new items added at its end, one that shrank loses its last items."""
    out: list[Patch] = []
    if not _same(old, new):
        _diff(old, new, path, out)
    return out


def _diff(old: Any, new: Any, path: str, out: list[Patch]) -> None:
    if type(old) is dict and type(new) is dict:
        _diff_dict(old, new, path, out)
    elif type(old) is list and type(new) is list:
        _diff_list(old, new, path, out)
    else:
        out.append({"op": "replace", "path": path, "value": new})


# The two below take their values typed, so the compiled build walks them with its own dict and
# list operations (an ``Any`` is walked by Python's generic calls). ``_same`` is written out in
# their loops: they run for every member of a view that changed.
def _diff_dict(old: dict[Any, Any], new: dict[Any, Any], path: str, out: list[Patch]) -> None:
    added = 0
    for k, v in new.items():
        o = old.get(k, _MISSING)
        if o is v:
            continue
        if o is _MISSING:
            added += 1
            out.append({"op": "add", "path": f"{path}/{_key(k)}", "value": v})
        elif o != v or type(o) is not type(v):
            _diff(o, v, f"{path}/{_key(k)}", out)
    if len(old) + added != len(new):  # some member is gone
        out.extend({"op": "remove", "path": f"{path}/{_key(k)}"} for k in old if k not in new)


def _diff_list(old: list[Any], new: list[Any], path: str, out: list[Patch]) -> None:
    common = min(len(old), len(new))
    for i in range(common):
        o, v = old[i], new[i]
        if o is not v and (o != v or type(o) is not type(v)):
            _diff(o, v, f"{path}/{i}", out)
    out.extend({"op": "add", "path": f"{path}/{i}", "value": new[i]}
               for i in range(common, len(new)))
    out.extend({"op": "remove", "path": f"{path}/{i}"}
               for i in range(len(old) - 1, common - 1, -1))


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: Python's ``==`` (quick, in C) with the types of plain values compared too,
    since ``True == 1`` in Python but not in JSON. A VIEW's fields keep one JSON type each, so
    within lists and objects ``==`` is enough (and the property tests compare the JSON text)."""
    return a is b or (a == b and type(a) is type(b))


def _encode(ops: list[Patch]) -> str:
    """The operations as the inside of a JSON array."""
    return orjson.dumps(ops).decode()[1:-1] if ops else ""


class Feed:
    """One broadcast's frames for the connections that take deltas: for each, a delta against
    what it holds, or its whole frame. The delta is worked out once for all the connections
    that hold the same state at the same version and look the same way now (as a rule every
    connection of one viewer), and each member's patch once for every frame that held and now
    holds the same objects there (the body every viewer without a card of its own shares)."""

    def __init__(self, frames: Broadcast, version: int) -> None:
        self.frames = frames
        self.version = version
        #: The delta text by the state held, its version and the frame now (kept with them: an
        #: id is only unique while its object lives).
        self._made: dict[tuple[int, int, int], tuple[dict[str, Any], FrameParts, str]] = {}
        #: Each member's patch by the member's name and the two values (kept, as above).
        self._members: dict[tuple[str, int, int], tuple[Any, Any, str]] = {}

    def frame(self, actor: Actor, held: Held | None) -> tuple[str, Held]:
        """The text to send ``actor``'s connection, which holds ``held`` (None: nothing yet),
        and what it holds once sent."""
        parts = self.frames.parts(actor)
        now = Held(self.version, parts.own)
        if held is None:
            return self._whole(parts), now
        key = (id(held.own), held.version, id(parts))
        found = self._made.get(key)
        if found is None or found[0] is not held.own or found[1] is not parts:
            delta = (f'{{"type":"delta","base":{held.version},"version":{self.version},'
                     f'"patch":[{self._patch(held.own, parts.own)}]{parts.rest}')
            found = self._made[key] = (held.own, parts, delta)
        delta = found[2]
        # Sent whole when the delta would not be smaller (``_whole`` adds the version).
        extra = 11 + len(str(self.version))
        if len(delta) < parts.known() + extra or len(delta) < parts.size() + extra:
            return delta, now
        return self._whole(parts), now

    def _whole(self, parts: FrameParts) -> str:
        return f'{{"version":{self.version},{parts.text[1:]}'

    def _patch(self, old: dict[str, Any], new: dict[str, Any]) -> str:
        """``diff(old, new)`` encoded, member by member (a state's members are few and big)."""
        texts = []
        added = 0
        members = self._members
        for k, v in new.items():
            o = old.get(k, _MISSING)
            if o is v:
                continue
            if o is _MISSING:
                added += 1
                texts.append(_encode([{"op": "add", "path": f"/{_key(k)}", "value": v}]))
                continue
            key = (k, id(o), id(v))
            found = members.get(key)
            if found is None or found[0] is not o or found[1] is not v:
                found = members[key] = (o, v, _encode(diff(o, v, f"/{_key(k)}")))
            if found[2]:
                texts.append(found[2])
        if len(old) + added != len(new):  # some member is gone (a state has the same ones)
            texts.extend(_encode([{"op": "remove", "path": f"/{_key(k)}"}]) for k in old
                         if k not in new)
        return ",".join(texts)
