"""Compile (or load) the simulator's kernel, here or in a process of its own.

``twentyone sim`` starts this module as a second process while it solves a basic strategy chart
that is not on disk yet: on a fresh install those are the two slow compiles, and two cores do
them at once. The kernel's compiled code is the same whatever the rules (they come in as
arrays), so one round of any game leaves it in numba's disk cache for the real run to load.
"""

from __future__ import annotations

from twentyone.compiled import cached
from twentyone.rules import PRESETS
from twentyone.sim import kernel as K
from twentyone.sim import solo
from twentyone.sim.runner import Player, SimSpec, simulate
from twentyone.strategy.chart import rules_of_thumb


def kernel_cached() -> bool:
    """Whether the kernel is compiled already (in this process or in numba's disk cache), so a
    simulation costs no compile: on a fresh install the first one compiles for several
    seconds."""
    return cached(K.play_chunk, solo.play_solo)


def load_kernel() -> None:
    """Compile the kernels, or load them from the disk cache: one round of a six-deck game
    alone at the table (``solo.play_solo``) and one with two seats (``kernel.play_chunk``).

    ``simulate`` answers Ctrl-C with the rounds dealt so far; here there is nothing to answer
    with, so Ctrl-C while compiling goes on up and stops the command: swallowed, it once let
    ``sim --rounds 1e12`` go on dealing after the user had asked it to stop."""
    for seats in (1, 2):
        done = simulate(SimSpec(PRESETS["six-deck-s17"], Player(rules_of_thumb()), seats=seats), 1)
        if done.setup["interrupted"]:
            raise KeyboardInterrupt


def main() -> None:
    load_kernel()


if __name__ == "__main__":
    main()
