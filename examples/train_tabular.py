"""Tabular Q-learning on the hit/stand subset of six-deck S17 blackjack, on the compiled vector
of tables, and the learned chart against the exact basic strategy. Run:

    .venv/bin/python examples/train_tabular.py [--episodes N]

The state is Sutton and Barto's (player total, dealer up card, usable ace); with only hit and
stand allowed the exact chart's double entries read as its fallback ("Dh" hit, "Ds" stand).
Prints the cells where the learned chart differs from the exact one.
"""

from __future__ import annotations

import argparse

import numpy as np

from twentyone.envs import HIT, STAND
from twentyone.envs.common import F_PHASE, F_SOFT, F_TOTAL, F_UP, PH_PLAYING
from twentyone.envs.vector import BlackjackVectorEnv
from twentyone.rules import PRESETS
from twentyone.strategy import basic_chart
from twentyone.strategy import chart as C


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--episodes", type=int, default=3_000_000)
    parser.add_argument("--tables", type=int, default=4096)
    args = parser.parse_args()
    rules = PRESETS["six-deck-s17"]
    env = BlackjackVectorEnv(args.tables, rules, actions="hit-stand")
    q = np.zeros((32, 11, 2, 2))  # total, up, soft, action
    visits = np.zeros_like(q)
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    done = 0
    while done < args.episodes:
        total = obs[:, F_TOTAL].astype(int)
        up = obs[:, F_UP].astype(int)
        soft = obs[:, F_SOFT].astype(int)
        playing = obs[:, F_PHASE] == PH_PLAYING
        greedy = q[total, up, soft].argmax(axis=1)
        explore = rng.random(len(obs)) < 0.1
        action = np.where(explore, rng.integers(0, 2, len(obs)), greedy)
        action = np.where(playing, action, STAND)
        nxt, reward, term, _, _ = env.step(action)
        # Monte-Carlo-free one-step Q target: the reward at the end, the next state's best value
        # while the round goes on.
        n_total = nxt[:, F_TOTAL].astype(int)
        n_up = nxt[:, F_UP].astype(int)
        n_soft = nxt[:, F_SOFT].astype(int)
        target = np.where(term, reward, q[n_total, n_up, n_soft].max(axis=1))
        idx = (total[playing], up[playing], soft[playing], action[playing])
        np.add.at(visits, idx, 1)
        alpha = 1.0 / np.sqrt(visits[idx])
        np.add.at(q, idx, alpha * (target[playing] - q[idx]))
        done += int(term.sum())
        # a finished table's next step deals a new round (next-step autoreset)
        obs = nxt
    chart = basic_chart(rules)
    fallback = {C.STAND: STAND, C.HIT: HIT, C.DOUBLE_HIT: HIT, C.DOUBLE_STAND: STAND,
                C.SURRENDER_HIT: HIT, C.SURRENDER_STAND: STAND}
    ups = [*range(2, 11), 1]
    differ = 0
    for is_soft, lo, table in ((0, 12, chart.hard), (1, 13, chart.soft)):
        print(("soft" if is_soft else "hard") + "  " + " ".join(f"{'A' if u == 1 else u:>2}"
                                                          for u in ups))
        for row in range(lo, 21):
            cells = []
            for u in ups:
                learned = int(q[row, u, is_soft].argmax())
                exact = fallback.get(int(table[row, u]), HIT)
                mark = "HS"[learned == STAND]
                if learned != exact:
                    differ += 1
                    mark += "*"
                cells.append(f"{mark:>2}")
            print(f"{row:4d}  " + " ".join(cells))
    print(f"{done:,} episodes; {differ} cells (marked *) differ from the exact chart")


if __name__ == "__main__":
    main()
