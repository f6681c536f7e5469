"""Pontoon's PettingZoo environment (docs/games/envs.md#blackjack-and-pontoon): PettingZoo's
API test passes at every number of players Pontoon is played by, the players choose their stakes
and the banker plays the bank's hand through the action mask, every seat is paid its change in
chips (they sum to nothing), and no observation holds a card its seat may not see."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from twentyone.cards import Card
from twentyone.engine.events import Kind
from twentyone.engine.views import visible_events
from twentyone.envs import InvalidActionError, card_game_env
from twentyone.envs.pontoon import BET_1, HIT, OFFSETS, STAND, PontoonEnv
from twentyone.errors import RulesError
from twentyone.pontoon.rules import MAX_PLAYERS, MIN_PLAYERS
from twentyone.protocol import HOUSE

Check = Callable[[PontoonEnv], None]


@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_pettingzoo_api_test_passes(players: int) -> None:
    api_test(PontoonEnv(players), num_cycles=300)


def _episode(env: PontoonEnv, rng: np.random.Generator, check: Check | None = None
             ) -> dict[str, float]:
    """One round of random legal moves from ``env``'s reset; ``check(env)`` after every move.
    The agents' total rewards."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if check is not None:
            check(env)
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.any(), agent
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return totals


def _ranks(cards: Iterable[Card]) -> Counter[int]:
    return Counter(int(c.rank) for c in cards)


def _block(obs: np.ndarray, name: str) -> Counter[int]:
    """A card part of the vector, back as the number of cards of each rank."""
    part = obs[OFFSETS[name]:OFFSETS[name] + 13]
    return Counter({r + 1: round(float(x) * 4) for r, x in enumerate(part) if x})


@pytest.mark.parametrize("players", [2, 5, 14])
def test_no_observation_holds_a_card_its_seat_may_not_see(players: int) -> None:
    """docs/games/envs.md#blackjack-and-pontoon: after every move of forty rounds, the bank's cards
    in every agent's vector are only those the round showed that seat (a player never sees
    the bank's face-down card), the other players' only those it was shown of theirs, and its
    own hand only cards it was dealt."""
    env = PontoonEnv(players)
    rng = np.random.default_rng(players)
    looked = {"bank": 0, "others": 0}

    def check(e: PontoonEnv) -> None:
        t = e.table
        assert t is not None
        for agent in e.possible_agents:
            seat = int(agent.rsplit("_", 1)[1])
            shown = [ev for ev in visible_events(t, seat)
                     if ev.card is not None and ev.kind in (Kind.DEALT, Kind.TURNED)]
            allowed = {"bank": {ev.card for ev in shown if ev.seat == HOUSE},
                       "others": {ev.card for ev in shown if ev.seat not in (HOUSE, seat)},
                       "hand": {ev.card for ev in shown if ev.seat in (
                           HOUSE if seat == t.banker else seat,)}}
            obs = e.observe(agent)["observation"]
            for name, cards in allowed.items():
                got, may = _block(obs, name), _ranks(c for c in cards if c is not None)
                assert got <= may, (agent, name, got, may)
                looked[name] = looked.get(name, 0) + bool(got)

    env.reset(seed=players)
    for _ in range(40):
        _episode(env, rng, check)
        env.reset()
    assert looked["bank"] > 20 and looked["others"] > 20


def test_every_seat_is_paid_its_change_in_chips() -> None:
    """The rewards are each seat's chips after the round less before, in chips, the banker's
    included: they sum to nothing, and over many rounds the bank changes hands."""
    env = PontoonEnv(4)
    rng = np.random.default_rng(5)
    env.reset(seed=5)
    paid_banker = 0
    for _ in range(150):
        t = env.table
        assert t is not None
        chip = env.prules.chip
        before = {n: t.bankroll(n) for n in t.seats}
        banker = t.banker
        totals = _episode(env, rng)
        assert totals == {f"seat_{n}": (t.bankroll(n) - before[n]) / chip for n in t.seats}
        assert sum(totals.values()) == 0
        paid_banker += totals[f"seat_{banker}"] != 0
        env.reset()
    assert paid_banker > 50
    assert env.table is not None and env.table.bank_changes > 0


def test_players_choose_their_stakes_and_the_banker_plays_the_bank() -> None:
    """From the banker's left each player stakes 1 to the limit in chips (the chosen stake is
    the hand's bet); the banker never stakes, and draws or stands on the bank's own hand."""
    env = PontoonEnv(3, limit=4)
    env.reset(seed=2)
    t = env.table
    assert t is not None and t.banker is not None
    order = list(t.players())
    assert t.banker not in order
    for k, seat in zip((3, 1), order, strict=True):
        assert env.agent_selection == f"seat_{seat}"
        mask = env.observe(env.agent_selection)["action_mask"]
        assert mask.tolist() == [0, 0, 0, 0, 1, 1, 1, 1]
        env.step(BET_1 + k - 1)
    bets = {e.seat: e.amount // env.prules.chip for e in t.log if e.kind is Kind.BET}
    assert bets == dict(zip(order, (3, 1), strict=True))
    rng = np.random.default_rng(0)
    banker_moved = False
    while not all(env.terminations.values()):
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        if agent == f"seat_{t.banker}":
            assert mask[BET_1:].sum() == 0 and set(np.flatnonzero(mask)) <= {STAND, HIT}
            banker_moved = True
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert banker_moved or t.dealer.natural or all(
        h.settled for s in t.seats.values() for h in s.hands)


def test_an_action_outside_the_mask_is_refused_and_changes_nothing() -> None:
    env = PontoonEnv(4)
    env.reset(seed=3)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    bad: list[Any] = [STAND, HIT, -1, 10_000, None, "4", 4.0, True]
    for action in bad:
        with pytest.raises(InvalidActionError, match="not legal"):
            env.step(action)
    assert env.agent_selection == agent
    assert env.observe(agent)["action_mask"].tolist() == mask.tolist()
    assert env.table is not None and not any(s.hands for s in env.table.seats.values())


@pytest.mark.parametrize("kwargs", [{"players": 1}, {"players": 15}, {"players": "4"},
                                    {"limit": 0}, {"limit": 2.5}])
def test_bad_settings_are_a_rules_error(kwargs: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        PontoonEnv(**kwargs)  # type: ignore[arg-type]


def test_card_game_env_serves_pontoon() -> None:
    env = card_game_env("pontoon", 5)
    assert isinstance(env, PontoonEnv)
    assert env.possible_agents == [f"seat_{n}" for n in range(1, 6)]
