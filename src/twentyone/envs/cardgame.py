"""A PettingZoo AEC environment for each card game: Solo Whist, Durak and President.

``card_game_env(game, players)`` seats ``players`` learning agents, ``seat_1`` .. ``seat_N``,
at a fresh table of the game; an episode is ``hands`` hands (one by default) dealt by the
environment, the seats acting in the game's own order (``to_act``). Each agent observes
``{"observation": vector, "action_mask": mask}``: the vector from its own seat's view and the
events shown to that seat (``codec``), the mask from its ``legal`` operations, so an agent can
never see another seat's hand or the stock, and can never make an illegal move unnoticed (an
action outside the mask is an ``InvalidActionError``). Every agent is rewarded at the end of each
hand in the game's own units (``codec``); a hand that runs past ``MAX_MOVES`` is cut short and
every agent is truncated, unrewarded. The casino table (``"casino"``, ``"blackjack"``) is the
PettingZoo table ``table.BlackjackTableEnv``, and Pontoon (``"pontoon"``) the Pontoon table's
``pontoon.PontoonEnv``, which ``card_game_env`` hands back for them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from twentyone.envs.aec import SeatsEnv
from twentyone.envs.codec import CARD_GAMES, MAX_MOVES, codec, new_game
from twentyone.envs.common import InvalidActionError
from twentyone.errors import RulesError
from twentyone.games.core.game import CardGame
from twentyone.games.core.shuffle import RandomShuffler

#: Names ``card_game_env`` accepts for the casino table (the registry's room name is "casino").
BLACKJACK_NAMES = ("casino", "blackjack")
#: The name ``card_game_env`` takes for Pontoon (the registry's).
PONTOON = "pontoon"


class CardGameEnv(SeatsEnv):
    """``players`` learning seats at one card game, ``hands`` hands an episode (module
    docstring); ``rules`` are the game's other rules (Durak's ``hand_size``, for one)."""

    metadata: dict[str, Any] = {"name": "twentyone_card_game_v0",  # noqa: RUF012
                                "render_modes": [], "is_parallelizable": False}

    def __init__(self, game: str, players: int, *, hands: int = 1, max_moves: int = MAX_MOVES,
                 **rules: Any) -> None:
        super().__init__()
        self.codec = codec(game, players)
        for name, value in (("hands", hands), ("max_moves", max_moves)):
            if type(value) is not int or value < 1:
                raise RulesError(f"{name} is a whole number, at least 1, not {value!r}")
        self.game_name = game
        self.rules = dict(rules)
        new_game(game, players, None, self.rules)  # the rules are checked now, not at reset
        self.hands = hands
        self.max_moves = max_moves
        self.metadata = {**self.metadata, "name": f"twentyone_{game.replace('-', '_')}_v0"}
        self._name_seats(players, spaces.Box(0.0, 1.0, shape=(self.codec.n_features,),
                                             dtype=np.float32), self.codec.n_actions)
        self.game: CardGame[Any] | None = None
        self._rng = np.random.default_rng()
        self._since = 0
        self._moves = 0
        self._legal = np.zeros(self.codec.n_actions, dtype=np.int8)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A fresh table and its first deal; a ``seed`` makes the shuffles reproducible."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        shuffler = RandomShuffler.seeded(int(self._rng.integers(1 << 62)))
        self.game = new_game(self.game_name, self.codec.players, shuffler, self.rules)
        self._new_episode()
        self._deal()
        self._select()

    def _deal(self) -> None:
        g = self.game
        assert g is not None and g.to_act is not None
        self._since = g.mark()
        self._moves = 0
        g.apply(g.legal(g.to_act)[0])  # the dealer's one move: the deal

    def _select(self) -> None:
        g = self.game
        assert g is not None and g.to_act is not None
        self.agent_selection = f"seat_{g.to_act}"
        self._legal = self.codec.mask(g, g.to_act)
        for a in self.agents:
            self.infos[a] = {"action_mask": self._mask(a)}

    def _mask(self, agent: str) -> npt.NDArray[np.int8]:
        """The acting agent's legal actions (worked out once a move, in ``_select``); nobody
        else's."""
        if agent != self.agent_selection or self.terminations[agent] or self.truncations[agent]:
            return np.zeros(self.codec.n_actions, dtype=np.int8)
        return self._legal.copy()

    def observe(self, agent: str) -> dict[str, Any]:
        g = self.game
        assert g is not None
        return {"observation": self.codec.observe(g, self._seat(agent), self._since),
                "action_mask": self._mask(agent)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        assert g is not None
        op = None
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            op = self.codec.op(g, self._seat(agent), int(action))
        if op is None:
            raise InvalidActionError(f"action {action!r} is not legal for {agent} now")
        done = len(g.hand_results())
        g.apply(op)
        self._moves += 1
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        results = g.hand_results(done)
        if results:
            for a in self.agents:
                self.rewards[a] = sum(self.codec.reward(r, self._seat(a)) for r in results)
            if len(g.hand_results()) >= self.hands:
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self._deal()
        elif self._moves >= self.max_moves:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if self.terminations[agent] or self.truncations[agent]:
            for a in self.agents:
                self.infos[a] = {"action_mask": np.zeros(self.codec.n_actions, dtype=np.int8)}
            return
        self._select()


def card_game_env(game: str, players: int, **kwargs: Any) -> AECEnv:
    """The PettingZoo environment of ``game`` for ``players`` seats: ``CardGameEnv`` for
    the card games, the casino table (``BlackjackTableEnv``, ``seats=players``) for
    blackjack, ``PontoonEnv`` (the banker among the ``players``) for Pontoon."""
    if game in BLACKJACK_NAMES:
        from twentyone.envs.table import BlackjackTableEnv
        return BlackjackTableEnv(seats=players, **kwargs)
    if game == PONTOON:
        from twentyone.envs.pontoon import PontoonEnv
        return PontoonEnv(players, **kwargs)
    if game not in CARD_GAMES:
        raise RulesError(f"no game called {game!r} here; choose one of "
                         f"{', '.join((*CARD_GAMES, *BLACKJACK_NAMES, PONTOON))}")
    return CardGameEnv(game, players, **kwargs)
