"""The card rooms (Solo Whist, Durak, President) keep the blackjack room's guarantees, for every
card game of the registry (docs/web.md#card-rooms-on-the-server):

- no frame shows anyone a card they have no right to have seen (another's hand, the stock),
  to a seat, a spectator or the host, after every request and every bot's move;
- only legal moves are applied; a refused request changes neither the game nor the ledger;
- a room dealt again from its ledger (a restart) is exactly where it was, mid-hand, with
  every seat's frame and the score sheet the same;
- the lobby creates a room for the number of players the game allows, bots in every seat
  nobody holds; the host deals, pauses, removes and closes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from card_kit import (
    HOST_TOKEN,
    Clock,
    ask,
    card_room,
    frame_of,
    game_of,
    host,
    leaks,
    reopen,
    sit,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from twentyone.errors import NotAllowedError, WrongPhaseError
from twentyone.games.registry import GAMES
from twentyone.web.app import create_app
from twentyone.web.room import Room
from twentyone.web.roomcore import Actor, Role
from twentyone.web.store import SqliteStore

#: Each card game at its fewest and most players.
TABLES = [(name, n) for name, e in GAMES.items() for n in sorted(set(e.players))]
#: Enough steps for a hand or two of any game (a step is one move, a refusal or a deal).
STEPS = 250
#: Steps between seats changing hands in the frames' property.
CHURN = 50


def _play(room: Room, people: dict[int, Actor], data: st.DataObject | None,
          steps: int, check: Any = None) -> None:
    """``steps`` steps of a room: the host deals between hands, a bot's seat moves on a tick,
    a person's seat makes a legal move (or, drawn, first a request the game refuses)."""
    boss = host(room)
    for _ in range(steps):
        g = room.game
        mark = room.log_mark()
        seat = g.acting
        if g.between_hands:
            assert ask(room, boss, "deal").get("ok")
        elif seat in people and room.looking(people[seat])[0] == seat:
            frame = frame_of(room, people[seat], None)
            legal = frame["legal"]
            assert legal, "the seat to act always has a legal move"
            if data is not None and data.draw(st.booleans(), label="try a refused move") \
                    and _refused(room, people[seat], data):
                continue  # it was a legal move after all, and was played
            pick = 0 if data is None else data.draw(st.integers(0, len(legal) - 1))
            move = {k: v for k, v in legal[pick].items() if k not in ("op", "seat")}
            reply = ask(room, people[seat], legal[pick]["op"], **move)
            assert reply.get("ok"), reply
        else:
            assert room.tick()
        if check is not None:
            check(room, mark)


def _refused(room: Room, actor: Actor, data: st.DataObject) -> bool:
    """A request the game refuses leaves the game and the ledger as they were; True if the
    request was a legal move after all (and was played)."""
    g = game_of(room)
    pack = [c.code for c in g.pack()]
    op = data.draw(st.sampled_from(["play", "give", "pass", "take", "bid", "name-trump",
                                    "deal", "hit"]))
    args: dict[str, Any] = {"cards": data.draw(st.lists(st.sampled_from(pack), max_size=3)),
                            "bid": data.draw(st.sampled_from(["prop", "cop", "slam", "x"])),
                            "suit": data.draw(st.sampled_from(["h", "z"]))}
    before, ops = g.state(), len(room.store.room(room.code).ops)  # type: ignore[union-attr]
    reply = ask(room, actor, op, **args)
    if reply.get("ok"):
        return True
    assert reply["type"] == "error" and reply["message"]
    assert g.state() == before
    assert len(room.store.room(room.code).ops) == ops  # type: ignore[union-attr]
    return False


def _no_leaks(room: Room, everyone: list[Actor]) -> Any:
    def check(r: Room, mark: int) -> None:
        for actor in everyone:
            for since in (None, mark):
                found = leaks(r, actor, since)
                assert not found, (r.looking(actor), found)
    return check


