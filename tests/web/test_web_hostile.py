"""A hostile phone's requests (docs/web.md#the-room-settings): whatever a connection sends a
room, in any order, each request is answered, with ok or with a typed refusal in words; a refusal
changes neither the game nor the ledger; and no request ever sends the room back to its ledger,
which is what an error nobody foresaw does (``RoomCore._failed``).

The suite runs this on the rooms' Python source and CI again on the rooms as the set-up compiles
them (.ci/run): compiled, a value of the wrong type reaching a typed function raises TypeError
where Python would have gone on, so every value a request carries must be checked where it
enters."""

from __future__ import annotations

import itertools
import logging
from pathlib import Path
from typing import Any

from card_kit import card_room, frame_of, host, sit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_kit import table_of

from twentyone.engine.shoe import RandomShuffler
from twentyone.errors import TwentyOneError
from twentyone.web.protocol import Request
from twentyone.web.room import Room, Sources
from twentyone.web.roomcore import Actor, Role
from twentyone.web.spec import RoomSpec
from twentyone.web.store import SqliteStore

#: What a request may ask for: every name a room or its game knows, and some it does not.
OPS = ("sit", "bet", "buy", "leave", "change", "hit", "stand", "double", "split", "surrender",
       "insure", "even_money", "decline", "deal", "pause", "resume", "remove", "close",
       "draw_for_bank", "dealer_hit", "dealer_stand", "pay", "burn", "offer_insurance",
       "give_bank", "buy_bank", "twist", "stick", "play", "give", "pass", "take", "bid",
       "name-trump", "void", "teleport", "", "__init__")
#: The details a move may carry, and some no move takes.
NAMES = ("amount", "buy_in", "price", "seat", "hand", "to", "name", "chips", "colour", "card",
         "cards", "insurance", "bid", "suit", "op", "id", "type", "x")
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.integers(-3, 12),
    st.sampled_from([100, 500, 1000, 2500, 10_000_001]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20),
    st.sampled_from(["red", "white", "Qs", "10h", "h", "prop", "1", "1000"]),
    st.lists(st.one_of(st.integers(-1, 3), st.sampled_from(["Qs", "10h", "As"])), max_size=3),
    st.dictionaries(st.sampled_from(["red", "white", "x", ""]), st.integers(-5, 10**6),
                    max_size=3))
ARGS = st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=4)
#: Requests a room is sent: as many as a hand or two takes.
STEPS = 40
ROOMS = ({"game": "casino", "rules": "classic"}, {"game": "pontoon"},
         {"game": "casino", "rules": "classic", "host_mode": "dealer"},
         {"game": "durak", "players": 3}, {"game": "president", "players": 4},
         {"game": "solo-whist", "players": 4})


def typed(name: str) -> bool:
    """Whether ``name`` is one of the package's own errors (each a ``TwentyOneError``)."""
    found: list[type[TwentyOneError]] = [TwentyOneError]
    for cls in found:
        found.extend(cls.__subclasses__())
    return any(cls.__name__ == name for cls in found)


IDS = itertools.count()
#: Requests that stop the play (``_offered``).
STOPS = ("close", "pause", "remove", "leave")


class Failures(logging.Handler):
    """The warnings the room core logs when a request failed in a way nobody foresaw, or the
    ledger refused a write (``RoomCore._failed``, ``RoomCore._commit``)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(record.getMessage())


def _room(body: dict[str, Any], seed: int, db: Path) -> tuple[Room, list[Actor]]:
    """A room with its host, two people seated and a spectator (as Actors, in that order)."""
    store = SqliteStore(db)
    if body["game"] in ("casino", "pontoon"):
        spec = RoomSpec.from_request(body)
        store.create_room("HOST01", spec.to_json(), "0" * 64)
        room = Room("HOST01", spec, "0" * 64, store, Sources(RandomShuffler.seeded(seed)))
        people = [Actor(Role.HOST)]
        for n in (1, 2):
            actor = Actor(Role.SPECTATOR)
            reply, _ = room.handle(actor, Request(f"s{n}", "sit",
                                                  {"name": f"P{n}", "buy_in": 50_000}))
            assert reply["ok"], reply
            people.append(actor)
        return room, [*people, Actor(Role.SPECTATOR)]
    cards = card_room(store, body["game"], body["players"], seed, code="HOST01")
    return cards, [host(cards), sit(cards, "P1"), sit(cards, "P2"), Actor(Role.SPECTATOR)]


def _state(room: Room) -> tuple[int, str, Any]:
    """What a refusal must leave as it was: the game's log, its state, and the ledger."""
    saved = room.store.room(room.code)
    assert saved is not None
    ops = len(saved.ops)
    if room.purse is not None:  # a chip table
        t = table_of(room)
        return len(t.log), repr((t.phase, t.round, t.to_act)), (ops, room.balances())
    assert room.purse is None
    game: Any = room.game  # a card game: its own state, beyond the protocol
    return room.log_mark(), repr(game.state()), ops


