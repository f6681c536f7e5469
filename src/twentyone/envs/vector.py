"""``gymnasium.make_vec("twentyone/Blackjack-v0", num_envs=N, vectorization_mode=
"vector_entry_point")``: N one-seat tables stepped together by compiled code.

Each table is the single-table environment's game (same rules, actions, observation vector,
masks, rewards in bets, next-step autoreset) dealt by the simulator's compiled shoe and hand
machinery (``envs/kernel.py``), one call for every table's step, so Python is paid once per
batch rather than once per decision. Table ``i`` draws from stream ``i`` of
``SeedSequence(seed)``, the simulator's chunk streams: from the same seed it deals exactly the
cards the engine deals through a shuffler that follows that stream (the test holds the two to
each other step by step).

Limits (the single-table environment has these): no tuple observation and no betting step; the
bet is flat. Count features after a mid-round refill of the shoe can differ from the engine's
picture in pitch games (cards held face down), where the engine re-shows a hand's face-down
cards at settlement.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, SupportsInt

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from twentyone.envs import kernel as EK
from twentyone.envs.common import (
    ACTION_SETS,
    COUNTS,
    ILLEGAL,
    N_ACTIONS,
    InvalidActionError,
    ResetNeededError,
    check_choice,
    feature_bounds,
    n_features,
    resolve_rules,
)
from twentyone.errors import BetError
from twentyone.money import Cents, dollars
from twentyone.rules import Rules
from twentyone.sim import kernel as K
from twentyone.sim.runner import chunk_state, rules_vector

Array = npt.NDArray[Any]


def payoffs(rules: Rules, bet: Cents) -> npt.NDArray[np.float64]:
    """What a natural wins, a surrender loses and insurance wagers, in bets, rounded to chips
    as the engine's cashier rounds them for a bet of ``bet`` cents."""
    chip = rules.chips[0][1]
    ratio = rules.blackjack_ratio
    won = bet * ratio.numerator // ratio.denominator
    won -= won % rules.payout_rounding
    half = bet // 2 - (bet // 2) % chip
    p = np.zeros(EK.N_P)
    p[EK.P_BJ] = won / bet
    p[EK.P_SURRENDER] = (bet - half) / bet
    p[EK.P_INSURANCE] = half / bet
    return p


