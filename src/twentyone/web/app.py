"""The party table's web server: a Starlette app with the HTTP routes and the websocket of the
protocol (docs/web.md).

Each room has an ``asyncio.Lock``: one request at a time is checked and applied, its answer sent
and every connection's new state pushed before the next is read, so clients racing for one seat
or one balance get exactly the outcome the table allows. Each connection has a rate limit; a
flood closes it (1008). A ticker runs the rooms' turn clocks.

The server listens at once: a room is dealt again from the ledger when it is first used, and
leaves memory again once nobody has used it for a while between rounds (``Limits.room_idle_s``;
its ledger stays, and its next use deals it again, as after a restart). Creating rooms and
downloading are rate-limited per client address, and downloads are dealt off the event loop
(``replays``); docs/web.md#what-one-server-withstands.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import random
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import segno
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from twentyone.engine.shoe import Shuffler
from twentyone.errors import (
    LedgerError,
    LimitError,
    NotAllowedError,
    RequestError,
    RoomError,
    TwentyOneError,
    WrongPhaseError,
)
from twentyone.games.core.shuffle import Shuffler as CardShuffler
from twentyone.train.seat import CHECK_CHANCE
from twentyone.web import coaching, downloads, pages, protocol, training
from twentyone.web.botseats import BOT_DELAY_S, secure_bot_rng
from twentyone.web.delta import Feed, Held
from twentyone.web.limits import Buckets, Limits, Slots
from twentyone.web.replays import Histories
from twentyone.web.room import Room, Sources
from twentyone.web.roomcore import Actor, Broadcast, Role, RoomCore, new_token, said, token_hash
from twentyone.web.shoes import secure_cards, secure_shuffler
from twentyone.web.spec import CHIP_GAMES, RoomSpec, presets, room_games
from twentyone.web.store import Store, StoredRoom

#: Room codes: six characters no one misreads (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: How often the turn clocks are looked at, in seconds.
TICK_S = 0.25

_LOG = logging.getLogger(__name__)


@dataclass(eq=False)
class Connection:
    ws: WebSocket
    actor: Actor
    #: Whether it asked for delta frames in its hello, and what it was last sent (``delta``).
    deltas: bool = False
    held: Held | None = None


@dataclass
class Site:
    """The rooms this server holds in memory, with their locks, connections and when each was
    last used; the others wait in the ledger until someone asks for them."""

    store: Store
    live: Callable[[], Shuffler]
    limits: Limits = field(default_factory=Limits)
    clock: Callable[[], float] = time.monotonic
    #: The live shuffler of a game dealt from a pack, and the pause between bots' moves.
    cards: Callable[[], CardShuffler] = secure_cards
    bot_delay_s: float = BOT_DELAY_S
    bot_rng: Callable[[str, int], random.Random] = secure_bot_rng
    rooms: dict[str, RoomCore] = field(default_factory=dict)
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    conns: dict[str, set[Connection]] = field(default_factory=dict)
    used: dict[str, float] = field(default_factory=dict)

    def open(self, code: str, spec: RoomSpec, host_hash: str,
             saved: StoredRoom | None = None) -> RoomCore:
        """A room of the game ``spec`` names, whatever the game: the one ``Room``, given the
        server's sources of shuffles and bots (it uses those its game needs)."""
        sources = Sources(self.live(), self.cards(), self.bot_delay_s, self.bot_rng)
        return Room(code, spec, host_hash, self.store, sources, saved=saved)

    def add(self, room: RoomCore) -> None:
        self.rooms[room.code] = room
        self.locks[room.code] = asyncio.Lock()
        self.conns[room.code] = set()
        self.used[room.code] = self.clock()

    def room(self, code: str) -> RoomCore:
        """The room, dealt again from the ledger if it is not in memory (an open room only: a
        closed one is gone once it leaves memory, as after a restart)."""
        room = self.rooms.get(code)
        if room is None:
            saved = self.store.room(code)
            if saved is None or saved.closed:
                raise RoomError(f"there is no room {code!r}")
            room = self.open(code, RoomSpec.from_json(saved.spec), saved.host_hash, saved)
            room.recover()
            self.add(room)
        self.used[code] = self.clock()
        return room

    @contextlib.asynccontextmanager
    async def locked(self, code: str) -> AsyncIterator[RoomCore]:
        """The room with its lock held: the room in memory once the lock is got (one that left
        memory while this waited is dealt again), never a copy that has left."""
        while True:
            room = self.room(code)
            lock = self.locks[code]
            await lock.acquire()
            if self.rooms.get(code) is room:
                break
            lock.release()
        try:
            yield room
        finally:
            lock.release()

    def expire(self) -> list[str]:
        """Let rooms out of memory that nobody is connected to, nobody has used for
        ``room_idle_s`` and that are between rounds or closed: dealt again from the ledger, such
        a room is exactly as it was (a round under way stays, so that a restart's
        ``interrupted`` setting is the only thing that ever calls one off)."""
        gone = []
        for code, room in list(self.rooms.items()):
            idle = self.clock() - self.used[code] >= self.limits.room_idle_s
            if idle and not self.conns[code] and not self.locks[code].locked() \
                    and (room.closed or room.between_rounds()):
                for table in (self.rooms, self.locks, self.conns, self.used):
                    del table[code]
                gone.append(code)
        return gone

    async def broadcast(self, room: RoomCore, since: int | None) -> None:
        """Each connection's own state; a room closed says so and closes them. Each frame is
        built and encoded once however many connections look alike, and the parts every
        viewer sees alike once for all of them (``Room.frames``); a connection that takes
        deltas is sent what changed since the frame it holds (``delta.Feed``)."""
        feed = None if room.closed else self.feed(room, room.frames(since))
        for c in list(self.conns[room.code]):
            with contextlib.suppress(Exception):
                if feed is None:
                    await c.ws.send_json({"type": "closed", "reason": "the host closed the room"})
                    await c.ws.close(1000)
                    continue
                await self.send_state(c, feed)
        if room.closed:
            self.conns[room.code].clear()

    @staticmethod
    def feed(room: RoomCore, frames: Broadcast) -> Feed:
        """Delta frames for a broadcast of the room's frames, at the room's next version."""
        return Feed(frames, next(room.versions))

    async def send_state(self, c: Connection, feed: Feed) -> None:
        """One connection's frame of ``feed``: the whole frame, or for a connection that takes
        deltas the delta from what it holds. Until the send is done it holds nothing known, so
        a send that fails is followed by a whole frame."""
        if not c.deltas:
            await c.ws.send_text(feed.frames.text(c.actor))
            return
        text, held = feed.frame(c.actor, c.held)
        c.held = None
        await c.ws.send_text(text)
        c.held = held

    async def resync(self, room: RoomCore, c: Connection) -> None:
        """The connection's whole frame again, asked for by a client that lost its place."""
        c.held = None
        if room.closed:
            return
        await self.send_state(c, self.feed(room, room.frames(None)))


