"""How `axiomcheck serve` runs uvicorn: no client, however slow, holds the server.

uvicorn reads a request's headers and body with no time limit of its own, and counts every
open connection against its concurrency limit, so 150 clients each sending a byte every two
seconds would make it answer 503 to everyone. Here:

- `GuardedH11Protocol` (uvicorn's HTTP/1.1 protocol, with a watch once a second) cuts a
  connection whose request headers are not complete `HEADER_TIMEOUT` seconds after it opened
  (or after the previous response), and one whose body arrives slower than
  `MIN_UPLOAD_RATE` after a `BODY_TIMEOUT` grace (time the server itself is not reading, a
  full buffer or a 100-continue not yet sent, does not count): `408 Request Timeout`, then
  the connection is closed. A request whose body has arrived is never cut: checking it may
  take as long as `--timeout` allows.
- uvicorn's own limit counts connections (`MAX_CONNECTIONS`), far above what pages and
  uploads need, while `UploadLimit` bounds the uploads being received at once: past
  `--workers` + `--queue` + `UPLOAD_HEADROOM`, a new upload gets 503 with `Retry-After` before
  its body is read. The form page, `/healthz` and the API's listings keep answering meanwhile.

A public deployment still belongs behind a reverse proxy that buffers uploads (docs/web.md).
"""

from __future__ import annotations

import asyncio
import logging
from http import HTTPStatus
from typing import Any

import h11
import uvicorn
from starlette.requests import ClientDisconnect
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0
"""Seconds a client has to send a request's headers, from the connection's start or the end
of the previous response (a browser sends them in one packet)."""
BODY_TIMEOUT = 20.0
"""Seconds an upload may take before its rate is judged, and the longest it may stall."""
MIN_UPLOAD_RATE = 1024
"""Bytes per second an upload must average after `BODY_TIMEOUT` (each KiB received buys a
second): 1 MiB/min, far below a phone on a poor network, far above a slow-loris client."""
WATCH_SECONDS = 1.0
"""How often each connection's progress is looked at."""
MAX_CONNECTIONS = 1024
"""Open connections beyond which uvicorn answers 503 (each costs a file descriptor)."""
UPLOAD_HEADROOM = 64
"""Uploads received at once beyond the running and waiting checks."""
RETRY_AFTER_SECONDS = 10
LOG = logging.getLogger("axiomcheck.web")
_TIMEOUT_RESPONSE = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
                     b"connection: close\r\ncontent-length: 34\r\n\r\nThe request arrived too slowly.\r\n\r\n")


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with header and body read timeouts and a minimum upload
    rate (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._watch: asyncio.TimerHandle | None = None
        self._phase: object = None
        self._since = 0.0
        self._received = 0
        self._received_before = 0
        self._not_reading = 0.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch = self.loop.call_later(WATCH_SECONDS, self._look)

    def data_received(self, data: bytes) -> None:
        self._received += len(data)
        super().data_received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None
        super().connection_lost(exc)

    def _look(self) -> None:
        """Once a second: is the client still sending its request fast enough?"""
        self._watch = None
        if self.transport.is_closing():
            return
        now = self.loop.time()
        state = self.conn.their_state
        if state is not self._phase:
            self._phase, self._since, self._received_before, self._not_reading = state, now, self._received, 0.0
        if state is h11.IDLE and now - self._since > HEADER_TIMEOUT:
            self._cut(f"its request headers took longer than {HEADER_TIMEOUT:.0f} s",
                      started=self._received_before != self._received)
            return
        if state is h11.SEND_BODY:
            if self.flow.read_paused or (self.cycle is not None and self.cycle.waiting_for_100_continue):
                self._not_reading += WATCH_SECONDS  # the server is not reading: not the client's time
            allowed = BODY_TIMEOUT + (self._received - self._received_before) / MIN_UPLOAD_RATE + self._not_reading
            if now - self._since > allowed:
                self._cut(f"its upload arrived slower than {MIN_UPLOAD_RATE} bytes/s", started=True)
                return
        self._watch = self.loop.call_later(WATCH_SECONDS, self._look)

    def _cut(self, why: str, started: bool) -> None:
        """Answer 408 when no response has begun (and the client sent anything), then close."""
        LOG.info("closed a connection from %s: %s", self.client[0] if self.client else "?", why)
        responding = self.cycle is not None and self.cycle.response_started
        if started and not responding:
            self.transport.write(_TIMEOUT_RESPONSE)
        self.transport.close()


class UploadLimit:
    """ASGI middleware: at most `limit` uploads (POST requests) are received at once; the next
    one gets 503 with `Retry-After` before its body is read. An upload refused as too large
    (413) closes its connection, so the rest of its body is never read; a client that goes
    away mid-upload is one line in the log, not a traceback."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit
        self.receiving = 0

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        if self.receiving >= self.limit:
            await _busy(scope, send)
            return
        self.receiving += 1
        try:
            await self.app(scope, receive, _closing_after_413(send))
        except ClientDisconnect:
            client = scope.get("client") or ("?",)
            LOG.warning("a client (%s) went away before its upload arrived: nothing was kept", client[0])
        finally:
            self.receiving -= 1


def _closing_after_413(send: Any) -> Any:
    """`send`, adding `connection: close` to a 413 response (uvicorn then closes the
    connection instead of reading the rest of the body to keep it open)."""

    async def closing_send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start" and message["status"] == HTTPStatus.REQUEST_ENTITY_TOO_LARGE:
            headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"connection"]
            message = {**message, "headers": [*headers, (b"connection", b"close")]}
        await send(message)

    return closing_send


async def _busy(scope: dict[str, Any], send: Any) -> None:
    message = "Every checker is busy right now. Please try again in a few seconds; your file was not kept."
    wants_json = str(scope.get("path", "")).startswith("/api/")
    body = (f'{{"error": "{message}"}}' if wants_json else
            f"<!doctype html><title>Busy</title><p>{message}</p>").encode()
    await send({"type": "http.response.start", "status": 503, "headers": [
        (b"content-type", b"application/json" if wants_json else b"text/html; charset=utf-8"),
        (b"content-length", str(len(body)).encode()), (b"retry-after", str(RETRY_AFTER_SECONDS).encode()),
        (b"cache-control", b"no-store"), (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def run_server(app: Any, host: str, port: int, root_path: str, uploads: int, graceful_seconds: int) -> None:
    """Serve `app` with uvicorn under the bounds above; `uploads` is how many checks may run
    or wait at once (`--workers` + `--queue`)."""
    uvicorn.run(UploadLimit(app, uploads + UPLOAD_HEADROOM), host=host, port=port, root_path=root_path,
                server_header=False, log_level="info", http=GuardedH11Protocol,
                limit_concurrency=MAX_CONNECTIONS, timeout_graceful_shutdown=graceful_seconds)
