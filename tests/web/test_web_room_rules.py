"""The room's own rules, whatever its game (docs/web.md#who-holds-a-hand and
docs/web.md#card-rooms-on-the-server), each with the fault it catches: a hand goes only to whoever
held the seat when it was dealt; the answer window forgets its oldest answer; memory that ran
ahead of the ledger is dealt again from the ledger; a seat's request acts for the token's seat
only; a paused room offers no move; a move's details are bounded before any game reads them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from card_kit import ask, card_room, frame_of, host, leaks, reopen, sit
from web_kit import party, table_of

from twentyone.engine.records import verify_player
from twentyone.engine.table import Phase
from twentyone.errors import IllegalActionError, RequestError
from twentyone.games.registry import GAMES
from twentyone.web import protocol
from twentyone.web.protocol import Request
from twentyone.web.room import Room
from twentyone.web.roomcore import Actor, Role
from twentyone.web.store import ANSWERS_KEPT, SqliteStore


def _until(room: Room, seat: int, most: int = 500) -> None:
    """Bots move (one each ``tick``) until ``seat`` is to act mid-hand."""
    for _ in range(most):
        g = room.game
        if not g.between_hands and g.acting == seat:
            return
        assert room.tick(), "the bots stopped before it was that seat's move"
    raise AssertionError("never that seat's move")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_seat_taken_mid_hand_sees_that_hand_from_the_next_deal_only(
        tmp_path: Path, game: str) -> None:
    """Issue 34 #1: a spectator who sits in a bot's seat mid-hand is shown nothing of that
    hand's cards (its frame is a spectator's), cannot move for it (a bot plays it out), and
    holds the seat from the next deal; the rule survives a restart."""
    store = SqliteStore(tmp_path / "l.sqlite3")
    players = GAMES[game].players[1]
    room = card_room(store, game, players, seed=5)
    assert ask(room, host(room), "deal")["ok"]
    room.tick()
    seat = players  # a bot's seat, mid-hand
    newcomer = sit(room, "Eve", seat)
    assert room.looking(newcomer)[0] == 0, "no view of the hand dealt before she sat"
    frame = frame_of(room, newcomer, None)
    assert frame["ctx"]["viewer"] == 0 and frame["legal"] == []
    assert not leaks(room, newcomer, None)
    _until(room, seat)
    legal = room.game.legal(seat)
    assert legal, "the bot's seat has a move"
    refused = ask(room, newcomer, legal[0].name, **{k: v for k, v in legal[0].to_json().items()
                                                    if k not in ("op", "seat")})
    assert refused["error"] == "NotAllowedError", refused
    again = reopen(store)  # the ledger keeps who waits for the next deal
    eve = Actor(Role.PLAYER, seat, key=room.people[seat].token_hash)
    assert again.looking(eve)[0] == 0
    while not room.game.between_hands:
        assert room.tick()
    assert ask(room, host(room), "deal")["ok"]
    assert room.looking(newcomer)[0] == seat, "hers from the next deal"
    assert frame_of(room, newcomer, None)["ctx"]["viewer"] == seat


def test_a_seat_taken_between_hands_is_its_holders_at_once(tmp_path: Path) -> None:
    room = card_room(SqliteStore(tmp_path / "l.sqlite3"), "durak", 3, seed=2)
    ann = sit(room, "Ann", 2)
    assert room.looking(ann)[0] == 2
    assert ask(room, host(room), "deal")["ok"]
    assert frame_of(room, ann, None)["ctx"]["viewer"] == 2


def test_past_the_answer_window_the_oldest_answer_is_forgotten(tmp_path: Path) -> None:
    """The last ``ANSWERS_KEPT`` answers are kept: the newest id sent again is answered
    again and applies nothing; the oldest, forgotten, is a new request."""
    room = card_room(SqliteStore(tmp_path / "l.sqlite3"), "durak", 2, seed=1)
    boss = host(room)
    for i in range(ANSWERS_KEPT + 1):
        frame, changed = room.handle(boss, Request(f"id{i}", "nope", {}))
        assert frame["error"] == "UnknownOperationError" and not changed
    newest, changed = room.handle(boss, Request(f"id{ANSWERS_KEPT}", "pause", {}))
    assert newest["error"] == "UnknownOperationError" and not changed and not room.paused
    oldest, changed = room.handle(boss, Request("id0", "pause", {}))
    assert oldest["ok"] and changed and room.paused


class _AppliesThenRaises:
    """A game that applies an operation and then raises: memory is ahead of the ledger."""

    def __init__(self, room: Room) -> None:
        self.game = room.game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def apply(self, op: Any) -> Any:
        self.game.apply(op)
        raise IllegalActionError("applied, then refused")


def test_memory_that_ran_ahead_of_the_ledger_is_dealt_again_from_it(tmp_path: Path) -> None:
    """The net under every request: a game that raises after applying leaves memory ahead of
    the ledger; the room goes back to its ledger before it answers, so what a frame shows is
    what a restart would show."""
    store = SqliteStore(tmp_path / "l.sqlite3")
    room = card_room(store, "president", 3, seed=4)
    ann = sit(room, "Ann", 1)
    assert ask(room, host(room), "deal")["ok"]
    _until(room, 1)
    ops_before = len(room.game.ops)
    move = room.game.legal(1)[0].to_json()
    room.game = _AppliesThenRaises(room)
    answer = ask(room, ann, move.pop("op"), **{k: v for k, v in move.items() if k != "seat"})
    assert answer["type"] == "error"
    assert len(room.game.ops) == ops_before, "the move the ledger never took is gone"
    assert not isinstance(room.game, _AppliesThenRaises), "dealt again from the ledger"
    saved = store.room("CARD01")
    assert saved is not None and len(saved.ops) == ops_before


def test_a_requests_seat_field_never_overrides_the_tokens_seat(tmp_path: Path) -> None:
    """Ann (seat 1) sends the bot's legal move naming seat 2: it is read as Ann's, refused,
    and the game has not moved."""
    room = card_room(SqliteStore(tmp_path / "l.sqlite3"), "durak", 2, seed=1)
    ann = sit(room, "Ann", 1)
    assert ask(room, host(room), "deal")["ok"]
    _until(room, 2)
    mark = room.game.mark()
    move = room.game.legal(2)[0].to_json()
    assert move["seat"] == 2
    answer = ask(room, ann, move.pop("op"), **move)
    assert answer["type"] == "error", answer
    assert room.game.mark() == mark


@pytest.mark.parametrize("game", list(GAMES))
def test_a_paused_card_room_offers_no_move(tmp_path: Path, game: str) -> None:
    room = card_room(SqliteStore(tmp_path / "l.sqlite3"), game, GAMES[game].players[0], seed=3)
    ann = sit(room, "Ann", 1)
    assert ask(room, host(room), "deal")["ok"]
    _until(room, 1)
    assert frame_of(room, ann, None)["legal"], "her move, before the pause"
    assert ask(room, host(room), "pause")["ok"]
    assert frame_of(room, ann, None)["legal"] == []
    assert "deal" not in frame_of(room, host(room), None)["you"]["host_legal"]
    move = room.game.legal(1)[0].to_json()
    answer = ask(room, ann, move.pop("op"), **{k: v for k, v in move.items() if k != "seat"})
    assert answer["error"] == "RoomError"
    assert not room.tick(), "no bot moves while paused"


@pytest.mark.parametrize(("args", "words"), [
    ({"amount": 10**12}, "amount"),
    ({"amount": 2.5}, "amount"),
    ({"seat": 10**6}, "seat"),
    ({"colour": "x" * 2000}, "colour"),
    ({"hand": [1] * 50}, "hand"),
])
def test_a_moves_details_are_bounded_before_any_game_reads_them(
        args: dict[str, Any], words: str) -> None:
    """``checked_args``: money in whole cents up to its most, other numbers small, text
    short; the refusal names the detail and never echoes what was sent."""
    with pytest.raises(RequestError) as refused:
        protocol.checked_args(args)
    message = str(refused.value)
    assert words in message and len(message) < 200


def _round(p: Any, *people: Any) -> None:
    """Each of ``people`` bets, the host deals, and each stands (or declines) until it ends."""
    t = table_of(p.room)
    for who in people:
        assert p.act(who, "bet", amount=1000)["ok"]
    assert p.act(p.host, "deal")["ok"]
    while t.phase is not Phase.BETTING:
        to_act = t.to_act
        assert to_act is not None
        who = next(w for w in people if w.seat == to_act[0])
        assert p.act(who, "decline" if t.phase is Phase.INSURANCE else "stand")["ok"]


def _history(p: Any, who: Any) -> list[dict[str, Any]]:
    text = p.client.get(f"/api/rooms/{p.code}/history.jsonl", params={"token": who.token}).text
    return [json.loads(line) for line in text.splitlines()]


def test_a_seat_taken_as_the_very_next_operation_after_a_round_has_no_part_of_it(
        tmp_path: Path) -> None:
    """docs/web.md, a seat's history begins with the round its holder sat down in: Bob sits
    as the very next operation after Ann's round; his history holds no line of that round."""
    with party(tmp_path / "l.db", settings={"turn_s": 0}) as p:
        ann, bob = p.join(), p.join()
        p.sit(ann, "Ann", 100_000)
        _round(p, ann)
        first = table_of(p.room).round
        p.sit(bob, "Bob", 100_000)
        _round(p, ann, bob)
        lines = _history(p, bob)
        assert [line["round"] for line in lines] == [first + 1]
        assert verify_player(lines).rounds == 1


def test_a_new_holders_history_starts_after_the_last_holders_cash_out(tmp_path: Path) -> None:
    """Issue 34 #3: Ann plays at seat 1 and leaves; Bob takes seat 1 and plays. His history
    holds nothing of Ann: not her cash-out, not her chips."""
    with party(tmp_path / "l.db", settings={"turn_s": 0}) as p:
        ann, bob = p.join(), p.join()
        p.sit(ann, "Ann", 123_400, seat=1)
        _round(p, ann)
        assert p.act(ann, "leave")["ok"]
        p.sit(bob, "Bob", 100_000, seat=1)
        _round(p, bob)
        lines = _history(p, bob)
        events = [e for line in lines for e in line["events"]]
        assert events[0]["kind"] == "sat" and events[0].get("amount") == 100_000
        assert not any(e["kind"] == "left" for e in events), events[:3]
        assert all(e.get("amount") != 123_400 for e in events)
        assert lines[0]["chips"]["from"] is None
        assert verify_player(lines).rounds == 1
