"""How ``twentyone verify``'s replay of a card game grows with the game's length (issue 34 item
15): Durak games of 25, 50, 100, 200 and 400 hands, each history replayed through
``games.history.replay_record`` (what ``verify`` runs). Run:

    .venv/bin/python benchmarks/bench_verify.py [--hands 25,50,100,200,400] [--repeats K]

Four bots of the best level play each game from a fixed seed; the replay is timed by CPU time,
K times each, and the median printed with the seconds per hand, which stays flat where the
replay is linear (it was quadratic: 0.2/0.8/3.5/14.4 s for 25/50/100/200 hands, 65 s for 400).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from twentyone.games.auto import make_bots, make_game, play_hand
from twentyone.games.history import replay_record


def history(hands: int, seed: int = 1) -> dict[str, Any]:
    """A Durak game of ``hands`` hands played by four best bots."""
    g = make_game("durak", 4, seed)
    bots = make_bots("durak", 4, seed, None)
    for _ in range(hands):
        play_hand(g, bots)
    return g.history()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="25,50,100,200,400")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print("hands  operations  replay (s, median)  ms per hand")
    for hands in (int(n) for n in args.hands.split(",")):
        data = history(hands)
        times = []
        for _ in range(args.repeats):
            start = time.process_time()
            replay_record(data)
            times.append(time.process_time() - start)
        took = statistics.median(times)
        print(f"{hands:5d}  {len(data['ops']):10d}  {took:18.2f}  {1000 * took / hands:11.1f}")


if __name__ == "__main__":
    main()
