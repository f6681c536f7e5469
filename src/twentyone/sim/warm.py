"""Compile (or load) the simulator's kernel in a process of its own.

``twentyone sim`` starts this while it solves a basic strategy chart that is not on disk yet: on
a fresh install those are the two slow compiles, and two cores do them at once. The kernel's
compiled code is the same whatever the rules (they come in as arrays), so one round of any game
leaves it in numba's disk cache for the real run to load.
"""

from __future__ import annotations

from twentyone.rules import PRESETS
from twentyone.sim.runner import Player, SimSpec, simulate
from twentyone.strategy.chart import rules_of_thumb


def main() -> None:
    simulate(SimSpec(PRESETS["six-deck-s17"], Player(rules_of_thumb())), 1)


if __name__ == "__main__":
    main()
