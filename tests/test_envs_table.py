"""The PettingZoo table: PettingZoo's API test passes, seats act in the engine's order, no seat
observes another's hidden cards, and every seat is paid its chips' change."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from twentyone.envs.table import BlackjackTableEnv
from twentyone.errors import RulesError


@pytest.mark.parametrize("kwargs", [{"seats": 7}, {"seats": 3, "rules": "single-deck",
                                                   "count": "hilo", "surrender": "late"}])
def test_pettingzoo_api_test_passes(kwargs: dict[str, object]) -> None:
    api_test(BlackjackTableEnv(**kwargs), num_cycles=300)  # type: ignore[arg-type]


def test_seven_seats_play_rounds_and_are_paid() -> None:
    env = BlackjackTableEnv(seats=7, rules="casino-party", count="composition")
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for _ in range(100):
        env.reset()
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            totals[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            mask = obs["action_mask"]
            assert mask.any()
            env.step(int(rng.choice(np.flatnonzero(mask))))
    assert all(v != 0 for v in totals.values())


def test_too_many_seats_is_refused() -> None:
    with pytest.raises(RulesError):
        BlackjackTableEnv(seats=8)


def test_the_tabular_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """A tiny smoke run of ``examples/train_tabular.py`` (the README's example)."""
    import runpy
    import sys
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "examples" / "train_tabular.py"
    argv = sys.argv
    sys.argv = [str(example), "--episodes", "5000", "--tables", "256"]
    try:
        runpy.run_path(str(example), run_name="__main__")
    finally:
        sys.argv = argv
    assert "differ from the exact chart" in capsys.readouterr().out
