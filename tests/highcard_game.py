"""High card: the smallest game on ``games.core``, living only in the tests, to show that the
registry is the only per-game table (issue 33): registering it (``register``) is all a front end
needs to play it.

Each hand the dealer (seat 1) deals one card to every seat; in turn from seat 1 each player
shows it; the highest card (aces high, then by suit) scores 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

from twentyone.cards import Card
from twentyone.games.core.bots import RandomBot
from twentyone.games.core.cards import ace_high, standard_pack
from twentyone.games.core.errors import GameRulesError, IllegalMoveError
from twentyone.games.core.events import Event
from twentyone.games.core.game import CardGame
from twentyone.games.core.ops import CardOp, Deal, Play
from twentyone.games.core.rules import GameRules
from twentyone.games.registry import GAMES, ROOM_GAMES, GameEntry

NAME = "high-card"


@dataclass(frozen=True, slots=True)
class HighCardRules(GameRules):
    def validate(self) -> None:
        GameRules.validate(self)  # slots: no bare super() in a slotted dataclass
        if not 2 <= self.players <= 4:
            raise GameRulesError("high card is for 2 to 4 players")


class HighCard(CardGame[HighCardRules]):
    name: ClassVar[str] = NAME
    accepts: ClassVar[frozenset[type[CardOp]]] = frozenset({Deal, Play})

    def __init__(self, rules: HighCardRules, shuffler: Any = None) -> None:
        super().__init__(rules, shuffler)
        self.hands: dict[int, list[Card]] = {s: [] for s in self.seats}
        self.shown: list[tuple[int, Card]] = []
        self.stock: list[Card] = standard_pack()
        self.turn: int | None = None

    @property
    def to_act(self) -> int | None:
        return 1 if self.turn is None else self.turn

    @property
    def between_hands(self) -> bool:
        return self.turn is None

    def _verify(self, op: CardOp) -> None:
        if self._verify_deal_or_turn(op, dealing=self.turn is None, dealer=1, mover=self.turn,
                                     hand="hand"):
            return
        assert isinstance(op, Play)
        if list(op.cards) != self.hands[op.seat]:
            raise IllegalMoveError("show the one card you hold")

    def _perform(self, op: CardOp) -> None:
        if isinstance(op, Deal):
            self.hands_dealt += 1
            pack = self._shuffle([*self.stock, *(c for _, c in self.shown)])
            self.shown, self.stock = [], pack[len(self.seats):]
            for s in self.seats:
                self.hands[s] = [pack[s - 1]]
                self._emit(Event("dealt", s, (pack[s - 1],), private=True))
            self.turn = 1
            return
        assert isinstance(op, Play)
        self.shown.append((op.seat, self.hands[op.seat].pop()))
        self._emit(Event("play", op.seat, op.cards))
        if op.seat < len(self.seats):
            self.turn = op.seat + 1
            return
        winner = max(self.shown, key=lambda sc: (ace_high(sc[1]), int(sc[1].suit)))[0]
        self._emit(Event("high-card", winner))
        self._finish_hand({winner: 1}, winner=winner)
        self.turn = None

    def _candidates(self, seat: int) -> Iterable[CardOp]:
        if self.turn is None:
            return [Deal(seat)]
        return [Play(seat, tuple(self.hands[seat]))]

    def hand_of(self, seat: int) -> Sequence[Card]:
        return self.hands[seat]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"game": self.name, "seat": seat, "phase": "deal" if self.turn is None else "play",
                "to_act": self.to_act, "hand": tuple(self.hands[seat]) if seat else None,
                "counts": {s: len(h) for s, h in self.hands.items()},
                "shown": tuple(self.shown)}

    def pack(self) -> list[Card]:
        return standard_pack()

    def places(self) -> dict[str, Sequence[Card]]:
        return {"stock": self.stock, "shown": [c for _, c in self.shown],
                **{f"hand {s}": h for s, h in self.hands.items()}}


ENTRY = GameEntry(HighCard, HighCardRules, RandomBot, "High card", (2, 4))


@contextmanager
def register() -> Iterator[GameEntry]:
    """High card in the registry for the time of a test: its registration, and nothing else."""
    GAMES[NAME] = ENTRY
    ROOM_GAMES[NAME] = ENTRY
    try:
        yield ENTRY
    finally:
        del GAMES[NAME]
        del ROOM_GAMES[NAME]

