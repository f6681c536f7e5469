"""A PettingZoo AEC table: up to seven learning seats, ``seat_1`` .. ``seat_7``, at one
engine ``Table``.

An episode is one round: every seat bets the table minimum, the cards are dealt, and the seats
act in the table's own order (``to_act``: the insurance offers seat by seat, then each seat's
hands in turn); the round is settled by the engine and every seat is rewarded its change in
chips over the round, in bets. The table (shoe, cut card, discards) persists across episodes,
as in the single-seat environment. Each seat observes through ``SeatPicture``, built from the
events that seat may see (``views.visible_events``): never another seat's face-down card nor
the hole card. Observations are ``{"observation": vector, "action_mask": mask}``, the layout of
the single-seat environment's vector.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from twentyone.engine.table import Phase, Table
from twentyone.envs.aec import SeatsEnv
from twentyone.envs.blackjack import _TABLE_ACTIONS
from twentyone.envs.common import (
    N_ACTIONS,
    PH_OVER,
    InvalidActionError,
    action_op,
    feature_bounds,
    n_features,
    resolve_rules,
)
from twentyone.envs.seat import SeatPicture, seat_phase
from twentyone.errors import RulesError
from twentyone.rules import Rules

BUY_IN_BETS = 10_000


class BlackjackTableEnv(SeatsEnv):
    """``seats`` learning seats (1-7) at a casino table by ``rules`` (preset, file or Rules, with
    rule overrides), one round an episode."""

    metadata: dict[str, Any] = {"name": "twentyone_blackjack_table_v0",  # noqa: RUF012
                                "render_modes": [], "is_parallelizable": False}

    def __init__(self, rules: str | Rules = "six-deck-s17", seats: int = 3, *,
                 count: str = "none", fresh_shoe: bool = False, **overrides: Any) -> None:
        super().__init__()
        self.rules = resolve_rules(rules, overrides, fresh_shoe=fresh_shoe)
        if not 1 <= seats <= min(7, self.rules.seats):
            raise RulesError(f"this table seats 1 to {min(7, self.rules.seats)}, not {seats}")
        self.count = count
        lo, hi = feature_bounds(N_ACTIONS, count, self.rules.decks)
        self._name_seats(seats, spaces.Box(lo, hi, shape=(n_features(N_ACTIONS, count),),
                                           dtype=np.float32), N_ACTIONS)
        self.table: Table | None = None
        self._pictures: dict[str, SeatPicture] = {}
        self._before: dict[str, int] = {}
        self._last_hand: dict[str, int] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a round; a ``seed`` builds a new table whose shoe it shuffles."""
        if self.table is None or seed is not None:
            self.table = Table(self.rules, seed=seed if seed is not None else
                               int(np.random.SeedSequence().entropy % (1 << 63)))  # type: ignore[operator]
            for agent in self.possible_agents:
                self.table.sit(self._seat(agent), BUY_IN_BETS * self.rules.min_bet)
            self._pictures = {a: SeatPicture(self._seat(a), self.rules.decks)
                              for a in self.possible_agents}
            for p in self._pictures.values():
                p.read(self.table, 0)
        table = self.table
        start = len(table.log)
        while table.phase is not Phase.BETTING:  # a round left unfinished is stood on
            to_act = table.to_act
            assert to_act is not None
            (table.decline if table.phase is Phase.INSURANCE else table.stand)(to_act[0])
        self._read(start)
        del table.log[:], table.ops[:], table.shoe.history[:]
        self._new_episode()
        self._last_hand = dict.fromkeys(self.agents, 0)
        for agent in self.agents:
            n = self._seat(agent)
            if table.bankroll(n) < 64 * self.rules.min_bet:
                table.leave(n)
                table.sit(n, BUY_IN_BETS * self.rules.min_bet)
            self._before[agent] = table.bankroll(n)
            table.bet(n, self.rules.min_bet)
        start = len(table.log)
        table.deal()
        self._read(start)
        self._next()

    def _read(self, start: int) -> None:
        assert self.table is not None
        for p in self._pictures.values():
            p.read(self.table, start)

    def _next(self) -> None:
        """Select the seat the table waits for; at the end of the round, reward everyone."""
        table = self.table
        assert table is not None
        if table.phase is Phase.BETTING:
            for agent in self.agents:
                self.rewards[agent] = ((table.bankroll(self._seat(agent)) - self._before[agent])
                                       / self.rules.min_bet)
                self.terminations[agent] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
            return
        to_act = table.to_act
        assert to_act is not None
        agent = f"seat_{to_act[0]}"
        if table.phase is Phase.PLAYERS:
            self._last_hand[agent] = to_act[1]
        self.agent_selection = agent
        for a in self.agents:
            self.infos[a] = {"action_mask": self._mask(a)}

    def _mask(self, agent: str) -> npt.NDArray[np.int8]:
        mask = np.zeros(N_ACTIONS, dtype=np.int8)
        table = self.table
        assert table is not None
        if agent not in self.agents or self.terminations.get(agent):
            return mask
        for act in table.legal_actions(self._seat(agent)):
            i = _TABLE_ACTIONS.get(act)
            if i is not None:
                mask[i] = 1
        return mask

    def observe(self, agent: str) -> dict[str, Any]:
        table = self.table
        assert table is not None
        over = table.phase is Phase.BETTING
        mask = self._mask(agent) if agent == self.agent_selection and not over else np.zeros(
            N_ACTIONS, dtype=np.int8)
        phase = PH_OVER if over else seat_phase(table)
        # As Python ints: the picture is compiled, and refuses NumPy's (``list(mask)`` gave them).
        vec = self._pictures[agent].features(phase, self._last_hand.get(agent, 0), mask.tolist(),
                                             self.count)
        return {"observation": np.array(vec, dtype=np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        assert table is not None
        if action is None or not 0 <= int(action) < N_ACTIONS:
            raise InvalidActionError(f"actions are 0 to {N_ACTIONS - 1}, not {action!r}")
        a = int(action)
        if not self._mask(agent)[a]:
            raise InvalidActionError(f"action {a} is not legal for {agent} now")
        n = self._seat(agent)
        start = len(table.log)
        table.apply(action_op(table, n, a))
        self._read(start)
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        self._next()


def env(**kwargs: Any) -> BlackjackTableEnv:
    """PettingZoo's conventional constructor."""
    return BlackjackTableEnv(**kwargs)
