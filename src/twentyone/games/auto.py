"""Headless play: bots play many games and the runner reports per-seat results as JSON data.

Every operation goes through ``Game.apply``, which verifies it, so only legal moves are ever
played; after every hand the runner checks that every card is in exactly one place and that the
counters (Solo Whist) still sum to zero. ``twentyone play --game ... --auto --json`` prints what
``play_many`` returns.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from twentyone.errors import RulesError

from .core.bots import Bot, show_news
from .core.game import CardGame
from .core.shuffle import RandomShuffler
from .levels import canonical, make_bot
from .registry import GAMES

#: Safety net against a game that never ends (no real hand needs a fraction of this).
MAX_OPS_PER_HAND = 5000


def make_game(game: str, players: int, seed: int | None) -> CardGame[Any]:
    """A new table of ``game`` for ``players``, shuffling from ``seed`` (None: secure random)."""
    entry = GAMES.get(game)
    if entry is None:
        raise RulesError(f"no game called {game!r}; choose one of {', '.join(GAMES)}")
    rules = entry.rules(players=players)
    return entry.game(rules, RandomShuffler.seeded(seed))


def bot_levels(game: str, players: int, bots: Sequence[str] | None) -> list[str]:
    """One bot level per seat, aliases resolved (none named: the game's best bot everywhere),
    or a ``RulesError`` in words."""
    names = list(bots) if bots else ["best"] * players
    if len(names) != players:
        raise RulesError(f"name one bot per player ({players}), not {len(names)}")
    return [canonical(game, n) for n in names]


def make_bots(game: str, players: int, seed: int,
              bots: Sequence[str] | None) -> dict[int, Bot]:
    """A bot per seat, each drawing from its own generator seeded from ``seed`` and the seat."""
    names = bot_levels(game, players, bots)
    return {s: make_bot(game, n, random.Random(seed * 1000 + s)) for s, n in enumerate(names, 1)}


def play_hand(g: CardGame[Any], bots: dict[int, Bot], check_every_op: bool = False) -> None:
    """Deal one hand and let the bots play it to the end (back to the dealing phase)."""
    dealer = g.to_act
    assert dealer is not None
    deal = g.legal_ops(dealer)
    g.apply(deal[0])
    for _ in range(MAX_OPS_PER_HAND):
        seat = g.to_act
        assert seat is not None
        legal = g.legal_ops(seat)
        if g.between_hands:
            break
        show_news(bots[seat], g, seat)
        g.apply(bots[seat].choose(g.view(seat), legal))
        if check_every_op:
            g.check_invariants()
    else:
        raise RuntimeError("a hand ran past the runner's safety limit")
    check_hand(g)


def check_hand(g: CardGame[Any]) -> None:
    """Every card in one place; in a zero-sum game (Solo Whist) every hand's scores sum to 0."""
    g.check_invariants()
    if GAMES[g.name].zero_sum:
        for r in g.hand_results():
            if sum(r.scores.values()) != 0:
                raise AssertionError(f"hand {r.hand}'s scores are not conserved: {r.scores}")


def play_many(game: str, players: int, rounds: int, seed: int,
              bots: Sequence[str] | None = None, check_every_op: bool = False) -> dict[str, Any]:
    """Bots play ``rounds`` hands of ``game`` at one table and the per-seat results come back.

    ``game`` is ``"solo-whist"``, ``"durak"`` or ``"president"``; ``bots`` names one bot per
    seat: a level of ``games.levels`` (``"best"``, ``"beginner"``; ``"heuristic"`` is ``"best"``)
    or ``"random"``; default all best. The same arguments always give the same result. The
    answer is JSON-ready (``"bots"`` names the levels played)::

        {"game": "durak", "players": 3, "games": 100, "seed": 7,
         "bots": ["best", "random", "random"],
         "seats": {"1": {...}, "2": {...}, "3": {...}}, ...}

    Per seat: Solo Whist ``{"counters": net, "declared": n, "made": m,
    "contracts": {name: {"declared": n, "made": m}}}`` (a deal nobody bid counts as a round:
    see the top-level ``"abandoned"``); Durak ``{"durak": times}`` (draws are in ``"draws"``);
    President ``{"titles": {title: times}}``.
    """
    if rounds < 0:
        raise RulesError("the number of rounds cannot be negative")
    g = make_game(game, players, seed)
    table = make_bots(game, players, seed, bots)
    for _ in range(rounds):
        play_hand(g, table, check_every_op)
    out: dict[str, Any] = {"game": game, "players": players, "games": rounds, "seed": seed,
                           "bots": bot_levels(game, players, bots)}
    summary = GAMES[game].summary
    assert summary is not None
    out.update(summary(g.hand_results(), list(g.seats)))
    return out
