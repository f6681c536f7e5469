"""President's strong bot: determinized search (``core.search``) with the best bot playing out.

What its seat knows besides its hand: every card played (all plays are face up), and the
exchange it took part in. The Asshole knows the card it surrendered is in the President's hand
and the card handed back is its own; the President knows the card handed back is in the
Asshole's hand, and that the Asshole held nothing higher than the card it surrendered (the
rules take the Asshole's best card). The rest of the unseen cards are dealt at random among the
other hands.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any

from ..core.bots import Bot
from ..core.cards import Card, standard_pack
from ..core.game import CardGame
from ..core.ops import CardOp, Give, Pass, Play
from ..core.search import SearchBot, deal_unseen, event_cards
from .bots import PresidentBot
from .game import OPENING_CARD, President, climb
from .game import Phase as PresidentPhase
from .rules import PresidentRules

#: A world: the unseen cards of each other seat.
PresidentWorld = dict[int, list[Card]]


def _key(c: Card) -> tuple[int, int]:
    """The order in which the rules pick the Asshole's best card."""
    return (climb(c), int(c.suit))


def _below(top: tuple[int, int]) -> Callable[[Card], bool]:
    """The Asshole surrendered its best card: every card it kept is below ``top``."""
    return lambda c: _key(c) < top


def legal_moves(g: CardGame[Any], seat: int) -> list[CardOp]:
    """``seat``'s legal moves at President (the same as ``legal_ops``), worked out directly."""
    assert isinstance(g, President)
    hand = g.hands[seat]
    if g.phase is PresidentPhase.EXCHANGE:
        return [Give(seat, (c,)) for c in hand]
    by_rank: dict[int, list[Card]] = {}
    for c in hand:
        by_rank.setdefault(climb(c), []).append(c)
    top = g.top
    opening = g.opening
    out: list[CardOp] = [Pass(seat)] if top else []
    for rank, group in by_rank.items():
        if top and rank <= climb(top[0]):
            continue
        sizes = [len(top)] if top else range(1, len(group) + 1)
        for size in sizes:
            for combo in combinations(group, size):
                out.append(Play(seat, combo))
    if opening:
        out = [op for op in out if isinstance(op, Play) and OPENING_CARD in op.cards]
    return out


class PresidentStrongBot(SearchBot[PresidentWorld]):
    """The strong President bot: tries each legal move in worlds consistent with what its seat
    saw, the best bot (``PresidentBot``) playing every seat to the end, and plays the move that
    brought it the highest title on average (the score sheet's points)."""

    worlds = 8

    def _rollout(self, rng: random.Random) -> Bot:
        return PresidentBot(rng)

    def _new_hand(self) -> None:
        self.played: list[Card] = []
        self.holds: dict[int, set[Card]] = {}
        self.ceiling: dict[int, tuple[int, int]] = {}

    def _see(self, e: Mapping[str, Any]) -> None:
        kind, seat, other = e.get("kind"), e.get("seat"), e.get("other")
        cards = event_cards(e)
        if kind == "play" and isinstance(seat, int):
            self.played.extend(cards)
            self.holds.get(seat, set()).difference_update(cards)
        elif kind == "surrendered" and cards and isinstance(seat, int) and isinstance(other, int):
            # Seen only by the two: the President now holds it; the Asshole held nothing higher.
            self.holds.setdefault(other, set()).update(cards)
            self.ceiling[seat] = _key(cards[0])
        elif kind == "handed-back" and cards and isinstance(other, int):
            self.holds.setdefault(other, set()).update(cards)

    def _candidates(self, view: Mapping[str, Any], legal: Sequence[CardOp]) -> list[CardOp]:
        """One play of each rank and size: suits never count at President (the three of spades
        that opens the first hand is in every play the rules allow then)."""
        out: dict[tuple[str, int, int], CardOp] = {}
        for op in legal:
            cards = op.cards if isinstance(op, (Play, Give)) else ()
            out.setdefault((op.name, climb(cards[0]) if cards else 0, len(cards)), op)
        return list(out.values())

    def _sample(self, view: Mapping[str, Any], rng: random.Random) -> PresidentWorld:
        me: int = view["seat"]
        hand = set(view["hand"])
        counts: dict[int, int] = view["counts"]
        seen = hand | set(self.played)
        known = {s: {c for c in cards if c not in seen}
                 for s, cards in self.holds.items() if s != me and counts.get(s)}
        for cards in known.values():
            seen |= cards
        pool = [c for c in standard_pack() if c not in seen]
        needs = {s: n - len(known.get(s, ())) for s, n in counts.items() if s != me}
        if min(needs.values(), default=0) < 0 or sum(needs.values()) != len(pool):
            # Joined mid-hand (a bot taking over a seat): deal every card not in sight.
            known = {}
            needs = {s: n for s, n in counts.items() if s != me}
            pool = [c for c in standard_pack() if c not in hand]
            rng.shuffle(pool)
            pool = pool[:sum(needs.values())]
        allowed = {s: _below(top) for s, top in self.ceiling.items() if s in needs}
        world = deal_unseen(pool, needs, allowed, rng)
        for s, cards in known.items():
            world[s] = [*cards, *world[s]]
        return world

    def _build(self, view: Mapping[str, Any], world: PresidentWorld) -> CardGame[Any]:
        me: int = view["seat"]
        counts: dict[int, int] = view["counts"]
        g = President(PresidentRules(players=len(counts)))
        g.order = list(view["order"])
        g.titles = dict(view["titles"])
        g.dealer = view["dealer"]
        g.phase = PresidentPhase(view["phase"])
        g.hands = {s: list(view["hand"]) if s == me else list(world.get(s, []))
                   for s in counts}
        g.top = tuple(view["top"])
        g.last_player = view["last_player"]
        g.passed = set(view["passed"])
        g.finished = list(view["finished"])
        g.turn = me
        # Only their number matters in a world (and that the first lead has been made).
        g.discards = list(self.played) if not view["opening"] else []
        return g

    def _moves(self, g: CardGame[Any], seat: int) -> list[CardOp]:
        return legal_moves(g, seat)

    def _rollout_view(self, g: CardGame[Any], seat: int) -> dict[str, Any]:
        assert isinstance(g, President)
        return {"hand": g.hands[seat], "top": g.top}

    def _score(self, g: CardGame[Any], seat: int) -> float:
        results = g.hand_results()
        return float(results[-1].scores[seat]) if results else 0.0
