"""The page's own copy of its VIEW (static/delta.js), run in Chromium (the browser tests' own)
on the frames a room's server sends: every delta it applies must give the whole frame the
server would have sent, and a delta after a lost frame, or one whose patch does not apply,
must be refused (the page then asks for the whole frame) and the whole frame taken again
(docs/web.md#delta-frames)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from patches import canonical
from playwright.sync_api import Browser
from web_kit import table_of

from twentyone.engine.shoe import RandomShuffler
from twentyone.engine.table import Phase
from twentyone.web.delta import Feed, Held
from twentyone.web.protocol import Request
from twentyone.web.room import Room, Sources
from twentyone.web.roomcore import Actor, Role
from twentyone.web.spec import RoomSpec
from twentyone.web.store import SqliteStore

DELTA_JS = Path(__file__).resolve().parents[2] / "src/twentyone/web/static/delta.js"
#: Takes the module's source and the streams of frames, and gives for each stream what
#: ``Deltas.take`` made of each frame. The module is read as a function's body (its two
#: ``export``s dropped): a blank page may not import a file.
RUN = """([source, streams]) => {
  const { Deltas } = new Function(source.replaceAll("export ", "") + "; return { Deltas };")();
  return streams.map((stream) => {
    const copy = new Deltas();
    return stream.map((f) => copy.take(f));
  });
}"""

Step = tuple[dict[str, Any], dict[str, Any] | None]


def _streams(body: dict[str, Any], seed: int) -> list[list[Step]]:
    """For each of a room's connections, the frames it is sent over a few rounds with what
    the page must make of each (None: refused). Every fifth frame to the first player is lost
    on the way, and the frame after it answered by the whole frame, as a ``resync`` is; and the
    spectator is once sent a patch of a member that is not there."""
    room = Room("TEST01", RoomSpec.from_request(body), "0" * 64, SqliteStore(Path(":memory:")),
                Sources(RandomShuffler.seeded(seed)))
    host, spectator = Actor(Role.HOST), Actor(Role.SPECTATOR)
    actors = [host, spectator]
    rid = itertools.count()
    versions = itertools.count(1)
    held: dict[int, Held | None] = {}
    streams: dict[int, list[Step]] = {}
    sent = itertools.count()

    def broadcast(since: int) -> None:
        frames = room.frames(since)
        feed = Feed(frames, next(versions))
        for a in actors:
            text, held[id(a)] = feed.frame(a, held.get(id(a)))
            frame = json.loads(text)
            whole = json.loads(frames.text(a))
            stream = streams.setdefault(id(a), [])
            if a is actors[2] and next(sent) % 5 == 4:
                continue  # lost: the page sees the gap at the next delta
            bad = a is spectator and len(stream) == 6
            if bad:  # a patch that does not apply to the version it names
                frame = {**frame, "type": "delta", "base": _accepted(stream)[-1],
                         "patch": [{"op": "replace", "path": "/nothing", "value": 1}]}
            if frame["type"] == "delta" and (bad or _accepted(stream)[-1] != frame["base"]):
                stream.append((frame, None))
                again = room.frames(None)
                text, held[id(a)] = Feed(again, next(versions)).frame(a, None)
                stream.append((json.loads(text), json.loads(again.text(a))))
                continue
            stream.append((frame, whole))

    def ask(actor: Actor, op: str, **args: Any) -> None:
        mark = room.log_mark()
        _, changed = room.handle(actor, Request(f"q{next(rid)}", op, args))
        if changed:
            broadcast(mark)

    for n in range(3):
        player = Actor(Role.SPECTATOR)
        actors.append(player)
        ask(player, "sit", name=f"P{n}", buy_in=50_000)
    t = table_of(room)
    if body["game"] == "pontoon":
        ask(host, "draw_for_bank")
    for _ in range(3):
        for a in actors[2:]:
            if "bet" in room.legal(a.seat or 0):
                ask(a, "bet", amount=t.rules.min_bet)
        ask(host, "deal")
        while t.phase is not Phase.BETTING:
            to_act = t.to_act
            assert to_act is not None
            actor = next(a for a in actors if a.seat == to_act[0])
            legal = room.legal(to_act[0])
            ask(actor, "hit" if "hit" in legal and len(t.log) % 3 else
                next(op for op in ("stand", "dealer_stand", "decline") if op in legal))
    return list(streams.values())


def _accepted(stream: list[Step]) -> list[int]:
    """The versions of the frames the page took, in order."""
    return [f["version"] for f, made in stream if made is not None]


@pytest.mark.parametrize("body", [{"game": "casino", "rules": "classic"},
                                  {"game": "casino", "rules": "single-deck"},
                                  {"game": "pontoon"}])
def test_the_pages_copy_reads_as_the_whole_frames(body: dict[str, Any],
                                                  browser: Browser) -> None:
    streams = _streams(body, 7)
    page = browser.new_page()
    page.set_default_timeout(60_000)
    try:
        out = page.evaluate(RUN, [DELTA_JS.read_text(encoding="utf-8"),
                                  [[f for f, _ in s] for s in streams]])
    finally:
        page.close()
    assert len(out) == len(streams)
    kinds = set()
    for stream, got in zip(streams, out, strict=True):
        assert len(got) == len(stream)
        for (frame, want), made in zip(stream, got, strict=True):
            kinds.add((frame["type"], want is None))
            if want is None:
                assert made is None, frame
            else:
                assert canonical(made) == canonical(want), frame
    # Deltas applied, deltas refused, whole frames: every path was taken.
    assert kinds == {("delta", False), ("delta", True), ("state", False)}
