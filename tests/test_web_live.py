"""`axiomcheck serve` as a real uvicorn server on localhost: the upload cap answers 413
before the body has been sent, whether its length is declared or it is chunked."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from webserver import running_server

MAX_SIZE = 1_000_000
CHUNK = 64 * 1024


@pytest.fixture(scope="module")
def address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    log = tmp_path_factory.mktemp("web-live") / "serve.log"
    with running_server("--venue", "axiom-2026", "--workers", "1", "--max-size", str(MAX_SIZE), log=log) as base:
        parts = urlsplit(base)
        yield parts.hostname or "127.0.0.1", parts.port or 80


def _head(length_header: str) -> bytes:
    return (f"POST /api/check HTTP/1.1\r\nHost: localhost\r\n"
            f"Content-Type: multipart/form-data; boundary=b\r\n{length_header}\r\n\r\n").encode()


def _status(connection: socket.socket) -> int:
    answer = b""
    while b"\r\n" not in answer:
        piece = connection.recv(4096)
        assert piece, "the server closed the connection without an answer"
        answer += piece
    return int(answer.split(b" ", 2)[1])


def test_a_declared_length_over_the_cap_is_refused_before_the_body(address: tuple[str, int]) -> None:
    with socket.create_connection(address, timeout=30) as connection:
        connection.sendall(_head(f"Content-Length: {50 * MAX_SIZE}"))
        assert _status(connection) == 413  # not one byte of the body was sent


def test_a_chunked_body_is_refused_once_it_passes_the_cap(address: tuple[str, int]) -> None:
    part = b"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n\r\n%PDF-1.7\n"
    with socket.create_connection(address, timeout=30) as connection:
        connection.sendall(_head("Transfer-Encoding: chunked") + b"%x\r\n%s\r\n" % (len(part), part))
        sent = 0
        status = None
        while sent < 20 * MAX_SIZE:
            try:
                connection.sendall(b"%x\r\n%s\r\n" % (CHUNK, b"0" * CHUNK))
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += CHUNK
            connection.settimeout(0.05)
            try:
                status = _status(connection)
                break
            except TimeoutError:
                pass
            finally:
                connection.settimeout(30)
        if status is None:
            status = _status(connection)
        assert status == 413
        assert sent < 2 * MAX_SIZE, f"answered only after {sent} bytes"
