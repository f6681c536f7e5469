"""The compiled vector of tables is held to the engine: from the same seed, a table of
``BlackjackVectorEnv`` and the engine-driven ``BlackjackEnv`` (handed the kernel's shuffles) show
the same observation, the same mask and the same reward at every step of thousands of episodes
played by a random legal policy (so every action, insurance and even money included, is taken),
over rule sets that switch every option the kernel honours."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from twentyone.cards import Card
from twentyone.engine.shoe import ShuffleResult
from twentyone.envs import BlackjackEnv, InvalidActionError, ResetNeededError
from twentyone.envs.vector import BlackjackVectorEnv
from twentyone.rules import PRESETS, Rules
from twentyone.sim import kernel as K
from twentyone.sim.runner import chunk_state


class KernelShuffler:
    """The engine dealt the kernel's shoe for stream 0 of ``seed`` (as in
    ``test_sim_equivalence``)."""

    def __init__(self, seed: int) -> None:
        self.state = chunk_state(seed, 0)

    def shuffle(self, cards: list[Card], rules: Rules) -> ShuffleResult:
        ordered = sorted(cards, key=lambda c: int(c.rank))
        perm = K.permutation(self.state, len(ordered))
        return ShuffleResult([ordered[i] for i in perm], None)

    def cut_card_behind(self, rules: Rules) -> int:
        if rules.cut_behind is not None:
            return int(K.draw_between(self.state, *rules.cut_behind))
        return round(rules.shoe_size * (1.0 - rules.penetration))


def _casino(**changes: object) -> Rules:
    base = {"min_bet": 500, "max_bet": 100_000, "bet_unit": 100}
    return Rules(**(base | changes))  # type: ignore[arg-type]


CASES: list[tuple[str, Rules, str, bool]] = [
    ("six-deck-s17 late surrender", PRESETS["six-deck-s17"].replace(surrender="late"),
     "hilo", False),
    ("classic: face-down doubles, random cut", PRESETS["classic"].replace(min_bet=500),
     "composition", False),
    ("casino-party: refills, down-up, hole first", PRESETS["casino-party"], "none", False),
    ("european: no hole card", PRESETS["european"], "hilo", False),
    ("single-deck pitch", PRESETS["single-deck"], "composition", False),
    ("modern-casino: resplit aces, burn", PRESETS["modern-casino"], "hilo", False),
    ("early surrender, 6:5, hit and resplit aces by value",
     _casino(decks=2, surrender="early", blackjack_pays="6:5", split_by="value",
             hit_split_aces=True, resplit_aces=True, max_hands=8, hit_soft_17=True,
             insurance="exactly-half"), "hilo", False),
    ("early surrender without a hole card, no insurance",
     _casino(decks=8, surrender="early", peek=False, insurance="none", burn=5,
             penetration=0.5), "composition", False),
    ("one deck to the last card: refills", _casino(decks=1, penetration=0.98), "none", False),
    ("fresh shoe every round", PRESETS["six-deck-s17"], "composition", True),
]


@pytest.mark.parametrize(("name", "rules", "count", "fresh"), CASES,
                         ids=[c[0] for c in CASES])
def test_vector_tables_step_as_the_engine(name: str, rules: Rules, count: str,
                                          fresh: bool) -> None:
    seed = 77 + [c[0] for c in CASES].index(name)
    engine = BlackjackEnv(rules, count=count, fresh_shoe=fresh, shuffler=KernelShuffler(seed),
                          illegal="raise")
    vec = BlackjackVectorEnv(1, rules, count=count, fresh_shoe=fresh, illegal="raise")
    rng = np.random.default_rng(seed)
    e_obs, e_info = engine.reset()
    v_obs, v_info = vec.reset(seed=seed)
    episodes = 0
    steps = 0
    taken = np.zeros(7, dtype=np.int64)
    while episodes < 1500:
        where = f"episode {episodes}, step {steps}"
        np.testing.assert_array_equal(v_info["action_mask"][0], e_info["action_mask"], where)
        np.testing.assert_array_equal(v_obs[0], e_obs, where)
        a = int(rng.choice(np.flatnonzero(e_info["action_mask"])))
        taken[a] += 1
        e_obs, e_r, e_term, _, e_info = engine.step(a)
        v_obs, v_r, v_term, _, v_info = vec.step(np.array([a]))
        steps += 1
        assert bool(v_term[0]) == e_term, where
        assert v_r[0] == pytest.approx(e_r, abs=1e-9), where
        if e_term:
            np.testing.assert_array_equal(v_obs[0], e_obs, where)
            episodes += 1
            e_obs, e_info = engine.reset()
            v_obs, _, _, _, v_info = vec.step(np.array([0]))
    # the policy really exercised the rules: hits, stands, doubles, splits were all taken
    assert taken[:4].min() > 0, taken
    if rules.surrender != "none":
        assert taken[4] > 0


def test_bad_actions_raise_typed_errors() -> None:
    vec = BlackjackVectorEnv(2, "six-deck-s17")
    with pytest.raises(ResetNeededError):
        vec.step(np.array([0, 0]))
    vec.reset(seed=1)
    with pytest.raises(InvalidActionError):
        vec.step(np.array([0, 9]))
    with pytest.raises(InvalidActionError):
        vec.step(np.array([0]))


def test_a_shoe_with_no_card_left_anywhere_calls_the_round_off() -> None:
    """docs/casino.md#when-the-dealer-reshuffles: a hit that finds the shoe empty, refilled once
    already this round (so the tray is empty too), ends the episode with the bet back (reward
    0), and the next round deals from a fresh shuffle. The shoe is emptied by hand: one seat
    alone can hardly hold a whole pack."""
    from twentyone.envs import kernel as EK
    from twentyone.envs.common import HIT, PH_PLAYING

    env = BlackjackVectorEnv(16, "single-deck")
    env.reset(seed=3)
    playing = np.flatnonzero(env._g[:, EK.G_PHASE] == PH_PLAYING)
    assert playing.size
    i = int(playing[0])
    sh = env._sh[i]
    sh[K.SH_POS] = sh[K.SH_SHUFFLED] = sh[K.SH_LEN]
    sh[K.SH_ROUND_START] = -1
    actions = np.zeros(16, dtype=np.int64)
    actions[i] = HIT
    _, rewards, terms, _, _ = env.step(actions)
    assert terms[i] and rewards[i] == 0.0
    assert env._sh[i, K.SH_DRY] == 0 and env._sh[i, K.SH_LEN] == 52
    assert env._sh[i, K.SH_POS] == PRESETS["single-deck"].burn
