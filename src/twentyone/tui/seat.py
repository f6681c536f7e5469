"""One table of any registered game, played from its seats through the one game protocol.

``SeatSession`` is all the terminal knows of a game: a seat's ``seat_view`` (the context, the
legal operations, the body the game filtered for that seat), the refusal ``verify`` gives, the
events a seat may see, the finished hands' results, and ``apply``. People's seats are asked by
the app that draws them; bots' seats move by themselves, each choosing from its own seat's view
only. No game class and no game name: a game is found in the registry, and drawn by what its
entry names (``games.core.picture`` for the card games; the chip games' felt is their body, read
by ``tui.felt`` and drawn by ``tui.render``, their sessions on this one through
``tui.session.ChipSeats``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from twentyone.errors import TableError
from twentyone.protocol import HOUSE, Game, HandResult, View

#: A bot at one seat: from that seat's view (its legal moves among it), the move it makes.
Mover = Callable[[View], Any]


class SeatSession:
    """``game`` with people at ``people`` and a ``Mover`` at each seat of ``bots``."""

    def __init__(self, game: Game, people: Sequence[int], bots: Mapping[int, Mover]) -> None:
        self.game = game
        self.people = list(people)
        self.bots = {s: b for s, b in bots.items() if s not in self.people}
        #: Operations applied through this session (a view is drawn again only after one).
        self.moves = 0
        self._views: dict[int, tuple[tuple[int, int], View]] = {}
        self._read: dict[int, int] = {}

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

    def skip_news(self, seat: int) -> None:
        """``seat`` starts reading the events from now on."""
        self._read[seat] = self.game.mark()

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

    # --- moving ------------------------------------------------------------------------------

    def play(self, op: Any) -> object:
        """Apply ``op`` (the game verifies it first: a refusal raises and changes nothing)."""
        try:
            return self.game.apply(op)
        finally:
            self.moves += 1

    def bot_to_move(self) -> int | None:
        """The seat to move when a bot holds it (None: a person's move, or nobody's)."""
        seat = self.game.acting
        return seat if seat in self.bots else None

    def move_bot(self) -> Any:
        """The bot to move makes its move, chosen from its own seat's view; returns it."""
        seat = self.bot_to_move()
        assert seat is not None, "no bot is to move"
        op = self.bots[seat](self.view(seat))
        self.play(op)
        return op

    def deal(self) -> Any:
        """Between hands, the next hand's deal: the first legal move of the seat that deals
        (the house's, where no seat deals)."""
        seat = self.game.acting
        op = self.legal(HOUSE if seat is None else seat)[0]
        self.play(op)
        return op
