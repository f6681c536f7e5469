"""Records a player can read and records the house keeps (docs/casino.md#fair-play-and-records):
a player's history holds only what that seat saw and commitments to the shoes, opened only once a
shoe is finished; the house's record is a chain that any change, gap or reorder breaks."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.engine.bots import ChartBot
from twentyone.engine.records import (
    PlayerChain,
    Recording,
    read_lines,
    verify_house,
    verify_player,
)
from twentyone.engine.table import Phase, Table
from twentyone.errors import ReplayError
from twentyone.rules import PRESETS
from twentyone.strategy.play import CHARTS

#: One deck cut at half: a dozen rounds go through several shoes.
SHORT = PRESETS["single-deck"].replace(penetration=0.5, seats=3)


def game(seed: int, rounds: int, rules: Any = SHORT
         ) -> tuple[list[dict[str, Any]], dict[int, list[dict[str, Any]]], Table]:
    """Bots play ``rounds`` rounds at three seats, recorded; the house's lines, each seat's."""
    t = Table(rules, seed=seed)
    for n in (1, 2, 3):
        t.sit(n, 500 * 100)
    rec = Recording(t, [1, 2, 3])
    bot = ChartBot(CHARTS["rules-of-thumb"](rules))
    house: list[dict[str, Any]] = []
    players: dict[int, list[dict[str, Any]]] = {1: [], 2: [], 3: []}
    for _ in range(rounds):
        rec.round_started()
        for n in (1, 2, 3):
            t.bet(n, 1000)
        t.deal()
        while t.phase is not Phase.BETTING:
            to_act = t.to_act
            assert to_act is not None
            bot.act(t, to_act[0])
        lines = rec.round_ended()
        assert lines is not None
        h, p = lines
        house.append(h)
        for n, line in p.items():
            players[n].append(line)
    for n, line in rec.close().items():
        players[n].append(line)
    return house, players, t


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), rounds=st.integers(1, 14))
def test_both_records_verify(seed: int, rounds: int) -> None:
    house, players, t = game(seed, rounds)
    replayed = verify_house(house)
    assert replayed.round == t.round == rounds
    assert [replayed.bankroll(n) for n in (1, 2, 3)] == [t.bankroll(n) for n in (1, 2, 3)]
    for lines in players.values():
        check = verify_player(lines)
        assert check.rounds == rounds and check.shoes_opened >= 1 and check.cards_checked > 0


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), rounds=st.integers(1, 14))
def test_a_players_history_never_tells_a_card_to_come(seed: int, rounds: int) -> None:
    """While a shoe is in play, its order is in no line of a player's history: only the hash
    it was committed to. And no line names a card that seat did not see."""
    _, players, _ = game(seed, rounds)
    for seat, lines in players.items():
        in_play = 1
        for line in lines[:-1]:  # the last line closes the game
            opened = {o["shoe"] for o in line["opened"]}
            shuffles = sum(e["kind"] in ("shuffled", "refilled") for e in line["events"])
            assert in_play + shuffles not in opened  # the shoe still in play stays shut
            in_play += shuffles
            text = json.dumps(line)
            assert '"before"' not in text and '"shuffles"' not in text
            for e in line["events"]:
                if e["kind"] == "dealt" and "card" in e and e.get("seat") not in (seat, None):
                    assert e["face_up"]  # another seat's face-down card is never named
        assert lines[-1]["opened"]  # the end of the game opens the last shoe


def rechained(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A forger's copy: the lines numbered and chained again after an edit."""
    chain = PlayerChain()
    return [chain.link({k: v for k, v in line.items() if k not in ("seq", "prev")})
            for line in lines]


def test_the_cards_a_player_saw_are_checked_against_the_opened_shoe() -> None:
    """Even with the chain made again (only the seal the game showed would tell), a card that
    is not the shoe's is refused."""
    _, players, _ = game(5, 12)
    lines = copy.deepcopy(players[1])
    opened = next(line for line in lines if line["opened"])["opened"][0]
    opened["order"][5], opened["order"][6] = opened["order"][6], opened["order"][5]
    with pytest.raises(ReplayError, match="not the shoe committed to"):
        verify_player(rechained(lines))
    lines = copy.deepcopy(players[1])
    dealt = next(e for e in lines[0]["events"] if e["kind"] == "dealt" and "card" in e)
    dealt["card"] = "As" if dealt["card"] != "As" else "Ks"
    with pytest.raises(ReplayError, match="is not the one dealt"):
        verify_player(rechained(lines))
    lines = copy.deepcopy(players[1])
    hole = next(e for line in lines for e in line["events"]
                if e["kind"] == "turned" and "seat" not in e)  # the dealer's hole card
    hole["card"] = "As" if hole["card"] != "As" else "Ks"
    with pytest.raises(ReplayError, match="turned up for seat 0 was not dealt to it"):
        verify_player(rechained(lines))


