"""The casino game through the one protocol against the engine itself (issue 33, "Speed it must
keep"): ``CasinoGame.legal`` + ``apply`` at least 0.9 times as many rounds a second as direct
``Table.apply`` for the same play. Run:

    .venv/bin/python benchmarks/bench_adapter.py [--rounds N] [--repeats K]

Three seats bet the minimum each round and play at random among their legal moves (a hit, a
stand, a double, a split, a surrender; insurance declined), from the same seed on both paths, so
both play the very same rounds (checked: the two tables' logs are equal). Direct: who acts is
``Table.to_act``, the moves ``legal_actions``, each made an operation and given to
``Table.apply``. Through the protocol: who acts is ``CasinoGame.acting``, the moves
``CasinoGame.legal`` (the house's deal too), and each is given to ``CasinoGame.apply``. The two
take turns, K runs each, in one process, each timed by its CPU time; the medians of rounds per
second and their ratio are printed, and which build ran (compiled or source).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from enum import StrEnum

from twentyone.engine import native
from twentyone.engine.ops import Bet, Deal, Decline, Double, Hit, Split, Stand, Surrender, TableOp
from twentyone.engine.table import Action, Phase, Table
from twentyone.games.blackjack import CasinoGame
from twentyone.protocol import HOUSE
from twentyone.rules import PRESETS

RULES = PRESETS["six-deck-h17-ls"]
SEATS = (1, 2, 3)
#: The moves the bots choose among, by the engine's action and by the operation's class.
PLAY: dict[StrEnum, Callable[[int], TableOp]] = {
    Action.STAND: Stand, Action.HIT: Hit, Action.DOUBLE: lambda s: Double(s, None),
    Action.SPLIT: Split, Action.SURRENDER: Surrender, Action.DECLINE: Decline}
PLAYED = (Stand, Hit, Double, Split, Surrender, Decline)


def table(seed: int) -> Table:
    t = Table(RULES, seed=seed)
    for n in SEATS:
        t.sit(n, 100_000_000)
    return t


def direct(rounds: int, seed: int) -> tuple[float, Table]:
    """Rounds a second through ``Table.apply``."""
    rng = random.Random(seed)
    t = table(seed)
    bet = RULES.min_bet
    start = time.process_time()
    for _ in range(rounds):
        for n in SEATS:
            t.apply(Bet(n, bet))
        t.apply(Deal())
        while t.phase is not Phase.BETTING:
            to_act = t.to_act
            assert to_act is not None
            seat = to_act[0]
            moves = [PLAY[a] for a in t.legal_actions(seat) if a in PLAY]
            t.apply(rng.choice(moves)(seat))
    return rounds / (time.process_time() - start), t


def protocol(rounds: int, seed: int) -> tuple[float, Table]:
    """Rounds a second through ``CasinoGame.legal`` and ``apply``."""
    rng = random.Random(seed)
    g = CasinoGame(table(seed))
    start = time.process_time()
    for _ in range(rounds):
        for n in SEATS:
            g.apply(g.legal(n)[0])  # a bet of the minimum, the first move offered
        g.apply(g.legal(HOUSE)[0])
        while (seat := g.acting) is not None:
            moves = [op for op in g.legal(seat) if type(op) in PLAYED]
            g.apply(rng.choice(moves))
    return rounds / (time.process_time() - start), g.table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    build = "compiled" if native.compiled() else "source"
    rates: dict[str, list[float]] = {"direct": [], "protocol": []}
    for k in range(args.repeats):
        for name, run in (("direct", direct), ("protocol", protocol)):
            rate, t = run(args.rounds, seed=k)
            rates[name].append(rate)
            if name == "direct":
                log = t.log
            else:
                assert t.log == log, "the two paths played different rounds"
    d, p = (statistics.median(rates[n]) for n in ("direct", "protocol"))
    print(f"{build}, three seats, random legal play, {args.rounds} rounds x {args.repeats}:")
    print(f"  Table.apply            {d:8.0f} rounds/s (median)")
    print(f"  CasinoGame legal+apply {p:8.0f} rounds/s (median)")
    print(f"  ratio {p / d:.2f}")


if __name__ == "__main__":
    main()