class BlackjackVectorEnv(VectorEnv[Array, Array, Array]):
    """``num_envs`` tables of the single-table environment's game, stepped by compiled code.

    Arguments as ``BlackjackEnv``'s (``rules`` and rule overrides, ``actions``, ``count``,
    ``bet``, ``fresh_shoe``), the observation always the vector. ``illegal="substitute"``
    plays stand (or declines the offer) for a forbidden action and flags it in
    ``info["illegal_action"]``; ``"raise"`` raises ``InvalidActionError`` before any table
    moves. ``info["action_mask"]`` holds every table's mask.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP,  # noqa: RUF012
                                "render_modes": []}

    def __init__(self, num_envs: int = 1, rules: str | Rules = "six-deck-s17", *,
                 actions: str = "full", count: str = "none", bet: Cents | None = None,
                 fresh_shoe: bool = False, illegal: str = "substitute",
                 rule_options: Mapping[str, Any] | None = None, **overrides: Any) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        self.rules = resolve_rules(rules, {**(rule_options or {}), **overrides},
                                   fresh_shoe=fresh_shoe)
        self.action_set = check_choice("actions", actions, ACTION_SETS)
        self.count = check_choice("count", count, COUNTS)
        self.illegal = check_choice("illegal", illegal, ILLEGAL)
        r = self.rules
        self.bet = r.min_bet if bet is None else bet
        if not (r.min_bet <= self.bet <= r.max_bet and self.bet % r.bet_unit == 0):
            raise BetError(f"a bet here is {dollars(r.min_bet)} to {dollars(r.max_bet)} in "
                           f"multiples of {dollars(r.bet_unit)}, not {dollars(self.bet)}")
        self.num_envs = num_envs
        self.n_actions = N_ACTIONS if actions == "full" else 2
        self.single_action_space = spaces.Discrete(self.n_actions)
        self.action_space = spaces.MultiDiscrete([self.n_actions] * num_envs)
        lo, hi = feature_bounds(self.n_actions, self.count, r.decks)
        self.single_observation_space = spaces.Box(
            lo, hi, shape=(n_features(self.n_actions, self.count),), dtype=np.float32)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self._r = rules_vector(r, 1)
        chip = r.chips[0][1]
        half = self.bet // 2 - (self.bet // 2) % chip
        c = np.zeros(EK.N_C, dtype=np.int64)
        c[EK.C_FULL] = actions == "full"
        c[EK.C_COUNT] = COUNTS.index(count)
        smallest = half if r.insurance == "exactly-half" else chip
        c[EK.C_OFFER_INS] = r.insurance != "none" and smallest > 0 and 2 * smallest <= self.bet
        c[EK.C_CAN_INS] = r.insurance != "none" and half > 0 and (
            r.insurance != "exactly-half" or 2 * half == self.bet)
        c[EK.C_NACT] = self.n_actions
        c[EK.C_DECKS] = r.decks
        self._c = c
        self._p = payoffs(r, self.bet)
        n = num_envs
        self._st = np.zeros((n, 4), dtype=np.uint64)
        self._fy = np.zeros((n, 4), dtype=np.uint64)
        self._shoe = np.zeros((n, 52 * 8), dtype=np.int64)
        self._sh = np.zeros((n, K.SH_SIZE), dtype=np.int64)
        self._g = np.zeros((n, EK.N_G), dtype=np.int64)
        self._hands = np.zeros((n, 1, K.MAX_HANDS, K.N_HAND), dtype=np.int64)
        self._res = np.zeros(n)
        self._seen = np.zeros((n, 11), dtype=np.int64)
        self._hidden = np.zeros((n, 11), dtype=np.int64)
        self._obs = np.zeros((n, self.single_observation_space.shape[0]), dtype=np.float32)
        self._mask = np.zeros((n, self.n_actions), dtype=np.int8)
        self._rewards = np.zeros(n)
        self._terms = np.zeros(n, dtype=np.bool_)
        self._illegal = np.zeros(n, dtype=np.bool_)
        self._truncs = np.zeros(n, dtype=np.bool_)
        self._started = False

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Array, dict[str, Any]]:
        """A new round at every table. A ``seed`` shuffles new shoes (table ``i`` from stream
        ``i`` of that seed); without one the shoes carry on."""
        if isinstance(seed, list):
            raise ValueError("give one seed for all the tables (table i uses its stream i)")
        if seed is not None or not self._started:
            if seed is None:
                seed = int(np.random.SeedSequence().entropy % (1 << 63))  # type: ignore[operator]
            self._g[:] = 0
            for i in range(self.num_envs):
                self._st[i] = chunk_state(seed, i)
                EK.new_table(i, self._r, self._st, self._fy, self._shoe, self._sh, self._seen)
            self._started = True
        EK.reset_all(self._r, self._c, self._p, self._st, self._fy, self._shoe, self._sh,
                     self._g, self._hands, self._res, self._seen, self._hidden, self._obs,
                     self._mask)
        return self._obs.copy(), {"action_mask": self._mask.copy()}

    def step(self, actions: Array | list[SupportsInt]
             ) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """Every table's decision at once (a table whose episode ended starts a new one)."""
        if not self._started:
            raise ResetNeededError("call reset() before the first step")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,) or not np.issubdtype(a.dtype, np.integer):
            raise InvalidActionError(f"give {self.num_envs} integer actions, not {a!r}")
        a = a.astype(np.int64)
        if a.min() < 0 or a.max() >= self.n_actions:
            raise InvalidActionError(f"actions are 0 to {self.n_actions - 1}")
        if self.illegal == "raise":
            live = self._g[:, EK.G_PHASE] != EK.DONE
            rows = np.flatnonzero(live & (self._mask[np.arange(self.num_envs), a] == 0))
            if rows.size:
                raise InvalidActionError(f"action {a[rows[0]]} is not allowed at table "
                                         f"{rows[0]} now (see info['action_mask'])")
        EK.step_all(a, self._r, self._c, self._p, self._st, self._fy, self._shoe, self._sh,
                    self._g, self._hands, self._res, self._seen, self._hidden, self._obs,
                    self._rewards, self._terms, self._illegal, self._mask)
        info: dict[str, Any] = {"action_mask": self._mask.copy()}
        if self._illegal.any():
            info["illegal_action"] = self._illegal.copy()
        return (self._obs.copy(), self._rewards.copy(), self._terms.copy(),
                self._truncs.copy(), info)

