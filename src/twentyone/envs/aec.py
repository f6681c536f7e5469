"""What the PettingZoo environments here share (the card games' and the casino table's): agents
named ``seat_1`` .. ``seat_N`` for the table's seats, each observing a vector with its action
mask and choosing one of the same numbered actions, and the bookkeeping PettingZoo's AEC API
asks of a fresh episode. Written once so both environments answer PettingZoo's ``api_test``
alike."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv


class SeatsEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment whose agents are the seats of one table."""

    def _name_seats(self, seats: int, observation: spaces.Box, n_actions: int) -> None:
        """Agents for seats 1 to ``seats``, each with ``observation`` and an action mask of
        ``n_actions``, choosing one of those actions."""
        self.possible_agents = [f"seat_{n}" for n in range(1, seats + 1)]
        obs = spaces.Dict({
            "observation": observation,
            "action_mask": spaces.Box(0, 1, shape=(n_actions,), dtype=np.int8)})
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs)
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @staticmethod
    def _seat(agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    def _new_episode(self) -> None:
        """Every seat in play again, nothing rewarded, nobody done."""
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
