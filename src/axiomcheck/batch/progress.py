"""Progress of a batch on standard error: a live bar on a terminal, plain lines in a log.

On a terminal, `rich` draws one bar with the files done out of all, the counts per status
and the time left. Elsewhere (CI logs, files) a line is printed every `PLAIN_INTERVAL`
seconds and at the end, so a log shows the run moving without a wall of redraws.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import Protocol, TextIO

from ..report import FileStatus

PLAIN_INTERVAL = 10.0
MINUTE = 60
"""Seconds in a minute: a duration under it is given in seconds."""
HOUR = 3600
"""Seconds in an hour: a duration under it is given in minutes and seconds."""
STATUSES = (FileStatus.PASS, FileStatus.FAIL, FileStatus.ERROR)
"""The statuses a check ends with, in the order the counts are given."""


class Progress(Protocol):
    def start(self, total: int, cached: int) -> None: ...
    def advance(self, status: FileStatus) -> None: ...
    def close(self) -> None: ...


def _counts(counter: Counter[FileStatus]) -> str:
    return ", ".join(f"{status} {counter[status]}" for status in STATUSES)


def _files(count: int) -> str:
    return f"{count} file{'' if count == 1 else 's'}"


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < MINUTE:
        return f"{seconds} s"
    if seconds < HOUR:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


class PlainProgress:
    """Periodic lines: `axiomcheck: 120/2000 files (pass 100, fail 15, error 5), 3.2 files/s, about 9 min left`."""

    def __init__(self, stream: TextIO, interval: float = PLAIN_INTERVAL) -> None:
        self.stream = stream
        self.interval = interval
        self.counter: Counter[FileStatus] = Counter()
        self.total = 0
        self.cached = 0
        self.started = time.monotonic()
        self.last = self.started

    def start(self, total: int, cached: int) -> None:
        self.total, self.cached = total, cached
        self.started = self.last = time.monotonic()
        known = f", {cached} known from the results store" if cached else ""
        self._print(f"axiomcheck: {_files(total)} to check{known}")

    def advance(self, status: FileStatus) -> None:
        self.counter[status] += 1
        now = time.monotonic()
        if now - self.last >= self.interval:
            self.last = now
            self._line(now)

    def close(self) -> None:
        if self.total:
            self._line(time.monotonic())

    def _line(self, now: float) -> None:
        done = sum(self.counter.values())
        elapsed = max(now - self.started, 1e-9)
        rate = done / elapsed
        left = f", about {_duration((self.total - done) / rate)} left" if rate and done < self.total else ""
        self._print(f"axiomcheck: {done}/{self.total} files ({_counts(self.counter)}), {rate:.1f} files/s{left}")

    def _print(self, line: str) -> None:
        print(line, file=self.stream, flush=True)


class BarProgress:
    """A rich progress bar with counts per status and the time left."""

    def __init__(self, stream: TextIO) -> None:
        from rich.console import Console  # noqa: PLC0415 - rich only for a terminal's bar
        from rich.progress import (  # noqa: PLC0415
            BarColumn, MofNCompleteColumn, Progress as RichProgress, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)

        self.counter: Counter[FileStatus] = Counter()
        self._bar = RichProgress(TextColumn("[bold]checking"), BarColumn(), MofNCompleteColumn(),
                                 TextColumn("[green]pass {task.fields[passed]}[/] [red]fail {task.fields[failed]}[/] "
                                            "[yellow]error {task.fields[errors]}[/]"),
                                 TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                                 console=Console(file=stream), transient=False)
        self._task = self._bar.add_task("checking", total=0, passed=0, failed=0, errors=0, start=False)

    def start(self, total: int, cached: int) -> None:
        if cached:
            self._bar.console.print(f"axiomcheck: {_files(cached)} known from the results store", highlight=False)
        self._bar.update(self._task, total=total)
        self._bar.start_task(self._task)
        self._bar.start()

    def advance(self, status: FileStatus) -> None:
        self.counter[status] += 1
        counts = self.counter
        self._bar.update(self._task, advance=1, passed=counts[FileStatus.PASS], failed=counts[FileStatus.FAIL],
                         errors=counts[FileStatus.ERROR])

    def close(self) -> None:
        self._bar.stop()


class NoProgress:
    def start(self, total: int, cached: int) -> None:
        pass

    def advance(self, status: FileStatus) -> None:
        pass

    def close(self) -> None:
        pass


def make_progress(mode: str, stream: TextIO = sys.stderr) -> Progress:
    """`auto` (a bar on a terminal, lines elsewhere), `bar`, `lines` or `none`."""
    if mode == "auto":
        mode = "bar" if stream.isatty() else "lines"
    if mode == "bar":
        return BarProgress(stream)
    if mode == "lines":
        return PlainProgress(stream)
    return NoProgress()
