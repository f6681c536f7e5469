"""``twentyone verify`` checks every game's history by one path (ISSUE23, "one game core";
docs/games/protocol.md#checking-a-games-history): the game the history names is found in the
registry and played again through the protocol's ``apply``, each event checked, and the
history's seal (``protocol.seal``) is shown, so it can be compared with the seal shown for the
game."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.engine.shoe import RandomShuffler as TableShuffler
from twentyone.games.core.shuffle import RandomShuffler
from twentyone.games.registry import GAMES, ROOM_GAMES, TABLES
from twentyone.protocol import HOUSE
from twentyone.rules import PRESETS

runner = CliRunner()

#: Operations played before the history is taken: several rounds or hands of every game.
STEPS = 120


def played(name: str, seed: int) -> Any:
    """A game of ``name`` after ``STEPS`` operations each chosen at random among the legal
    ones (seeded, so the same game every run)."""
    rng = random.Random(seed)
    if name in GAMES:
        entry = GAMES[name]
        g: Any = entry.new(entry.players[0], RandomShuffler(random.Random(seed)))
    else:
        rules = PRESETS["classic"].to_mapping() if not TABLES[name].bank else {}
        g = TABLES[name].game(name, rules, TableShuffler(random.Random(seed)))
        for seat in (1, 2, 3):
            g.apply(g.operation({"op": "sit", "seat": seat, "bankroll": 100_000}))
    for _ in range(STEPS):
        offered = [op for s in (HOUSE, *g.seat_numbers) for op in g.legal(s)
                   if op.name != "leave"]
        if not offered:
            break
        g.apply(rng.choice(offered))
    return g


def canonical_seal(history: dict[str, Any]) -> str:
    """docs/games/protocol.md: SHA-256 over the history's JSON, keys sorted, no spaces."""
    text = json.dumps(history, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.mark.parametrize("name", list(ROOM_GAMES))
def test_verify_plays_every_games_history_again_and_shows_its_seal(tmp_path: Path,
                                                                   name: str) -> None:
    g = played(name, 7)
    history = g.history()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(history), encoding="utf-8")
    out = runner.invoke(app, ["verify", str(path), "--json"])
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["record"] == name
    assert result["seal"] == canonical_seal(history)
    if name in GAMES:
        assert result["hands"] == len(g.hand_results()) > 0
        assert result["operations"] == len(history["ops"])
    else:
        assert result["rounds"] == g.table.round > 0
    words = runner.invoke(app, ["verify", str(path)])
    assert words.exit_code == 0, words.output
    assert f"The {ROOM_GAMES[name].title} game" in words.output
    assert f"It is sealed {result['seal']}" in words.output.replace("\n", " ")


@pytest.mark.parametrize("name", list(ROOM_GAMES))
def test_the_seal_is_the_games_not_the_files_and_a_changed_game_is_refused(
        tmp_path: Path, name: str) -> None:
    """The same history written another way (indented, keys in another order) has the same
    seal; a changed event, a damaged record and a history naming another game are refused
    in words with status 1."""
    history = played(name, 3).history()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(history), encoding="utf-8")
    plain = json.loads(runner.invoke(app, ["verify", str(path), "--json"]).output)["seal"]
    path.write_text(json.dumps(dict(reversed(list(history.items())))), encoding="utf-8")
    again = runner.invoke(app, ["verify", str(path), "--json"])
    assert again.exit_code == 0 and json.loads(again.output)["seal"] == plain
    changed = json.loads(json.dumps(history))
    changed["events"][-1]["seat"] = 99
    broken = {k: v for k, v in history.items() if k != "shuffles"}
    other = {**history, "game": next(n for n in ROOM_GAMES if n != name)}
    for bad in (changed, broken, other):
        path.write_text(json.dumps(bad), encoding="utf-8")
        out = runner.invoke(app, ["verify", str(path)])
        assert out.exit_code == 1, out.output
        assert "Not verified" in out.output and "Traceback" not in out.output
