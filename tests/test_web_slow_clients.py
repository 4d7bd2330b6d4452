"""Slow clients cannot hold the web server: header and body read timeouts, a minimum upload
rate, and uploads bounded apart from connections (`web/server.py`), through a real
`axiomcheck serve` on a local port."""

from __future__ import annotations

import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from axiomcheck.web import server
from webserver import running_server

SLOW_UPLOADS = 150


def _address(base: str) -> tuple[str, int]:
    host, port = base.removeprefix("http://").split(":")
    return host, int(port)


def _slow_upload(address: tuple[str, int]) -> socket.socket:
    """A connection that has sent an upload's headers and the first byte of its body."""
    connection = socket.create_connection(address, timeout=5)
    connection.sendall(b"POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n"
                       b"Content-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; name=\"file\"; "
                       b"filename=\"paper.pdf\"\r\nContent-Type: application/pdf\r\n\r\n%PDF-")
    return connection


def _closed_within(connection: socket.socket, seconds: float) -> bytes | None:
    """What the server sent before it closed the connection, or None when it kept it open."""
    connection.settimeout(0.5)
    received = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = connection.recv(4096)
        except TimeoutError:
            try:
                connection.sendall(b"x")  # a byte at a time, slower than any upload rate
            except OSError:
                return received
            continue
        except OSError:
            return received
        if not chunk:
            return received
        received += chunk
    return None


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("slow") / "server.log"
    with running_server("--venue", "axiom-2026", "--workers", "1", log=log) as base:
        yield base


@pytest.mark.slow
def test_the_home_page_answers_while_150_slow_uploads_are_open(slow_server: str) -> None:
    address = _address(slow_server)
    uploads = [_slow_upload(address) for _ in range(SLOW_UPLOADS)]
    try:
        time.sleep(2)
        for _ in range(3):
            with urllib.request.urlopen(f"{slow_server}/", timeout=10) as reply:
                assert reply.status == 200
        with urllib.request.urlopen(f"{slow_server}/healthz", timeout=10) as reply:
            assert reply.status == 200
    finally:
        for upload in uploads:
            upload.close()


@pytest.mark.slow
def test_a_slow_upload_is_cut_off_with_408(slow_server: str) -> None:
    upload = _slow_upload(_address(slow_server))
    try:
        sent = _closed_within(upload, server.BODY_TIMEOUT + 15)
    finally:
        upload.close()
    assert sent is not None, "the server kept a slow upload open"
    assert sent.startswith(b"HTTP/1.1 408"), sent[:200]


@pytest.mark.slow
def test_headers_that_never_end_are_cut_off(slow_server: str) -> None:
    connection = socket.create_connection(_address(slow_server), timeout=5)
    try:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        sent = _closed_within(connection, server.HEADER_TIMEOUT + 10)
    finally:
        connection.close()
    assert sent is not None and sent.startswith(b"HTTP/1.1 408"), sent


@pytest.mark.slow
def test_a_connection_that_sends_nothing_is_closed(slow_server: str) -> None:
    connection = socket.create_connection(_address(slow_server), timeout=5)
    connection.settimeout(server.HEADER_TIMEOUT + 10)
    try:
        assert connection.recv(100) == b""
    finally:
        connection.close()


def test_uploads_past_the_limit_get_503_before_their_body(tmp_path: Path) -> None:
    import asyncio

    sent: list[dict] = []
    entered = asyncio.Event()
    release = asyncio.Event()

    async def app(scope: dict, receive: object, send: object) -> None:
        if scope["method"] == "POST":
            entered.set()
            await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})

    async def send(message: dict) -> None:
        sent.append(message)

    async def scenario() -> None:
        limit = server.UploadLimit(app, 1)
        first = asyncio.create_task(limit({"type": "http", "method": "POST", "path": "/api/check"}, None, send))
        await entered.wait()
        await limit({"type": "http", "method": "POST", "path": "/api/check"}, None, send)
        assert sent[0]["status"] == 503 and (b"retry-after", b"10") in sent[0]["headers"]
        sent.clear()
        await limit({"type": "http", "method": "GET", "path": "/"}, None, send)  # pages pass: the app answers
        assert sent[0]["status"] == 200
        release.set()
        await first
        assert limit.receiving == 0

    asyncio.run(scenario())
