"""A client's side of delta frames, written apart from the server's (``web.delta``) from RFC 6902
and docs/web.md#delta-frames: the tests apply every delta the server sends with this, so a patch
the server builds wrong, or one that does not follow the standard, reads wrong here."""

from __future__ import annotations

import copy
from typing import Any

import orjson

Frame = dict[str, Any]
#: The members of a state frame that are not its state: written out here from
#: docs/web.md#delta-frames, not imported from the server.
NOT_STATE = frozenset(("type", "version", "events", "calls"))


def _pointer(path: str) -> list[str]:
    """RFC 6901: "/a~1b/0" is ["a/b", "0"]."""
    assert path == "" or path.startswith("/"), path
    return [s.replace("~1", "/").replace("~0", "~") for s in path.split("/")[1:]]


def apply_patch(doc: Any, patch: list[dict[str, Any]]) -> Any:
    """RFC 6902 "add", "remove" and "replace" applied to a copy of ``doc``; a patch that does not
    apply is a ``KeyError``, ``IndexError`` or ``AssertionError``."""
    doc = copy.deepcopy(doc)
    for op in patch:
        steps = _pointer(op["path"])
        if not steps:
            assert op["op"] == "replace", op
            doc = copy.deepcopy(op["value"])
            continue
        parent = doc
        for step in steps[:-1]:
            parent = parent[int(step)] if isinstance(parent, list) else parent[step]
        last = steps[-1]
        if isinstance(parent, list):
            i = len(parent) if last == "-" else int(last)
            if op["op"] == "add":
                assert 0 <= i <= len(parent), op
                parent.insert(i, copy.deepcopy(op["value"]))
            elif op["op"] == "remove":
                assert 0 <= i < len(parent), op
                del parent[i]
            else:
                assert op["op"] == "replace" and 0 <= i < len(parent), op
                parent[i] = copy.deepcopy(op["value"])
        elif op["op"] == "add":
            parent[last] = copy.deepcopy(op["value"])
        elif op["op"] == "remove":
            del parent[last]
        else:
            assert op["op"] == "replace" and last in parent, op
            parent[last] = copy.deepcopy(op["value"])
    return doc


def resolve(doc: Any, path: str) -> Any:
    """The value at ``path`` in ``doc`` (a ``KeyError`` or ``IndexError`` if there is none)."""
    for step in _pointer(path):
        doc = doc[int(step)] if isinstance(doc, list) else doc[step]
    return doc


def canonical(value: Any) -> bytes:
    """JSON text with sorted keys: equal only if equal as JSON (``True == 1`` in Python)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def state_of(frame: Frame) -> Frame:
    """A state frame's state: what its deltas patch (every member but ``NOT_STATE``)."""
    return {k: v for k, v in frame.items() if k not in NOT_STATE}


class Copy:
    """One connection's copy of its frame's state, as the browser keeps it (static/delta.js)."""

    def __init__(self) -> None:
        self.view: Any = None
        self.version: int | None = None

    def take(self, frame: Frame) -> Frame | None:
        """The whole state frame ``frame`` stands for, or None if it is a delta that does not
        follow the version held (the client then asks for the whole frame)."""
        if frame["type"] == "state":
            self.view = state_of(frame)
            self.version = frame.get("version")
        else:
            assert frame["type"] == "delta", frame
            try:
                if self.view is None or frame["base"] != self.version:
                    raise KeyError("base")
                self.view = apply_patch(self.view, frame["patch"])
            except (KeyError, IndexError, ValueError, AssertionError):
                self.view = self.version = None
                return None
            self.version = frame["version"]
        return {"type": "state", **copy.deepcopy(self.view), "events": frame["events"],
                "calls": frame["calls"]}