def _offered(room: Room, actor: Actor) -> list[tuple[str, dict[str, Any]]]:
    """The requests the room's page offers ``actor`` now, each with details it takes (a
    hostile phone may send them with other details, or anything else). Closing, pausing,
    removing and leaving are left to the junk, or few runs would get far into a hand."""
    if room.purse is not None:
        if actor.role is Role.HOST:
            return [(op, {}) for op in room.host_legal() if op not in STOPS]
        if not actor.seat:
            return [("sit", {"name": "Eve", "buy_in": 20_000})]
        money = {"bet": table_of(room).rules.min_bet, "buy": 10_000}
        return [(op, {"amount": money[op]} if op in money else {})
                for op in room.legal(actor.seat) if op not in STOPS]
    assert room.purse is None
    if actor.role is Role.HOST:
        return [(op, {}) for op in room.host_legal() if op not in STOPS]
    legal = frame_of(room, actor, None)["legal"]
    return [(str(m["op"]), {k: v for k, v in m.items() if k not in ("op", "seat")})
            for m in legal if m["op"] not in STOPS] or [("sit", {"name": "Eve"})]


def _reseat(room: Room, actors: list[Actor],
            data: st.DataObject) -> list[tuple[Actor, str, dict[str, Any]]]:
    """A seat changing hands, mid-hand as often as not: someone seated gives their seat up (at
    a card room they leave, at a chip table, where a round under way keeps its bets, the host
    removes them), and a newcomer, a new connection, sits down (in that seat, or any)."""
    seated = [a for a in actors if room.holds(a) is not None]
    out: list[tuple[Actor, str, dict[str, Any]]] = []
    if seated:
        leaver = data.draw(st.sampled_from(seated), label="gives the seat up")
        assert leaver.seat is not None
        out.append((actors[0], "remove", {"seat": leaver.seat}) if room.purse is not None
                   else (leaver, "leave", {}))
        seat: dict[str, Any] = {"seat": leaver.seat} if data.draw(
            st.booleans(), label="the same seat") else {}
    else:
        seat = {}
    newcomer = Actor(Role.SPECTATOR)
    actors.append(newcomer)
    out.append((newcomer, "sit", {"name": "Late", **seat,
                                  **({"buy_in": 20_000} if room.purse is not None else {})}))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=st.sampled_from(ROOMS), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_every_request_is_answered_or_refused_in_words_and_a_refusal_changes_nothing(
        tmp_path_factory: Any, body: dict[str, Any], seed: int, data: st.DataObject) -> None:
    """Each step is a move the page offers, as offered or with hostile details laid over its
    own, or a request of any name with any details, from the host, a seated player or a
    spectator; or the clock's tick, on which a card room's bots move; or a seat changing
    hands, mid-hand or between hands (``_reseat``)."""
    room, actors = _room(body, seed, tmp_path_factory.mktemp("hostile") / "l.db")
    failures = Failures()
    logger = logging.getLogger("twentyone.web.roomcore")
    logger.addHandler(failures)
    try:
        for _ in range(STEPS):
            kind = data.draw(st.sampled_from(("offered", "offered", "twisted", "twisted",
                                              "junk", "junk", "tick", "reseat")))
            if kind == "tick":
                room.tick()
                continue
            if kind == "reseat":
                requests = _reseat(room, actors, data)
            else:
                actor = actors[data.draw(st.integers(0, len(actors) - 1))]
                offered = _offered(room, actor)
                if kind == "junk" or not offered:
                    op, args = data.draw(st.sampled_from(OPS)), data.draw(ARGS)
                else:
                    op, args = data.draw(st.sampled_from(offered))
                    if kind == "twisted":  # its own details made hostile, and maybe others
                        args = {**args, **data.draw(ARGS, label="other details")}
                        for name in data.draw(st.lists(st.sampled_from(sorted(args)),
                                                       max_size=2) if args else st.just([])):
                            args[name] = data.draw(VALUES, label=name)
                requests = [(actor, op, args)]
            for actor, op, args in requests:
                before = _state(room)
                reply, changed = room.handle(actor, Request(f"h{next(IDS)}", op, args))
                assert reply["type"] in ("reply", "error"), reply
                if reply["type"] == "error":
                    assert typed(reply["error"]) and reply["message"], reply
                    assert not changed and _state(room) == before, (op, args, reply)
                assert not failures.seen, (op, args, failures.seen)
            if room.closed:
                break
    finally:
        logger.removeHandler(failures)
        room.store.close()  # its file handles now, not at a garbage collection 150 rooms later
