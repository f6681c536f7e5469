"""One table of any registered game at the terminal, played from its seats through the one game
protocol: the one session, and the one flow of play, for all five games.

``SeatSession`` is all the terminal knows of a game: a seat's ``seat_view`` (the context, the
legal operations, the body the game filtered for that seat), the refusal ``verify`` gives, the
events a seat may see, the finished hands' results, and ``apply``. It owns the flow of play:
bots and the table move until a person must decide (``advance``, or one move at a time with
``step`` where a screen paces the bots); that person is asked (``ask``); their answer is applied
through the protocol (``submit`` for a typed line, ``choose`` for a move picked on screen); the
game's events are narrated into ``log``; calling a hand off and leaving are ``interrupt``.

What is truly one game's own (what a person is asked and how their answer becomes the game's
operations, what the table does between hands, the words of the log, its records and goodbye)
is its ``Manners``, found through the game's registry entry by its kind (``tui.manners``), never
by the game's name or class. A manners object never applies anything itself: it hands the
session its moves (``Move``), and the session applies them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from twentyone.errors import TableError
from twentyone.protocol import HOUSE, Game, HandResult, View

#: A bot at one seat: from that seat's view (its legal moves among it), the move it makes.
Mover = Callable[[View], Any]
#: No hand needs more operations than this (a runaway bot stops with an error instead).
MAX_OPS_PER_HAND = 5000


@dataclass(frozen=True, slots=True)
class Ask:
    """A decision the table waits for: ``seat`` decides; ``about`` says what about (Rich markup,
    the seat and its hand), ``choices`` what may be typed (Rich markup)."""

    seat: int
    about: str
    choices: str


@dataclass(frozen=True, slots=True)
class Move:
    """An operation for the session to apply through the protocol; once the game has taken it
    and its events are narrated, ``then`` runs (what the game's manners note of it)."""

    op: Any
    then: Callable[[], None] | None = None


class Manners(Protocol):
    """One kind of game's own part of the terminal session (``tui.manners.MANNERS``)."""

    #: The seat whose view the log narrates (``HOUSE``: the spectator's).
    narrator: int

    def bind(self, session: SeatSession[Any]) -> None:
        """The session these manners are part of (called once, by the session)."""

    def start(self) -> Iterator[Move]:
        """The moves that open the table (sitting down, the draw for the bank)."""

    def next(self) -> Ask | Move | None:
        """Between bots' moves: the table's next move, or the person to ask (``None``: the game
        is over). The session moves the bots of a hand in play itself."""

    def answer(self, ask: Ask, text: str) -> Iterator[Move]:
        """The moves ``text``, typed by ``ask.seat``, makes; each is applied before the next
        is asked for. Words that make no move say why in ``session.notes``."""

    def narrate(self, events: list[dict[str, Any]]) -> list[str]:
        """The new events (as ``narrator`` may see them) as lines of the log (plain words, or
        Rich markup where the game's drawing styles them)."""

    def interrupt(self) -> Iterator[Move]:
        """Leaving the table: the moves that call a hand in play off and take people away."""

    def goodbye(self) -> list[str]:
        """What is said once the table is left."""


M = TypeVar("M", bound=Manners)


class SeatSession(Generic[M]):
    """``game`` with people at ``humans`` and a ``Mover`` at each seat of ``bots``, played by
    its ``manners``."""

    def __init__(self, game: Game, humans: Sequence[int], bots: Mapping[int, Mover],
                 manners: M) -> None:
        self.game = game
        self.humans = list(humans)
        self.bots = {s: b for s, b in bots.items() if s not in self.humans}
        self.manners = manners
        #: Operations applied through this session (a view is drawn again only after one).
        self.moves = 0
        #: The decision the table waits for (None: nobody is asked now).
        self.ask: Ask | None = None
        self.done = False
        #: The game's events as narrated, and the notes by the prompt (refusals, advice).
        self.log: list[str] = []
        self.notes: list[str] = []
        #: Events narrated so far (a refusal on screen is stale once one more is heard).
        self.heard = 0
        #: What each person took away when they left (their chips, where the game has them).
        self.left: dict[int, list[int]] = {}
        self._last_asked = self.humans[0] if self.humans else HOUSE
        self._hand_ops = 0
        self._views: dict[int, tuple[tuple[int, int], View]] = {}
        self._read: dict[int, int] = {}
        manners.bind(self)

    # --- what a seat sees --------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """``seat``'s view now (``HOUSE``: a spectator's), worked out once per move."""
        now = (self.moves, self.game.mark())   # a move made beside the session shows too
        held = self._views.get(seat)
        if held is None or held[0] != now:
            held = (now, self.game.seat_view(seat))
            self._views[seat] = held
        return held[1]

    def legal(self, seat: int) -> list[Any]:
        """The operations ``seat`` may make now (the house's: the deal, its steps)."""
        return list(self.view(seat).legal) if seat != HOUSE else list(self.game.legal(HOUSE))

    def refusal(self, op: Any) -> TableError | None:
        """The game's own typed refusal of ``op`` (None: it would be accepted); nothing
        changes either way."""
        try:
            self.game.verify(op)
        except TableError as exc:  # the game's refusals: shown, never raised
            return exc
        return None

    def news(self, seat: int) -> list[dict[str, Any]]:
        """The events since ``seat`` last asked, as that seat may see them."""
        since = self._read.get(seat, 0)
        self._read[seat] = self.game.mark()
        return self.game.events(seat, since)

    def results(self) -> list[HandResult]:
        """Every finished hand's result, in order."""
        return self.game.hand_results()

    @property
    def to_act(self) -> int | None:
        return self.game.acting

    @property
    def over(self) -> bool:
        """Between hands: the next operation is a deal."""
        return self.view(HOUSE).ctx.over

    def viewer(self) -> int:
        """Whose view the screen shows: the person asked now, else the last one asked."""
        return self.ask.seat if self.ask is not None else self._last_asked

    def deal_op(self) -> Any:
        """Between hands, the next hand's deal: the first legal move of the seat that deals
        (the house's, where no seat deals)."""
        seat = self.game.acting
        return self.legal(HOUSE if seat is None else seat)[0]

    def bot_to_move(self) -> int | None:
        """The seat to move in a hand in play when a bot holds it (None: a person's move, the
        table's, or nobody's)."""
        seat = self.game.acting
        return seat if seat in self.bots and not self.over else None

    # --- the flow of play --------------------------------------------------------------------

    def start(self, *, bots: bool = True) -> None:
        """Open the table (the manners' first moves) and play to the first decision."""
        for move in self.manners.start():
            self._apply(move)
        self.advance(bots=bots)

    def advance(self, *, bots: bool = True) -> None:
        """Let the table (and, with ``bots``, the bots) move until a person must decide, or
        the game is over; without ``bots`` it stops where a bot is to move (``step`` moves it,
        when the screen has paused long enough for a person to follow)."""
        self._narrate()
        self.ask = None
        while (bots or self.bot_to_move() is None) and self.step():
            pass

    def step(self) -> bool:
        """One move: the bot's to move, else the table's next; False when the table waits for
        a person (``ask``) or the game is over."""
        if self.done or self.ask is not None:
            return False
        seat = self.bot_to_move()
        if seat is not None:
            self._apply(Move(self.bots[seat](self.view(seat))))
            return True
        nxt = self.manners.next()
        if nxt is None:
            self.done = True
            return False
        if isinstance(nxt, Ask):
            self.ask = nxt
            self._last_asked = nxt.seat
            return False
        self._apply(nxt)
        return True

    def submit(self, text: str, *, bots: bool = True) -> None:
        """One line typed (or a key's word) by the person asked: the moves it makes, then on
        to the next decision. A refusal is shown in the game's words and changes nothing."""
        self.notes = []
        ask = self.ask
        if ask is None:
            return
        self._moves(self.manners.answer(ask, text))
        self.advance(bots=bots)

    def choose(self, op: Any, *, bots: bool = True) -> None:
        """A move the person picked on screen (one of their legal moves), then on to the next
        decision."""
        self.notes = []
        self._moves(iter([Move(op)]))
        self.advance(bots=bots)

    def interrupt(self) -> None:
        """Ctrl-C, a closed terminal, or leaving: the game's manners call a hand in play off
        and take people away; nothing more is played."""
        for move in self.manners.interrupt():
            self._apply(move)
        self.ask = None
        self.done = True

    def goodbye(self) -> list[str]:
        return self.manners.goodbye()

    def _moves(self, moves: Iterator[Move]) -> None:
        try:
            for move in moves:
                self._apply(move)
        except TableError as exc:  # the game's refusal: shown, and nothing changed
            self.notes.append(f"✗ {exc}")

    def _apply(self, move: Move) -> None:
        """``move`` applied through the protocol (the game verifies it first: a refusal
        raises and changes nothing), its events narrated, then the manners' note of it."""
        if self.over:
            self._hand_ops = 0
        self._hand_ops += 1
        if self._hand_ops > MAX_OPS_PER_HAND:
            raise RuntimeError("a hand ran past the safety limit")
        try:
            self.game.apply(move.op)
        finally:
            self.moves += 1
        self._narrate()
        if move.then is not None:
            move.then()

    def _narrate(self) -> None:
        events = self.news(self.manners.narrator)
        self.heard += len(events)
        self.log.extend(self.manners.narrate(events))
