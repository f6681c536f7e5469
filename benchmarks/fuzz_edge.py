"""The engine's public edge fuzzed with arguments of the wrong kind (issue 34 item 11): how many
requests are refused with a typed error (``twentyone.errors``), how many fail with any other
exception, and how many a wrong kind got through. Run on each build and compare:

    TWENTYONE_PURE_PYTHON=1 .venv/bin/python benchmarks/fuzz_edge.py [--ops N] [--seed S]
    TWENTYONE_PURE_PYTHON=0 .venv/bin/python benchmarks/fuzz_edge.py [--ops N] [--seed S]

Three seats play at random (legal moves through ``apply``); between moves a random public
request (``sit``, ``bet``, ``double``, ``insure``, ``change``, ``hit``, ... and their
``verify_x``) is made with one argument of a wrong kind: text, a float, None, a bool, numpy's
integer, a container, a 5,000-digit int. The same seed makes the same requests on either build.
"""

from __future__ import annotations

import argparse
import collections
import random

import numpy as np

from twentyone.engine import native
from twentyone.engine.ops import Bet, Deal, Double, Hit, Split, Stand
from twentyone.engine.table import Action, Phase, Table
from twentyone.errors import TwentyOneError
from twentyone.rules import PRESETS

WRONG: tuple[object, ...] = ("1", 1.0, 500.0, None, True, np.int64(1), [1], {"red": True},
                             10 ** 5000)
#: Each request: its method and its right arguments.
REQUESTS: tuple[tuple[str, tuple[object, ...]], ...] = (
    ("sit", (4, 10_000)), ("bet", (1, 500)), ("double", (1, 500)), ("insure", (1, 500)),
    ("change", (1, "red")), ("hit", (1,)), ("stand", (1,)), ("split", (1,)),
    ("surrender", (1,)), ("even_money", (1,)), ("decline", (1,)), ("leave", (1,)),
    ("colour_up", (1,)), ("bankroll", (1,)), ("verify_bet", (1, 500)),
    ("verify_double", (1, 500)), ("verify_insure", (1, 500)), ("verify_hit", (1,)))
PLAY = {Action.HIT: Hit, Action.STAND: Stand, Action.DOUBLE: Double, Action.SPLIT: Split}


def fuzz(ops: int, seed: int) -> collections.Counter[str]:
    rng = random.Random(seed)
    t = Table(PRESETS["six-deck-h17-ls"], seed=seed)
    for n in (1, 2, 3):
        t.sit(n, 1_000_000)
    found: collections.Counter[str] = collections.Counter()
    for _ in range(ops):
        name, right = rng.choice(REQUESTS)
        args = list(right)
        args[rng.randrange(len(args))] = rng.choice(WRONG)
        try:
            getattr(t, name)(*args)
        except TwentyOneError:
            found["typed refusal"] += 1
        except Exception as exc:
            found[f"untyped {type(exc).__name__}"] += 1
        else:
            found["wrong kind accepted"] += 1
        _move(t, rng)
    return found


def _move(t: Table, rng: random.Random) -> None:
    """One random legal move of the round (bets and the deal between rounds)."""
    if t.phase is Phase.BETTING:
        for n in sorted(t.seats):
            if t.can_bet(n, 500):
                t.apply(Bet(n, 500))
        if t.can_deal():
            t.apply(Deal())
        return
    seat, _ = t.to_act or (0, 0)
    acts = [a for a in t.legal_actions(seat) if a in PLAY] or list(t.legal_actions(seat))
    act = rng.choice(acts)
    getattr(t, str(act).replace("-", "_"))(seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    build = "compiled" if native.compiled() else "source"
    found = fuzz(args.ops, args.seed)
    print(f"{build}: {args.ops} requests with a wrong kind")
    for what, n in found.most_common():
        print(f"  {what}: {n}")


if __name__ == "__main__":
    main()
