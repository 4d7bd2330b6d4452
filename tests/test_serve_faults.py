"""`axiomcheck serve` under faults: a killed server's uploads are removed by the next server
that starts, a checker that dies while idle is replaced without waiting for an upload, a 413
closes the connection instead of reading the rest of the body, and a client that goes away
mid-upload is one line in the log, not a traceback."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import socket
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from axiomcheck.web.folders import PREFIX, ServerFolder, sweep_left_behind
from webserver import running_server_process

REPLACED_WITHIN_SECONDS = 60.0
"""How long the test waits for a dead checker's replacement at most (the server looks every second)."""


def _hold_a_folder(ready: multiprocessing.synchronize.Event, parent: str) -> None:
    tempfile.tempdir = parent
    folder = ServerFolder()
    (folder.path / "upload.pdf").write_bytes(b"%PDF-1.4 an author's paper")
    ready.set()
    time.sleep(3600)


def test_a_killed_servers_folder_is_swept_and_a_running_ones_kept(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    context = multiprocessing.get_context("fork")
    ready = context.Event()
    killed = context.Process(target=_hold_a_folder, args=(ready, str(tmp_path)))
    killed.start()
    assert ready.wait(60)
    [left] = list(tmp_path.glob(f"{PREFIX}*"))
    assert sweep_left_behind() == []  # its server still runs
    os.kill(killed.pid, signal.SIGKILL)
    killed.join()
    running = ServerFolder()
    try:
        assert sweep_left_behind() == [left]
        assert not left.exists() and running.path.is_dir()
    finally:
        running.remove()
    assert not running.path.exists()


def _checker_pids(server: int) -> list[int]:
    """The server's checker processes: its children that are Python processes spawned by multiprocessing."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if parent == server and b"spawn_main" in command:
            pids.append(int(entry.name))
    return pids


def _health(base: str) -> int:
    try:
        with urllib.request.urlopen(f"{base}/healthz", timeout=10) as reply:
            return int(reply.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="finds the checkers in /proc")
def test_an_idle_checker_that_dies_is_replaced_without_an_upload(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with running_server_process("--venue", "axiom-2026", "--workers", "1", log=log) as (base, server):
        [checker] = _checker_pids(server.pid)
        os.kill(checker, signal.SIGKILL)
        deadline = time.monotonic() + REPLACED_WITHIN_SECONDS
        while _checker_pids(server.pid) in ([], [checker]) or _health(base) != 200:
            assert time.monotonic() < deadline, (tmp_path / "server.log").read_text()
            time.sleep(0.2)
    assert "an idle checker ended" in (tmp_path / "server.log").read_text()


def _raw(base: str, request: bytes) -> socket.socket:
    address = urlsplit(base)
    connection = socket.create_connection((address.hostname, address.port), timeout=30)
    connection.sendall(request)
    return connection


def test_a_413_closes_the_connection_and_a_client_gone_mid_upload_is_one_line(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with running_server_process("--venue", "axiom-2026", "--workers", "1", log=log) as (base, _):
        boundary = "b0undary"
        head = (f"POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary={boundary}\r\n"
                "Content-Length: {length}\r\n\r\n")
        with _raw(base, head.format(length=2 * 10**9).encode() + b"x" * 65536) as connection:
            answer = b""
            while chunk := connection.recv(65536):  # the server closes: recv ends
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 413") and b"connection: close" in answer.lower()
        part = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n"
                "Content-Type: application/pdf\r\n\r\n%PDF-1.4\n").encode()
        with _raw(base, head.format(length=10**6).encode() + part):
            pass  # gone before the rest of the body
        with urllib.request.urlopen(f"{base}/healthz", timeout=10) as reply:  # still answers
            assert json.load(reply)["status"] == "ok"
        deadline = time.monotonic() + REPLACED_WITHIN_SECONDS
        while "went away before its upload arrived" not in log.read_text():
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
    assert "Traceback" not in log.read_text()
