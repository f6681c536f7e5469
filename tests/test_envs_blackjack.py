"""``twentyone/Blackjack-v0``: Gymnasium's checker passes in every mode, a natural against a
dealer's three-card 21 pays 3:2 (Gymnasium #1011 scores it a push), a seed reproduces episodes,
the mask, betting step and insurance work through the engine, and bad input is refused with
typed errors."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from twentyone.engine.shoe import RandomShuffler, StackedShuffler  # noqa: E402
from twentyone.envs import (  # noqa: E402
    DECLINE,
    ENV_ID,
    HIT,
    INSURE,
    STAND,
    BlackjackEnv,
    InvalidActionError,
    ResetNeededError,
)
from twentyone.envs.common import (  # noqa: E402
    F_PHASE,
    F_SOFT,
    F_TOTAL,
    F_UP,
    PH_BETTING,
    PH_INSURANCE,
)
from twentyone.errors import BetError, RulesError  # noqa: E402
from twentyone.rules import PRESETS  # noqa: E402

MODES: list[dict[str, Any]] = [
    {},
    {"observation": "tuple", "actions": "hit-stand"},
    {"count": "hilo", "rules": "classic", "surrender": "late"},
    {"count": "composition", "bets": [500, 1000, 2500], "rules": "european"},
    {"actions": "hit-stand", "count": "hilo", "rules": "single-deck"},
]


@pytest.mark.parametrize("kwargs", MODES, ids=[str(m) for m in MODES])
def test_gymnasium_env_checker_passes(kwargs: dict[str, Any]) -> None:
    env = gymnasium.make(ENV_ID, **kwargs)
    check_env(env.unwrapped, skip_render_check=True)
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert info["action_mask"].any()


def _episode(env: BlackjackEnv, policy: Any) -> tuple[list[Any], float]:
    obs, info = env.reset()
    seen = [obs]
    while True:
        obs, reward, term, trunc, info = env.step(policy(info["action_mask"]))
        seen.append(obs)
        if term or trunc:
            return seen, float(reward)


@pytest.mark.parametrize("up", [["6h", "5c", "10s"], ["10h", "6c", "5s"]],
                         ids=["under a six", "under a ten, after the peek"])
def test_a_natural_beats_a_three_card_21_at_3_to_2(up: list[str]) -> None:
    """Gymnasium #1011: Blackjack-v1 scores this a push. The dealer's 21 comes from three cards
    (up card, hole card, one draw), so it is no blackjack and the natural wins 3:2."""
    stack = ["As", up[0], "Kd", up[1], up[2]]
    env = BlackjackEnv("six-deck-s17", shuffler=StackedShuffler([stack],
    then=RandomShuffler.seeded(0)))
    obs, info = env.reset()
    assert obs[F_TOTAL] == 21
    obs, reward, term, _, info = env.step(STAND)
    assert term and reward == 1.5
    assert info["result_cents"] == 750  # $5 bet, paid $7.50 by the engine's cashier


def test_seeding_reproduces_episodes() -> None:
    def run(seed: int) -> list[tuple[list[Any], float]]:
        env = BlackjackEnv("six-deck-s17", count="hilo")
        env.reset(seed=seed)
        rng = np.random.default_rng(1)
        return [_episode(env, lambda m: int(rng.choice(np.flatnonzero(m)))) for _ in range(300)]

    a, b, c = run(11), run(11), run(12)
    assert all(ra == rb and all(np.array_equal(x, y) for x, y in zip(oa, ob, strict=True))
               for (oa, ra), (ob, rb) in zip(a, b, strict=True))
    assert [r for _, r in a] != [r for _, r in c]


def test_the_shoe_persists_across_episodes_until_the_cut_card() -> None:
    env = BlackjackEnv("six-deck-s17", count="composition")
    obs, _ = env.reset(seed=3)
    lefts = [obs[-1]]
    for _ in range(60):
        while not env.step(STAND)[2]:
            pass
        obs, _ = env.reset()
        lefts.append(obs[-1])
    drops = np.diff(lefts)
    assert (drops < 0).sum() > 40  # the same shoe, round after round
    assert (drops > 0).sum() == 1  # and one reshuffle after the cut card came out


def test_a_reset_mid_round_plays_it_out_and_keeps_counting() -> None:
    """A reset in the middle of a round stands on it; the cards (and any reshuffle) of that
    round still count for the seat."""
    env = BlackjackEnv("six-deck-s17", count="composition")
    obs, _ = env.reset(seed=3)
    for _ in range(80):
        before = obs[-1]
        obs, _ = env.reset()  # the round just dealt is abandoned
        assert obs[-1] < before or obs[-1] > 300  # fewer unseen, or a fresh shoe


def test_insurance_and_even_money_are_paid_by_the_engine() -> None:
    # Dealer ace, ten in the hole: insurance (half the bet) wins 2:1, the hand loses.
    env = BlackjackEnv("six-deck-s17", shuffler=StackedShuffler([["10s", "Ah", "8d", "Kc"]],
    then=RandomShuffler.seeded(0)))
    obs, info = env.reset()
    assert obs[F_PHASE] == PH_INSURANCE and obs[F_UP] == 1
    assert info["action_mask"][INSURE] and info["action_mask"][DECLINE]
    _, reward, term, _, _ = env.step(INSURE)
    assert term and reward == 0.0  # -1 on the hand, +1 on the insurance
    # A natural against an ace: even money is a sure +1.
    env = BlackjackEnv("six-deck-s17", shuffler=StackedShuffler([["As", "Ah", "Kd", "7c"]],
    then=RandomShuffler.seeded(0)))
    env.reset()
    _, reward, term, _, _ = env.step(INSURE)
    assert term and reward == 1.0


def test_the_betting_step_and_rewards_in_base_units() -> None:
    env = BlackjackEnv("six-deck-s17", bets=[500, 1000, 2500],
                       shuffler=StackedShuffler([["10s", "10h", "Kd", "7c"]],
                       then=RandomShuffler.seeded(0)))
    obs, info = env.reset()
    assert obs[F_PHASE] == PH_BETTING
    assert list(info["action_mask"]) == [0] * 7 + [1, 1, 1]
    obs, reward, term, _, info = env.step(7 + 2)  # bet $25
    assert not term and info["action_mask"][STAND]
    _, reward, term, _, info = env.step(STAND)  # 20 against 17
    assert term and reward == 5.0 and info["bet_cents"] == 2500


def test_hit_stand_tuple_mode_is_blackjack_v1_shaped() -> None:
    env = gymnasium.make(ENV_ID, observation="tuple", actions="hit-stand")
    assert env.action_space.n == 2
    obs, _ = env.reset(seed=4)
    total, up, ace = obs
    assert 4 <= total <= 21 and 1 <= up <= 10 and ace in (0, 1)


def test_bad_input_raises_typed_errors() -> None:
    with pytest.raises(RulesError, match="no preset"):
        BlackjackEnv("no-such-rules")
    with pytest.raises(RulesError, match="unknown rule option"):
        BlackjackEnv("six-deck-s17", deks=2)
    with pytest.raises(RulesError, match="casino game"):
        BlackjackEnv(PRESETS["six-deck-s17"].replace(ties_to_dealer=True))
    with pytest.raises(BetError):
        BlackjackEnv("six-deck-s17", bet=50)
    with pytest.raises(ValueError, match="observation"):
        BlackjackEnv("six-deck-s17", observation="pixels")
    env = BlackjackEnv("six-deck-s17", illegal="raise",
                       shuffler=StackedShuffler([["10s", "10h", "Kd", "7c"]],
                       then=RandomShuffler.seeded(0)))
    with pytest.raises(ResetNeededError):
        env.step(STAND)
    env.reset()
    with pytest.raises(InvalidActionError, match="actions are 0 to 6"):
        env.step(7)
    with pytest.raises(InvalidActionError, match="split is not allowed"):
        env.step(3)
    with pytest.raises(InvalidActionError, match="integer"):
        env.step("hit")  # type: ignore[arg-type]
    _, _, term, _, _ = env.step(STAND)
    assert term
    with pytest.raises(ResetNeededError):
        env.step(HIT)


def test_a_forbidden_action_is_replaced_by_stand_and_flagged() -> None:
    env = BlackjackEnv("six-deck-s17", shuffler=StackedShuffler([["10s", "10h", "Kd", "7c"]],
    then=RandomShuffler.seeded(0)))
    env.reset()
    _, reward, term, _, info = env.step(3)  # split a ten and a king: not a pair by rank
    assert info["illegal_action"] and term and reward == 1.0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.lists(st.integers(0, 1), min_size=1, max_size=60),
       rules=st.sampled_from(["six-deck-s17", "classic", "single-deck", "european"]))
def test_the_tuple_observation_is_the_vectors_total_up_card_and_softness(
        seed: int, moves: list[int], rules: str) -> None:
    """The tuple mode reads its three numbers straight off the seat's picture (a step no longer
    builds the whole vector for it): they stay the vector's, step by step, from the same seed
    and moves, through every round's end and the next deal, and the rewards agree."""
    short = BlackjackEnv(rules, observation="tuple", actions="hit-stand")
    full = BlackjackEnv(rules, observation="vector", actions="hit-stand")
    obs, _ = short.reset(seed=seed)
    vec, _ = full.reset(seed=seed)
    for move in moves:
        assert obs == (int(vec[F_TOTAL]), int(vec[F_UP]), int(vec[F_SOFT]))
        obs, reward, done, _, _ = short.step(move)
        vec, reward2, done2, _, _ = full.step(move)
        assert (reward, done) == (reward2, done2)
        if done:
            assert obs == (int(vec[F_TOTAL]), int(vec[F_UP]), int(vec[F_SOFT]))
            obs, _ = short.reset()
            vec, _ = full.reset()


def test_the_mask_handed_out_is_the_callers_own() -> None:
    """The mask is built once a step and shared by the observation, the info and the next
    step's check; the copies handed out may be changed without changing what is legal."""
    env = BlackjackEnv("six-deck-s17", illegal="raise")
    _, info = env.reset(seed=3)
    legal = info["action_mask"].copy()
    info["action_mask"][:] = 1
    env.action_mask()[:] = 1
    np.testing.assert_array_equal(env.action_mask(), legal)
    forbidden = int(np.flatnonzero(legal == 0)[0])
    with pytest.raises(InvalidActionError):
        env.step(forbidden)
