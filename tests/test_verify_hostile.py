"""Issue 34 items 12 (``verify``'s part), 14, 15 and 16: a record or an operation made to break the
checker is refused in words, never a traceback, and a history's one canonical form.

- the protocol's games given ``None``, an object, text or a number as an operation: a typed
  refusal from ``apply``, ``verify`` and ``operation`` alike;
- ``games.history.loads`` given JSON nested past Python's parser or holding a number longer
  than Python reads: a ``GameReplayError``;
- a legal operation made with seat ``1.0`` (or ``True``): refused, so a game's record never holds
  a seat that replays as another, and the seal shown live is the one ``verify`` prints;
- ``twentyone verify`` on every kind of record holding a 5,000-digit number, and on a file of one
  line longer than any record: "Not verified", in words;
- a game's history pretty-printed: verified, with the seal of its one-line form
  (docs/games/protocol.md#checking-a-games-history: the seal does not depend on the layout).
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_records import game as house_game
from test_verify_games import canonical_seal, played
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.engine.records import iter_lines
from twentyone.errors import ReplayError, TableError, TwentyOneError
from twentyone.games.history import loads, replay_record
from twentyone.games.registry import ROOM_GAMES
from twentyone.pontoon.history import game_history
from twentyone.pontoon.table import PontoonRules, PontoonTable
from twentyone.protocol import HOUSE, seal

runner = CliRunner()

#: What a client may send where an operation belongs.
NOT_OPERATIONS: tuple[object, ...] = (None, {}, "hit", 5, 10 ** 30, 1.5, [], {"op": None},
                                      {"op": "deal", "seat": "1"}, {"op": "hit", "seat": 10 ** 40})

#: A whole number of 5,000 digits: Python reads no more than 4,300 into an ``int``.
LONG = "9" * 5000


@pytest.mark.parametrize("name", list(ROOM_GAMES))
def test_issue34_a_game_given_what_is_no_operation_refuses_it_in_words(name: str) -> None:
    g = played(name, 5)
    before = json.dumps(g.history())
    for thing in NOT_OPERATIONS:
        for how in (g.apply, g.verify):
            with pytest.raises(TwentyOneError):
                how(thing)
        try:
            op = g.operation(thing)
        except TwentyOneError:
            continue
        with pytest.raises(TwentyOneError):  # read (a seat of 40 digits), then refused
            g.apply(op)
    assert json.dumps(g.history()) == before


@pytest.mark.parametrize("name", list(ROOM_GAMES))
def test_issue34_a_seat_of_another_kind_is_refused_so_the_live_seal_is_verifys(
        name: str) -> None:
    """``Play(1.0, ...)`` was accepted (1.0 == 1) and recorded as 1.0; the history's seal then
    differed from the one ``verify`` found replaying it (which reads the seat as 1)."""
    g = played(name, 11)
    offered = [op for s in (HOUSE, *g.seat_numbers) for op in g.legal(s)
               if hasattr(op, "seat")]
    assert offered
    for op in offered:
        for seat in (float(op.seat), True if op.seat == 1 else str(op.seat)):
            with pytest.raises(TableError):
                dataclasses.replace(op, seat=seat)
            with pytest.raises(TwentyOneError):
                g.operation({**op.to_json(), "seat": seat})
    g.apply(offered[0])
    history = g.history()
    assert seal(history) == replay_record(json.loads(json.dumps(history))).seal


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000,
                                  '{"format": "twentyone-games-history/1", "game": ' + LONG + "}",
                                  '{"game": "durak", "rules": {"players": ' + LONG + "}}",
                                  "[1e999]", '"a"'])
def test_issue34_loads_refuses_what_python_cannot_read_in_words(text: str) -> None:
    with pytest.raises(ReplayError):
        loads(text)


# --- twentyone verify on hostile files ------------------------------------------------------


def _records(tmp_path: Path) -> dict[str, str]:
    """A file of every kind ``verify`` reads, each verified as it stands: the house's record, a
    player's history, Pontoon's own history and every game's protocol history."""
    house, players, _ = house_game(4, 4)
    texts = {"house": "".join(json.dumps(h) + "\n" for h in house),
             "player": "".join(json.dumps(p) + "\n" for p in players[1])}
    pontoon = played("pontoon", 9)
    assert isinstance(pontoon.table, PontoonTable)
    texts["pontoon-own"] = json.dumps(game_history(pontoon.table)) + "\n"
    for name in ROOM_GAMES:
        texts[name] = json.dumps(played(name, 9).history()) + "\n"
    return texts


