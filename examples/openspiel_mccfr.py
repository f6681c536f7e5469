"""OpenSpiel's outcome-sampling MCCFR learns a small Durak (two players, three cards a hand)
and then plays it against random moves; docs/games/envs.md shows it.

    python examples/openspiel_mccfr.py [--iterations N] [--hands M]

Needs the ``openspiel`` extra. MCCFR samples one hand an iteration per player and keeps regrets
by information state (each seat's own events, ``twentyone.envs.openspiel``); its average policy
then plays seat 1 and seat 2 in turn against a player choosing uniformly among the legal
moves, and the script prints how often each side was the durak.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import outcome_sampling_mccfr

from twentyone.envs.openspiel import register

GAME = "python_twentyone_durak(players=2,hand_size=3,bout_limit=3)"


def play(game: pyspiel.Game, policy: object, learner: int, rng: np.random.Generator) -> float:
    """One hand: ``learner`` plays the average policy, the other seat random moves; the
    learner's return (-1: the durak)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == learner:
            probs = policy.action_probabilities(state)  # type: ignore[attr-defined]
            actions = list(probs)
            weights = np.array([probs[a] for a in actions])
            state.apply_action(int(rng.choice(actions, p=weights / weights.sum())))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return float(state.returns()[learner])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    register()
    game = pyspiel.load_game(GAME)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    start = time.process_time()
    for _ in range(args.iterations):
        solver.iteration()
    print(f"{args.iterations:,} MCCFR iterations in {time.process_time() - start:.1f} s")
    policy = solver.average_policy()
    rng = np.random.default_rng(0)
    for learner in (0, 1):
        returns = [play(game, policy, learner, rng) for _ in range(args.hands)]
        durak = -sum(returns) / len(returns)
        print(f"MCCFR as seat {learner + 1} against random moves: the durak in "
              f"{durak:.1%} of {args.hands:,} hands")


if __name__ == "__main__":
    main()
