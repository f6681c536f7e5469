"""Helpers for the card-game tests: card shorthand and stacked packs that deal given hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from twentyone.cards import Card, parse_card
from twentyone.errors import TableError
from twentyone.games.core.cards import short_pack, standard_pack
from twentyone.games.core.game import CardGame
from twentyone.games.core.ops import Deal
from twentyone.games.core.shuffle import StackedShuffler
from twentyone.games.durak import Durak, DurakRules
from twentyone.games.durak.rules import LOWEST_RANK


def cs(text: str) -> tuple[Card, ...]:
    """``cs("As 10h Kd")``: cards by code."""
    return tuple(parse_card(t) for t in text.split())


def c(text: str) -> Card:
    return parse_card(text)


def order_for(hands: Mapping[int, Sequence[Card]], deal_order: Sequence[int],
              pack: Sequence[Card], tail: Sequence[Card] = ()) -> list[Card]:
    """A pack order that deals ``hands`` when cards go out one at a time to ``deal_order``
    (seats repeat as dealt), followed by ``tail`` and then the rest of the pack."""
    queues = {s: list(h) for s, h in hands.items()}
    reserved = {x for h in hands.values() for x in h} | set(tail)
    filler = iter([x for x in pack if x not in reserved])
    order = [queues[s].pop(0) if queues.get(s) else next(filler) for s in deal_order]
    used = set(order) | set(tail)
    return order + list(tail) + [x for x in pack if x not in used]


def whist_order(hands: Mapping[int, Sequence[Card]], dealer: int = 1) -> list[Card]:
    """The order that deals these four 13-card hands in threes and a last single card."""
    seating = [(dealer + k) % 4 + 1 for k in range(4)]
    deal: list[int] = []
    for size in (3, 3, 3, 3, 1):
        for s in seating:
            deal += [s] * size
    return order_for(hands, deal, standard_pack())


def durak_game(hands: Mapping[int, Sequence[Card]], trump: Card, players: int = 2,
               dealer: int = 1, stock_top: Sequence[Card] = ()) -> Durak:
    """A dealt Durak game with these six-card hands and this turned-up trump card."""
    seating = [(dealer + k) % players + 1 for k in range(players)]
    deal = [seating[i % players] for i in range(6 * players)]
    order = order_for(hands, deal, short_pack(LOWEST_RANK), (trump, *stock_top))
    g = Durak(DurakRules(players=players), StackedShuffler(order))
    g.dealer = dealer
    g.apply(Deal(dealer))
    return g


def endgame(g: Durak, hands: Mapping[int, Sequence[Card]], attacker: int) -> None:
    """Jump a dealt Durak game to an empty stock with these hands (every other card goes to
    the discards, so cards stay conserved) and open a bout for ``attacker``."""
    everything = [x for h in g.hands.values() for x in h] + g.stock + g.discards
    wanted = {x for h in hands.values() for x in h}
    g.hands = {s: list(hands.get(s, ())) for s in g.seats}
    g.stock = []
    g.discards = [x for x in everything if x not in wanted]
    g._start_bout(attacker)
    g.check_invariants()


def unchanged(g: CardGame[Any], op: Any) -> bool:
    """Apply an operation that must be refused; True if the game is exactly as it was."""
    before = g.state()
    try:
        g.apply(op)
    except TableError:
        return g.state() == before
    return False
