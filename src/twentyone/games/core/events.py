"""The append-only event log: small immutable records of what happened.

One record type for every game keeps the log uniform to save, replay-check and show. ``private``
marks an event whose cards only ``seat`` may see (a deal to one hand); ``value`` carries the one
extra fact an event needs (a bid's name, counters paid, a title).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from twentyone.cards import Card

from .cards import codes, parse_cards


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    value: str | int | None = None
    private: bool = False
    #: A second seat an event concerns (who was paid, who received a card).
    other: int | None = None

    def seen_by(self, viewer: int | None) -> Event:
        """The event as ``viewer`` may see it: another seat's private cards become blanks. A
        spectator (``None``) sees no private card, even of an event that concerns no second
        seat (``other`` is None then too, and must not count as the spectator's)."""
        mine = viewer is not None and viewer in (self.seat, self.other)
        if self.private and not mine and self.cards:
            return Event(self.kind, self.seat, (), len(self.cards), True, self.other)
        return self

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.cards:
            out["cards"] = codes(self.cards)
        if self.value is not None:
            out["value"] = self.value
        if self.private:
            out["private"] = True
        if self.other is not None:
            out["other"] = self.other
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        return cls(str(data["kind"]), data.get("seat"), parse_cards(data.get("cards", [])),
                   data.get("value"), bool(data.get("private", False)), data.get("other"))
