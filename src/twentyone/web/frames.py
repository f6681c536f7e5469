"""The state frames of one broadcast, for any room (``web.room.Room``): one per (viewer, role),
each encoded once however many connections share it, and the members they share encoded once
for all of them (docs/web.md#delta-frames)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from twentyone.web.protocol import FrameParts, Texts, rest_text
from twentyone.web.roomcore import Actor, Role, RoomCore


class Frames:
    """The state frames of one broadcast: one per (viewer, role), each encoded once however
    many connections share it. The events are the game's for each viewer; at a chip table
    every viewer without a face-down card of its own (``CasinoGame.private_seats``) sees the
    house's, which are read once for all of them."""

    def __init__(self, room: RoomCore, since: int | None, calls: Sequence[str] = ()) -> None:
        self.room = room
        self.since = since
        #: The seats that may hold a card of their own face down.
        self.private = room.private_seats(since)
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
        self._room: dict[str, Any] | None = None
        #: The last frame's events and calls, and the text that follows a state with them.
        self._rest: tuple[object, object, str] | None = None

    def text(self, actor: Actor) -> str:
        """The frame for ``actor``'s connection."""
        return self.parts(actor).text

    def parts(self, actor: Actor) -> FrameParts:
        """The frame for ``actor``'s connection, whole and in the parts a delta frame is built
        from (``web.delta``)."""
        key = self.room.looking(actor)
        parts = self._parts.get(key)
        if parts is None:
            frame = self.room.own_state(key, self.since, self.calls,
                                        self._house_events(key[0]), self._said,
                                        self._room_part())
            # A member equal to the one this viewer was last built is that object again, so
            # a delta passes it over by identity (its context and its moves rarely change).
            last = self.room.states_written.get(key, {})
            for k in ("ctx", "legal", "you"):
                old = last.get(k)
                if old is not None and (old is frame[k] or old == frame[k]):
                    frame[k] = old
                    self._keep_text(old)
            self.room.states_written[key] = frame
            events, calls = frame["events"], frame["calls"]
            rest = self._rest
            if rest is None or rest[0] is not events or rest[1] is not calls:
                rest = self._rest = (events, calls, rest_text(frame, self._texts))
            parts = self._parts[key] = FrameParts.of(frame, self._texts, rest[2])
        return parts

    def _room_part(self) -> dict[str, Any]:
        """The room's part of every frame of this broadcast, built once: the last
        broadcast's object again while it is equal, so a delta passes it over by identity."""
        if self._room is None:
            part = self.room.room_part()
            old = self.room.room_written
            if old is not None and old == part:
                part = old
                self._keep_text(old)
            self._room = self.room.room_written = part
        return self._room

    def _keep_text(self, value: object) -> None:
        """``value``'s text from the last broadcast, when it was written then."""
        text = self._prior.get(id(value))
        if text is not None and text[0] is value:
            self._texts[id(value)] = text

    def _house_events(self, viewer: int) -> list[dict[str, Any]] | None:
        """The events a viewer who sees what the house sees is sent, read once for all of
        them (None: a viewer with a card of its own face down, whose events are its own)."""
        if viewer in self.private and self.since is not None:
            return None
        if self._events is None:
            self._events = self.room.house_events(self.since)
        return self._events
