"""The PettingZoo environments of the card games (docs/games/envs.md): PettingZoo's API test
passes for Solo Whist, Durak and President at every number of players each is played by,
seats act in the game's own order through the action mask, every agent is paid its hand's
result in the game's units, and no observation holds a card its seat has not been shown."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from envs_kit import seen_by
from pettingzoo.test import api_test

from twentyone.envs import CardGameEnv, InvalidActionError, card_game_env
from twentyone.envs.table import BlackjackTableEnv
from twentyone.errors import RulesError
from twentyone.games.registry import GAMES

EVERY_TABLE = [(game, n) for game in ("solo-whist", "durak", "president")
               for n in range(GAMES[game].players[0], GAMES[game].players[1] + 1)]


@pytest.mark.parametrize(("game", "players"), EVERY_TABLE)
def test_pettingzoo_api_test_passes(game: str, players: int) -> None:
    api_test(card_game_env(game, players), num_cycles=300)


@pytest.mark.parametrize(("game", "players", "hands"), [("president", 4, 3), ("durak", 3, 2),
                                                        ("solo-whist", 4, 3)])
def test_pettingzoo_api_test_passes_over_several_hands(game: str, players: int,
                                                       hands: int) -> None:
    """President's later hands open with the exchange; the test plays through it."""
    api_test(card_game_env(game, players, hands=hands), num_cycles=1000)


def _play(env: CardGameEnv, seed: int, check: Any = None) -> dict[str, float]:
    """One random episode; ``check(env, agent, obs)`` sees every observation of every agent
    after every move. The agents' total rewards."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if check is not None:
            for other in env.agents:
                check(env, other, env.observe(other))
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.any()
        assert env.game is not None and env.agent_selection == f"seat_{env.game.to_act}"
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return totals


@pytest.mark.parametrize(("game", "players"), EVERY_TABLE)
def test_no_observation_holds_a_card_its_seat_has_not_been_shown(game: str,
                                                                 players: int) -> None:
    """docs/games/envs.md#what-an-agent-sees: every card slot of every agent's observation,
    after every move of three hands, is a card that seat holds or was shown."""
    looked = 0

    def check(env: CardGameEnv, agent: str, obs: dict[str, Any]) -> None:
        nonlocal looked
        assert env.game is not None
        seat = int(agent.rsplit("_", 1)[1])
        shown = env.codec.cards_in(obs["observation"])
        assert shown <= seen_by(env.game, seat), (agent, shown - seen_by(env.game, seat))
        looked += bool(shown)

    _play(card_game_env(game, players, hands=3), seed=players, check=check)
    assert looked > 100


@pytest.mark.parametrize(("game", "players"), [("solo-whist", 4), ("durak", 2), ("durak", 5),
                                               ("president", 3), ("president", 7)])
def test_every_agent_is_paid_its_hands_result_in_the_games_units(game: str,
                                                                 players: int) -> None:
    """Counters at Solo Whist (they sum to nothing), -1 for the durak, title points at
    President (the President players - 1, down to the Asshole's 0)."""
    for seed in range(5):
        env = card_game_env(game, players, hands=2)
        assert isinstance(env, CardGameEnv)
        totals = _play(env, seed)
        assert env.game is not None
        results = env.game.hand_results()
        assert len(results) == 2
        for agent, total in totals.items():
            seat = int(agent.rsplit("_", 1)[1])
            scores = [r.scores[seat] for r in results]
            want = {"solo-whist": sum(scores), "durak": -sum(scores),
                    "president": sum(scores)}[game]
            assert total == want
        if game == "solo-whist":
            assert sum(totals.values()) == 0
        elif game == "president":
            assert sorted(r.scores[s] for s in range(1, players + 1)
                          for r in results[:1]) == list(range(players))
        else:
            assert sum(totals.values()) in (-2, -1, 0)


def test_a_hand_past_its_move_limit_is_truncated_unpaid() -> None:
    env = card_game_env("durak", 4, max_moves=10)
    totals = _play(env, seed=1)
    assert all(env.truncations.values()) if env.agents else True
    assert totals == dict.fromkeys(env.possible_agents, 0.0)
    assert env.game is not None and not env.game.hand_results()


def test_an_action_outside_the_mask_is_refused_in_words() -> None:
    env = card_game_env("president", 4)
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    for bad in (illegal, -1, 10_000, None, "1", 1.0, True):
        with pytest.raises(InvalidActionError, match="not legal"):
            env.step(bad)
    assert env.observe(env.agent_selection)["action_mask"].tolist() == mask.tolist()


@pytest.mark.parametrize(("args", "kwargs"), [
    (("poker", 4), {}), (("durak", 6), {}), (("solo-whist", 3), {}), (("president", "4"), {}),
    (("durak", 3), {"hands": 0}), (("durak", 3), {"hand_size": "six"}),
    (("durak", 3), {"colour": "red"}), (("durak", 3), {"max_moves": 1.5})])
def test_bad_settings_are_a_rules_error(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        card_game_env(*args, **kwargs)


def test_blackjack_is_the_casino_table() -> None:
    env = card_game_env("blackjack", 3)
    assert isinstance(env, BlackjackTableEnv)
    assert env.possible_agents == ["seat_1", "seat_2", "seat_3"]


@pytest.mark.parametrize("missing", ["gymnasium", "pettingzoo"])
def test_without_the_extra_the_import_names_it(missing: str) -> None:
    code = (f"import sys; sys.modules[{missing!r}] = None\n"
            "try:\n    import twentyone.envs\n"
            "except ImportError as exc:\n"
            "    print(type(exc).__name__, exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.startswith("ImportError twentyone.envs needs the 'envs' extra"), out
    assert "pip install 'twentyone[envs]'" in out