@pytest.mark.parametrize(("game", "players"), TABLES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_no_frame_shows_a_card_its_viewer_may_not_see(game: str, players: int, seed: int,
                                                      data: st.DataObject) -> None:
    """docs/games/*: a player sees their own hand, what is played face up and what is handed to
    them; never another's hand or the stock (Solo Whist's open misère only once laid down).
    Seats change hands along the way, mid-hand too (docs/web.md#who-holds-a-hand): whoever
    leaves sees no more of the hand, and whoever sits down mid-hand sees none of it."""
    room = card_room(SqliteStore(Path(":memory:")), game, players, seed)
    seated = data.draw(st.sets(st.integers(1, players), min_size=1), label="people's seats")
    people = {s: sit(room, f"P{s}", s) for s in sorted(seated)}
    everyone = [*people.values(), host(room), Actor(Role.SPECTATOR)]
    check = _no_leaks(room, everyone)
    for _ in range(STEPS // CHURN):
        _play(room, people, data, CHURN, check)
        # A seat changes hands, mid-hand as often as not: whoever held it leaves, and a
        # newcomer sits there, seeing none of the hand in play (a bot plays it out).
        seat = data.draw(st.integers(1, players), label="seat changing hands")
        if seat in people:
            assert ask(room, people.pop(seat), "leave").get("ok")
        newcomer = sit(room, f"N{seat}", seat)
        people[seat] = newcomer
        everyone.append(newcomer)
        if not room.game.between_hands:
            assert room.looking(newcomer)[0] == 0
        check(room, room.log_mark())


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_a_room_dealt_again_from_its_ledger_is_where_it_was(tmp_path: Path, game: str,
                                                            players: int) -> None:
    """The ledger is the truth: after each step, a room built again from it (as after kill -9)
    has the same game, the same frame for every seat and the same score sheet; the ledger's
    hand results are the score sheet's. Seat 1 changes hands every other step, mid-hand as
    often as not (docs/web.md#who-holds-a-hand): the room from the ledger shows its newcomer
    what the room in memory does, nothing of a hand dealt before they sat."""
    store = SqliteStore(tmp_path / "ledger.sqlite3")
    room = card_room(store, game, players, seed=7)
    people = {1: sit(room, "Ann", 1)}
    for step in range(6):
        _play(room, people, None, 60)
        if step % 2:
            assert ask(room, people[1], "leave").get("ok")
            people[1] = sit(room, f"N{step}", 1)
        again = reopen(store)
        assert again.game.state() == room.game.state()  # type: ignore[attr-defined]
        assert again.score_sheet() == room.score_sheet()
        assert again.looking(people[1]) == room.looking(people[1])
        for actor in (people[1], host(room), Actor(Role.SPECTATOR)):
            a, b = frame_of(room, actor, None), frame_of(again, actor, None)
            for f in (a, b):  # who is connected (so the grace clock) is not the ledger's
                f["room"]["seats"]["1"].pop("connected")
                f["room"].pop("clock")
            assert a == b
    assert room.hand_results(), "six times sixty steps finish a hand of every game"
    saved = store.room("CARD01")
    assert saved is not None
    assert saved.results == [r.to_json() for r in room.hand_results()]


def test_the_host_deals_pauses_removes_and_closes(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "ledger.sqlite3")
    room = card_room(store, "president", 4, seed=3)
    ann = sit(room, "Ann", 2)
    boss = host(room)
    assert ask(room, ann, "deal")["error"] == "NotAllowedError"  # the host deals
    assert ask(room, boss, "pause").get("ok")
    assert ask(room, boss, "deal")["error"] == "RoomError"
    assert frame_of(room, boss, None)["you"]["host_legal"] == ["resume", "remove", "close"]
    assert not room.tick()  # no bot moves while the table is paused
    assert ask(room, boss, "resume").get("ok")
    assert ask(room, boss, "deal").get("ok")
    assert ask(room, boss, "deal")["error"] == "WrongPhaseError"
    assert ask(room, boss, "remove", seat=2).get("ok")
    assert 2 not in room.people  # a bot plays the seat on
    assert ask(room, ann, "pass")["error"] == "NotAllowedError"
    assert ask(room, boss, "close").get("ok")
    assert store.room("CARD01").closed  # type: ignore[union-attr]


def test_the_host_sits_and_plays_with_the_hosts_own_token(tmp_path: Path) -> None:
    """docs/web.md#the-card-room-in-the-browser: the host takes a seat (no new token: the host's
    own holds it), sees that seat's hand and moves with it while keeping the host's controls,
    holds it again after a restart, and leaving gives it back to a bot."""
    store = SqliteStore(tmp_path / "l.sqlite3")
    room = card_room(store, "durak", 3, seed=1)
    boss = host(room)
    assert ask(room, boss, "play", cards=["6h"])["error"] == "UnknownOperationError"
    reply = ask(room, boss, "sit", name="Hana", seat=2)
    assert reply.get("ok") and reply["seat"] == 2 and "token" not in reply
    assert ask(room, boss, "sit", name="Hana")["error"] == "SeatError"
    assert ask(room, boss, "deal").get("ok")
    frame = frame_of(room, boss, None)
    assert frame["ctx"]["viewer"] == 2 and frame["you"]["role"] == "host"
    assert frame["you"]["host_seat"] == 2 and "pause" in frame["you"]["host_legal"]
    assert len(frame["body"]["hand"]) == 6
    assert not leaks(room, boss, None)
    for _ in range(200):                    # the bots move until the host's seat is to act
        if room.game.acting == 2 or not room.tick():
            break
    assert room.game.acting == 2
    move = frame_of(room, boss, None)["legal"][0]
    assert ask(room, boss, move["op"], **{k: v for k, v in move.items()
                                           if k not in ("op", "seat")}).get("ok")
    again = reopen(store, seed=1)           # a restart: the host's token still holds seat 2
    assert again.looking(again.actor_for(HOST_TOKEN))[0] == 2
    assert ask(again, host(again), "leave").get("ok")
    assert 2 not in again.people
    assert frame_of(again, host(again), None)["you"]["host_seat"] is None


def test_a_whole_frame_says_what_just_happened(tmp_path: Path) -> None:
    """A page opened again gets the last few events with its whole frame (everyone's view of
    them), so its line of what just happened is not empty after a reload."""
    room = card_room(SqliteStore(tmp_path / "l.sqlite3"), "president", 4, seed=3)
    sit(room, "Ann", 2)
    assert ask(room, host(room), "deal").get("ok")
    for _ in range(6):
        room.tick()
    events = frame_of(room, Actor(Role.SPECTATOR), None)["events"]
    assert 0 < len(events) <= 8
    assert any(e["kind"] in ("play", "pass") for e in events)


def test_a_room_of_strong_bots_plays_a_hand_to_its_end(tmp_path: Path) -> None:
    """The host's level "strong" (docs/games/bots.md) seats the strong bots, which the server
    shows their own seats' events before each move: they play a game of Durak to its end."""
    from twentyone.games.durak.strong import DurakStrongBot

    room = card_room(SqliteStore(tmp_path / "s.sqlite3"), "durak", 2, seed=4, level="strong")
    assert ask(room, host(room), "deal").get("ok")
    for _ in range(400):
        if not room.tick():
            break
    assert len(room.game.hand_results()) == 1
    bots = [room._bot_for(s) for s in (1, 2)]
    assert all(isinstance(b, DurakStrongBot) and b.read > 0 for b in bots)


def test_seats_are_bounded_and_taken_once(tmp_path: Path) -> None:
    room = card_room(SqliteStore(tmp_path / "l.sqlite3"), "durak", 2, seed=1)
    sit(room, "Ann", 1)
    newcomer = Actor(Role.SPECTATOR)
    assert ask(room, newcomer, "sit", name="Bob", seat=1)["error"] == "SeatError"
    assert ask(room, newcomer, "sit", name="Bob", seat=3)["error"] == "SeatError"
    assert ask(room, newcomer, "sit", name="", seat=2)["error"] == "RequestError"
    assert ask(room, newcomer, "play", cards=["6h"])["error"] == "NotAllowedError"
    assert ask(room, newcomer, "sit", name="Bob").get("seat") == 2
    assert ask(room, Actor(Role.SPECTATOR), "sit", name="Cy")["error"] == "SeatError"


def test_moves_the_game_does_not_know_are_refused_in_words(tmp_path: Path) -> None:
    room = card_room(SqliteStore(tmp_path / "l.sqlite3"), "durak", 2, seed=1)
    ann = sit(room, "Ann", 1)
    assert ask(room, host(room), "deal").get("ok")
    for op, args in (("play", {"cards": "6h"}), ("play", {"cards": ["6h"] * 20}),
                     ("play", {"cards": [{"x": 1}]}), ("fly", {}), ("bid", {})):
        reply = ask(room, ann, op, **args)
        assert reply["type"] == "error" and reply["error"] in (
            "RequestError", "UnknownOperationError", "NotYourTurnError", "WrongPhaseError"), reply


@pytest.mark.parametrize("game", list(GAMES))
def test_the_lobby_creates_a_room_within_the_players_the_game_allows(tmp_path: Path,
                                                                      game: str) -> None:
    fewest, most = GAMES[game].players
    app = create_app(SqliteStore(tmp_path / "l.sqlite3"))
    with TestClient(app) as client:
        listed = {r["name"]: r for r in client.get("/api/presets").json()["rooms"]}
        assert listed[game]["players"] == [fewest, most]
        assert "best" in listed[game]["levels"]
        for bad in (fewest - 1, most + 1, "3", True):
            made = client.post("/api/rooms", json={"game": game, "players": bad})
            assert made.status_code == 400 and made.json()["message"], bad
        made = client.post("/api/rooms", json={"game": game, "players": most, "level": "nope"})
        assert made.status_code == 400
        # A near name is answered with the nearest (docs/web.md#hosting-a-room).
        typo = game[:-1] if game != "solo-whist" else "solowhist"
        made = client.post("/api/rooms", json={"game": typo, "players": most})
        assert made.status_code == 400 and f"did you mean {game!r}?" in made.json()["message"]
        made = client.post("/api/rooms", json={"game": game, "players": most})
        assert made.status_code == 201, made.text
        code, token = made.json()["room"], made.json()["host_token"]
        info = client.get(f"/api/rooms/{code}").json()
        assert info["players"] == most and all(s["bot"] == "best" for s in info["seats"])
        sheet = client.get(f"/api/rooms/{code}/scores.csv?token={token}")
        assert sheet.status_code == 200 and sheet.text.splitlines()[0].count(",") >= most
        assert client.get(f"/api/rooms/{code}/scores.csv").status_code == 403


def test_a_whole_hand_over_the_socket_with_bots_and_a_score_sheet(tmp_path: Path) -> None:
    """A person and two bots play a game of Durak to its end over the websocket; the bots move
    on the server's ticker; the page is told why each card it may not play cannot be."""
    import random

    from twentyone.games.core.shuffle import RandomShuffler
    app = create_app(SqliteStore(tmp_path / "l.sqlite3"), tick_s=0.01, bot_delay_s=0.0,
                     cards=lambda: RandomShuffler(random.Random(5)),
                     bot_rng=lambda code, seat: random.Random(seat))
    with TestClient(app) as client:
        made = client.post("/api/rooms", json={"game": "durak", "players": 3}).json()
        code, token = made["room"], made["host_token"]
        with client.websocket_connect(f"/ws/{code}") as me, \
                client.websocket_connect(f"/ws/{code}") as boss:
            boss.send_json({"type": "hello", "token": token})
            assert boss.receive_json()["type"] == "welcome"
            me.send_json({"type": "hello", "token": None})
            assert me.receive_json()["type"] == "welcome"
            me.send_json({"type": "op", "id": "s", "op": "sit", "name": "Ann"})
            boss.send_json({"type": "op", "id": "d", "op": "deal"})
            reasons: set[str] = set()
            n = 0
            for n in range(5000):
                f = me.receive_json()
                if f["type"] != "state":
                    continue
                if f["ctx"]["over"] and f["ctx"]["hand"]:
                    break
                reasons.update(f["body"]["unplayable"].values())
                if f["legal"] and f["ctx"]["to_act"] == f["ctx"]["viewer"]:
                    me.send_json({"type": "op", "id": f"m{n}", **f["legal"][-1]})
            assert f["ctx"]["over"], "the game ended within the frames read"
            assert f["room"]["scores"]["rows"][-1][0] == "Times durak"
            assert sum(f["room"]["scores"]["rows"][-1][2:]) in (0, 1)
            assert reasons, "some card could not be played at some point, and it said why"


@pytest.mark.parametrize("on_timeout", ["stand", "sit_out"])
def test_the_turn_clock_plays_a_move_for_a_seat_whose_time_is_up(tmp_path: Path,
                                                                  on_timeout: str) -> None:
    """docs/web.md#card-rooms-on-the-server: at the deadline the seat's move is made for it
    (by the room's bot); with ``sit_out`` the bot plays on for it until it acts or
    reconnects."""
    clock = Clock()
    room = card_room(SqliteStore(tmp_path / "l.sqlite3"), "president", 3, seed=4, clock=clock,
                     turn_s=5, on_timeout=on_timeout)
    ann = sit(room, "Ann", 1)
    room.connected(ann)
    assert ask(room, host(room), "deal").get("ok")
    while room.game.acting != 1:  # the bots move up to Ann's turn
        assert room.tick()
    frame = frame_of(room, ann, None)
    assert frame["room"]["clock"][0] == 1
    mark = room.log_mark()
    clock.t += 4
    assert not room.tick() and room.log_mark() == mark  # not yet
    clock.t += 2
    assert room.tick() and room.log_mark() > mark  # played for her
    assert room.game.ops[-1].seat == 1  # type: ignore[attr-defined]
    assert room.people[1].sitting_out is (on_timeout == "sit_out")


@pytest.mark.parametrize("game,players", [("solo-whist", 4), ("durak", 3), ("president", 4)])
def test_the_games_record_is_offered_between_hands_and_deals_again(tmp_path: Path, game: str,
                                                                  players: int) -> None:
    """docs/web.md#card-rooms-on-the-server: the host and the players may download the game's
    whole record between hands, and it deals again exactly (``twentyone verify``); mid-hand
    it is refused, since it holds the shuffle of the hand being played; a spectator never
    gets it."""
    from twentyone.games.history import replay, replay_record

    room = card_room(SqliteStore(tmp_path / "l.sqlite3"), game, players, seed=11)
    ann = sit(room, "Ann", 1)
    assert ask(room, host(room), "deal").get("ok")
    for actor in (host(room), ann):
        with pytest.raises(WrongPhaseError):
            room.history_text(actor)
        assert frame_of(room, actor, None)["room"]["seal"] is None
    with pytest.raises(NotAllowedError):
        room.history_text(Actor(Role.SPECTATOR))
    people = {1: ann}
    for _ in range(2000):
        if room.game.between_hands:
            break
        _play(room, people, None, 1)
    assert room.hand_results(), "the hand finished within 2,000 steps"
    for actor in (host(room), ann):
        record = json.loads(room.history_text(actor))
        # Only the shuffles of hands dealt and played out: none for a hand still to come.
        assert len(record["shuffles"]) == room.game.hands_dealt == 1  # type: ignore[attr-defined]
        again = replay(record)
        assert again.state() == room.game.state()  # type: ignore[attr-defined]
        assert again.hand_results() == room.hand_results()
        # The frame shows the record's seal between hands, the one verify prints for it.
        assert frame_of(room, actor, None)["room"]["seal"] == replay_record(record).seal
    with pytest.raises(NotAllowedError):
        room.history_text(Actor(Role.SPECTATOR))


def test_the_games_record_over_http_is_the_host_and_players_and_never_mid_hand(
        tmp_path: Path) -> None:
    app = create_app(SqliteStore(tmp_path / "l.sqlite3"), bot_delay_s=60.0)
    with TestClient(app) as client:
        made = client.post("/api/rooms", json={"game": "president", "players": 4}).json()
        code, token = made["room"], made["host_token"]
        url = f"/api/rooms/{code}/history.jsonl"
        first = client.get(f"{url}?token={token}")
        assert first.status_code == 200, first.text
        assert json.loads(first.text)["game"] == "president"
        assert client.get(url).status_code == 403
        with client.websocket_connect(f"/ws/{code}") as boss:
            boss.send_json({"type": "hello", "token": token})
            assert boss.receive_json()["type"] == "welcome"
            boss.send_json({"type": "op", "id": "d", "op": "deal"})
            while (f := boss.receive_json())["type"] != "reply":
                pass
            assert f["ok"], f
        mid = client.get(f"{url}?token={token}")
        assert mid.status_code == 409 and "between hands" in mid.json()["message"]


@pytest.mark.parametrize("game,players", [(name, min(e.players)) for name, e in GAMES.items()])
def test_the_decks_commitment_is_shown_then_opened_and_verify_checks_it(
        tmp_path: Path, game: str, players: int) -> None:
    """docs/web.md#checking-the-shoes-commitment, at a card room: every frame shows the deck's
    commitment from the deal on, and none its secret until the hand is over; then the frame
    gives the secret, and the game's record carries each deck's commitment and secret beside
    its order, which ``twentyone verify`` checks. A record whose secret or order does not make
    its commitment is refused in words."""
    from typer.testing import CliRunner

    from twentyone.cli import app as cli

    room = card_room(SqliteStore(tmp_path / "l.sqlite3"), game, players, seed=5)
    ann = sit(room, "Ann", 1)
    commitments = []
    for _ in range(2):
        assert ask(room, host(room), "deal").get("ok")
        shown = frame_of(room, ann, None)["room"]["commitment"]
        assert shown and shown not in commitments
        commitments.append(shown)
        salt = room.shuffles[-1].salt
        for _ in range(3000):
            if room.game.between_hands:
                break
            for actor in (ann, host(room), Actor(Role.SPECTATOR)):
                frame = frame_of(room, actor, None)
                assert frame["room"]["commitment"] == shown and frame["room"]["opened"] is None
                assert salt not in json.dumps(frame)
            _play(room, {1: ann}, None, 1)
        assert room.game.between_hands
        opened = frame_of(room, Actor(Role.SPECTATOR), None)["room"]["opened"]
        assert opened == {"commitment": shown, "salt": salt}
    record = json.loads(room.history_text(ann))
    assert [c["commitment"] for c in record["commitments"]] == commitments
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(record) + "\n")
    out = CliRunner().invoke(cli, ["verify", str(path)])
    assert out.exit_code == 0, out.output
    assert "2 decks dealt, each the deck committed to" in " ".join(out.output.split())
    assert commitments[-1] in out.output
    # Another secret, or the first deck's commitment given for the second: refused in words.
    for n, bad in ((0, {"salt": "0" * 32}), (1, {"commitment": commitments[0]})):
        forged = json.loads(json.dumps(record))
        forged["commitments"][n].update(bad)
        path.write_text(json.dumps(forged) + "\n")
        out = CliRunner().invoke(cli, ["verify", str(path)])
        assert out.exit_code != 0 and "Traceback" not in out.output
        assert f"deck {n + 1} is not the deck committed to" in " ".join(out.output.split())
