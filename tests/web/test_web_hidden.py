"""No frame ever shows a viewer a card the rules have not revealed to them: the hole card, the
shoe's order, another player's face-down cards, a face-down double
(docs/casino.md#what-you-can-see).

A property over shuffles and players' choices drives rooms of several games directly, building
every connection's state frame after every request exactly as the server sends it; a socket
test records every frame that several seats, a spectator and the host are sent over many rounds
and scans them all."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from leaks import leaks, patch_leaks
from patches import canonical, state_of
from table_view import table_view
from web_kit import party, table_of

from twentyone.engine.shoe import RandomShuffler
from twentyone.engine.table import Phase
from twentyone.web.delta import Feed, Held
from twentyone.web.protocol import Request
from twentyone.web.room import Room, Sources
from twentyone.web.roomcore import Actor, Role
from twentyone.web.spec import RoomSpec
from twentyone.web.store import SqliteStore

#: Choices a player makes in the property (leaving, buying and changing chips are tested apart).
PLAYS = ("hit", "stand", "double", "split", "surrender", "insure", "even_money", "decline",
         "dealer_hit", "dealer_stand")


def _check_everyone(room: Room, actors: list[Actor], since: int,
                    held: dict[int, Held], sat_at: dict[int, int]) -> None:
    """Every actor's whole frame, and the delta frame sent to a connection that holds its
    last one (``held``, by actor), as the server sends them after one request. A seat's cards
    are its holder's only from where they sat down (``sat_at``, by actor): someone who took
    the seat the moment a round ended sees nothing of that round's face-down cards there."""
    frames = room.frames(since)
    feed = Feed(frames, len(table_of(room).log))
    for actor in actors:
        frame = json.loads(frames.text(actor))
        viewer = actor.seat if room.holds(actor) is not None and actor.seat else 0
        found = leaks(frame, table_of(room), viewer, since, sat_at.get(id(actor), 0))
        text, now = feed.frame(actor, held.get(id(actor)))
        held[id(actor)] = now
        if (sent := json.loads(text))["type"] == "delta":
            found += patch_leaks(sent, frame)
        assert not found, (actor, found)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["classic", "single-deck", "casino-party", "european", "pontoon"]),
       shuffle=st.integers(0, 2**32 - 1), data=st.data())
def test_no_state_frame_shows_a_hidden_card(game: str, shuffle: int, data: Any) -> None:
    """Every frame after every request, to the host, a spectator, each seat and whoever has
    given a seat up, while seats change hands the moment a round ends (a chip table seats
    nobody mid-round; docs/web.md#who-holds-a-hand)."""
    body = {"game": "pontoon"} if game == "pontoon" else {"game": "casino", "rules": game}
    spec = RoomSpec.from_request(body)
    room = Room("TEST01", spec, "0" * 64, SqliteStore(Path(":memory:")),
                Sources(RandomShuffler.seeded(shuffle)))
    host = Actor(Role.HOST)
    actors = [host, Actor(Role.SPECTATOR)]
    rid = iter(range(10**6))
    held: dict[int, Held] = {}
    sat_at: dict[int, int] = {}

    def ask(actor: Actor, op: str, **args: Any) -> dict[str, Any]:
        mark = room.log_mark()
        frame, _ = room.handle(actor, Request(f"q{next(rid)}", op, args))
        if op == "sit" and frame.get("ok"):
            sat_at[id(actor)] = mark
        _check_everyone(room, actors, mark, held, sat_at)
        return frame

    def seated() -> list[Actor]:
        return [a for a in actors if room.holds(a) is not None]

    for n in range(3):
        player = Actor(Role.SPECTATOR)
        actors.append(player)
        assert ask(player, "sit", name=f"P{n}", buy_in=50_000)["ok"]
    if game == "pontoon":
        assert ask(host, "draw_for_bank")["ok"]
    t = table_of(room)
    for _ in range(4):
        # The moment a round has ended a seat may change hands (docs/web.md#who-holds-a-hand):
        # its holder leaves, and a newcomer sits there as the very next request.
        leavers = [a for a in seated() if a.seat != t.dealer_seat]
        if t.round and leavers and data.draw(st.booleans(), label="a seat changes hands"):
            leaver = data.draw(st.sampled_from(leavers), label="leaves")
            seat = leaver.seat
            assert ask(leaver, "leave")["ok"]
            newcomer = Actor(Role.SPECTATOR)
            actors.append(newcomer)
            assert ask(newcomer, "sit", name="Late", buy_in=50_000, seat=seat)["ok"]
        for a in seated():
            if "bet" in table_view(room.state(a, None))["legal"]:
                ask(a, "bet", amount=t.rules.min_bet)
        if not t.can_deal():
            break
        assert ask(host, "deal")["ok"]
        while t.phase is not Phase.BETTING:
            to_act = t.to_act
            assert to_act is not None
            actor = next(a for a in seated() if a.seat == to_act[0])
            legal = [op for op in table_view(room.state(actor, None))["legal"] if op in PLAYS]
            choice = data.draw(st.sampled_from(sorted(legal)))
            assert ask(actor, choice)["ok"]


def test_every_frame_sent_over_many_rounds_hides_what_it_must(tmp_path: Path) -> None:
    rng = random.Random()
    with party(tmp_path / "ledger.db", rules="single-deck",
               settings={"turn_s": 0}) as p:
        spectator = p.join()
        players = [p.join() for _ in range(3)]
        for n, who in enumerate(players):
            assert p.sit(who, f"P{n}", 100_000)["ok"]
        t = table_of(p.room)

        def act(who: Any, op: str, **args: Any) -> None:
            mark = len(t.log)
            assert p.act(who, op, **args)["ok"]
            whole = p.room.frames(None)
            for each in [p.host, spectator, *players]:
                found = leaks(each.state, t, each.seat or 0, mark)
                assert not found, (found, each.state)
                # Read from the deltas sent, the view is the whole one the server would send.
                actor = p.room.actor_for(each.token)
                assert canonical(state_of(each.state)) == canonical(
                        state_of(json.loads(whole.text(actor))))

        for _ in range(12):
            for who in players:
                act(who, "bet", amount=t.rules.min_bet)
            act(p.host, "deal")
            while t.phase is not Phase.BETTING:
                to_act = t.to_act
                assert to_act is not None
                who = next(w for w in players if w.seat == to_act[0])
                legal = [op for op in who.view["legal"] if op in PLAYS]
                act(who, rng.choice(legal))
        sent = sum(len(who.frames) for who in [p.host, spectator, *players])
        assert sent > 200
        deltas = [d for who in [p.host, spectator, *players] for d in who.deltas]
        assert len(deltas) > 100
        for delta, made in deltas:
            found = patch_leaks(delta, made)
            assert not found, (found, delta)
