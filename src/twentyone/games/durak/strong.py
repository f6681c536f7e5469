"""Durak's strong bot: determinized search (``core.search``) with the best bot playing it out.

What its seat knows besides its hand and the table: every card beaten off (the discards are
seen as they go), the cards a defender picked up (that player holds them until they play
them), the lowest trump shown at the first deal, and the turned-up trump, which stays at the
bottom of the stock and goes to whoever draws the stock's last card. The rest of the unseen
cards are dealt at random among the other hands and the stock.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.bots import Bot
from ..core.cards import Card, short_pack
from ..core.game import CardGame
from ..core.ops import CardOp, Pass, Play, Take
from ..core.search import SearchBot, deal_unseen, event_cards
from .bots import DurakBot
from .game import Durak, Phase, beats
from .rules import LOWEST_RANK, PACK_SIZE, DurakRules

#: The stock, as a place an unseen card can be.
STOCK = 0

#: A world: the unseen cards of each other seat, and of the stock (``STOCK``), top first.
DurakWorld = dict[int, list[Card]]


def legal_moves(g: CardGame[Any], seat: int) -> list[CardOp]:
    """``seat``'s legal moves at Durak (the same as ``legal_ops``), worked out directly."""
    assert isinstance(g, Durak)
    hand = g.hands[seat]
    if g.phase is Phase.ATTACK:
        return [Play(seat, (c,)) for c in hand]
    if g.phase is Phase.DEFEND:
        attack, trump = g.table[-1][0], g.trump
        return [Take(seat), *(Play(seat, (c,)) for c in hand if beats(attack, c, trump))]
    out: list[CardOp] = [Pass(seat)]
    if len(g.table) < g.limit:
        ranks = {x.rank for pair in g.table for x in pair if x is not None}
        out += [Play(seat, (c,)) for c in hand if c.rank in ranks]
    return out


class DurakStrongBot(SearchBot[DurakWorld]):
    """The strong Durak bot: tries each legal move in worlds consistent with what its seat saw,
    the best bot (``DurakBot``) playing every seat to the end, and plays the move that made it
    the durak least often."""

    worlds = 6

    def _rollout(self, rng: random.Random) -> Bot:
        return DurakBot(rng)

    def _new_hand(self) -> None:
        self.gone: set[Card] = set()
        self.holds: dict[int, set[Card]] = {}
        self.helpers: list[int] = []
        self.attacker = 0
        self.stock_left = -1       # the stock's size, unknown until a deal is seen
        self.trump_card: Card | None = None

    def _see(self, e: Mapping[str, Any]) -> None:
        kind, seat = e.get("kind"), e.get("seat")
        cards = event_cards(e)
        if kind == "shuffled":
            self.stock_left = PACK_SIZE
        elif kind == "dealt" and self.stock_left >= 0:
            self.stock_left -= len(cards) or int(e.get("value") or 0)
        elif kind == "trump" and cards:
            self.trump_card = cards[0]
        elif kind == "lowest-trump" and isinstance(seat, int):
            self.holds.setdefault(seat, set()).update(cards)
        elif kind == "bout" and isinstance(seat, int):
            self.attacker, self.helpers = seat, []
        elif kind in ("attack", "give", "beat") and isinstance(seat, int):
            self.holds.get(seat, set()).difference_update(cards)
            if kind != "beat" and seat != self.attacker and seat not in self.helpers:
                self.helpers.append(seat)
        elif kind == "picked-up" and isinstance(seat, int):
            self.holds.setdefault(seat, set()).update(cards)
        elif kind == "discarded":
            self.gone.update(cards)
        elif kind == "drew" and isinstance(seat, int):
            self._drew(seat, len(cards) or int(e.get("value") or 0))

    def _drew(self, seat: int, n: int) -> None:
        """The stock's last card is the turned-up trump: whoever draws it holds it."""
        if self.stock_left < 0:
            return
        self.stock_left -= n
        if self.stock_left == 0 and self.trump_card is not None:
            self.holds.setdefault(seat, set()).add(self.trump_card)

    def _sample(self, view: Mapping[str, Any], rng: random.Random) -> DurakWorld:
        me: int = view["seat"]
        hand = set(view["hand"])
        table = {c for pair in view["table"] for c in pair if c is not None}
        trump_card: Card = view["trump_card"]
        trump_in_stock: bool = view["trump_in_stock"]
        counts: dict[int, int] = view["counts"]
        seen = hand | table | self.gone
        if trump_in_stock:
            seen.add(trump_card)
        known = {s: {c for c in cards if c not in seen}
                 for s, cards in self.holds.items() if s != me}
        for cards in known.values():
            seen |= cards
        pool = [c for c in short_pack(LOWEST_RANK) if c not in seen]
        needs: dict[int, int] = {s: max(0, n - len(known.get(s, ())))
                                 for s, n in counts.items() if s != me}
        needs[STOCK] = view["stock"] - (1 if trump_in_stock else 0)
        if sum(needs.values()) != len(pool):
            # Joined mid-hand (a bot taking over a seat): the discards before it are unknown,
            # so deal from every card not in sight, as many as the places hold.
            known = {}
            needs = {s: n for s, n in counts.items() if s != me}
            needs[STOCK] = view["stock"] - (1 if trump_in_stock else 0)
            pool = [c for c in short_pack(LOWEST_RANK)
                    if c not in hand | table | self.gone and not (trump_in_stock
                                                                  and c == trump_card)]
            rng.shuffle(pool)
            pool = pool[:sum(needs.values())]
        world = deal_unseen(pool, needs, {}, rng)
        for s, cards in known.items():
            world[s] = [*cards, *world.get(s, [])]
        return world

    def _build(self, view: Mapping[str, Any], world: DurakWorld) -> CardGame[Any]:
        me: int = view["seat"]
        counts: dict[int, int] = view["counts"]
        g = Durak(DurakRules(players=len(counts)))
        g.phase = Phase(view["phase"])
        g.dealer, g.durak = view["dealer"], view["durak"]
        g.hands = {s: list(view["hand"]) if s == me else list(world.get(s, []))
                   for s in counts}
        g.trump_card = view["trump_card"]
        g.stock = list(world[STOCK])
        if view["trump_in_stock"]:
            g.stock.append(view["trump_card"])
        g.table = list(view["table"])
        g.discards = sorted(self.gone)
        g.attacker, g.defender, g.limit = view["attacker"], view["defender"], view["limit"]
        g.helpers = list(self.helpers)
        g.out_order = list(view["out"])
        if g.phase in (Phase.PILE_ON, Phase.GIVE):
            throwers = g._throwers()
            g.passed = set(throwers[:throwers.index(me)]) if me in throwers else set()
        return g

    def _moves(self, g: CardGame[Any], seat: int) -> list[CardOp]:
        return legal_moves(g, seat)

    def _rollout_view(self, g: CardGame[Any], seat: int) -> dict[str, Any]:
        assert isinstance(g, Durak)
        return {"trump_card": g.trump_card, "phase": g.phase.value}

    def _score(self, g: CardGame[Any], seat: int) -> float:
        assert isinstance(g, Durak)
        return -1.0 if g.results and g.results[-1] == seat else 0.0