def _verify(path: Path) -> Any:
    return runner.invoke(app, ["verify", str(path)])


def test_issue34_verify_of_a_5000_digit_number_in_any_record_is_refused_in_words(
        tmp_path: Path) -> None:
    """Every whole number in a record of each kind, one at a time where the record has few, is
    replaced by 5,000 nines: "Not verified", in words."""
    for kind, text in _records(tmp_path).items():
        path = tmp_path / f"{kind}.jsonl"
        path.write_text(text, encoding="utf-8")
        assert _verify(path).exit_code == 0, (kind, _verify(path).output)
        numbers = [m.start() for m in re.finditer(r"(?<![\w.\"])\d+(?![\w.\"])", text)]
        assert numbers, kind
        for at in numbers[:: max(1, len(numbers) // 12)]:
            end = re.match(r"\d+", text[at:])
            assert end is not None
            path.write_text(text[:at] + LONG + text[at + end.end():], encoding="utf-8")
            out = _verify(path)
            assert out.exit_code == 1, (kind, at, out.output)
            assert "Not verified" in out.output and "Traceback" not in out.output
            assert "longer than any record" in out.output


def test_issue34_verify_reads_no_line_past_the_longest_record(tmp_path: Path) -> None:
    """A file of one line with no newline is read up to the longest line a record may hold,
    then refused: never held whole (the issue's was a gigabyte)."""
    path = tmp_path / "one-line.jsonl"
    path.write_text('{"format": "' + "x" * 5000, encoding="utf-8")
    with pytest.raises(ReplayError, match="longer than any record"):
        list(iter_lines(path, max_line=4096))
    with path.open("a", encoding="utf-8") as f:
        f.write('"}')
    assert next(iter_lines(path, max_line=8192))["format"] == "x" * 5000


def test_issue34_verify_bounds_a_line_of_the_default_length(tmp_path: Path) -> None:
    """The command itself: a line past ``MAX_LINE`` (64 MiB) is refused in words."""
    from twentyone.engine import records

    path = tmp_path / "huge.jsonl"
    with path.open("w", encoding="utf-8") as f:
        f.write('{"format": "')
        f.write("x" * (records.MAX_LINE + 10))
    out = _verify(path)
    assert out.exit_code == 1, out.output
    assert "longer than any record" in out.output and "Traceback" not in out.output


@pytest.mark.parametrize("name", list(ROOM_GAMES))
def test_issue34_a_pretty_printed_history_verifies_with_the_same_seal(
        tmp_path: Path, name: str) -> None:
    history = played(name, 4).history()
    path = tmp_path / "pretty.json"
    path.write_text(json.dumps(history, indent=2), encoding="utf-8")
    out = runner.invoke(app, ["verify", str(path), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["seal"] == canonical_seal(history)
    path.write_text(json.dumps(history, indent=2)[:-40], encoding="utf-8")
    cut = _verify(path)
    assert cut.exit_code == 1 and "Not verified" in cut.output


def test_issue34_a_pretty_printed_pontoon_history_of_its_own_format_verifies(
        tmp_path: Path) -> None:
    t = PontoonTable(PontoonRules(players=3), seed=2)
    for n in (1, 2, 3):
        t.sit(n, 2000)
    t.draw_for_bank()
    path = tmp_path / "pontoon.json"
    path.write_text(json.dumps(game_history(t), indent=1), encoding="utf-8")
    out = _verify(path)
    assert out.exit_code == 0, out.output


def test_issue34_replaying_a_card_game_compares_each_event_a_bounded_number_of_times(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``verify``'s replay is linear in a game's length (benchmarks/bench_verify.py times it):
    counted, not timed, each recorded event is compared with the replayed one at most twice
    (after its operation, and once more with the whole log at the end), however long the game.
    Comparing the whole log after every operation, as it once did, compares each event once
    per later operation: hundreds of times in a game of eight hands."""
    from twentyone.games.auto import make_bots, make_game, play_hand
    from twentyone.games.core import events

    compared = [0]
    plain = events.Event.__eq__

    def counting(self: events.Event, other: object) -> bool:
        compared[0] += 1
        return plain(self, other)

    for hands in (4, 8):
        g = make_game("durak", 4, 1)
        bots = make_bots("durak", 4, 1, None)
        for _ in range(hands):
            play_hand(g, bots)
        data = g.history()
        compared[0] = 0
        with monkeypatch.context() as m:
            m.setattr(events.Event, "__eq__", counting)
            replay_record(data)
        assert 0 < compared[0] <= 2 * len(data["events"]), (hands, compared[0])
