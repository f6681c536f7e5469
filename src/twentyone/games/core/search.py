"""Determinized search, the strong bots' one method: guess the hidden cards, play it out, count.

A seat cannot see the other hands, so the strong bot imagines them: it deals the cards it has not
seen among the places it cannot see (the other hands, a stock), consistently with everything its
seat was shown (the cards played, a card passed to it, a suit a player failed to follow, the
cards a Durak defender picked up), and rebuilds the table in that world. In each of a few such
worlds it tries every legal move and lets the game's best bot play the hand out for every seat;
the move with the best total score over the worlds is played. Every move is tried in the same
worlds with the same rollout dice (common random numbers), so the comparison between moves is
not drowned by the luck of the deal. Ties go to the best bot's own choice, so the search only
departs from the best bot where the playouts say it should.

The bot reads nothing but its view and the events its seat was shown (``core.bots.Watcher``):
the worlds are drawn from its own random source, so the same seat's picture and the same seed
give the same move whatever the hidden cards really are.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from .bots import Bot
from .cards import Card, parse_cards
from .game import CardGame
from .ops import CardOp

#: A place a card can hide in (another seat's hand, the stock).
Place = TypeVar("Place", bound=Hashable)

#: Deals tried before a world ignores the inferences it could not satisfy.
TRIES = 30

#: A world's hand that runs past this many moves is scored where it stands (none does).
MAX_PLAYOUT = 2000


def deal_unseen(pool: Sequence[Card], needs: Mapping[Place, int],
                allowed: Mapping[Place, Callable[[Card], bool]],
                rng: random.Random) -> dict[Place, list[Card]]:
    """Deal ``pool`` among the places, ``needs[place]`` cards each, each card only to a place
    that ``allowed`` lets hold it (a place absent from ``allowed`` may hold any card).

    The cards that fewest places may hold are dealt first, each to a place drawn in proportion
    to the room left in it; a deal that runs into a card nobody may hold is tried again, and
    after ``TRIES`` the inferences are dropped (a person may have misplayed a rule of thumb we
    took for a fact)."""
    places = list(needs)
    for _ in range(TRIES):
        dealt = _try_deal(pool, places, needs, allowed, rng)
        if dealt is not None:
            return dealt
    dealt = _try_deal(pool, places, needs, {}, rng)
    assert dealt is not None
    return dealt


def _try_deal(pool: Sequence[Card], places: list[Place], needs: Mapping[Place, int],
              allowed: Mapping[Place, Callable[[Card], bool]],
              rng: random.Random) -> dict[Place, list[Card]] | None:
    cards = list(pool)
    rng.shuffle(cards)
    who = {c: [p for p in places if p not in allowed or allowed[p](c)] for c in cards}
    cards.sort(key=lambda c: len(who[c]))
    room = dict(needs)
    out: dict[Place, list[Card]] = {p: [] for p in places}
    for c in cards:
        open_ = [p for p in who[c] if room[p] > 0]
        if not open_:
            return None
        pick = rng.randrange(sum(room[p] for p in open_))
        for p in open_:
            pick -= room[p]
            if pick < 0:
                break
        out[p].append(c)
        room[p] -= 1
    return out


def event_cards(event: Mapping[str, Any]) -> tuple[Card, ...]:
    """The cards an event shows (none where another seat's cards were blanked)."""
    return parse_cards(event.get("cards", ()))


W = TypeVar("W")


class SearchBot(ABC, Generic[W]):
    """A strong bot: determinized playouts over worlds of type ``W`` (the sampled hidden cards),
    the best bot ``rollout`` playing every seat. A game subclasses it with what its seat infers
    from the events (``_see``), how it deals a world (``_sample``), how it rebuilds the table
    in one (``_build``) and what a finished hand is worth to the seat (``_score``)."""

    #: Worlds sampled per decision.
    worlds = 8

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)
        self.best = self._rollout(self.rng)
        #: The game's mark up to which this bot has been shown the events (``Watcher``).
        self.read = 0
        self._new_hand()

    # -- what the subclasses give -------------------------------------------------------------

    @abstractmethod
    def _rollout(self, rng: random.Random) -> Bot:
        """The game's best bot, which plays every seat of a world."""

    @abstractmethod
    def _new_hand(self) -> None:
        """Forget the last hand's inferences (a new deal is under way)."""

    @abstractmethod
    def _see(self, event: Mapping[str, Any]) -> None:
        """Take in one event the seat was shown."""

    def _searching(self, view: Mapping[str, Any], legal: Sequence[CardOp]) -> bool:
        """Whether this decision is searched (otherwise the best bot's move is played)."""
        return True

    def _worlds(self, view: Mapping[str, Any]) -> int:
        """Worlds sampled for this decision (a game may sample more where moves are few)."""
        return self.worlds

    def _candidates(self, view: Mapping[str, Any], legal: Sequence[CardOp]) -> list[CardOp]:
        """The moves worth trying (a game drops moves that differ in nothing that matters)."""
        return list(legal)

    @abstractmethod
    def _sample(self, view: Mapping[str, Any], rng: random.Random) -> W:
        """A deal of the cards the seat has not seen, consistent with what it inferred."""

    @abstractmethod
    def _build(self, view: Mapping[str, Any], world: W) -> CardGame[Any]:
        """The table as the seat sees it, with ``world``'s cards where it cannot see."""

    def _moves(self, g: CardGame[Any], seat: int) -> list[CardOp]:
        """The legal moves of ``seat`` in a world (a game computes them directly, faster than
        filtering every candidate through ``verify``; a test checks they are the same)."""
        return g.legal_ops(seat)

    def _rollout_view(self, g: CardGame[Any], seat: int) -> dict[str, Any]:
        """What the rollout bot is shown in a world (a game may trim it to what its best bot
        reads)."""
        return g.view(seat)

    @abstractmethod
    def _score(self, g: CardGame[Any], seat: int) -> float:
        """What the finished hand of ``g`` is worth to ``seat``."""

    # -- the Watcher ------------------------------------------------------------------------------

    def watch(self, events: Sequence[dict[str, Any]]) -> None:
        """Take in what the seat was shown since the last move, in order."""
        for e in events:
            if e.get("kind") == "shuffled":
                self._new_hand()
            self._see(e)

    # -- choosing ---------------------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp:
        default = self.best.choose(view, legal)
        if len(legal) == 1 or not self._searching(view, legal):
            return default
        seat: int = view["seat"]
        tried = self._candidates(view, legal)
        if default not in tried:
            tried.append(default)
        if len(tried) == 1:
            return default
        totals = {op: 0.0 for op in tried}
        for _ in range(self._worlds(view)):
            world = self._sample(view, self.rng)
            dice = self.rng.getrandbits(32)
            for op in tried:
                g = self._build(view, world)
                g.apply(op)
                self._play_out(g, dice)
                totals[op] += self._score(g, seat)
        top = max(totals.values())
        return default if totals[default] == top else max(tried, key=lambda op: totals[op])

    def _play_out(self, g: CardGame[Any], dice: int) -> None:
        """The best bot plays every seat of ``g`` to the end of the hand."""
        bots = {s: self._rollout(random.Random(dice + s)) for s in g.seats}
        for _ in range(MAX_PLAYOUT):
            if g.between_hands:
                return
            seat = g.to_act
            assert seat is not None
            legal = self._moves(g, seat)
            op = legal[0] if len(legal) == 1 else bots[seat].choose(self._rollout_view(g, seat),
                                                                     legal)
            # The move is one of the legal ones, so the world skips ``apply``'s second check.
            g._perform(op)
