"""A policy playing the exact basic strategy earns the solver's EV: over many episodes dealt
from a full shoe (``fresh_shoe``: the cut-card game's value differs slightly), the mean reward is
within three standard errors of ``-house_edge(rules).basic_strategy``. Once through the engine
(the single-table environment, a short run) and once through the compiled vector of tables (a
long run, which the step-by-step test holds to the engine)."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
import pytest

pytest.importorskip("gymnasium")

from twentyone.envs import BlackjackEnv
from twentyone.envs.common import (
    DECLINE,
    DOUBLE,
    F_PAIR,
    F_PHASE,
    F_SOFT,
    F_TOTAL,
    F_UP,
    HIT,
    N_BASE,
    PH_INSURANCE,
    SPLIT,
    STAND,
    SURRENDER,
)
from twentyone.envs.vector import BlackjackVectorEnv
from twentyone.rules import PRESETS
from twentyone.strategy import Chart, basic_chart, house_edge
from twentyone.strategy import chart as C

RULES = PRESETS["six-deck-s17"].replace(surrender="late")


def chart_actions(chart: Chart, obs: npt.NDArray[np.float32]) -> npt.NDArray[np.int64]:
    """``Chart.decide`` for a batch of observations, from the features and the mask alone."""
    obs = np.atleast_2d(obs)
    mask = obs[:, N_BASE:N_BASE + 7] > 0
    total = obs[:, F_TOTAL].astype(np.int64)
    up = obs[:, F_UP].astype(np.int64)
    pair = obs[:, F_PAIR].astype(np.int64)
    soft = obs[:, F_SOFT] > 0
    code = np.where(soft, chart.soft[np.minimum(total, 21), up],
                    chart.hard[np.minimum(total, 21), up]).astype(np.int64)
    out = np.full(len(obs), HIT)
    out[code == C.STAND] = STAND
    dbl = (code == C.DOUBLE_HIT) | (code == C.DOUBLE_STAND)
    out[dbl] = np.where(mask[dbl, DOUBLE], DOUBLE, np.where(code[dbl] == C.DOUBLE_HIT, HIT,
                                                             STAND))
    sur = (code == C.SURRENDER_HIT) | (code == C.SURRENDER_STAND)
    out[sur] = np.where(mask[sur, SURRENDER], SURRENDER,
                        np.where(code[sur] == C.SURRENDER_HIT, HIT, STAND))
    pcode = chart.pairs[pair, up]
    can_split = mask[:, SPLIT] & (pair > 0)
    out[can_split & (pcode == C.SPLIT)] = SPLIT
    ps = can_split & (pcode == C.SURRENDER_SPLIT)
    out[ps] = np.where(mask[ps, SURRENDER], SURRENDER, SPLIT)
    out[obs[:, F_PHASE] == PH_INSURANCE] = DECLINE  # basic strategy never insures
    out[~mask[np.arange(len(obs)), out]] = STAND  # the acknowledgement of a settled round
    return out


def _within(mean: float, se: float, expected: float) -> None:
    assert abs(mean - expected) < 3 * se, (
        f"mean {mean:.5f} ± {se:.5f} vs exact {expected:.5f} "
        f"({(mean - expected) / se:+.2f} SE)")


def test_basic_strategy_earns_the_solvers_ev_through_the_engine() -> None:
    chart = basic_chart(RULES)
    expected = -house_edge(RULES).basic_strategy
    env = BlackjackEnv(RULES, fresh_shoe=True)
    env.reset(seed=2024)
    n = 6_000
    rewards = np.zeros(n)
    for k in range(n):
        obs, _ = env.reset()
        while True:
            obs, r, term, _, _ = env.step(int(chart_actions(chart, obs)[0]))
            if term:
                rewards[k] = r
                break
    _within(float(rewards.mean()), float(rewards.std(ddof=1) / math.sqrt(n)), expected)


def test_basic_strategy_earns_the_solvers_ev_on_the_vector_tables() -> None:
    chart = basic_chart(RULES)
    expected = -house_edge(RULES).basic_strategy
    vec = BlackjackVectorEnv(2048, RULES, fresh_shoe=True)
    obs, _ = vec.reset(seed=7)
    total = 0.0
    squares = 0.0
    n = 0
    while n < 600_000:
        obs, r, term, _, _ = vec.step(chart_actions(chart, obs))
        total += float(r[term].sum())
        squares += float((r[term] ** 2).sum())
        n += int(term.sum())
    mean = total / n
    se = math.sqrt((squares / n - mean * mean) / n)
    _within(mean, se, expected)
