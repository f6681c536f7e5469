"""The card games as OpenSpiel games (docs/games/envs.md#openspiel): registered under their
names, OpenSpiel's own random simulation test passes for each at every number of players, the
shuffle is chance nodes, a clone plays on apart, returns are the hand's result, and no
information state or observation (string or tensor) holds a card its seat has not been shown.

Skipped only where OpenSpiel is not installed (the ``openspiel`` extra)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel",
                    reason="OpenSpiel is not installed: pip install 'twentyone[openspiel]'")

import pyspiel
from envs_kit import codes_in, seen_by

from twentyone.envs.codec import codec
from twentyone.envs.openspiel import NAMES, CardState, register
from twentyone.games.registry import GAMES

register()

EVERY_TABLE = [(game, n) for game in NAMES
               for n in range(GAMES[game].players[0], GAMES[game].players[1] + 1)]


def test_each_game_is_registered_under_its_name() -> None:
    assert register() == ["python_twentyone_solo_whist", "python_twentyone_durak",
                          "python_twentyone_president"]
    assert set(NAMES.values()) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("game", "players"), EVERY_TABLE)
def test_openspiel_random_sim_test_passes(game: str, players: int) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(f"{NAMES[game]}(players={players})"),
                            num_sims=2, serialize=True, verbose=False)


def _random_game(name: str, seed: int, check: Any = None) -> Any:
    """A state played to the end by random choices; ``check(state)`` at every state."""
    rng = np.random.default_rng(seed)
    state = pyspiel.load_game(name).new_initial_state()
    while not state.is_terminal():
        if check is not None:
            check(state)
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_the_shuffle_is_a_chance_node_for_every_card_of_the_pack() -> None:
    state = pyspiel.load_game("python_twentyone_durak(players=3)").new_initial_state()
    seen: list[int] = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 36 - len(seen)
        assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
        seen.append(outcomes[len(seen) % len(outcomes)][0])
        state.apply_action(seen[-1])
    assert len(set(seen)) == 36
    assert isinstance(state, CardState) and state.game is not None
    # The table was dealt exactly that order: seat 2 (left of the dealer) the first card.
    assert state.game.shuffles[0][0].code == state.action_to_string(
        pyspiel.PlayerId.CHANCE, seen[0]).split()[-1]
    assert state.current_player() in (0, 1, 2)


@pytest.mark.parametrize(("game", "players"), [("solo-whist", 4), ("durak", 3),
                                               ("president", 5)])
def test_a_clone_plays_on_without_touching_the_original(game: str, players: int) -> None:
    rng = np.random.default_rng(7)
    state = pyspiel.load_game(f"{NAMES[game]}(players={players})").new_initial_state()
    for _ in range(70):  # the shuffle, then some way into the play
        if state.is_chance_node():
            state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    before = str(state)
    legal = state.legal_actions()
    clone = state.clone()
    assert str(clone) == before
    while not clone.is_terminal():
        clone.apply_action(int(rng.choice(clone.legal_actions())))
    assert str(state) == before and state.legal_actions() == legal
    assert state.game.hand_results() == []


@pytest.mark.parametrize(("game", "players"), [("solo-whist", 4), ("durak", 2), ("durak", 4),
                                               ("president", 3), ("president", 6)])
def test_returns_are_the_hands_result_in_the_games_units(game: str, players: int) -> None:
    c = codec(game, players)
    for seed in range(4):
        state = _random_game(f"{NAMES[game]}(players={players})", seed)
        result = state.game.hand_results()[0]
        returns = state.returns()
        assert returns == [c.reward(result, s) for s in range(1, players + 1)]
        if game == "solo-whist":
            assert sum(returns) == 0
        elif game == "president":
            assert sorted(returns) == list(range(players))
        else:
            assert sorted(returns) in ([-1.0] + [0.0] * (players - 1), [0.0] * players)


@pytest.mark.parametrize(("game", "players"), EVERY_TABLE)
def test_no_information_state_holds_a_card_its_seat_has_not_been_shown(game: str,
                                                                       players: int) -> None:
    """docs/games/envs.md#what-an-agent-sees, for OpenSpiel: at every state of a random hand,
    every player's information state and observation, as strings and as tensors, hold only
    cards that seat holds or was shown."""
    c = codec(game, players)
    looked = 0

    def check(state: Any) -> None:
        nonlocal looked
        if state.game is None:
            return
        for p in range(players):
            allowed = seen_by(state.game, p + 1)
            for text in (state.information_state_string(p), state.observation_string(p)):
                assert codes_in(text) <= allowed, codes_in(text) - allowed
            for tensor in (state.information_state_tensor(p), state.observation_tensor(p)):
                shown = c.cards_in(np.asarray(tensor, dtype=np.float32))
                assert shown <= allowed, shown - allowed
                looked += bool(shown)

    _random_game(f"{NAMES[game]}(players={players})", players, check)
    assert looked > 100


def test_a_small_durak_is_a_game_parameter() -> None:
    game = pyspiel.load_game("python_twentyone_durak(players=2,hand_size=3,bout_limit=2)")
    state = _random_game("python_twentyone_durak(players=2,hand_size=3,bout_limit=2)", 1)
    assert state.game.rules.hand_size == 3 and state.game.rules.bout_limit == 2
    assert game.num_distinct_actions() == codec("durak", 2).n_actions
    assert (game.min_utility(), game.max_utility()) == (-1.0, 0.0)


def test_without_the_extra_the_import_names_it() -> None:
    code = ("import sys; sys.modules['pyspiel'] = None\n"
            "try:\n    import twentyone.envs.openspiel\n"
            "except ImportError as exc:\n"
            "    print(type(exc).__name__, exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.startswith("ImportError twentyone.envs.openspiel needs the 'openspiel' extra"), out


def test_the_mccfr_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """A tiny run of ``examples/openspiel_mccfr.py`` (docs/games/envs.md's example)."""
    import runpy
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "examples" / "openspiel_mccfr.py"
    argv = sys.argv
    sys.argv = [str(example), "--iterations", "3", "--hands", "4"]
    try:
        runpy.run_path(str(example), run_name="__main__")
    finally:
        sys.argv = argv
    out = capsys.readouterr().out
    assert "3 MCCFR iterations" in out
    assert out.count("the durak in") == 2


def test_a_hand_past_its_move_limit_ends_with_nothing_paid(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import twentyone.envs.openspiel as spiel

    monkeypatch.setattr(spiel, "MAX_MOVES", 10)
    state = _random_game("python_twentyone_durak(players=4)", 3)
    assert state.moves == 10 and not state.game.hand_results()
    assert state.returns() == [0.0] * 4
