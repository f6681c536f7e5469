"""The PettingZoo table: PettingZoo's API test passes at every number of seats, seats act in the
engine's order, no seat observes another's hidden cards, and every seat is paid its chips'
change."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from twentyone.engine.table import Phase
from twentyone.engine.views import seen_cards, view
from twentyone.envs.common import F_UP, N_ACTIONS, N_BASE
from twentyone.envs.table import BlackjackTableEnv
from twentyone.errors import RulesError


@pytest.mark.parametrize("kwargs", [{"seats": n} for n in range(1, 8)] + [
    {"seats": 3, "rules": "single-deck", "count": "hilo", "surrender": "late"}])
def test_pettingzoo_api_test_passes(kwargs: dict[str, object]) -> None:
    """At every number of seats the table has (one to seven)."""
    api_test(BlackjackTableEnv(**kwargs), num_cycles=300)  # type: ignore[arg-type]


def test_no_observation_holds_a_card_its_seat_may_not_see() -> None:
    """docs/casino.md#what-you-can-see, for the agents: after every move of sixty rounds, every
    seat's count of the cards it has seen (``count="composition"``) is the engine's count of
    the cards shown to that seat (``views.seen_cards``: never the hole card before it is
    turned, nor another seat's face-down double), and the dealer's card in its vector is the
    one face up."""
    env = BlackjackTableEnv(seats=4, rules="six-deck-s17", count="composition",
                            fresh_shoe=True)
    base = N_BASE + N_ACTIONS
    decks = env.rules.decks
    rng = np.random.default_rng(4)
    env.reset(seed=4)
    checked = 0
    for _ in range(60):
        for _agent in env.agent_iter():
            table = env.table
            assert table is not None
            for other in env.possible_agents:
                seat = int(other.rsplit("_", 1)[1])
                obs = env.observe(other)["observation"]
                seen = [0] * 11
                for c in seen_cards(table, seat):
                    seen[c.value] += 1
                unseen = [(16 if v == 10 else 4) * decks - seen[v] for v in range(1, 11)]
                assert obs[base:base + 10].tolist() == unseen, other
                up = [c for c in view(table, seat).dealer if c is not None]
                if table.phase is not Phase.BETTING and up:
                    assert obs[F_UP] == up[0].value
                    checked += 1
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        env.reset()
    assert checked > 200


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
