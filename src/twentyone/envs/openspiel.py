"""Solo Whist, Durak and President as OpenSpiel Python games.

``register()`` registers each card game with OpenSpiel as ``python_twentyone_<game>``, the
game's name with ``-`` written ``_`` (``python_twentyone_solo_whist``, ``python_twentyone_durak``,
``python_twentyone_president``), so ``pyspiel.load_game("python_twentyone_durak(players=3)")``
and every OpenSpiel algorithm that takes a game can play it. The parameters are ``players`` and
the game's other whole-number rules at their defaults (Durak's ``hand_size`` and
``bout_limit``, Solo Whist's ``counters_per_credit``).

A game is one hand from a fresh table. It opens with the shuffle as chance nodes: one for each
card of the pack, from the top, each card not yet placed equally likely, so the pack's order is
a uniformly random permutation drawn as OpenSpiel's algorithms expect; the table is then dealt
that order. The players' actions are ``codec``'s catalogue. Information states and observations
are the seat's own (``codec``): the string of the information state is every event the game
showed that seat, in order (perfect recall), the observation string its view; both tensors are
``codec``'s vector of the seat's view and what it has seen this hand. The returns are the hand's
result in the game's units (``codec``); a Durak hand passing ``MAX_MOVES`` moves ends with
nothing paid.

Needs the ``openspiel`` extra: ``pip install 'twentyone[openspiel]'``.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from typing import Any

try:
    import pyspiel
except ModuleNotFoundError as exc:
    raise ImportError("twentyone.envs.openspiel needs the 'openspiel' extra (OpenSpiel's "
                      "pyspiel is missing): pip install 'twentyone[openspiel]'") from exc

import numpy as np

from twentyone.cards import parse_card
from twentyone.envs.codec import CARD_GAMES, CODES, MAX_MOVES, Codec, card_index, codec, new_game
from twentyone.games.core.game import CardGame
from twentyone.games.core.shuffle import StackedShuffler
from twentyone.games.registry import GAMES
from twentyone.protocol import HOUSE

#: OpenSpiel's name of each card game.
NAMES = {game: f"python_twentyone_{game.replace('-', '_')}" for game in CARD_GAMES}

_UTILITY = {"solo-whist": pyspiel.GameType.Utility.ZERO_SUM,
            "durak": pyspiel.GameType.Utility.GENERAL_SUM,
            "president": pyspiel.GameType.Utility.CONSTANT_SUM}


def _parameters(game: str) -> dict[str, int]:
    """``players`` and the game's other whole-number rules, at their defaults."""
    rules = GAMES[game].rules
    return {f.name: f.default for f in dataclasses.fields(rules)
            if isinstance(f.default, int) and not isinstance(f.default, bool)}


def _game_type(game: str) -> Any:
    low, high = GAMES[game].players
    return pyspiel.GameType(
        short_name=NAMES[game], long_name=f"twentyone {GAMES[game].title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_UTILITY[game], reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_parameters(game))


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """One card game for OpenSpiel (module docstring); ``game`` is the registry's name."""

    game_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.game_name
        values = {**_parameters(game), **(params or {})}
        players = int(values.pop("players"))
        self.codec: Codec = codec(game, players)
        self.rules = values
        made = new_game(game, players, None, values).rules
        low, high = self.codec.reward_bounds(made)
        #: The pack's cards by number (the shuffle's chance outcomes).
        self.pack = frozenset(card_index(c.code) for c in GAMES[game].game(made).pack())
        pack = len(self.pack)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.n_actions, max_chance_outcomes=len(CODES),
            num_players=players, min_utility=low, max_utility=high,
            utility_sum=_utility_sum(game, players), max_game_length=pack + MAX_MOVES)
        super().__init__(_game_type(game), info, params or {})

    def new_initial_state(self) -> CardState:
        return CardState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        return Observer(self.codec, iig_obs_type
                        or pyspiel.IIGObservationType(perfect_recall=False), params)


