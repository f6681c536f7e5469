"""A hostile host (and every player) downloads whatever a room offers after any sequence of
requests, legal or not, and none of it tells a card still to come
(docs/web.md#downloads, docs/casino.md#fair-play-and-records).

"Tells" is tested as non-interference rather than by looking for card lists in the files: the
room's ledger is copied with the cards still in the shoe put in another order, dealt again, and
every download (the house's record, each seat's history as the seat and the host get it) must
come out the same but for its hashes. Mid-round, the cards dealt in the round in play (the hole
card among them) are put in another order too, with the round's own requests left out: what is
downloaded mid-round must not depend on the round in play at all. Every frame sent to anyone is
also checked by the independent ``leaks`` reader, and so is the delta frame each connection is
sent (``patch_leaks``), which applied to the client's copy must read as the whole frame."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path
from typing import Any

import hypothesis as hp
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from leaks import leaks, patch_leaks
from patches import Copy, canonical
from table_view import table_view
from typer.testing import CliRunner
from web_kit import dealer_of, owed_payment, party, table_of

from twentyone.cli import app as cli
from twentyone.engine.records import check_house, line_hash, verify_player
from twentyone.engine.shoe import RandomShuffler
from twentyone.engine.table import Phase
from twentyone.games.history import replay_record
from twentyone.pontoon.history import FORMAT as PONTOON_FORMAT
from twentyone.web import downloads
from twentyone.web.delta import Feed, Held
from twentyone.web.protocol import Request
from twentyone.web.room import Room, Sources
from twentyone.web.roomcore import Actor, Role
from twentyone.web.shoes import commitment
from twentyone.web.spec import RoomSpec
from twentyone.web.store import SqliteStore, StoredRoom

#: (room request, seats): blackjack with the house or the host dealing, and Pontoon.
ROOMS = [
    ({"game": "casino", "rules": "single-deck", "settings": {"turn_s": 0}}, 3),
    ({"game": "casino", "rules": "single-deck", "host_mode": "dealer",
      "settings": {"turn_s": 0}}, 3),
    ({"game": "casino", "rules": "casino-party", "settings": {"turn_s": 0}}, 3),
    ({"game": "pontoon", "settings": {"turn_s": 0}}, 3),
]
#: Requests a hostile person sends whether or not they are open to them.
HOSTILE = ("deal", "hit", "stand", "dealer_hit", "burn", "offer_insurance", "draw_for_bank",
           "leave", "buy", "remove", "pay", "double", "split")
HEX = re.compile(r"\b[0-9a-f]{64}\b")


def _downloads(saved: StoredRoom, seats: dict[int, int]) -> str:
    """Everything anyone may download from the room, as one text with its hashes blanked."""
    parts = [downloads.house_record(saved)]
    parts += [downloads.seat_history(saved, seat, since) for seat, since in sorted(seats.items())]
    return HEX.sub("#", json.dumps(parts, sort_keys=True))


def _reordered(saved: StoredRoom, ops: int, pos: int, shuffles: int | None = None) -> StoredRoom:
    """The room as it stood after ``ops`` requests and ``shuffles`` shuffles (all of them by
    default), its shoe in play then reordered from ``pos``."""
    *done, last = saved.shuffles[:shuffles]
    tail = last.order[pos:]
    order = last.order[:pos] + tail[1:] + tail[:1]  # every card still to come moves
    return dataclasses.replace(saved, ops=saved.ops[:ops], shuffles=[
        *done, dataclasses.replace(last, order=order)])


# No shrinking: shrinking a room of forty requests takes minutes; the failing draws are printed.
@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[hp.Phase.explicit, hp.Phase.reuse, hp.Phase.generate])
@given(room_at=st.sampled_from(range(len(ROOMS))), shuffle=st.integers(0, 2**32 - 1),
       data=st.data())
def test_nothing_anyone_downloads_tells_a_card_to_come(room_at: int, shuffle: int,
                                                       data: Any) -> None:
    body, seats = ROOMS[room_at]
    store = SqliteStore(Path(":memory:"))
    spec = RoomSpec.from_request(body)
    store.create_room("TEST01", spec.to_json(), "0" * 64)
    room = Room("TEST01", spec, "0" * 64, store, Sources(RandomShuffler.seeded(shuffle)))
    host, spectator = Actor(Role.HOST), Actor(Role.SPECTATOR)
    players = [Actor(Role.SPECTATOR) for _ in range(seats)]
    everyone = [host, spectator, *players]
    t = table_of(room)
    rid = iter(range(10**6))
    boundary = (0, t.shoe.pos, len(t.shoe.history))  # requests, place, shuffles between rounds
    kept = downloads.Replay(spec.to_json(), None)
    last: dict[int, Held] = {}  # what each connection was last sent
    copies = {id(a): Copy() for a in everyone}
    versions = iter(range(1, 10**6))

    def ask(actor: Actor, op: str, **args: Any) -> None:
        nonlocal boundary
        mark = room.log_mark()
        room.handle(actor, Request(f"q{next(rid)}", op, args))
        frames = room.frames(mark)
        feed = Feed(frames, next(versions))
        for a in everyone:
            viewer = a.seat if a.role is Role.PLAYER and a.seat else 0
            whole = json.loads(frames.text(a))
            found = leaks(whole, t, viewer, mark)
            text, last[id(a)] = feed.frame(a, last.get(id(a)))
            if (sent := json.loads(text))["type"] == "delta":
                found += patch_leaks(sent, whole)
            assert not found, (a, op, found)
            got = copies[id(a)].take(sent)
            assert got is not None and canonical(got) == canonical(whole), (a, op)
        saved = store.room(room.code)
        assert saved is not None and len(saved.shuffles) == len(t.shoe.history)
        if not saved.shuffles or saved.closed:
            return  # nothing shuffled yet, or every shoe finished
        held = {n: p.since_op for n, p in room.people.items()}
        now = _downloads(saved, held)
        # A deal kept from download to download (as the server keeps it) gives the same.
        kept.extend(saved.ops[kept.applied:], saved.shuffles[kept.shuffles:])
        assert downloads.house_lines(kept) == downloads.house_record(saved)
        # The cards still in the shoe, in another order: the same downloads.
        assert _downloads(_reordered(saved, len(saved.ops), t.shoe.pos), held) == now, op
        between = t.phase is Phase.BETTING and not any(s.hands for s in t.seats.values())
        if between:
            boundary = (len(saved.ops), t.shoe.pos, len(t.shoe.history))
        else:
            # Mid-round: the round in play left out, and its cards in another order too, even
            # when the shoe ran out and was refilled inside it.
            ops, pos, shuffles = boundary
            before = {n: since for n, since in held.items() if since < ops}
            assert _downloads(_reordered(saved, ops, pos, shuffles), before) \
                == _downloads(saved, before)

    for n, who in enumerate(players):
        ask(who, "sit", name=f"P{n}", buy_in=50_000)
    for _ in range(data.draw(st.integers(10, 45), label="requests")):
        who = data.draw(st.sampled_from(everyone), label="who")
        if who is host:
            legal = list(room.host_legal())
        elif who.role is Role.PLAYER and who.seat is not None:
            legal = list(table_view(room.state(who, None))["legal"])
        else:
            legal = ["sit"]
        legal = [op for op in legal if op != "close"] or ["pause"]
        hostile = data.draw(st.booleans(), label="hostile")
        op = data.draw(st.sampled_from(HOSTILE if hostile else sorted(legal)), label="op")
        args: dict[str, Any] = {}
        if op == "bet":
            args["amount"] = t.rules.min_bet
        elif op in ("buy", "sit"):
            args = {"amount": 10_000, "name": "Late", "buy_in": 10_000}
        elif op == "remove":
            args["seat"] = data.draw(st.integers(1, seats), label="seat")
        elif op == "pay" and (dealer := dealer_of(room)) is not None and dealer.desk.due:
            args = owed_payment(room)
        ask(who, op, **args)
        if op == "pause":
            ask(host, "resume")
    # What was downloaded verifies: the opened part deals again, the rest is committed to.
    saved = store.room(room.code)
    assert saved is not None
    for n, person in room.people.items():
        if lines := downloads.seat_history(saved, n, person.since_op):
            verify_player(lines)
    _verify_house(downloads.house_record(saved))
    ask(host, "close")
    # Once the room is closed every shoe is finished: the house's record opens them all. (A
    # Pontoon room whose bank is held refuses to close.)
    saved = store.room(room.code)
    assert saved is not None
    if saved.closed:
        house = downloads.house_record(saved)
        assert not any("committed" in line for line in house)
        _verify_house(house)


def _verify_house(lines: list[dict[str, Any]]) -> None:
    if lines and lines[0]["format"] == PONTOON_FORMAT:
        replay_record(json.loads(json.dumps(lines[0])))
    elif lines:
        check_house(lines)


def _play_round(p: Any, who: Any) -> None:
    t = table_of(p.room)
    p.act(who, "bet", amount=1000)
    p.act(p.host, "deal")
    while t.phase is not Phase.BETTING:
        p.act(who, "decline" if t.phase is Phase.INSURANCE else "stand")


def test_a_seat_taken_at_a_round_boundary_has_only_its_own_rounds(tmp_path: Path) -> None:
    """docs/web.md#downloads: whoever takes a seat the moment a round has ended gets a history
    (as the seat, and from the host with ?seat=N) that begins with the round they played:
    nothing of the round before, not even its chips, and it verifies."""
    with party(tmp_path / "l.db", settings={"turn_s": 0}) as p:
        ann, bob = p.join(), p.join()
        p.sit(ann, "Ann", 100_000, seat=1)
        _play_round(p, ann)
        p.act(ann, "leave")
        p.sit(bob, "Bob", 20_000, seat=1)
        _play_round(p, bob)
        url = f"/api/rooms/{p.code}/history.jsonl"
        mine = p.client.get(url, params={"token": bob.token}).text
        assert p.client.get(url, params={"token": p.host_token, "seat": 1}).text == mine
        lines = [json.loads(line) for line in mine.splitlines()]
        assert [line["round"] for line in lines] == [2]
        assert lines[0]["chips"] == {"from": None, "to": table_of(p.room).bankroll(1)}
        assert [e["amount"] for e in lines[0]["events"] if e["kind"] == "round-started"] == [2]
        assert lines[0]["committed"]  # the shoe's commitment, made before Bob sat, is kept
        assert verify_player(lines).rounds == 1


def test_the_rounds_of_a_shoe_are_opened_once_it_is_finished(tmp_path: Path) -> None:
    """docs/web.md#downloads: the house's rounds from the shoe in play are each given as a
    hash; once the shoe is shuffled away the same rounds come in full, each hashing to what was
    given, and the whole record deals again. ``verify`` says which rounds are committed."""
    with party(tmp_path / "l.db", rules="single-deck", settings={"turn_s": 0}) as p:
        ann = p.join()
        p.sit(ann, "Ann", 100_000)
        t = table_of(p.room)
        url = f"/api/rooms/{p.code}/history.jsonl"
        early: list[dict[str, Any]] = []
        while len(t.shoe.history) == 1:
            early = [json.loads(x) for x in
                     p.client.get(url, params={"token": p.host_token}).text.splitlines()]
            _play_round(p, ann)
        assert early and all("committed" in line for line in early)
        house = [json.loads(x) for x in
                 p.client.get(url, params={"token": p.host_token}).text.splitlines()]
        opened = house[:len(early)]
        assert [line_hash(line) for line in opened] == [line["committed"] for line in early]
        check = check_house(house)
        assert check.rounds >= len(early) and check.table is not None
        path = tmp_path / "early.jsonl"
        path.write_text("".join(json.dumps(line) + "\n" for line in early))
        out = CliRunner().invoke(cli, ["verify", str(path)])
        assert out.exit_code == 0 and f"{len(early)} more round" in out.output


def test_a_closed_rooms_download_opens_its_last_shoe(tmp_path: Path) -> None:
    """docs/web.md#downloads: once the room is closed every shoe is finished, so the host's
    download over HTTP (dealt off the loop and kept) gives the last shoe's rounds in full."""
    with party(tmp_path / "l.db", settings={"turn_s": 0}) as p:
        ann = p.join()
        p.sit(ann, "Ann", 100_000)
        _play_round(p, ann)
        url = f"/api/rooms/{p.code}/history.jsonl"
        before = [json.loads(x) for x in
                  p.client.get(url, params={"token": p.host_token}).text.splitlines()]
        assert before and all("committed" in line for line in before)
        p.act(p.host, "close")
        after = [json.loads(x) for x in
                 p.client.get(url, params={"token": p.host_token}).text.splitlines()]
        assert [line_hash(line) for line in after] == [line["committed"] for line in before]
        assert check_house(after).rounds == 1


