"""Operations: the small frozen requests a player makes of a game.

The same few shapes serve every game (a ``Play`` is a lead in Whist, an attack or a defence in
Durak, a set in President). A history names an operation by ``name`` and is read back through
``OPS``, a registry from that name to the dataclass, so a history can never call an arbitrary
method of a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from twentyone.cards import Card, Suit
from twentyone.errors import shown

from .cards import codes, parse_cards, suit_from_letter, suit_letter
from .errors import GameError, GameReplayError, NoSuchSeatError


@dataclass(frozen=True, slots=True)
class CardOp:
    """A card game's operation: a request from the player in ``seat``. (``protocol.Op`` is what
    every game's operations meet; this is the card games' own.)"""

    name: ClassVar[str] = ""
    seat: int

    def __post_init__(self) -> None:
        """A seat is an ``int`` and nothing else (not ``1.0``, ``True`` or ``"1"``): a move made
        with another kind would be recorded so, and its history's seal would differ from the one
        ``verify`` finds replaying it (issue 34 item 14). One canonical form: refused."""
        if type(self.seat) is not int:
            raise NoSuchSeatError(f"a seat is a whole number, not {shown(self.seat)}")

    def to_json(self) -> dict[str, Any]:
        return {"op": self.name, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Deal(CardOp):
    """The dealer shuffles and deals the next hand."""

    name: ClassVar[str] = "deal"


@dataclass(frozen=True, slots=True)
class Pass(CardOp):
    """Decline: no bid, no card, no more attacking (the meaning depends on the moment)."""

    name: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Take(CardOp):
    """Durak's defender gives up the bout and will pick up the cards on the table."""

    name: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Play(CardOp):
    """Put cards on the table: one card to a trick, an attack or a defence, a set of a rank."""

    name: ClassVar[str] = "play"
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {"op": self.name, "seat": self.seat, "cards": codes(self.cards)}


@dataclass(frozen=True, slots=True)
class Give(CardOp):
    """Hand cards to another player (President's card back to the bottom player)."""

    name: ClassVar[str] = "give"
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {"op": self.name, "seat": self.seat, "cards": codes(self.cards)}


@dataclass(frozen=True, slots=True)
class Bid(CardOp):
    """Name a contract in an auction (by the game's own bid names)."""

    name: ClassVar[str] = "bid"
    bid: str

    def to_json(self) -> dict[str, Any]:
        return {"op": self.name, "seat": self.seat, "bid": self.bid}


@dataclass(frozen=True, slots=True)
class NameTrump(CardOp):
    """The declarer of a contract that lets them choose names the trump suit."""

    name: ClassVar[str] = "name-trump"
    suit: Suit

    def to_json(self) -> dict[str, Any]:
        return {"op": self.name, "seat": self.seat, "suit": suit_letter(self.suit)}


OPS: dict[str, type[CardOp]] = {
    cls.name: cls for cls in (Deal, Pass, Take, Play, Give, Bid, NameTrump)
}


def op_from_json(data: dict[str, Any]) -> CardOp:
    """Read an operation back by its registered name; anything else (a seat that is not an
    ``int`` included) is a ``GameReplayError``."""
    try:
        cls = OPS[str(data["op"])]
        seat = data["seat"]
        if type(seat) is not int:
            raise TypeError("a seat is a whole number")
        if cls is Play or cls is Give:
            return cls(seat, parse_cards(data["cards"]))
        if cls is Bid:
            return Bid(seat, str(data["bid"]))
        if cls is NameTrump:
            return NameTrump(seat, suit_from_letter(str(data["suit"])))
        return cls(seat)
    except (KeyError, TypeError, ValueError, GameError) as exc:
        raise GameReplayError(f"not an operation this history format knows: {shown(data)}") \
            from exc
