"""Solo Whist's strong bot: the best bot's bidding, then determinized search (``core.search``)
over the play, the best bot playing every seat out.

What its seat knows besides its hand: every card played; the suits a player has shown out of
(a player who did not follow the suit led holds none of it); the turned-up card, which stays in
the dealer's hand until the dealer plays it; and a Misère Ouverte declarer's hand once it is
laid face up. The rest of the unseen cards are dealt at random among the other hands, each
card only to a hand that may hold it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from twentyone.cards import Suit

from ..core.bots import Bot
from ..core.cards import Card, standard_pack
from ..core.game import Game
from ..core.ops import Op, Play
from ..core.search import SearchBot, deal_unseen, event_cards
from .bots import SoloWhistBot
from .contracts import CONTRACTS
from .game import Phase, SoloWhist
from .rules import SoloWhistRules

#: A world: the unseen cards of each other seat.
WhistWorld = dict[int, list[Card]]


def legal_moves(g: Game[Any], seat: int) -> list[Op]:
    """``seat``'s legal cards in the play of Solo Whist (the same as ``legal_ops`` then)."""
    assert isinstance(g, SoloWhist)
    hand = g.hands[seat]
    if g.trick:
        led = g.trick[0][1].suit
        follow = [c for c in hand if c.suit == led]
        if follow:
            return [Play(seat, (c,)) for c in follow]
    return [Play(seat, (c,)) for c in hand]


def _lacking(suits: frozenset[Suit]) -> Callable[[Card], bool]:
    """A hand that has shown out of ``suits`` may hold any other card."""
    return lambda c: c.suit not in suits


class SoloWhistStrongBot(SearchBot[WhistWorld]):
    """The strong Solo Whist bot: bids as the best bot (``SoloWhistBot``) does, then tries each
    card it may play in worlds consistent with what its seat saw, the best bot playing every
    seat to the end of the hand, and plays the card that won it the most counters."""

    worlds = 16

    def _rollout(self, rng: random.Random) -> Bot:
        return SoloWhistBot(rng)

    def _new_hand(self) -> None:
        self.void: dict[int, set[Suit]] = {}
        self.trick: list[Card] = []
        self.turn_up: Card | None = None
        self.dealer = 0

    def _see(self, e: Mapping[str, Any]) -> None:
        kind, seat = e.get("kind"), e.get("seat")
        cards = event_cards(e)
        if kind == "turned-up" and cards and isinstance(seat, int):
            self.turn_up, self.dealer = cards[0], seat
        elif kind == "play" and cards and isinstance(seat, int):
            if self.trick and cards[0].suit != self.trick[0].suit:
                self.void.setdefault(seat, set()).add(self.trick[0].suit)
            self.trick.append(cards[0])
            if cards[0] == self.turn_up:
                self.turn_up = None
        elif kind == "trick":
            self.trick = []

    def _searching(self, view: Mapping[str, Any], legal: Sequence[Op]) -> bool:
        return any(isinstance(op, Play) for op in legal)   # the play, not the bidding

    def _sample(self, view: Mapping[str, Any], rng: random.Random) -> WhistWorld:
        me: int = view["seat"]
        hand = set(view["hand"])
        counts: dict[int, int] = view["counts"]
        seen = hand | set(view["played"]) | {c for _, c in view["trick"]}
        known: dict[int, set[Card]] = {s: set(cards) for s, cards in view["exposed"].items()
                                       if s != me}
        if self.turn_up is not None and self.dealer != me and self.turn_up not in seen:
            known.setdefault(self.dealer, set()).add(self.turn_up)
        for cards in known.values():
            seen |= cards
        pool = [c for c in standard_pack() if c not in seen]
        needs = {s: n - len(known.get(s, ())) for s, n in counts.items() if s != me}
        allowed: dict[int, Callable[[Card], bool]] = {
            s: _lacking(frozenset(suits)) for s, suits in self.void.items() if s in needs}
        if min(needs.values(), default=0) < 0 or sum(needs.values()) != len(pool):
            known, allowed = {}, {}   # joined mid-hand: only the counts are sure
            needs = {s: n for s, n in counts.items() if s != me}
            pool = [c for c in standard_pack() if c not in seen]
            rng.shuffle(pool)
            pool = pool[:sum(needs.values())]
        world = deal_unseen(pool, needs, allowed, rng)
        for s, cards in known.items():
            world[s] = [*cards, *world[s]]
        return world

    def _build(self, view: Mapping[str, Any], world: WhistWorld) -> Game[Any]:
        me: int = view["seat"]
        g = SoloWhist(SoloWhistRules())
        g.dealer = view["dealer"]
        g.phase = Phase.PLAY
        g.hands = {s: list(view["hand"]) if s == me else list(world.get(s, []))
                   for s in g.seats}
        g.pack_pile = []
        g.turn_up = view["turn_up"]
        g.calls = list(view["calls"])
        g.high_seat, g.cop_seat = view["high_seat"], view["cop_seat"]
        g.contract = CONTRACTS[view["contract"]]
        g.high = g.contract
        g.declarers = tuple(view["declarers"])
        g.trump = view["trump"]
        g.trick = list(view["trick"])
        g.tricks = dict(view["tricks"])
        # The cards gone in tricks, all at one seat: the counts of tricks won are ``tricks``.
        g.won = {s: list(view["played"]) if s == me else [] for s in g.seats}
        g.exposed = bool(view["exposed"])
        g.turn = me
        return g

    def _moves(self, g: Game[Any], seat: int) -> list[Op]:
        return legal_moves(g, seat)

    def _rollout_view(self, g: Game[Any], seat: int) -> dict[str, Any]:
        """What the best bot reads of the play (``SoloWhistBot._play``): the whole view, built
        at every move of every playout, was a fifth of the search's time."""
        assert isinstance(g, SoloWhist)
        return {"seat": seat, "trump": g.trump, "declarers": g.declarers,
                "contract": g.contract.name if g.contract else None, "trick": tuple(g.trick),
                "played": tuple(c for w in g.won.values() for c in w)}

    def _score(self, g: Game[Any], seat: int) -> float:
        results = g.hand_results()
        return float(results[-1].scores[seat]) if results else 0.0