def _error(exc: TwentyOneError, status: int) -> JSONResponse:
    return JSONResponse(protocol.error_body(exc), status_code=status)


def _client(request: Request) -> str:
    return request.client.host if request.client else ""


#: The most a new room's settings may be, in bytes (they are a few hundred).
MAX_BODY = 16 * 1024


async def _body(request: Request) -> bytes:
    """A request's body, read only up to ``MAX_BODY``: a larger one is refused before the
    rest of it is read into memory."""
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise RequestError(f"a request is at most {MAX_BODY // 1024} KiB")
    return bytes(raw)


def _too_fast(what: str, wait_s: float, whose: str = "from your address") -> JSONResponse:
    return JSONResponse(protocol.error_body(LimitError(
        f"too many {what} {whose}: try again in {max(1, round(wait_s))} s")),
        status_code=429, headers={"Retry-After": str(max(1, round(wait_s)))})


def _busy_downloading(most: int) -> JSONResponse:
    """The answer to a download past ``Limits.downloads_total``."""
    return JSONResponse(protocol.error_body(LimitError(
        f"the server is busy with other downloads ({most} at once): try again in a few "
        "seconds")), status_code=503, headers={"Retry-After": "5"})


def downloads_at_most(slots: Slots, handler: Callable[[Request], Awaitable[Response]]
                      ) -> Callable[[Request], Awaitable[Response]]:
    """``handler`` (a download) with one of ``slots`` held while it runs, or refused in words
    when all of them are (``Limits.downloads_total``)."""

    async def held(request: Request) -> Response:
        with slots.hold() as free:
            if not free:
                return _busy_downloading(slots.n)
            return await handler(request)

    return held


