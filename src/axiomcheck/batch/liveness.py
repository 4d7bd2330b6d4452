"""Whether the process that started a run is still at work: a run killed outright (SIGKILL, a
lost machine) never marks itself stopped, so the store keeps who owns each run and when it
last showed life, and readers judge from that.

On the machine that started the run, the owner's process id decides, checked against the
process's start time and the boot it belongs to (a process id is reused once its process is
gone). From another machine (a store on a shared folder), the heartbeat decides: the run
writes it as results arrive, and one silent for `STALE_AFTER` is taken for gone.
"""

from __future__ import annotations

import json
import os
import socket
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

STALE_AFTER = timedelta(minutes=10)
"""A run whose heartbeat is older than this, seen from another machine, is taken for gone
(ten times the default per-file time limit: a live run records a result sooner)."""
HEARTBEAT_EVERY = timedelta(seconds=30)
"""How often, at most, a run writes its heartbeat (with the results it records)."""
_PROC = Path("/proc")
_START_TIME_FIELD = 19
"""Where a process's start time is in /proc/PID/stat, counted after its command's name (field 22)."""


@dataclass(frozen=True)
class Owner:
    """The process that runs a run: its machine, process id, and when it started (Linux:
    the boot's id and the start time in clock ticks; None where that cannot be read)."""

    host: str
    pid: int
    started: str | None

    def to_json(self) -> str:
        return json.dumps({"host": self.host, "pid": self.pid, "started": self.started})

    @classmethod
    def from_json(cls, text: str | None) -> Owner | None:
        if not text:
            return None
        try:
            data = json.loads(text)
            return cls(str(data["host"]), int(data["pid"]), data.get("started"))
        except (ValueError, KeyError, TypeError):
            return None


def _started(pid: int) -> str | None:
    """`<boot id>:<start time in ticks>` of process `pid`, None when it cannot be read."""
    try:
        boot = (_PROC / "sys" / "kernel" / "random" / "boot_id").read_text().strip()
        stat = (_PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2:].split()  # after the command's name, which may hold spaces
    return f"{boot}:{fields[_START_TIME_FIELD]}" if len(fields) > _START_TIME_FIELD else None


def this_process() -> Owner:
    pid = os.getpid()
    return Owner(socket.gethostname(), pid, _started(pid))


def is_gone(owner: Owner | None, heartbeat: datetime | None, now: datetime | None = None) -> bool:
    """True when the run's process has certainly or most probably ended (see the module)."""
    now = now or datetime.now(timezone.utc)
    if owner is not None and owner.host == socket.gethostname():
        try:
            os.kill(owner.pid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:  # another user's process: alive
            pass
        return owner.started is not None and _started(owner.pid) != owner.started
    return heartbeat is None or now - heartbeat > STALE_AFTER


def parse_time(text: str | None) -> datetime | None:
    """A stored ISO 8601 time (UTC), None for none."""
    if not text:
        return None
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)
