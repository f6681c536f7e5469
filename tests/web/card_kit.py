"""Helpers for the card rooms' tests: a card room over a ledger, driven in process through
``handle`` and ``tick`` exactly as the server drives it, and the cards a viewer has a right to
have seen (docs/games/protocol.md#what-each-seat-sees)."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

from twentyone.cards import Card
from twentyone.games.core.game import CardGame
from twentyone.games.core.shuffle import RandomShuffler
from twentyone.web.protocol import Request
from twentyone.web.room import Room, Sources
from twentyone.web.roomcore import Actor, Role, token_hash
from twentyone.web.spec import RoomSpec
from twentyone.web.store import Store

HOST_TOKEN = "host-token-for-tests"
_ids = itertools.count(1)


class Clock:
    """A clock a test moves by hand."""

    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def card_room(store: Store, game: str, players: int, seed: int, code: str = "CARD01",
              clock: Clock | None = None, level: str = "best", **settings: Any) -> Room:
    """A new card room in ``store`` with bots of ``level``: shuffles and bots seeded from
    ``seed``; bots move on every ``tick`` (no pause between moves)."""
    spec = RoomSpec.from_request({"game": game, "players": players, "level": level,
                                  "settings": {"turn_s": 0, **settings}})
    store.create_room(code, spec.to_json(), token_hash(HOST_TOKEN))
    return Room(code, spec, token_hash(HOST_TOKEN), store,
                Sources(cards=RandomShuffler(random.Random(seed)), bot_delay_s=0.0,
                        bot_rng=lambda c, s: random.Random(seed * 10 + s)),
                now=clock or Clock())


def reopen(store: Store, code: str = "CARD01", seed: int = 0,
           clock: Clock | None = None) -> Room:
    """The room dealt again from its ledger, as a restarted server deals it."""
    saved = store.room(code)
    assert saved is not None
    room = Room(code, RoomSpec.from_json(saved.spec), saved.host_hash, store,
                Sources(cards=RandomShuffler(random.Random(seed + 1)), bot_delay_s=0.0,
                        bot_rng=lambda c, s: random.Random(seed * 10 + s)),
                now=clock or Clock(), saved=saved)
    room.recover()
    return room


def ask(room: Room, actor: Actor, op: str, **args: Any) -> dict[str, Any]:
    frame, _ = room.handle(actor, Request(f"q{next(_ids)}", op, args))
    return frame


def sit(room: Room, name: str, seat: int | None = None) -> Actor:
    actor = Actor(Role.SPECTATOR)
    args: dict[str, Any] = {"name": name}
    if seat is not None:
        args["seat"] = seat
    reply = ask(room, actor, "sit", **args)
    assert reply.get("ok"), reply
    return actor


def host(room: Room) -> Actor:
    return room.actor_for(HOST_TOKEN)


def codes_in(value: Any, pack: set[str]) -> set[str]:
    """Every card code anywhere in a frame."""
    if isinstance(value, str):
        return {value} if value in pack else set()
    if isinstance(value, dict):
        return set().union(*(codes_in(k, pack) | codes_in(v, pack) for k, v in value.items())) \
            if value else set()
    if isinstance(value, list):
        return set().union(*(codes_in(v, pack) for v in value)) if value else set()
    return set()


def seen_by(g: CardGame[Any], viewer: int) -> set[Card]:
    """The cards ``viewer`` (0: a spectator or the host) has a right to have seen: its own
    hand, and every card of an event shown to all or to it (a deal to its hand, a card
    handed to it)."""
    out = set(g.hand_of(viewer)) if viewer else set()
    for e in g.log:
        if not e.private or (viewer and viewer in (e.seat, e.other)):
            out.update(e.cards)
    return out


def frame_of(room: Room, actor: Actor, since: int | None) -> dict[str, Any]:
    """A connection's frame exactly as a broadcast sends it (its text, read back)."""
    frame: dict[str, Any] = json.loads(room.frames(since).text(actor))
    return frame


def game_of(room: Room) -> CardGame[Any]:
    """A card room's game, as the card game it is (``Room.card_game``)."""
    g = room.card_game
    assert g is not None, "a card room"
    return g


def leaks(room: Room, actor: Actor, since: int | None) -> set[str]:
    """Cards in ``actor``'s frame that it has no right to see."""
    g = game_of(room)
    viewer, _ = room.looking(actor)
    pack = {c.code for c in g.pack()}
    shown = codes_in(frame_of(room, actor, since), pack)
    return shown - {c.code for c in seen_by(g, viewer)}
