"""The hand-signal drills (docs/training.md, docs/dealing.md#hand-signals): "read the signal"
for dealers, "give the signal" for players. Headless through the JSON contract, at the terminal
with Textual's pilot, and the drawings themselves: a drawing never names its decision, each
signal is drawn unlike the others of its game, and the signals that are movements move."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_train_tui import flat, play, stored
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.engine.signals import Decision, SignalStyle, signal
from twentyone.rules import PRESETS
from twentyone.train.core import Item
from twentyone.train.registry import make_drill
from twentyone.train.signals import BECKON, SEEN, drawing
from twentyone.train.store import Store


@pytest.fixture(autouse=True)
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWENTYONE_TRAIN_DIR", str(tmp_path))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open("pat", tmp_path) as s:
        yield s


def headless(args: list[str], answers: list[Any]) -> list[dict[str, Any]]:
    stdin = "".join(json.dumps({"answer": a}) + "\n" for a in answers)
    res = CliRunner().invoke(app, ["train", *args], input=stdin)
    assert res.exit_code == 0, res.output
    return [json.loads(x) for x in res.stdout.strip().splitlines()]


def items_of(name: str, n: int, seed: int, rules: str = "classic",
             options: dict[str, str] | None = None) -> list[Item]:
    drill = make_drill(name, PRESETS[rules], rules, options)
    stream = drill.items(random.Random(seed))
    return [next(stream) for _ in range(n)]


def test_read_the_signal_headless_right_and_wrong() -> None:
    """`train signals --seed S --items K --json`: each item a drawn signal with its game; the
    decision answers it, by word or by number; the grade line counts the right ones."""
    first = items_of("signals", 4, 7)
    answers: list[Any] = [first[0].secret["decision"],
                          first[1].shown["choices"].index(first[1].secret["decision"]) + 1,
                          "surrender-not", first[3].secret["decision"].upper()]
    lines = headless(["signals", "--seed", "7", "--items", "4", "--json"], answers)
    items, last = lines[:-1], lines[-1]
    assert [i["id"] for i in items] == [i.id for i in first]
    for line in items:
        assert line["drill"] == "signals" and line["game"] in ("classic", "pitch")
        assert line["svg"].startswith("<svg") and "decision" not in line
        assert line["choices"] == ["hit", "stand", "double", "split"]  # classic: no surrender
    assert [g["correct"] for g in last["items"]] == [True, True, False, True]
    assert last["correct"] == 3


def test_give_the_signal_headless() -> None:
    """`train signals-give`: a decision and four drawings of one game's signals; the number of
    the drawing that gives it answers."""
    first = items_of("signals-give", 3, 2, "six-deck-h17-ls")
    right = [int(i.secret["answer"]) for i in first]
    lines = headless(["signals-give", "--rules", "six-deck-h17-ls", "--seed", "2", "--items",
                      "3", "--json"], [right[0], right[1] % 4 + 1, str(right[2])])
    items, last = lines[:-1], lines[-1]
    for line in items:
        assert len(line["drawings"]) == len(line["choices"]) == 4
        assert all(d.startswith("<svg") for d in line["drawings"])
        assert SEEN[SignalStyle(line["game"]), Decision(line["decision"])] in line["choices"]
    assert [g["correct"] for g in last["items"]] == [True, False, True]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["classic", "six-deck-h17-ls", "single-deck"]))
def test_an_item_never_names_its_answer(seed: int, rules: str) -> None:
    """Whatever is shown (the drawing, its words, the game) never says the decision: only the
    choices do. Surrender is offered only where the rules offer it."""
    for item in items_of("signals", 5, seed, rules):
        decision = item.secret["decision"]
        shown = {k: v for k, v in item.shown.items() if k != "choices"}
        words = json.dumps(shown).lower()
        for d in Decision:
            assert f'"{d.value}"' not in words and f" {d.value}s " not in words, (d, words)
        assert ("surrender" in item.shown["choices"]) == (rules == "six-deck-h17-ls")
        assert decision in item.shown["choices"]


@pytest.mark.parametrize("game", list(SignalStyle))
def test_each_signal_is_drawn_unlike_the_others_and_movements_move(game: SignalStyle) -> None:
    """docs/dealing.md#hand-signals: a dealer tells the signals apart at a glance, so no two
    decisions of one game share a drawing; a signal that is a movement is animated."""
    drawn = {d: drawing(game, d, ("8h", "8s")) for d in Decision}
    assert len(set(drawn.values())) == len(Decision)
    for d, svg in drawn.items():
        assert ("<animate" in svg) == signal(game, d).motion, (game, d)
    beckon = drawing(game, Decision.HIT, ("8h", "8s"), beckon=True)
    # The classic hit's other form: unlike every other signal, moving.
    if game is SignalStyle.CLASSIC:
        assert beckon not in drawn.values() and "<animate" in beckon


def test_the_game_option_keeps_to_one_game() -> None:
    """`--opt game=pitch`: only the pitch game's signals."""
    assert {i.shown["game"] for i in items_of("signals", 30, 3, options={"game": "pitch"})} \
        == {"pitch"}
    assert {i.shown["game"] for i in items_of("signals", 30, 3)} == {"classic", "pitch"}
    assert {i.shown["game"] for i in items_of("signals", 30, 3, "six-deck-h17-ls")} \
        == {"shoe", "pitch"}


@pytest.mark.parametrize("name", ["signals", "signals-give"])
def test_the_classic_rules_hit_is_drilled_as_a_scratch_and_as_a_beckon(name: str) -> None:
    """docs/dealing.md#hand-signals, docs/casino.md#hit_signal: at the classic table a player
    asks for a card by scratching the felt towards them or by beckoning ("Come here!"); both
    drills show both, and never the tap of other shoe tables."""
    items = items_of(name, 120, 5, options={"game": "shoe"})
    words = " ".join(json.dumps(i.shown, ensure_ascii=False) for i in items)
    assert SEEN[SignalStyle.CLASSIC, Decision.HIT] in words and BECKON in words
    assert "taps the felt" not in words and SEEN[SignalStyle.SHOE, Decision.HIT] not in words


def test_read_the_signal_at_the_terminal(store: Store) -> None:
    """At the terminal the signal is said in words (it cannot be drawn), the choices are keys,
    and the answers go to the store like any drill's."""
    def keys(item: Item) -> list[str]:
        right = item.shown["choices"].index(item.secret["decision"]) + 1
        return [str(right if item.id != "signal-2" else right % 4 + 1)]

    played = play("signals", keys, 3, store=store, seed=5)
    for item, text in zip(played.items, played.asked, strict=True):
        assert str(item.shown["seen"])[:40] in flat(text)  # (the rest may wrap)
        assert "Which decision is the player giving?" in flat(text)
    assert ["✓ RIGHT" in flat(t) for t in played.graded] == [True, False, True]
    assert [c for _, c, _, _ in stored(store)] == [True, False, True]


def test_the_signals_missed_come_more_often() -> None:
    """With the profile's miss rates the drill deals the missed signals more often (the store's
    cells are "shoe hit", "pitch stand"…): one always missed against all others always right."""
    drill = make_drill("signals", PRESETS["classic"], "classic")
    drill.focus = {f"{g} {d}": 0.0 for g in SignalStyle for d in Decision}
    drill.focus["pitch split"] = 1.0
    stream = drill.items(random.Random(11))
    keys = [next(stream).key for _ in range(400)]
    # Eight cells: unweighted, one in eight would be pitch split; weighted, one in ~4.5.
    assert keys.count("pitch split") > 400 / 6
