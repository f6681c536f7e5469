"""The chip games' ``seat_view`` body (``games.blackjack.body``): every seat's body, the house's
shared with every seat that has no card of its own face down (``CasinoGame.body``), must be the
body written straight from that seat's own engine view (``engine.views``,
docs/casino.md#what-you-can-see), after every operation of random play at a shoe game, a pitch
game and Pontoon."""

from __future__ import annotations

import random
from typing import Any

import pytest

from twentyone.engine.shoe import RandomShuffler
from twentyone.engine.views import settled_round, view
from twentyone.games.blackjack.body import Bodies
from twentyone.games.registry import TABLES
from twentyone.protocol import HOUSE
from twentyone.rules import PRESETS

CASES = [("casino", PRESETS["six-deck-s17"].to_mapping()),
         ("casino", PRESETS["single-deck"].to_mapping()), ("pontoon", {})]


@pytest.mark.parametrize(("name", "rules"), CASES)
def test_every_body_is_the_one_written_from_its_own_view(name: str,
                                                         rules: dict[str, Any]) -> None:
    rng = random.Random(2026)
    g = TABLES[name].game(name, rules, RandomShuffler(random.Random(7)))
    for seat in (1, 2, 3):
        g.apply(g.operation({"op": "sit", "seat": seat, "bankroll": 100_000}))
    t = g.table
    shared = private = 0
    for _ in range(600):
        for seat in (HOUSE, 1, 2, 3):
            straight = Bodies().body(settled_round(t, seat) or view(t, seat), t)
            body = g.body(seat)
            assert body == straight, seat
            assert g.seat_view(seat).body == body
            if seat:
                if body is g.body(HOUSE):
                    shared += 1
                else:
                    private += 1
        ops = [op for s in (HOUSE, 1, 2, 3) for op in g.legal(s) if op.name != "leave"]
        g.apply(rng.choice(ops))
    # Both ways were taken: seats shared the house's body, and had bodies of their own.
    assert shared and (private or (name == "casino" and rules["decks"] > 2))
