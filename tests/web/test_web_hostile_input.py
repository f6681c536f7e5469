"""What a hostile client types is refused in words and changes nothing: JSON nested two thousand
deep, on ``POST /api/rooms``, on a websocket and on the trainers' API
(docs/web.md#what-one-server-withstands); a name holding a control or direction-changing
character, at a blackjack table and at a card room (docs/web.md#joining); and a name a spreadsheet
would run as a formula, in both CSV downloads (docs/web.md#downloads)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from card_kit import ask, card_room
from web_kit import party

from twentyone.web.downloads import ledger_csv, sheet_csv
from twentyone.web.protocol import MAX_FRAME_BYTES, read_frame, unseen
from twentyone.web.roomcore import Actor, Role
from twentyone.web.store import LedgerRow, SqliteStore

DEEP = "[" * 2000 + "]" * 2000


def test_deep_json_for_a_new_room_is_refused_in_words(tmp_path: Path) -> None:
    with party(tmp_path / "l.sqlite3") as p:
        for body in (DEEP, '{"game": ' + DEEP + "}", "1" * 5000, "{" * 20_000):
            answer = p.client.post("/api/rooms", content=body,
                                   headers={"content-type": "application/json"})
            assert answer.status_code == 400, answer.text
            assert answer.json()["error"] == "RequestError"
            assert "not JSON" in answer.json()["message"] or "at most" in \
                answer.json()["message"]
        huge = p.client.post("/api/rooms", content=b" " * (1 << 20))
        assert huge.status_code == 400 and "at most 16 KiB" in huge.json()["message"]


def test_deep_json_on_a_websocket_is_answered_and_the_connection_stays(tmp_path: Path) -> None:
    """The frame fits the size limit (4,000 bytes), so it is the nesting that is refused: an
    error frame, and the same connection then sits down."""
    assert len(DEEP) <= MAX_FRAME_BYTES
    with party(tmp_path / "l.sqlite3") as p:
        bea = p.join()
        bea.ws.send_text(DEEP)
        refused = bea.receive()
        assert refused["type"] == "error" and refused["error"] == "RequestError"
        assert "not JSON" in refused["message"]
        bea.ws.send_text('{"type": "op", "id": "x", "op": "sit", "name": ' + DEEP[:1800]
                         + DEEP[2200:] + "}")
        assert bea.receive()["type"] == "error"
        assert p.sit(bea, "Bea", 10_000)["ok"] is True


def test_a_deep_hello_is_refused_in_words_with_a_close_frame(tmp_path: Path) -> None:
    with party(tmp_path / "l.sqlite3") as p, p.client.websocket_connect(f"/ws/{p.code}") as ws:
        ws.send_text(DEEP)
        refused = ws.receive_json()
        assert refused["type"] == "error" and "not JSON" in refused["message"]
        assert ws.receive()["type"] == "websocket.close"


def test_deep_json_to_the_trainers_is_refused_in_words(tmp_path: Path) -> None:
    with party(tmp_path / "l.sqlite3") as p:
        answer = p.client.post("/api/train/sessions", content=DEEP,
                               headers={"content-type": "application/json"})
        assert answer.status_code == 400 and answer.json()["error"] == "TrainingError"


BAD_NAMES = ["Bea\x00", "\u202eaeB", "Bea\u2066x\u2069", "A\u200fB", "Bea\nBob", "Bea\x1b[31m",
             "B\u2028ea", "B\ufeffea", "B\u200bea", "\ud800Bea", "B\U000e0041ea"]


@pytest.mark.parametrize("name", BAD_NAMES, ids=[f"U+{ord(next(c for c in n if unseen(c))):04X}"
                                                  for n in BAD_NAMES])
def test_a_name_with_a_control_or_direction_character_is_refused_and_nothing_written(
        tmp_path: Path, name: str) -> None:
    """docs/web.md#joining: a name is shown to everyone and written into the ledger;
    one holding NUL, a right-to-left override or isolate, an invisible character or a line
    break is refused in words, and the seat stays empty in the room and in its ledger."""
    with party(tmp_path / "l.sqlite3") as p:
        bea = p.join()
        refused = p.sit(bea, name, 10_000)
        assert refused["type"] == "error" and refused["error"] == "RequestError"
        assert "control or direction-changing" in refused["message"]
        assert name.strip() not in p.client.get(f"/api/rooms/{p.code}").text
        assert p.room.people == {}
        assert p.room.store.ledger(p.code) == []
        assert p.sit(bea, "Bea", 10_000)["ok"] is True


def test_names_people_write_are_let_in() -> None:
    """Names in any script, with accents, emoji joined by a zero-width joiner and a Persian
    name's non-joiner, are names."""
    for name in ("Zoë", "José María", "Дмитрий", "نیلوفر", "می\u200cخواهم", "👩\u200d👩\u200d👧",
                 "李小龙", "O'Brien-Smith"):
        assert unseen(name) is None, name


def test_a_card_room_refuses_the_same_names(tmp_path: Path) -> None:
    room = card_room(SqliteStore(tmp_path / "c.sqlite3"), "durak", 2, seed=1)
    for name in BAD_NAMES:
        reply = ask(room, Actor(Role.SPECTATOR), "sit", name=name)
        assert reply["type"] == "error" and "control or direction" in reply["message"], name
    assert room.people == {}
    assert ask(room, Actor(Role.SPECTATOR), "sit", name="Bea").get("ok")


@pytest.mark.parametrize("name", ["=1+2", "+SUM(A1)", "-2+3", "@SUM(A1)", "\t=1", "\r=1",
                                  "\uff1d1+2"])
def test_no_csv_cell_starts_a_formula(name: str) -> None:
    """Both CSV downloads, the ledger and a card room's score sheet, write text a spreadsheet
    would run as a formula with a leading apostrophe; numbers stay numbers."""
    ledger = ledger_csv([LedgerRow(1, name, "buy-in", 10_000, 0),
                         LedgerRow(1, name, "round", -500, 1)])
    rows = list(csv.reader(io.StringIO(ledger)))
    assert rows[1][3] == "'" + name and rows[2][3] == "'" + name
    assert rows[2][4:] == ["-500", "-5.00"]
    sheet = list(csv.reader(io.StringIO(sheet_csv(["hand", name], [[1, name], [2, -3]]))))
    assert sheet == [["hand", "'" + name], ["1", "'" + name], ["2", "-3"]]


def test_the_ledger_download_writes_a_formula_name_as_text(tmp_path: Path) -> None:
    with party(tmp_path / "l.sqlite3") as p:
        bea = p.join()
        assert p.sit(bea, "=HYPERLINK(1)", 10_000)["ok"] is True
        text = p.client.get(f"/api/rooms/{p.code}/ledger.csv",
                            params={"token": p.host_token}).text
        assert "'=HYPERLINK(1)" in text
        assert all(not cell.startswith("=") for row in csv.reader(io.StringIO(text))
                   for cell in row)


def test_read_frame_refuses_any_nesting_past_the_limit() -> None:
    for depth in (1100, 1500, 2000):
        with pytest.raises(Exception) as refused:
            read_frame("[" * depth + "]" * depth)
        assert type(refused.value).__name__ == "RequestError"


def test_bytes_that_are_not_utf8_are_refused_in_words(tmp_path: Path) -> None:
    with party(tmp_path / "l.sqlite3") as p:
        bea = p.join()
        bea.ws.send_bytes(b"\xff\xfe{}")
        assert bea.receive()["error"] == "RequestError"
        assert p.sit(bea, "Bea", 10_000)["ok"] is True
