"""Chaos for the tests: a thread that kills random processes of a run at random moments.

`Killer(root)` picks, after each random pause, one random descendant of process `root` (a
worker, a helper, a web checker) and kills it with SIGKILL, until stopped. It counts its
kills by depth below the root, so a test can say how many workers and helpers it killed.
"""

from __future__ import annotations

import os
import random
import signal
import threading
from collections import Counter
from pathlib import Path


def parents() -> dict[int, int]:
    """Every process's parent (from /proc)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                found[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    return found


def descendants(root: int) -> dict[int, int]:
    """Process id -> depth below `root` (1 for its children), for every living descendant."""
    children: dict[int, list[int]] = {}
    for pid, parent in parents().items():
        children.setdefault(parent, []).append(pid)
    found: dict[int, int] = {}
    frontier = [(root, 0)]
    while frontier:
        pid, depth = frontier.pop()
        for child in children.get(pid, []):
            if _alive(child) and not _spared(child):
                found[child] = depth + 1
            frontier.append((child, depth + 1))
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _spared(pid: int) -> bool:
    """Processes of the standard library, not of axiomcheck (multiprocessing's resource tracker)."""
    try:
        return b"resource_tracker" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return True


class Killer(threading.Thread):
    """Kills a random descendant of `root` after each pause of `pause` seconds (a range)."""

    def __init__(self, root: int, rng: random.Random, pause: tuple[float, float], names: dict[int, str]) -> None:
        super().__init__(daemon=True)
        self.root = root
        self.rng = rng
        self.pause = pause
        self.names = names
        """Depth below the root -> what a process there is ("worker", "helper", "checker")."""
        self.kills: Counter[str] = Counter()
        self._stop_event = threading.Event()

    def run(self) -> None:
        while not self._stop_event.wait(self.rng.uniform(*self.pause)):
            victims = {pid: depth for pid, depth in descendants(self.root).items() if depth in self.names}
            if not victims:
                continue
            pid = self.rng.choice(sorted(victims))
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                continue
            self.kills[self.names[victims[pid]]] += 1

    def stop(self) -> Counter[str]:
        self._stop_event.set()
        self.join()
        return self.kills