def test_a_pontoon_download_stops_at_the_pack_in_play_and_verifies(tmp_path: Path) -> None:
    with party(tmp_path / "l.db", game="pontoon", settings={"turn_s": 0}) as p:
        people = [p.join() for _ in range(3)]
        for n, who in enumerate(people):
            p.sit(who, f"P{n}", 10_000)
        p.act(p.host, "draw_for_bank")
        url = f"/api/rooms/{p.code}/history.jsonl"
        (record,) = [json.loads(x) for x in
                     p.client.get(url, params={"token": p.host_token}).text.splitlines()]
        shoe = len(table_of(p.room).shoe.history)
        assert record["committed"] == {"shoe": shoe,
                                       "hash": commitment(p.room.shuffles[shoe - 1])}
        assert len(record["shuffles"]) < shoe  # the pack in play is not in it
        path = tmp_path / "pontoon.jsonl"
        path.write_text(json.dumps(record) + "\n")
        out = CliRunner().invoke(cli, ["verify", str(path)])
        assert out.exit_code == 0 and "committed to" in out.output, out.output


#: Rooms where the shoe runs out inside a round again and again: Pontoon's one pack among four
#: (the banker drawing too), and one deck dealt to the last card before the cut card at a
#: seven-seat table, everyone drawing to five cards.
RUN_OUT = [
    ({"game": "pontoon", "settings": {"turn_s": 0}}, 4, 40),
    ({"game": "casino", "rules": "single-deck", "settings": {"turn_s": 0},
      "rules_toml": "seats = 7\npenetration = 0.95\n"}, 7, 24),
]