def create_app(store: Store, *, live: Callable[[], Shuffler] = secure_shuffler,
               tick_s: float = TICK_S, rules: str = "classic", limits: Limits | None = None,
               clock: Callable[[], float] = time.monotonic,
               cards: Callable[[], CardShuffler] = secure_cards,
               bot_delay_s: float = BOT_DELAY_S,
               bot_rng: Callable[[str, int], random.Random] = secure_bot_rng,
               count_checks: float = CHECK_CHANCE) -> Starlette:
    """The app over ``store`` (a room is dealt again from it when first used); ``live`` makes
    each room's shuffler (the system's secure random source unless a test stacks the shoe);
    ``rules`` is the preset offered first; ``limits`` what one client may ask of it, and
    ``clock`` the time rooms are idle by; ``cards`` makes the shuffler of a game dealt from a
    pack, and bots move ``bot_delay_s`` apart, each with the random source
    ``bot_rng(code, seat)``; the coach at a casino table asks a count check after
    ``count_checks`` of the rounds."""
    limits = limits or Limits()
    site = Site(store, live, limits, clock, cards, bot_delay_s, bot_rng)
    creating = Buckets(limits.rooms_burst, limits.room_every_s, clock)
    creating_all = Buckets(limits.rooms_total_burst, limits.rooms_total_every_s, clock)
    fetching = Buckets(limits.downloads_burst, limits.download_every_s, clock)
    downloading = Slots(limits.downloads_total)
    histories = Histories(store)
    trainers = training.Trainers(training.beside(store))
    coaches = coaching.Coaches(training.beside(store), chance=count_checks)

    async def health(request: Request) -> Response:
        return JSONResponse({"status": "ok"})

    async def page(request: Request) -> Response:
        return pages.page("index.html", "The table's page")

    async def api_presets(request: Request) -> Response:
        return JSONResponse({"games": list(CHIP_GAMES), "presets": presets(rules),
                             "rooms": room_games()})

    async def create_room(request: Request) -> Response:
        if not creating.allow(_client(request)):
            return _too_fast("new rooms", creating.wait_s(_client(request)))
        if not creating_all.allow(""):  # everyone's together: one key
            return _too_fast("new rooms", creating_all.wait_s(""), "on this server")
        try:
            body = protocol.read_json(await _body(request), "the new room's settings")
            spec = RoomSpec.from_request(body)
        except TwentyOneError as exc:
            return _error(exc, 400)
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
        while code in site.rooms or store.room(code) is not None:  # one in the ledger too
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
        host = new_token()
        try:
            store.create_room(code, spec.to_json(), token_hash(host))
            site.add(site.open(code, spec, token_hash(host)))
        except Exception as exc:  # a full disk, a locked file: no room, a word, one log line
            _LOG.warning("a new room could not be written to the ledger (%s)", said(exc))
            return _error(LedgerError("the server could not write the new room to its ledger, "
                                      "so there is none: try again"), 503)
        return JSONResponse({"room": code, "host_token": host,
                             "join_url": f"{str(request.base_url).rstrip('/')}/r/{code}"},
                            status_code=201)

    def room_or_404(request: Request) -> RoomCore | JSONResponse:
        try:
            return site.room(request.path_params["code"])
        except RoomError as exc:
            return _error(exc, 404)

    async def room_info(request: Request) -> Response:
        room = room_or_404(request)
        return room if isinstance(room, JSONResponse) else JSONResponse(room.info())

    async def join_qr(request: Request) -> Response:
        """The join link as a QR code, for the friends at the table to scan with their phones
        (the code alone lets anyone watch, as the link does)."""
        room = room_or_404(request)
        if isinstance(room, JSONResponse):
            return room
        url = f"{str(request.base_url).rstrip('/')}/r/{room.code}"
        out = io.BytesIO()
        segno.make(url, error="m").save(out, kind="svg", scale=6, border=2, dark="#1d1d1f",
                                        light="#fbfaf6", title=f"Join room {room.code}")
        return Response(out.getvalue(), media_type="image/svg+xml")

    def room_and_actor(request: Request) -> tuple[RoomCore, Actor] | JSONResponse:
        """The room of the path and who the ``?token=`` speaks for, or the error answer: 404
        for no such room, 403 for a missing or foreign token."""
        room = room_or_404(request)
        if isinstance(room, JSONResponse):
            return room
        token = request.query_params.get("token")
        try:
            if not token:
                raise NotAllowedError("add your token: ?token=...")
            return room, room.actor_for(token)
        except TwentyOneError as exc:
            return _error(exc, 403)

    async def history(request: Request) -> Response:
        found = room_and_actor(request)
        if isinstance(found, JSONResponse):
            return found
        if not fetching.allow(_client(request)):
            return _too_fast("downloads", fetching.wait_s(_client(request)))
        room, actor = found
        async with site.locked(room.code) as held:
            try:
                record = held.download(actor, request.query_params.get("seat"))
            except TwentyOneError as exc:
                status = 409 if isinstance(exc, WrongPhaseError) else (
                    404 if isinstance(exc, RoomError) else 403)
                return _error(exc, status)
        text = await record.read(histories)
        return PlainTextResponse(text, media_type="application/x-ndjson",
                                 headers={"Content-Disposition":
                                          f'attachment; filename="{record.name}.jsonl"'})

    async def ledger(request: Request) -> Response:
        found = room_and_actor(request)
        if isinstance(found, JSONResponse):
            return found
        room, actor = found
        if actor.role is not Role.HOST:
            return _error(NotAllowedError("the ledger is the host's"), 403)
        if not fetching.allow(_client(request)):
            return _too_fast("downloads", fetching.wait_s(_client(request)))
        text = await histories.off_loop(downloads.ledger_csv, store.ledger(room.code))
        return PlainTextResponse(text, media_type="text/csv",
                                 headers={"Content-Disposition":
                                          f'attachment; filename="{room.code}-ledger.csv"'})

    async def scores(request: Request) -> Response:
        """A card room's score sheet as CSV, for the host and the seated players."""
        found = room_and_actor(request)
        if isinstance(found, JSONResponse):
            return found
        room, actor = found
        async with site.locked(room.code) as held:
            try:
                sheet = held.score_sheet()
            except RoomError as exc:
                return _error(exc, 404)
        if actor.role is Role.SPECTATOR:
            return _error(NotAllowedError("the score sheet is for the host and the players"),
                          403)
        if not fetching.allow(_client(request)):
            return _too_fast("downloads", fetching.wait_s(_client(request)))
        text = downloads.sheet_csv(sheet.header, sheet.rows)
        return PlainTextResponse(text, media_type="text/csv",
                                 headers={"Content-Disposition":
                                          f'attachment; filename="{room.code}-scores.csv"'})

    async def hint(request: Request) -> Response:
        found = room_and_actor(request)
        if isinstance(found, JSONResponse):
            return found
        room, actor = found
        if actor.role is not Role.PLAYER or actor.seat is None:
            return _error(NotAllowedError("a hint is for a seat's own turn"), 409)
        async with site.locked(room.code) as room:
            try:
                question = room.hint_question(actor.seat)
            except TwentyOneError as exc:
                return _error(exc, 409)
        return JSONResponse(await run_in_threadpool(question.answer))

    async def play(ws: WebSocket) -> None:
        await ws.accept()
        code = ws.path_params["code"]
        # A bucket of its own for this connection's messages (so one key, "").
        limit = Buckets(limits.messages_burst, 1 / limits.messages_per_s)
        try:
            site.room(code)
            try:
                hello = await asyncio.wait_for(_receive(ws), limits.hello_timeout_s)
            except TimeoutError:
                await ws.close(1008, f"say hello within {limits.hello_timeout_s:g} s of "
                                     "connecting")
                return
            hello_frame = protocol.read_frame(hello)
            token = protocol.read_hello(hello_frame)
            deltas = protocol.wants_deltas(hello_frame)
            async with site.locked(code) as room:
                if room.closed:
                    raise RoomError("the host has closed this room")
                actor = room.actor_for(token)
                conn = Connection(ws, actor, deltas)
                # Once connected the room stays in memory (``Site.expire``), so this lock
                # and room are the room's for as long as the connection lasts.
                lock = site.locks[code]
                room.connected(actor)
                site.conns[code].add(conn)
                await ws.send_json({"type": "welcome", "role": str(actor.role),
                                    "seat": actor.seat, "room": room.info()})
                await site.broadcast(room, None)
        except TwentyOneError as exc:
            await ws.send_json(protocol.error_frame(None, exc))
            await ws.close(1008)
            return
        except WebSocketDisconnect:
            return
        try:
            while True:
                text = await _receive(ws)
                site.used[code] = site.clock()
                if not limit.allow(""):
                    await ws.close(1008, "too many messages")
                    break
                try:
                    frame = protocol.read_frame(text)
                    if frame.get("type") == "resync":
                        protocol.read_resync(frame)
                        async with lock:
                            await site.resync(room, conn)
                        continue
                    req = protocol.read_request(frame)
                except TwentyOneError as exc:
                    rid = None
                    with contextlib.suppress(TwentyOneError):
                        rid = protocol.request_id(protocol.read_frame(text))
                    await ws.send_json(protocol.error_frame(rid, exc))
                    continue
                async with lock:
                    mark = room.log_mark()
                    reply, changed = room.handle(actor, req)
                    await ws.send_text(protocol.dumps(reply))
                    if changed:
                        await site.broadcast(room, mark)
                if room.closed:
                    break
        except WebSocketDisconnect:
            pass
        finally:
            async with lock:
                site.conns[code].discard(conn)
                room.disconnected(actor)
                if not room.closed:
                    await site.broadcast(room, None)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def ticker() -> None:
            while True:
                await asyncio.sleep(tick_s)
                for code, room in list(site.rooms.items()):
                    async with site.locks[code]:
                        mark = room.log_mark()
                        if room.tick():
                            site.used[code] = site.clock()
                            await site.broadcast(room, mark)
                site.expire()

        task = asyncio.create_task(ticker())
        try:
            yield
        finally:
            task.cancel()
            histories.close()
            trainers.file.close()

    routes: list[Any] = [
        Route("/health", health),
        Route("/", page),
        Route("/r/{code}", page),
        Route("/api/presets", api_presets),
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms/{code}", room_info),
        Route("/api/rooms/{code}/join.svg", join_qr),
        Route("/api/rooms/{code}/history.jsonl", downloads_at_most(downloading, history)),
        Route("/api/rooms/{code}/ledger.csv", downloads_at_most(downloading, ledger)),
        Route("/api/rooms/{code}/scores.csv", downloads_at_most(downloading, scores)),
        Route("/api/rooms/{code}/hint", hint),
        WebSocketRoute("/ws/{code}", play),
        *coaching.routes(coaches, room_and_actor, site.locked),
        *training.routes(trainers),
        Mount("/static", StaticFiles(directory=pages.STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.site = site
    app.state.downloads = downloading
    return app


async def _receive(ws: WebSocket) -> str | bytes:
    """The next frame's text (or bytes, read as the same JSON); a close ends the loop."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    data: str | bytes | None = message.get("text")
    if data is None:
        data = message.get("bytes") or b""
    return data