def _drop_second_round(lines: list[dict[str, Any]]) -> None:
    del lines[1]


def _swap_rounds(lines: list[dict[str, Any]]) -> None:
    lines[1], lines[2] = lines[2], lines[1]


def _more_chips_in_a_snapshot(lines: list[dict[str, Any]]) -> None:
    lines[2]["history"]["before"]["seats"]["1"][3] += 4


def _rack_fills_changed(lines: list[dict[str, Any]]) -> None:
    lines[2]["history"]["before"]["rack"]["fills"] += 2500


def _a_rule_changed(lines: list[dict[str, Any]]) -> None:
    lines[1]["history"]["before"]["rules"]["hit_soft_17"] = False


def _an_event_changed(lines: list[dict[str, Any]]) -> None:
    lines[1]["history"]["events"][-2]["amount"] = 99_999


def _first_round_removed(lines: list[dict[str, Any]]) -> None:
    del lines[0]


FORGERIES = {
    "a round deleted": _drop_second_round,
    "two rounds swapped": _swap_rounds,
    "a seat's chips in a snapshot": _more_chips_in_a_snapshot,
    "the rack's fills": _rack_fills_changed,
    "a rule": _a_rule_changed,
    "an event": _an_event_changed,
    "the first round removed": _first_round_removed,
}


@pytest.mark.parametrize("how", list(FORGERIES))
def test_a_forged_house_record_is_refused(how: str) -> None:
    house, _, _ = game(9, 6)
    verify_house(house)
    forged = copy.deepcopy(house)
    FORGERIES[how](forged)
    with pytest.raises(ReplayError):
        verify_house(forged)


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_any_change_to_a_round_before_the_last_breaks_the_chain(data: st.DataObject) -> None:
    """Even a change the round itself would replay with (regenerated events, a reordered key)
    changes its hash, which the next round names."""
    house, _, _ = game(11, 5)
    forged = copy.deepcopy(house)
    line = forged[data.draw(st.integers(0, len(forged) - 2))]
    node: Any = line["history"]
    while isinstance(node, dict | list) and node:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = data.draw(st.sampled_from(keys))
        if not isinstance(node[key], dict | list) or not node[key]:
            node[key] = ["changed", node[key]]
            break
        node = node[key]
    with pytest.raises(ReplayError):
        verify_house(forged)


def test_a_truncated_or_binary_record_is_a_replay_error(tmp_path: Path) -> None:
    house, _, _ = game(3, 3)
    path = tmp_path / "h.jsonl"
    text = "\n".join(json.dumps(h) for h in house)
    path.write_text(text[: len(text) - 40], encoding="utf-8")
    with pytest.raises(ReplayError, match="line 3"):
        read_lines(path)
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(ReplayError):
        read_lines(path)
    path.write_text("[1, 2]\n", encoding="utf-8")
    with pytest.raises(ReplayError):
        read_lines(path)


def test_twentyone_verify_checks_both_kinds_of_record(tmp_path: Path) -> None:
    house, players, _ = game(4, 8)
    (tmp_path / "house.jsonl").write_text("\n".join(json.dumps(h) for h in house))
    (tmp_path / "mine.jsonl").write_text("\n".join(json.dumps(p) for p in players[2]))
    runner = CliRunner()
    out = runner.invoke(app, ["verify", str(tmp_path / "house.jsonl"), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["rounds"] == 8
    out = runner.invoke(app, ["verify", str(tmp_path / "mine.jsonl")])
    assert out.exit_code == 0 and "8 rounds" in out.output
    forged = house[:3] + house[4:]
    (tmp_path / "forged.jsonl").write_text("\n".join(json.dumps(h) for h in forged))
    out = runner.invoke(app, ["verify", str(tmp_path / "forged.jsonl")])
    assert out.exit_code == 1 and "Not verified" in out.output and "Traceback" not in out.output