@pytest.mark.parametrize(("room_at", "seed"), [(0, 3), (0, 11), (1, 5), (1, 8)])
def test_no_download_holds_the_round_in_play_when_the_shoe_runs_out_in_it(room_at: int,
                                                                          seed: int) -> None:
    """docs/web.md#downloads: the round in play is in no download, though the pack ran out
    and was shuffled again inside it. After every request of many rounds whose players draw
    to five cards, the host downloads the house's record (and, once the shoe has run out in a
    round, every seat's history): no event of the round in play is in them, no order (nor
    secret) of a shoe that round dealt from, and they come out the same with the cards that
    round dealt, face down or not, in another order."""
    body, seats, rounds = RUN_OUT[room_at]
    rng = random.Random(seed)
    store = SqliteStore(Path(":memory:"))
    spec = RoomSpec.from_request(body)
    store.create_room("TEST01", spec.to_json(), "0" * 64)
    room = Room("TEST01", spec, "0" * 64, store, Sources(RandomShuffler.seeded(seed)))
    host = Actor(Role.HOST)
    players = [Actor(Role.SPECTATOR) for _ in range(seats)]
    t = table_of(room)
    rid = iter(range(10**6))
    ran_out = [0]  # the rounds in which the shoe ran out
    # Kept from download to download, as the server keeps them (``replays.Histories``).
    kept = {n: downloads.Replay(spec.to_json(), n) for n in [None, *range(1, seats + 1)]}

    def ask(actor: Actor, op: str, **args: Any) -> None:
        frame, _ = room.handle(actor, Request(f"q{next(rid)}", op, args))
        assert frame["ok"], (op, frame)

    for n, who in enumerate(players):
        ask(who, "sit", name=f"P{n}", buy_in=50_000)
    if "draw_for_bank" in room.host_legal():
        ask(host, "draw_for_bank")
    for _ in range(rounds):
        for who in players:
            if "bet" in table_view(room.state(who, None))["legal"]:
                ask(who, "bet", amount=t.rules.min_bet)
        boundary = (len(t.ops), t.shoe.pos, len(t.shoe.history), len(t.log))
        ask(host, "deal")
        while t.phase is not Phase.BETTING:
            saved = store.room(room.code)
            assert saved is not None
            ops, pos, shuffles, log = boundary
            for replay in kept.values():
                replay.extend(saved.ops[replay.applied:], saved.shuffles[replay.shuffles:])
            house = downloads.house_lines(kept[None])
            # No secret of a shoe the round in play dealt from, so no line dealing from one
            # is opened; a Pontoon record holds no pack's order that round dealt from, nor
            # any of its events.
            salts = [s.salt for s in saved.shuffles[shuffles - 1:]]
            assert not any(salt in json.dumps(house) for salt in salts)
            if house and house[0]["format"] == PONTOON_FORMAT:
                assert len(house[0]["shuffles"]) < shuffles
                events = house[0]["events"]
                assert len(events) <= log and events == [e.to_json() for e in
                                                         t.log[:len(events)]]
            if len(t.shoe.history) > shuffles and ran_out[-1] != t.round:
                ran_out.append(t.round)  # the shoe ran out inside this round
                # Every seat's history too, and everything the round dealt in another
                # order: the same downloads.
                parts = [house, *(downloads.seat_lines(kept[n], p.since_op)
                                  for n, p in sorted(room.people.items()))]
                assert not any(salt in json.dumps(parts) for salt in salts)
                held = {n: p.since_op for n, p in room.people.items()}
                assert _downloads(_reordered(saved, ops, pos, shuffles), held) \
                    == HEX.sub("#", json.dumps(parts, sort_keys=True))
            to_act = t.to_act
            assert to_act is not None
            who = next(w for w in players if w.seat == to_act[0])
            legal = [op for op in table_view(room.state(who, None))["legal"]
                     if op in ("hit", "stand", "dealer_hit", "dealer_stand", "decline")]
            drawing = [op for op in legal if op in ("hit", "dealer_hit")]
            cards = (t.dealer.cards if t.phase is Phase.DEALER
                     else t.seats[to_act[0]].hands[to_act[1]].cards)
            ask(who, drawing[0] if drawing and len(cards) < 5 and rng.random() < 0.9
                else next(op for op in legal if op not in drawing))
    assert len(ran_out) > 4  # the case this test is for, many times over
