"""How well the card-game bots play: one heuristic bot against random bots, and all heuristic.

    python benchmarks/bench_games.py [games per line, default 2000]

Prints, with 95% confidence intervals: Durak (3 players) the heuristic seat's durak rate,
President (4 players) its President and Asshole rates, Solo Whist its counters per deal and
contracts made / declared. A fair seat would be a durak 1/3 of the time and President 1/4.
"""

from __future__ import annotations

import math
import sys
import time

from twentyone.games.auto import make_bots, make_game, play_hand
from twentyone.games.durak import Durak
from twentyone.games.president import President
from twentyone.games.solo_whist import SoloWhist


def rate(hits: int, n: int) -> str:
    """A proportion with its 95% Wilson interval."""
    if n == 0:
        return "n/a"
    p, z = hits / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{p:6.1%}  [{centre - half:6.1%}, {centre + half:6.1%}]  (n={n})"


def mean_ci(xs: list[int]) -> str:
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return f"{m:+.3f}  [{m - half:+.3f}, {m + half:+.3f}]  (n={n})"


def durak(games: int, bots: list[str]) -> str:
    g = make_game("durak", 3, 1)
    assert isinstance(g, Durak)
    table = make_bots("durak", 3, 1, bots)
    for _ in range(games):
        play_hand(g, table)
    decided = [d for d in g.results if d is not None]
    return f"durak rate of seat 1: {rate(sum(d == 1 for d in decided), len(decided))}" \
           f"; draws {len(g.results) - len(decided)}"


def president(games: int, bots: list[str]) -> str:
    g = make_game("president", 4, 2)
    assert isinstance(g, President)
    table = make_bots("president", 4, 2, bots)
    for _ in range(games):
        play_hand(g, table)
    top = sum(r[1] == "President" for r in g.results)
    bottom = sum(r[1] == "Asshole" for r in g.results)
    return f"seat 1 President {rate(top, games)}; Asshole {rate(bottom, games)}"


def solo_whist(games: int, bots: list[str]) -> str:
    g = make_game("solo-whist", 4, 3)
    assert isinstance(g, SoloWhist)
    table = make_bots("solo-whist", 4, 3, bots)
    deltas = []
    for _ in range(games):
        before = g.counters[1]
        play_hand(g, table)
        deltas.append(g.counters[1] - before)
    mine = [r for r in g.results if 1 in r["declarers"]]
    made = sum(1 for r in mine if r["made"])
    everyone = [r for r in g.results if r["contract"] is not None]
    all_made = sum(1 for r in everyone if r["made"])
    return (f"seat 1 counters/deal {mean_ci(deltas)}\n"
            f"      seat 1 contracts made/declared {rate(made, len(mine))}\n"
            f"      all contracts made/declared {rate(all_made, len(everyone))}")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    lines = [
        ("Durak, 3 players", durak, 3),
        ("President, 4 players", president, 4),
        ("Solo Whist, 4 players", solo_whist, 4),
    ]
    for title, run, n in lines:
        for label, bots in (("heuristic vs random", ["heuristic"] + ["random"] * (n - 1)),
                            ("all heuristic", ["heuristic"] * n),
                            ("all random", ["random"] * n)):
            start = time.perf_counter()
            result = run(games, bots)
            took = time.perf_counter() - start
            print(f"{title} - {label} ({games} games, {took:.1f} s):\n      {result}")


if __name__ == "__main__":
    main()
