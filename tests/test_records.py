"""Records a player can read and records the house keeps (docs/casino.md#fair-play-and-records):
a player's history holds only what that seat saw and commitments to the shoes, opened only once a
shoe is finished; the house's record is a chain that any change, gap or reorder breaks."""

from __future__ import annotations

import contextlib
import copy
import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from engine_kit import stack_for, stacked
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.engine.bots import ChartBot
from twentyone.engine.records import (
    PlayerChain,
    Recording,
    check_house,
    iter_lines,
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


# --- a player's history: money, order and completeness (docs/casino.md#fair-play-and-records) --


def _bet_line(lines: list[dict[str, Any]]) -> int:
    return next(i for i, line in enumerate(lines) if any(
        e["kind"] == "bet" and e.get("seat") == 1 for e in line["events"]))


def _bet_raised(lines: list[dict[str, Any]]) -> None:
    line = lines[_bet_line(lines)]
    bet = next(e for e in line["events"] if e["kind"] == "bet" and e.get("seat") == 1)
    bet["amount"] += 500


def _payout_raised(lines: list[dict[str, Any]]) -> None:
    settled = next(e for line in lines for e in line["events"]
                   if e["kind"] == "settled" and e.get("seat") == 1)
    settled["amount"] += 1000


def _chips_raised(lines: list[dict[str, Any]]) -> None:
    lines[1]["chips"]["to"] += 1000


TAMPERINGS = {
    "a bet changed": (_bet_raised, "on a bet of 1500"),
    "a payout changed": (_payout_raised, "hand settled .* on a bet of 1000"),
    "the chips after a round changed": (_chips_raised, "line 2: the seat's bets and what they "
                                                       "were paid come to"),
    "a line dropped": (lambda lines: lines.pop(2), "line 3 is numbered 4"),
    "the first line dropped": (lambda lines: lines.pop(0), "line 1 is numbered 2"),
    "two lines swapped": (lambda lines: lines.insert(1, lines.pop(2)), "line 2 is numbered 3"),
    "a line repeated": (lambda lines: lines.insert(2, lines[1]), "line 3 is numbered 2"),
}


@pytest.mark.parametrize("how", list(TAMPERINGS))
def test_a_tampered_player_history_is_refused_in_words(how: str) -> None:
    _, players, _ = game(5, 6)
    lines = copy.deepcopy(players[1])
    verify_player(lines)
    change, said = TAMPERINGS[how]
    change(lines)
    with pytest.raises(ReplayError, match=said):
        verify_player(lines)


def test_a_forger_who_chains_the_lines_again_is_caught_by_the_money_or_the_seal() -> None:
    """Numbering and chaining the lines again makes a changed history hang together; then each
    hand's result must still fit its bet, the chips must come to what the bets were paid, and
    the seal is no longer the game's."""
    _, players, _ = game(5, 6)
    seal = verify_player(players[1]).seal
    lines = copy.deepcopy(players[1])
    _chips_raised(lines)
    lines[2]["chips"]["from"] += 1000
    with pytest.raises(ReplayError, match="line 2: the seat's bets"):
        verify_player(rechained(lines))
    for change in (_bet_raised, _payout_raised):
        lines = copy.deepcopy(players[1])
        change(lines)
        with pytest.raises(ReplayError, match="on a bet of"):
            verify_player(rechained(lines))
    lines = copy.deepcopy(players[1])
    lines[2]["events"] = [e for e in lines[2]["events"] if e["kind"] != "hit"]
    assert verify_player(rechained(lines[:-1])).seal != seal


def test_a_history_cut_short_says_the_game_had_not_ended(tmp_path: Path) -> None:
    _, players, _ = game(5, 4)
    path = tmp_path / "mine.jsonl"
    path.write_text("\n".join(json.dumps(p) for p in players[1][:-1]))
    out = CliRunner().invoke(app, ["verify", str(path)])
    assert out.exit_code == 0 and "had not ended" in out.output


# --- verify never fails on what it is given (docs/casino.md#fair-play-and-records) -------------

JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=4)
                    | st.floats(allow_nan=False),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)


def _damage(data: st.DataObject, line: Any) -> None:
    """Replace one node anywhere in ``line`` by any JSON value."""
    node = line
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = data.draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, dict | list) and child and data.draw(st.booleans()):
            node = child
            continue
        node[key] = data.draw(JSON)
        return


