"""The card games' learning environments: random-play steps per second, for each game and each
interface, one run on one core (CPU time). Run:

    .venv/bin/python benchmarks/bench_card_envs.py [--steps N]

Each line plays random legal moves for ``N`` moves of the players (new hands dealt as hands
end) through: the game itself (``legal`` and ``apply``, the floor under both environments), the
PettingZoo environment (``card_game_env``: ``last()``, which builds the acting agent's
observation and mask, then ``step``), and the OpenSpiel game (``legal_actions``, the acting
player's information-state tensor, ``apply_action``; the shuffle's chance nodes are played and
timed too but not counted as steps). OpenSpiel is skipped when it is not installed. The casino
table and Pontoon are PettingZoo environments only (``-`` in the other columns): a step there
is a stake chosen or a decision on a hand (their engine's own pace: benchmarks/bench_table.py).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from twentyone.envs import card_game_env
from twentyone.envs.cardgame import BLACKJACK_NAMES, PONTOON
from twentyone.games.auto import make_game

TABLES = (("solo-whist", 4), ("durak", 2), ("durak", 4), ("president", 4), ("president", 7),
          ("blackjack", 3), ("pontoon", 4), ("pontoon", 8))

#: The games measured through PettingZoo alone.
TABLE_GAMES = (*BLACKJACK_NAMES, PONTOON)


def game_only(game: str, players: int, steps: int) -> float | str:
    if game in TABLE_GAMES:
        return "-"
    rng = random.Random(0)
    g = make_game(game, players, 0)
    start = time.process_time()
    done = 0
    while done < steps:
        seat = g.to_act
        assert seat is not None
        ops = g.legal(seat)
        if not g.between_hands:
            done += 1
        g.apply(rng.choice(ops))
    return steps / (time.process_time() - start)


def pettingzoo(game: str, players: int, steps: int) -> float:
    env = card_game_env(game, players)
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    start = time.process_time()
    done = 0
    while done < steps:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.reset()
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done += 1
    return steps / (time.process_time() - start)


def openspiel(game: str, players: int, steps: int) -> float | str | None:
    if game in TABLE_GAMES:
        return "-"
    try:
        import pyspiel

        from twentyone.envs.openspiel import NAMES, register
    except ImportError:
        return None
    register()
    loaded = pyspiel.load_game(f"{NAMES[game]}(players={players})")
    rng = np.random.default_rng(0)
    state = loaded.new_initial_state()
    start = time.process_time()
    done = 0
    while done < steps:
        if state.is_terminal():
            state = loaded.new_initial_state()
        elif state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            state.apply_action(int(outcomes[int(rng.integers(len(outcomes)))]))
        else:
            legal = state.legal_actions()
            state.information_state_tensor()
            state.apply_action(int(legal[int(rng.integers(len(legal)))]))
            done += 1
    return steps / (time.process_time() - start)


INTERFACES: dict[str, Callable[[str, int, int], float | str | None]] = {
    "game (legal + apply)": game_only, "PettingZoo": pettingzoo, "OpenSpiel": openspiel}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=5_000)
    args = parser.parse_args()
    print(f"random play, {args.steps:,} moves each, one core (CPU time), steps/s:")
    print(f"{'game':16s}" + "".join(f"{name:>22s}" for name in INTERFACES))
    for game, players in TABLES:
        rates = [f(game, players, args.steps) for f in INTERFACES.values()]
        print(f"{f'{game} ({players})':16s}" + "".join(
            f"{_shown(r):>22s}" for r in rates))


def _shown(rate: float | str | None) -> str:
    if isinstance(rate, str):
        return rate
    return "not installed" if rate is None else f"{rate:,.0f}"


if __name__ == "__main__":
    main()
