"""The server's door: how many connections each client address may hold, and how long a new one
may keep quiet (docs/web.md#what-one-server-withstands).

A socket that never sends a byte never reaches the app, so the count and the deadline are kept
where uvicorn accepts connections: ``Gate`` counts each address's open connections, and the
protocol classes ``server_config`` gives uvicorn admit or refuse each one as it is accepted and
close one whose request's headers do not come in time. A connection over its address's cap is
not dropped silently: if it says what it wants within a second, ``Refusals`` (in front of the app)
answers it in words (HTTP 429, or a websocket closed with the reason), then it is closed. All the
addresses together may hold only ``Limits.conns_total``: at that total a newcomer is let in by
closing a connection that has sent nothing yet from the address holding the most, so a crowd of
silent sockets from many addresses does not shut a bystander out.
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from twentyone.errors import LimitError
from twentyone.web.limits import Limits
from twentyone.web.protocol import error_body

#: Seconds a connection over its address's cap has to send its request before it is closed.
REFUSE_WITHIN_S = 1.0
#: The close code of a websocket refused for its address's connections ("try again later").
TRY_AGAIN = 1013

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]


#: Connections being refused in words (kept up to ``REFUSE_WITHIN_S`` to be told why) at once,
#: at most: past it a refused connection is closed at once, so a flood of refusals cannot hold
#: the files a bystander needs.
REFUSING_MOST = 64


class Gate:
    """Each client address's open connections (by transport), all of them together, and those
    let in over a cap only to be told so (by address and port, as the app's requests name their
    client, with the refusal to tell them)."""

    def __init__(self, cap: int, total: int | None = None) -> None:
        self.cap = cap
        self.total = total if total is not None else 1 << 62
        self._open: dict[str, set[object]] = {}
        self._host: dict[object, str] = {}
        #: Each open connection's question "have you still sent no request?" (an HTTP one
        #: waiting for its headers; a websocket never is).
        self._quiet: dict[object, Callable[[], bool]] = {}
        self.refused: dict[tuple[str, int], LimitError] = {}

    def admit(self, transport: object, client: tuple[str, int] | None,
              quiet: Callable[[], bool] = lambda: False) -> bool | None:
        """Count a new connection: True if it is let in; False if it is to be told it is over a
        cap (its address holds ``cap``, or everyone together ``total`` and no address holding
        more than its own has a quiet connection to close for it); None if it is to be closed
        at once (``REFUSING_MOST`` are being told already)."""
        host = client[0] if client else ""
        held = self._open.get(host, set())
        if len(held) >= self.cap:
            refusal = self.refusal()
        elif len(self._host) >= self.total and not self._shed(len(held)):
            refusal = LimitError(f"the server holds as many connections as it may "
                                 f"({self.total}): try again in a moment")
        else:
            self._open.setdefault(host, set()).add(transport)
            self._host[transport] = host
            self._quiet[transport] = quiet
            return True
        if client is None or len(self.refused) >= REFUSING_MOST:
            return None
        self.refused[client] = refusal
        return False

    def _shed(self, fewer_than: int) -> bool:
        """At the total: close a quiet connection of the address holding the most, if it holds
        more than ``fewer_than`` + 1 (so a newcomer's address never ends up holding more than
        the one it was made room by); whether one was closed."""
        if not self._open:
            return False
        held = max(self._open.values(), key=len)
        if len(held) <= fewer_than + 1:
            return False
        for transport in list(held):
            if self._quiet[transport]():
                self.release(transport, None)
                close = getattr(transport, "close", None)
                if close is not None:
                    close()
                return True
        return False

    def release(self, transport: object, client: tuple[str, int] | None) -> None:
        """A connection closed (called once or more: the HTTP protocol and, after an upgrade,
        the websocket one both say so)."""
        if client is not None:
            self.refused.pop(client, None)
        host = self._host.pop(transport, None)
        self._quiet.pop(transport, None)
        if host is None:
            return
        held = self._open[host]
        held.discard(transport)
        if not held:
            del self._open[host]

    def held(self, host: str) -> int:
        return len(self._open.get(host, ()))

    def refusal(self) -> LimitError:
        return LimitError(f"too many connections from your address (at most {self.cap} at "
                          "once): close some and try again")


def send_at_once(transport: asyncio.BaseTransport) -> None:
    """Turn Nagle's algorithm off for an accepted TCP connection: every operation sends its
    requester a reply and then a state frame, and with Nagle on the frame waited for the
    client's delayed acknowledgement of the reply, 40 ms on Linux, after every move. asyncio
    does this itself only for a socket made with ``IPPROTO_TCP`` named, and ``serve`` listens
    on the socket uvicorn binds, made without it, so its connections came without it."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def protocols(gate: Gate, header_timeout_s: float) -> tuple[type[H11Protocol],
                                                            type[WebSocketsSansIOProtocol]]:
    """uvicorn's HTTP and websocket protocols with ``gate`` at the door and a deadline for each
    request's headers (on a new connection, and on a kept-alive one after each answer)."""

    class GatedHttp(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _waiting: object = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            send_at_once(transport)
            admitted = gate.admit(transport, self.client, self._quiet)
            if admitted is None:
                transport.close()
                return
            self._arm(header_timeout_s if admitted else REFUSE_WITHIN_S)

        def _quiet(self) -> bool:
            """Whether no request has come since the deadline was set (as ``_late`` asks)."""
            return (self.transport.get_protocol() is self and self.cycle is self._waiting
                    and not self.transport.is_closing())

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm(header_timeout_s)

        def _arm(self, seconds: float) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._waiting = self.cycle
            self._deadline = self.loop.call_later(seconds, self._late)

        def _late(self) -> None:
            """No request came since the deadline was set (an upgraded connection is the
            websocket protocol's now, and one mid-request is the app's)."""
            if self._quiet():
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            if self.transport.get_protocol() is self:
                gate.release(self.transport, self.client)
            super().connection_lost(exc)

    class GatedWebSocket(WebSocketsSansIOProtocol):
        def connection_lost(self, exc: Exception | None) -> None:
            gate.release(self.transport, self.client)
            super().connection_lost(exc)

    return GatedHttp, GatedWebSocket


class Refusals:
    """In front of the app: a request on a connection the gate let in over its address's cap is
    answered in words, HTTP 429 or a websocket closed with the reason, and goes no further."""

    def __init__(self, app: ASGI, gate: Gate) -> None:
        self.app = app
        self.gate = gate

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        refusal = None if scope["type"] not in ("http", "websocket") or client is None \
            else self.gate.refused.get((client[0], client[1]))
        if refusal is None:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await receive()  # the connect
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": TRY_AGAIN,
                        "reason": str(refusal)})
            return
        body = json.dumps(error_body(refusal)).encode()
        await send({"type": "http.response.start", "status": 429,
                    "headers": [(b"content-type", b"application/json"),
                                (b"connection", b"close"), (b"retry-after", b"5")]})
        await send({"type": "http.response.body", "body": body})


def server_config(app: Any, host: str, port: int, limits: Limits) -> uvicorn.Config:
    """uvicorn's settings for the party table: the gate at the door, the timeouts of
    ``limits``, and frames uncompressed (a state frame is about 3 KB, every change sends one to
    every connection, and compressing each for each connection was a fifth of the server's
    work)."""
    gate = Gate(limits.conns_per_client, limits.conns_total)
    http, ws = protocols(gate, limits.header_timeout_s)
    return uvicorn.Config(Refusals(app, gate), host=host, port=port, log_level="warning",
                          ws_max_size=1 << 16, ws_per_message_deflate=False, http=http, ws=ws,
                          timeout_keep_alive=limits.keep_alive_s)
