"""A broadcast gives every viewer without a face-down card of its own the house's body and
events with its own ``viewer`` and ``legal`` (``CasinoGame.body``, ``Room.frames``). Each frame
it sends must read exactly as the one built straight from that viewer's own engine view
(``engine.views``, written out by ``games.blackjack.body``; in dealer mode through the dealer's
game) and its own events: for every connection, after every request, in random rounds of each
game, in both host modes.

A connection that takes deltas (``web.delta``) is sent a patch of that frame against the one it
holds: every delta, applied to the client's copy (``patches``, written apart from the server's),
must read exactly as the whole frame, through frames lost on the way and reconnections."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from patches import Copy, apply_patch, canonical
from table_view import table_view
from web_kit import dealer_of, owed_payment, table_of

from twentyone.engine.shoe import RandomShuffler
from twentyone.engine.table import Phase
from twentyone.engine.views import settled_round, view
from twentyone.games.blackjack.body import Bodies
from twentyone.web.delta import Feed, Held, diff
from twentyone.web.frames import Frames
from twentyone.web.protocol import FrameParts, Request
from twentyone.web.room import Room, Sources
from twentyone.web.roomcore import Actor, Role
from twentyone.web.spec import RoomSpec
from twentyone.web.store import SqliteStore

#: Choices a player makes (leaving, buying and changing chips are tested apart).
PLAYS = ("hit", "stand", "double", "split", "surrender", "insure", "even_money", "decline",
         "dealer_hit", "dealer_stand")
ROOMS = [{"game": "casino", "rules": rules}
         for rules in ("classic", "single-deck", "casino-party", "european")]
ROOMS += [{"game": "pontoon"}, {"game": "casino", "rules": "classic", "host_mode": "dealer"}]


def _same_frames(room: Room, actors: list[Actor], frames: Frames) -> set[int]:
    """Check every actor's frame against its own; the seats that were given the shared one."""
    since = frames.since
    for actor in actors:
        parts = frames.parts(actor)
        # The whole frame's length, known from its parts before its text is written (a delta
        # is sent only where it is shorter), is its text's.
        assert parts.least() <= parts.known() <= parts.size() == len(parts.text)
        fast = json.loads(frames.text(actor))
        assert fast == _straight(room, actor, since, frames.calls), actor
    return {a.seat for a in actors if a.seat and a.seat not in frames.private}


def _straight(room: Room, actor: Actor, since: int | None, calls: Any) -> dict[str, Any]:
    """``actor``'s frame with its body written from its own engine view and its events read
    for it alone (``own_state`` with no events given)."""
    viewer, _ = room.looking(actor)
    t = table_of(room)
    body = Bodies().body(settled_round(t, viewer) or view(t, viewer), t)
    dealer = dealer_of(room)
    if dealer is not None:
        body = dealer.body(viewer, body)
    frame = room.own_state(room.looking(actor), since, calls)
    straight: dict[str, Any] = json.loads(json.dumps({**frame, "body": body}))
    return straight


#: What becomes of a frame on its way: it arrives, it is lost (the client sees the gap at the
#: next delta and asks for the whole frame), or the connection drops and the client reconnects
#: before it (the server sends a reconnected client its whole frame).
FATES = ("arrives", "arrives", "arrives", "arrives", "lost", "reconnects")
VERSIONS = itertools.count(1)


class Line:
    """One connection in the property: what the server last sent it, and the client's copy."""

    def __init__(self, actor: Actor) -> None:
        self.actor = actor
        self.held: Held | None = None
        self.copy = Copy()
        self.lost = False
        self.deltas = 0

    def send(self, room: Room, frames: Frames, fate: str) -> None:
        if fate == "reconnects":
            self.held, self.copy, self.lost = None, Copy(), False
        text, self.held = Feed(frames, next(VERSIONS)).frame(self.actor, self.held)
        if fate == "lost":
            self.lost = True
            return
        frame = json.loads(text)
        whole = json.loads(frames.text(self.actor))
        got = self.copy.take(frame)
        self.deltas += got is not None and frame["type"] == "delta"
        if got is None:  # a gap: the client asks for its whole frame (``resync``)
            assert self.lost and frame["type"] == "delta", frame
            frames = room.frames(None)
            text, self.held = Feed(frames, next(VERSIONS)).frame(self.actor, None)
            whole = json.loads(frames.text(self.actor))
            got = self.copy.take(json.loads(text))
            self.lost = False
        assert got is not None
        assert canonical(got) == canonical(whole), (frame, whole)
        assert len(text.encode()) <= len(frames.text(self.actor).encode()) + 20


def _same_deltas(room: Room, lines: list[Line], frames: Frames, data: Any) -> None:
    for line in lines:
        line.send(room, frames, data.draw(st.sampled_from(FATES)))