@settings(max_examples=60, deadline=None)
@given(data=st.data(), house=st.booleans())
def test_a_damaged_record_is_refused_in_words_never_a_crash(data: st.DataObject,
                                                            house: bool) -> None:
    """Wrong-typed fields (``operations: 5``), a shifted place in the shoe, any value anywhere:
    ``verify`` answers a ``ReplayError`` (or verifies what is still a record)."""
    h, players, _ = game(7, 5)
    lines = copy.deepcopy(h if house else players[1])
    _damage(data, data.draw(st.sampled_from(lines)))
    with contextlib.suppress(ReplayError):
        (verify_house if house else verify_player)(lines)


@pytest.mark.parametrize("change", [
    lambda h, p: h[0]["history"].update(operations=5),
    lambda h, p: h[0]["history"].update(events={"kind": "dealt"}),
    lambda h, p: h[1]["history"]["shuffles"].append(7),
    lambda h, p: p[1]["starts"].update(pos=10**6),
    lambda h, p: p[1]["starts"].update(pos=-3),
    lambda h, p: next(e for e in p[0]["events"] if "card" in e).update(deck=1e308),
    lambda h, p: p[0]["committed"][0].update(shoe=float("inf")),
])
def test_the_reported_damages_are_replay_errors(change: Any) -> None:
    h, players, _ = game(5, 12)
    h, p = copy.deepcopy(h), rechained(copy.deepcopy(players[1]))
    change(h, p)
    with pytest.raises(ReplayError):
        verify_house(h)
        verify_player(rechained(p))


def test_deep_nesting_is_refused_in_words(tmp_path: Path) -> None:
    path = tmp_path / "deep.jsonl"
    for text in ('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}",
                 '{"a": ' + "[" * 500 + "]" * 500 + "}"):
        path.write_text(text + "\n")
        with pytest.raises(ReplayError, match="nested deeper"):
            read_lines(path)
        out = CliRunner().invoke(app, ["verify", str(path)])
        assert out.exit_code == 1 and "nested deeper" in out.output
        assert "Traceback" not in out.output


def test_verify_reads_a_long_record_a_line_at_a_time(tmp_path: Path) -> None:
    """The record is streamed: checking it holds about one round at a time, not the file."""
    house, _, _ = game(3, 60)
    path = tmp_path / "house.jsonl"
    path.write_text("".join(json.dumps(h) + "\n" for h in house))
    size = path.stat().st_size
    tracemalloc.start()
    try:
        check_house(iter_lines(path))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2 * size


@pytest.mark.parametrize(("hole", "play"), [("Ks", "insure"), ("5s", "insure"),
                                             ("5s", "surrender"), ("Ks", "even_money")])
def test_insurance_even_money_and_surrender_add_up(hole: str, play: str) -> None:
    """docs/casino.md#insurance-and-even-money, docs/casino.md#surrendering: the money check
    knows every way a casino hand is settled."""
    rules = PRESETS["classic"].replace(surrender="late")
    hand = ("As", "Kd") if play == "even_money" else ("10s", "6d")
    t = stacked(rules, stack_for(rules, [hand], "Ah", hole))
    t.sit(1, 50_000)
    rec = Recording(t, [1])
    rec.round_started()
    t.bet(1, 2000)
    t.deal()
    if play == "even_money":
        t.even_money(1)
    else:
        t.insure(1) if play == "insure" else t.decline(1)
        if play == "surrender" and t.phase is not Phase.BETTING:
            t.surrender(1)
    while t.phase is not Phase.BETTING:
        t.stand(1)
    lines = rec.round_ended()
    assert lines is not None
    (mine,) = lines[1].values()
    assert verify_player([mine]).rounds == 1
    settled = [e for e in mine["events"] if "settled" in e["kind"] and e.get("seat") == 1]
    assert settled
    settled[-1]["amount"] += 100
    with pytest.raises(ReplayError, match=r"settled|come to"):
        verify_player(rechained([mine]))


def test_an_unchained_history_of_the_old_format_is_refused_in_words(tmp_path: Path) -> None:
    """A history written before its lines were chained could be edited unseen: it is refused,
    naming its format, rather than half-checked."""
    _, players, _ = game(5, 3)
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps({**line, "format": "twentyone-player-history/1"}) + "\n"
                            for line in players[1]))
    out = CliRunner().invoke(app, ["verify", str(path)])
    assert out.exit_code == 1 and "twentyone-player-history/1" in out.output
    assert "Traceback" not in out.output
