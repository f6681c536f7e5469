"""The shape every game shares: verify, can, apply, legal operations, views, invariants.

``apply`` is the only way a game changes: it verifies first (a refusal raises before anything is
touched), performs, and returns the events it appended. ``legal_ops`` is computed by filtering a
game's candidate operations through that same ``verify``, so the moves offered to a player (or a
bot) and the moves accepted can never disagree.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from twentyone.cards import Card
from twentyone.errors import TableError

from .cards import codes
from .errors import GameError, NoSuchSeatError, NotYourTurnError, WrongPhaseError
from .events import Event
from .ops import Deal, Op
from .rules import GameRules
from .shuffle import RandomShuffler, Shuffler

#: The events one operation appended, in order.
Record = tuple[Event, ...]

R = TypeVar("R", bound=GameRules)


class Game(ABC, Generic[R]):
    """A table of one card game, from the first deal through any number of hands.

    Seats are numbered from 1; "to the left" is the next number up, wrapping round."""

    #: The game's name in histories and on the command line.
    name: ClassVar[str] = ""
    #: The operation types this game accepts (others are refused with ``WrongPhaseError``).
    accepts: ClassVar[frozenset[type[Op]]] = frozenset()

    def __init__(self, rules: R, shuffler: Shuffler | None = None) -> None:
        self.rules = rules
        self.shuffler: Shuffler = shuffler or RandomShuffler.seeded(None)
        self.log: list[Event] = []
        self.ops: list[Op] = []
        self.shuffles: list[tuple[Card, ...]] = []
        #: Hands dealt so far (abandoned deals included).
        self.hands_dealt = 0

    # -- the operations interface ---------------------------------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat whose move it is (the dealer between hands)."""

    def verify(self, op: Op) -> None:
        """Raise the ``GameError`` this operation would meet; change nothing."""
        if op.seat not in self.seats:
            raise NoSuchSeatError(f"there is no seat {op.seat} at this table")
        if type(op) not in self.accepts:
            raise WrongPhaseError(f"{self.title} has no '{op.name}' move")
        self._verify(op)

    @staticmethod
    def _verify_deal_or_turn(op: Op, *, dealing: bool, dealer: int, mover: int | None,
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

    def can(self, op: Op) -> bool:
        try:
            self.verify(op)
        except TableError:
            return False
        return True

    def apply(self, op: Op) -> Record:
        """Verify, then perform ``op``; return the events it appended."""
        self.verify(op)
        start = len(self.log)
        self._perform(op)
        self.ops.append(op)
        return tuple(self.log[start:])

    def legal_ops(self, seat: int) -> list[Op]:
        """Every operation ``seat`` may make now (empty when it is not their move)."""
        if self.to_act != seat:
            return []
        return [op for op in self._candidates(seat) if self.can(op)]

    @abstractmethod
    def _verify(self, op: Op) -> None: ...

    @abstractmethod
    def _perform(self, op: Op) -> None: ...

    @abstractmethod
    def _candidates(self, seat: int) -> Iterable[Op]:
        """A superset of the legal operations for ``seat``; ``legal_ops`` filters it."""

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
    """Cards to codes, tuples to lists, recursively (for views and state)."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return [_jsonable(v) for v in items]
    return value
