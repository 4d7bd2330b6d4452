"""`axiomcheck serve` started on a free localhost port for tests, and stopped after them."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

START_SECONDS = 60.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running_server(*options: str, log: Path) -> Iterator[str]:
    """Start `axiomcheck serve` on 127.0.0.1 with `options`; yield its base URL once
    /healthz answers; stop it (SIGINT, as Ctrl-C) and wait for it."""
    with running_server_process(*options, log=log) as (base, _):
        yield base


@contextmanager
def running_server_process(*options: str, log: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`running_server`, yielding the server's process too."""
    port = free_port()
    with open(log, "wb") as output:
        process = subprocess.Popen([sys.executable, "-m", "axiomcheck", "serve", "--host", "127.0.0.1",
                                    "--port", str(port), *options], stdout=output, stderr=subprocess.STDOUT,
                                   env={**os.environ, "PYTHONUNBUFFERED": "1"})
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + START_SECONDS
            while True:
                assert process.poll() is None, f"the server exited: {log.read_text()}"
                try:
                    with urllib.request.urlopen(f"{base}/healthz", timeout=5) as reply:
                        if json.load(reply)["status"] == "ok":
                            break
                except OSError:
                    pass
                assert time.monotonic() < deadline, f"the server did not start: {log.read_text()}"
                time.sleep(0.2)
            yield base, process
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
