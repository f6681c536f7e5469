"""The shared core: histories replay (and refuse alterations), views hide other hands, the
runner's JSON shape, and the layering rule."""

from __future__ import annotations

import ast
import copy
import json
from pathlib import Path
from typing import Any

import pytest

from twentyone import errors
from twentyone.games.auto import make_bots, make_game, play_hand, play_many
from twentyone.games.core.errors import GameReplayError, GameRulesError
from twentyone.games.core.ops import OPS, op_from_json
from twentyone.games.durak import DurakRules
from twentyone.games.history import dumps, loads, replay, to_history

CASES = [("solo-whist", 4), ("durak", 3), ("president", 5)]
PACKAGE = Path(__file__).resolve().parents[2] / "src" / "twentyone" / "games"


def played(name: str, players: int, hands: int = 3, seed: int = 5) -> Any:
    g = make_game(name, players, seed)
    bots = make_bots(name, players, seed, None)
    for _ in range(hands):
        play_hand(g, bots)
    return g


@pytest.mark.parametrize(("name", "players"), CASES)
def test_history_replays_whole_games(name: str, players: int) -> None:
    g = played(name, players)
    again = loads(dumps(g))
    assert again.log == g.log and again.state() == g.state()


@pytest.mark.parametrize(("name", "players"), CASES)
def test_altered_history_refused(name: str, players: int) -> None:
    data = to_history(played(name, players, hands=1))
    bad_event = copy.deepcopy(data)
    bad_event["events"][-1]["kind"] = "something-else"
    bad_op = copy.deepcopy(data)
    bad_op["ops"][3]["seat"] = bad_op["ops"][3]["seat"] % players + 1
    bad_name = copy.deepcopy(data)
    bad_name["ops"][1]["op"] = "__init__"
    bad_shuffle = copy.deepcopy(data)
    bad_shuffle["shuffles"][0] = bad_shuffle["shuffles"][0][1:]
    for bad in (bad_event, bad_op, bad_name, bad_shuffle):
        with pytest.raises(GameReplayError) as info:
            replay(bad)
        assert isinstance(info.value, errors.ReplayError)
    with pytest.raises(GameReplayError):
        loads("not json")


def test_ops_registry_round_trip() -> None:
    assert set(OPS) == {"deal", "pass", "take", "play", "give", "bid", "name-trump"}
    g = played("solo-whist", 4, hands=1)
    for op in g.ops:
        assert op_from_json(json.loads(json.dumps(op.to_json()))) == op


@pytest.mark.parametrize(("name", "players"), CASES)
def test_views_hide_other_hands(name: str, players: int) -> None:
    g: Any = make_game(name, players, 3)
    g.apply(g.legal_ops(g.to_act)[0])
    spectator = g.view_json(None)
    assert spectator["hand"] is None
    for s in g.seats:
        v = g.view_json(s)
        assert v["hand"] == [x.code for x in g.hands[s]]
        others = {x.code for o in g.seats if o != s for x in g.hands[o]}
        public = {x for x in [v.get("turn_up"), v.get("trump_card")] if x}
        assert not (others & _codes(v)) - public


def _codes(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_codes(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_codes(v) for v in value)) if value else set()
    return set()


def test_rules_validated_and_round_trip() -> None:
    r = DurakRules(players=4)
    assert DurakRules.from_mapping(r.to_mapping()) == r
    with pytest.raises(GameRulesError):
        DurakRules.from_mapping({"players": 3, "jokers": 2})
    with pytest.raises(errors.RulesError):
        DurakRules(players=True)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_runner_json_shape(name: str, players: int) -> None:
    bots = ["heuristic"] + ["random"] * (players - 1)
    out = play_many(name, players, 4, 7, bots)
    assert json.loads(json.dumps(out)) == out
    assert out == play_many(name, players, 4, 7, bots)         # reproducible
    assert (out["game"], out["players"], out["games"], out["seed"]) == (name, players, 4, 7)
    assert sorted(out["seats"]) == [str(s) for s in range(1, players + 1)]
    seat = out["seats"]["1"]
    if name == "solo-whist":
        assert set(seat) == {"counters", "declared", "made", "contracts"}
        assert sum(s["counters"] for s in out["seats"].values()) == 0
    elif name == "durak":
        assert sum(s["durak"] for s in out["seats"].values()) + out["draws"] == 4
    else:
        assert sum(seat["titles"].values()) == 4


def test_runner_refuses_bad_arguments() -> None:
    with pytest.raises(errors.RulesError):
        play_many("poker", 4, 1, 1)
    with pytest.raises(errors.RulesError):
        play_many("durak", 9, 1, 1)
    with pytest.raises(errors.RulesError):
        play_many("durak", 2, 1, 1, ["heuristic"])
    with pytest.raises(errors.RulesError):
        play_many("durak", 2, 1, 1, ["heuristic", "clever"])


def test_layering_imports_only_ground_modules() -> None:
    """The card games import only twentyone.errors, twentyone.money, twentyone.cards and the
    game protocol from the rest of the package; only the blackjack adapters (games/blackjack),
    the registry that lists them, what a chip table shows beside the protocol (chipgame.py,
    beside the games so a front end reaches it without a game's package) and the records'
    reader (history.py, which replays every game's records and checks a deck against its
    commitment as a shoe's is checked) reach the casino engine and Pontoon."""
    allowed = {"twentyone.errors", "twentyone.money", "twentyone.cards", "twentyone.protocol",
               "twentyone"}
    for path in PACKAGE.rglob("*.py"):
        if "blackjack" in path.parts or path.name in ("registry.py", "history.py", "chipgame.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                mod = node.module
            elif isinstance(node, ast.Import):
                mod = node.names[0].name
            else:
                continue
            if mod.startswith("twentyone") and not mod.startswith("twentyone.games"):
                assert mod in allowed, f"{path.name} imports {mod}"
                if mod == "twentyone":
                    names = {a.name for a in node.names}
                    assert names <= {"errors", "money", "cards"}, path.name