def _utility_sum(game: str, players: int) -> float | None:
    if game == "solo-whist":
        return 0.0
    if game == "president":
        return float(players * (players - 1) // 2)
    return None


class CardState(pyspiel.State):  # type: ignore[misc]
    """A hand: the shuffle's chance nodes, then the table (``game``) the players act at."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self.name = game.game_name
        self.players = game.codec.players
        self.rules = game.rules
        self.order: list[int] = []   # the pack's order so far, by card number
        self.pack = game.pack
        self.held: Held | None = None  # the table, once dealt
        self.moves = 0

    @property
    def game(self) -> CardGame[Any] | None:
        return None if self.held is None else self.held.game

    @property
    def codec(self) -> Codec:
        return codec(self.name, self.players)

    def current_player(self) -> int:
        if self.game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.game.to_act
        assert seat is not None
        return seat - 1

    def is_terminal(self) -> bool:
        g = self.game
        return g is not None and (bool(g.hand_results()) or self.moves >= MAX_MOVES)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(self.pack - set(self.order))
        return [(i, 1.0 / len(left)) for i in left]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game is not None
        return self.codec.legal_actions(self.game, player + 1)

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            self.order.append(int(action))
            if len(self.order) == len(self.pack):
                cards = [parse_card(CODES[i]) for i in self.order]
                g = new_game(self.name, self.players, StackedShuffler(cards), self.rules)
                assert g.to_act is not None
                g.apply(g.legal(g.to_act)[0])
                self.held = Held(g)
            return
        seat = self.game.to_act
        assert seat is not None
        op = self.codec.op(self.game, seat, int(action))
        assert op is not None, f"action {action} is not legal"
        self.game.apply(op)
        self.moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {CODES[action]}"
        return self.codec.describe(action)

    def returns(self) -> list[float]:
        g = self.game
        if g is None or not g.hand_results():
            return [0.0] * self.players
        result = g.hand_results()[0]
        return [self.codec.reward(result, s) for s in range(1, self.players + 1)]

    def __str__(self) -> str:
        """The whole table, as the house sees it (for debugging; no player's view)."""
        if self.game is None:
            return "shuffling: " + " ".join(CODES[i] for i in self.order)
        return json.dumps(self.game.state(), sort_keys=True)


class Held:
    """The table a state plays at. OpenSpiel clones a Python state by deep-copying its
    attributes; this one copies itself by ``fork``: cards, events and operations are immutable
    values a clone can share, which makes a clone many times quicker than a deep copy."""

    __slots__ = ("game", "seen")

    def __init__(self, game: CardGame[Any]) -> None:
        self.game = game
        #: The events each viewer has been shown, as of the log's length (an observer asks
        #: for each player's tensor and string at every state, of the same events).
        self.seen: dict[int, tuple[int, list[dict[str, Any]]]] = {}

    def events(self, viewer: int) -> list[dict[str, Any]]:
        at = self.game.mark()
        found = self.seen.get(viewer)
        if found is None or found[0] != at:
            found = self.seen[viewer] = (at, self.game.events(viewer, 0))
        return found[1]

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return Held(fork(self.game))


def fork(g: CardGame[Any]) -> CardGame[Any]:
    """A copy of the table ``g`` to play on apart: every list, set and dict it holds is copied
    two levels deep (a seat's hand in a dict of hands, included), and its shuffler; what they
    hold (cards, events, operations, results) is immutable and shared.
    ``tests/test_envs_openspiel.py`` checks that playing a fork on leaves the original as it
    was."""
    new = copy.copy(g)
    for name, value in vars(g).items():
        setattr(new, name, _copied(value, 2))
    new.shuffler = copy.deepcopy(g.shuffler)  # its orders still to deal (none after the deal)
    return new


def _copied(value: Any, depth: int) -> Any:
    if depth == 0:
        return value
    if isinstance(value, list):
        return [_copied(v, depth - 1) for v in value]
    if isinstance(value, set):
        return set(value)
    if isinstance(value, dict):
        return {k: _copied(v, depth - 1) for k, v in value.items()}
    return value


class Observer:
    """OpenSpiel's observer of one seat (``pyspiel.IIGObservationType``): its own hand when
    the type includes a player's private cards, else a spectator's (no hand at all)."""

    def __init__(self, c: Codec, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"these games take no observation parameters, not {params}")
        self.codec = c
        self.recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor = np.zeros(c.n_features, np.float32)
        self.dict = {"observation": self.tensor}

    def _viewer(self, player: int) -> int:
        return player + 1 if self.private else HOUSE

    def set_from(self, state: CardState, player: int) -> None:
        held = state.held
        if held is None:
            self.tensor.fill(0.0)
            return
        viewer = self._viewer(player)
        view = held.game.view_json(None if viewer == HOUSE else viewer)
        self.tensor[:] = self.codec.encode(view, held.events(viewer), player + 1)

    def string_from(self, state: CardState, player: int) -> str:
        held = state.held
        if held is None:
            return f"seat {player + 1}: shuffling"
        g = held.game
        viewer = self._viewer(player)
        if self.recall:
            return f"seat {player + 1}: " + json.dumps(held.events(viewer), sort_keys=True,
                                                         separators=(",", ":"))
        return f"seat {player + 1}: " + json.dumps(g.view_json(None if viewer == HOUSE
                                                              else viewer), sort_keys=True)


def register() -> list[str]:
    """Register every card game with OpenSpiel (again is harmless); their names."""
    known = set(pyspiel.registered_names())
    for game, name in NAMES.items():
        if name in known:
            continue
        cls = type(f"SpielGame_{game.replace('-', '_')}", (SpielGame,), {"game_name": game})
        pyspiel.register_game(_game_type(game), cls)
    return list(NAMES.values())
