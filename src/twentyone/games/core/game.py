"""The shape every game shares: verify, can, apply, legal operations, views, invariants.

``apply`` is the only way a game changes: it verifies first (a refusal raises before anything is
touched), performs, and returns the events it appended. ``legal_ops`` is computed by filtering a
game's candidate operations through that same ``verify``, so the moves offered to a player (or a
bot) and the moves accepted can never disagree.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from twentyone.cards import Card, Suit
from twentyone.errors import TableError, shown
from twentyone.protocol import HOUSE, Ctx, HandResult, JsonObject, Op, View

from .cards import codes, suit_letter
from .errors import (
    GameError,
    GameReplayError,
    IllegalMoveError,
    NoSuchSeatError,
    NotYourTurnError,
    WrongPhaseError,
)
from .events import Event
from .ops import CardOp, Deal, Give, Play, op_from_json
from .rules import GameRules
from .shuffle import RandomShuffler, Shuffler

#: The format a game's history is written in (``core.history``).
HISTORY_FORMAT = "twentyone-games-history/1"

R = TypeVar("R", bound=GameRules)


class CardGame(ABC, Generic[R]):
    """A table of one card game, from the first deal through any number of hands.

    Seats are numbered from 1; "to the left" is the next number up, wrapping round."""

    #: The game's name in histories and on the command line.
    name: ClassVar[str] = ""
    #: The operation types this game accepts (others are refused with ``WrongPhaseError``).
    accepts: ClassVar[frozenset[type[CardOp]]] = frozenset()

    def __init__(self, rules: R, shuffler: Shuffler | None = None) -> None:
        self.rules = rules
        self.shuffler: Shuffler = shuffler or RandomShuffler.seeded(None)
        self.log: list[Event] = []
        self.ops: list[CardOp] = []
        self.shuffles: list[tuple[Card, ...]] = []
        #: Hands dealt so far (abandoned deals included).
        self.hands_dealt = 0
        #: Each finished hand's result, in order (``hand_results``).
        self.finished_hands: list[HandResult] = []

    # -- the operations interface ---------------------------------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat whose move it is (the dealer between hands)."""

    def verify(self, op: Op) -> None:
        """Raise the ``GameError`` this operation would meet; change nothing (another game's
        operation, or anything that is not an operation: an ``IllegalMoveError`` in words)."""
        self._checked(op)

    def _checked(self, op: Op) -> CardOp:
        """``op`` as this game's operation, accepted now; else the refusal ``verify`` says."""
        if not isinstance(op, CardOp):
            raise IllegalMoveError(f"a move is an operation of {self.title}, not {shown(op)}")
        if op.seat not in self.seats:
            raise NoSuchSeatError(f"there is no seat {shown(op.seat)} at this table")
        if type(op) not in self.accepts:
            raise WrongPhaseError(f"{self.title} has no '{op.name}' move")
        self._verify(op)
        return op

    @staticmethod
    def _verify_deal_or_turn(op: CardOp, *, dealing: bool, dealer: int, mover: int | None,
                             hand: str) -> bool:
        """The check every game's moves open with: the deal only between hands and only by the
        dealer; any other move only once the cards are dealt, and only by the seat to move.
        True when ``op`` is the deal (there is nothing more to check)."""
        if isinstance(op, Deal):
            if not dealing:
                raise WrongPhaseError(f"a {hand} is in progress; the cards are dealt when it ends")
            if op.seat != dealer:
                raise NotYourTurnError(f"seat {dealer} deals this {hand}")
            return True
        if dealing:
            raise WrongPhaseError("the cards have not been dealt yet")
        if op.seat != mover:
            raise NotYourTurnError(f"it is seat {mover}'s move")
        return False

    def can(self, op: CardOp) -> bool:
        try:
            self.verify(op)
        except TableError:
            return False
        return True

    def apply(self, op: Op) -> None:
        """Verify, then perform ``op`` (what it did is read from ``events`` and the views)."""
        checked = self._checked(op)
        self._perform(checked)
        self.ops.append(checked)

    def legal_ops(self, seat: int) -> list[CardOp]:
        """Every operation ``seat`` may make now (empty when it is not their move)."""
        if self.to_act != seat:
            return []
        return [op for op in self._candidates(seat) if self.can(op)]

    @abstractmethod
    def _verify(self, op: CardOp) -> None: ...

    @abstractmethod
    def _perform(self, op: CardOp) -> None: ...

    @abstractmethod
    def _candidates(self, seat: int) -> Iterable[CardOp]:
        """A superset of the legal operations for ``seat``; ``legal_ops`` filters it."""

    # -- the one game protocol (``twentyone.protocol.Game``) ------------------------------------

    @property
    def seat_numbers(self) -> range:
        return self.seats

    @property
    def acting(self) -> int | None:
        return self.to_act

    @property
    @abstractmethod
    def between_hands(self) -> bool:
        """No hand is under way: the next operation is the deal."""

    def legal(self, seat: int) -> list[CardOp]:
        return self.legal_ops(seat)

    def operation(self, data: object) -> CardOp:
        """An operation read from JSON by its registered name (``ops.op_from_json``); anything
        but a JSON object is a ``GameReplayError``."""
        if not isinstance(data, Mapping):
            raise GameReplayError(f"an operation is a JSON object, not {shown(data)}")
        return op_from_json(dict(data))

    def mark(self) -> int:
        return len(self.log)

    def events(self, seat: int, since: int) -> list[JsonObject]:
        """The log from ``since`` on as ``seat`` may see it (``HOUSE``: a spectator)."""
        viewer = None if seat == HOUSE else seat
        return [e.seen_by(viewer).to_json() for e in self.log[since:]]

    def hand_results(self, since: int = 0) -> list[HandResult]:
        return self.finished_hands[since:]

    def history(self) -> JsonObject:
        """The rules, every shuffle, every operation and every event (``core.history``
        replays it); the house's record, since it holds the shuffles."""
        return {
            "format": HISTORY_FORMAT,
            "game": self.name,
            "rules": self.rules.to_mapping(),
            "shuffles": [codes(order) for order in self.shuffles],
            "ops": [op.to_json() for op in self.ops],
            "events": [e.to_json() for e in self.log],
        }

    def seat_view(self, seat: int) -> View:
        """The protocol's view: ``view_json`` as the body, with the reasons the seat's cards
        that no legal move uses may not be played (``unplayable``)."""
        viewer = None if seat == HOUSE else seat
        legal = tuple(self.legal_ops(seat)) if viewer is not None else ()
        body = self.view_json(viewer)
        body["unplayable"] = self.unplayable(seat, legal) if viewer is not None else {}
        ctx = Ctx(self.name, seat, str(body.get("phase", "")), self.to_act, self.hands_dealt,
                  self.between_hands)
        return View(ctx, legal, body)

    def unplayable(self, seat: int, legal: Sequence[CardOp]) -> dict[str, str]:
        """For each card in ``seat``'s hand that is in no legal move while it is that seat's
        turn, why not, in the game's own words (the refusal ``verify`` gives for that card
        alone): the page shows the card, unselectable, with this sentence. Empty at a moment
        when no card is played at all (Solo Whist's bidding)."""
        if self.to_act != seat or self.between_hands:
            return {}
        used = {c for op in legal if isinstance(op, (Play, Give)) for c in op.cards}
        out: dict[str, str] = {}
        for c in self.hand_of(seat):
            if c in used:
                continue
            try:
                self.verify(self._single(seat, c))
            except WrongPhaseError:
                return {}  # no card is played at this moment (the bidding): nothing to explain
            except TableError as exc:
                out[c.code] = str(exc)
            else:  # alone it is accepted, so it is legal; kept for a game whose candidates lag
                out[c.code] = "that card cannot be played now"
        return out

    def _single(self, seat: int, c: Card) -> CardOp:
        """The operation that would play ``c`` alone now (a game with another card move, such
        as handing a card back, says which)."""
        return Play(seat, (c,))

    @abstractmethod
    def hand_of(self, seat: int) -> Sequence[Card]:
        """The cards ``seat`` holds now."""

    def _finish_hand(self, scores: dict[int, int], **detail: Any) -> None:
        """Record a finished hand's result (``hand_results``)."""
        self.finished_hands.append(HandResult(len(self.finished_hands) + 1,
                                              {s: scores.get(s, 0) for s in self.seats},
                                              _jsonable(detail)))

    # -- what players see ------------------------------------------------------------------------

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator, who sees no hand). Cards are ``Card``s;
        ``view_json`` gives the same as codes."""

    def view_json(self, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = _jsonable(self.view(seat))
        return out

    # -- the house's record ---------------------------------------------------------------------

    @abstractmethod
    def pack(self) -> list[Card]:
        """The game's full pack."""

    @abstractmethod
    def places(self) -> dict[str, Sequence[Card]]:
        """Every place a card can be (hands, table, stock, tricks...), for the invariants."""

    def state(self) -> dict[str, Any]:
        """Everything that makes up the game now, as JSON-ready data (the house's view)."""
        return {"places": {k: codes(v) for k, v in self.places().items()},
                "to_act": self.to_act, "log": len(self.log), "ops": len(self.ops),
                "extra": _jsonable(self._state_extra())}

    def _state_extra(self) -> dict[str, Any]:
        return {}

    def check_invariants(self) -> None:
        """Every card of the pack in exactly one place, none twice, none extra."""
        held: Counter[Card] = Counter()
        for cards in self.places().values():
            held.update(cards)
        if held != Counter(self.pack()):
            extra = held - Counter(self.pack())
            missing = Counter(self.pack()) - held
            raise AssertionError(f"cards not conserved: extra {codes(extra)}, "
                                 f"missing {codes(missing)}")

    # -- helpers for the games -------------------------------------------------------------------

    @property
    def title(self) -> str:
        return self.name.replace("-", " ").title()

    @property
    def seats(self) -> range:
        return range(1, self.rules.players + 1)

    def left_of(self, seat: int) -> int:
        return seat % self.rules.players + 1

    def _emit(self, *events: Event) -> None:
        self.log.extend(events)

    def _shuffle(self, cards: Sequence[Card]) -> list[Card]:
        order = self.shuffler.shuffle(cards)
        self.shuffles.append(tuple(order))
        return order

    def _refuse_unless(self, ok: bool, error: type[GameError], message: str) -> None:
        if not ok:
            raise error(message)


def _jsonable(value: Any) -> Any:
    """Cards to codes, suits to letters, tuples to lists, recursively (for views and
    state)."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Suit):
        return suit_letter(value)  # as a card code and a name-trump operation write it
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return [_jsonable(v) for v in items]
    return value