def _owed_not_shown(room: Room, actors: list[Actor], since: int) -> None:
    """docs/web.md#hosting-a-room: in dealer mode no frame gives away a win the host has still
    to pay: every seat's balance is the engine's less each owed win and its bet, its stack
    sums to that balance, and no settled event of an owed bet carries the chips paid."""
    dealer = dealer_of(room)
    assert dealer is not None
    t = table_of(room)
    cs = t.chipset
    owed = dealer.desk.due
    for actor in actors:
        frame = room.state(actor, since)
        for seat in table_view(frame)["seats"]:
            n = seat["number"]
            hidden = sum(d.amount + d.bet for d in owed if d.seat == n)
            assert seat["bankroll"] == t.bankroll(n) - hidden
            stack = sum(cs.values[cs.colours.index(c)] * k for c, k in seat["chips"].items())
            assert stack == seat["bankroll"]
        for e in frame["events"]:
            if e["kind"] in ("settled", "insurance-settled") and any(
                    (d.seat, d.hand) == (e.get("seat", 0),
                                         e.get("hand", 0) if e["kind"] == "settled" else -1)
                    for d in owed):
                assert "chips" not in e and "chips2" not in e and "amount" not in e


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=st.sampled_from(ROOMS), shuffle=st.integers(0, 2**32 - 1), data=st.data())
def test_every_frame_reads_as_the_one_built_from_its_own_view(
        body: dict[str, str], shuffle: int, data: Any) -> None:
    room = Room("TEST01", RoomSpec.from_request(body), "0" * 64, SqliteStore(Path(":memory:")),
                Sources(RandomShuffler.seeded(shuffle)))
    host = Actor(Role.HOST)
    actors = [host, Actor(Role.SPECTATOR), Actor(Role.SPECTATOR)]
    rid = iter(range(10**6))
    shared_in_play: set[int] = set()
    lines = [Line(a) for a in actors]

    def ask(actor: Actor, op: str, **args: Any) -> dict[str, Any]:
        mark = room.log_mark()
        frame, _ = room.handle(actor, Request(f"q{next(rid)}", op, args))
        _same_frames(room, actors, room.frames(None))
        frames = room.frames(mark)
        shared = _same_frames(room, actors, frames)
        _same_deltas(room, lines, frames, data)
        if table_of(room).phase is Phase.PLAYERS:
            shared_in_play.update(shared)
        if dealer_of(room) is not None:
            _owed_not_shown(room, actors, mark)
        return frame

    for n in range(3):
        player = Actor(Role.SPECTATOR)
        assert ask(player, "sit", name=f"P{n}", buy_in=50_000)["ok"]
        actors.append(player)
        lines.append(Line(player))
    t = table_of(room)
    if body["game"] == "pontoon":
        assert ask(host, "draw_for_bank")["ok"]
    for _ in range(4):
        for a in actors[3:]:
            if "bet" in table_view(room.state(a, None))["legal"]:
                ask(a, "bet", amount=t.rules.min_bet)
        if not t.can_deal():
            break
        if "burn" in room.host_legal():
            assert ask(host, "burn")["ok"]
        assert ask(host, "deal")["ok"]
        dealer = dealer_of(room)
        while t.phase is not Phase.BETTING or (dealer is not None and dealer.desk.due):
            if dealer is not None and dealer.desk.due:
                assert ask(host, "pay", **owed_payment(room))["ok"]
            elif "offer_insurance" in room.host_legal():
                assert ask(host, "offer_insurance")["ok"]
            elif dealer is not None and t.phase is Phase.DEALER:
                if ask(host, "dealer_hit")["type"] == "error":  # the rule says stand
                    assert ask(host, "dealer_stand")["ok"]
            else:
                to_act = t.to_act
                assert to_act is not None
                actor = next(a for a in actors if a.seat == to_act[0])
                legal = [op for op in table_view(room.state(actor, None))["legal"] if op in PLAYS]
                assert ask(actor, data.draw(st.sampled_from(sorted(legal))))["ok"]
    assert sum(line.deltas for line in lines) > len(lines)
    if body.get("rules") in ("classic", "european"):
        # Cards dealt face up: seats in play share the spectator's frame, so it was checked.
        assert shared_in_play


def test_a_frame_is_its_state_then_its_events_and_calls() -> None:
    """docs/web.md#delta-frames: one shape for every room, the state's members at the top."""
    frame: dict[str, Any] = {"type": "state", "ctx": {"viewer": 2}, "legal": [{"op": "hit"}],
                             "body": {"seats": [{"number": 2}]}, "room": {"code": "AB"},
                             "events": [{"kind": "bet"}], "calls": ["Bets down"]}
    parts = FrameParts.of(frame)
    assert json.loads(parts.text) == frame
    assert parts.own == {k: frame[k] for k in ("ctx", "legal", "body", "room")}
    assert parts.least() < parts.size() == len(parts.text)


def test_a_patch_says_a_null_and_a_change_deep_in_a_list() -> None:
    """RFC 6902, not a merge patch: a member set to null stays (a hidden card, nobody to act),
    and a change in one seat's hand addresses that hand only."""
    old = {"to_act": [2, 0], "seats": [{"n": 1, "hands": [{"cards": [None, {"c": "As"}]}]},
                                       {"n": 2, "hands": []}], "a/b": 1, "t~": True}
    new = {"to_act": None, "seats": [{"n": 1, "hands": [{"cards": [{"c": "Kd"}, {"c": "As"}]}]},
                                     {"n": 2, "hands": [{"cards": [None]}]}], "a/b": 2, "t~": 1}
    patch = diff(old, new)
    assert {"op": "replace", "path": "/to_act", "value": None} in patch
    assert {"op": "replace", "path": "/seats/0/hands/0/cards/0", "value": {"c": "Kd"}} in patch
    assert {"op": "add", "path": "/seats/1/hands/0", "value": {"cards": [None]}} in patch
    assert {"op": "replace", "path": "/a~1b", "value": 2} in patch
    assert {"op": "replace", "path": "/t~0", "value": 1} in patch  # true is not 1 in JSON
    assert canonical(apply_patch(old, patch)) == canonical(new)
    assert diff(new, new) == []
    assert canonical(apply_patch(new, diff(new, old))) == canonical(old)
