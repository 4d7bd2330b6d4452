"""The server's side of the checker processes: a bounded number of checks at once, a bounded
queue with a bounded wait, and a checker that dies or hangs replaced.

An upload leases an idle checker (`Checkers.lease`, waiting in the queue if every checker is
busy) and is checked through the lease, the executor of a web check (`batch.work.Executor`):
the run loop (`batch.run.run_items`) hands it the file, in a thread of its own. A checker that
ends while idle is replaced within `WATCH_SECONDS` (`Checkers.watch`), so `/healthz` is soon
whole again without an upload; one an upload leases before that never gets the job: its
replacement does. A checker lost during the job (it
died, its channel broke, it did not answer within `WebSettings.check_deadline`) is replaced
and the file is checked once more; lost twice, the file's result is an internal-error verdict
(the server's fault, never the paper's) and the author still gets a report.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import socket
import threading
from collections.abc import Generator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import cast

from ..batch.work import Work
from ..execution.channel import Channel, ChannelClosed, FrameTooLarge
from ..codec.wire import CodecError
from ..execution.deaths import LOSSES_BEFORE_VERDICT
from ..execution.messages import MAX_REPLY_BYTES
from ..pipeline import NOTHING_KNOWN, Known
from ..report import FileResult, FileStatus
from ..verdicts import verdict_finding
from .checker import FROM_CHECKER, CheckUpload, UploadChecked, UploadRefused, serve_checks
from .settings import WebSettings

LOG = logging.getLogger("axiomcheck.web")
_CONTEXT = multiprocessing.get_context("spawn")
"""Spawned, not forked: the server runs an event loop and threads, which a fork would copy
half-way; a checker starts from a clean interpreter and forks its own workers."""
STOP_GRACE_SECONDS = 5.0
WATCH_SECONDS = 1.0
"""How often the idle checkers are looked at, and a dead one replaced."""


class Busy(Exception):
    """Every checker is busy and the queue is full, or the wait for one ran out."""


class CheckerRefused(Exception):
    """A checker could not run the job at all (a bug in axiomcheck, never the paper's)."""


class _NotSent(Exception):
    """The job could not be handed to the checker (it had died): no work was lost."""


class _Lost(Exception):
    """The checker ended or stopped answering while it held the job."""


class _Checker:
    """One checker process and the server's end of its channel."""

    def __init__(self, settings: WebSettings) -> None:
        here, there = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.channel = Channel(here, MAX_REPLY_BYTES)
        self.process = _CONTEXT.Process(target=serve_checks, args=(there, settings.limits), name="axiomcheck-checker")
        self.process.start()
        there.close()

    def ask(self, job: CheckUpload, timeout: float) -> FileResult:
        """Send `job` and wait for the result (blocking: run in a thread)."""
        try:
            self.channel.send(job)
        except OSError as error:
            raise _NotSent() from error
        try:
            reply = self.channel.receive(FROM_CHECKER, timeout)
        except (ChannelClosed, TimeoutError, OSError, CodecError, FrameTooLarge) as error:
            raise _Lost(f"{type(error).__name__}: {error}") from error
        if isinstance(reply, UploadChecked):
            return reply.result
        raise CheckerRefused(cast(UploadRefused, reply).reason)

    def stop(self, kill: bool) -> None:
        """End the process: killed, or asked to leave by closing its channel (killed after a grace)."""
        if kill:
            self.process.kill()
        self.channel.close()
        self.process.join(0 if kill else STOP_GRACE_SECONDS)
        if self.process.exitcode is None:
            self.process.kill()
            self.process.join()


class Checkers:
    """`settings.workers` checker processes; `lease` waits for a free one (at most
    `settings.queue_size` callers wait, each at most `settings.queue_timeout` seconds)."""

    def __init__(self, settings: WebSettings) -> None:
        self.settings = settings
        self._all: list[_Checker] = []
        self._lock = threading.Lock()
        self._idle: asyncio.Queue[_Checker] = asyncio.Queue()
        self.threads = ThreadPoolExecutor(max_workers=settings.workers, thread_name_prefix="axiomcheck-check")
        """Where leased checks run: one thread per checker, so none ever waits for a thread."""
        self.waiting = 0
        self._stopped = False

    def start(self) -> None:
        for _ in range(self.settings.workers):
            self._idle.put_nowait(self._add())

    def _add(self) -> _Checker:
        checker = _Checker(self.settings)
        with self._lock:
            self._all.append(checker)
        return checker

    @property
    def busy(self) -> int:
        return len(self._all) - self._idle.qsize()

    @property
    def full(self) -> bool:
        """True when a new upload would be refused at once (all busy, queue full)."""
        return self._idle.empty() and self.waiting >= self.settings.queue_size

    def alive(self) -> int:
        with self._lock:
            return sum(1 for checker in self._all if checker.process.is_alive())

    async def lease(self, evidence_dir: str | None, known: Known = NOTHING_KNOWN) -> CheckerLease:
        """An idle checker for one upload, its pictures drawn into `evidence_dir` (none when
        None), told what the server already knows of the file (`known`); raises Busy.
        Give it back with `release` (on the event loop)."""
        if self.full:
            raise Busy()
        self.waiting += 1
        try:
            checker = await asyncio.wait_for(self._idle.get(), self.settings.queue_timeout)
        except asyncio.TimeoutError:
            raise Busy() from None
        finally:
            self.waiting -= 1
        return CheckerLease(self, checker, evidence_dir, known)

    async def watch(self) -> None:
        """Replace every idle checker that has died, every `WATCH_SECONDS`, until cancelled (a
        task on the event loop, which alone takes checkers from the idle queue)."""
        while not self._stopped:
            for _ in range(self._idle.qsize()):
                checker = self._idle.get_nowait()
                if not checker.process.is_alive():
                    LOG.warning("an idle checker ended (exit status %s): replaced", checker.process.exitcode)
                    try:
                        checker = self.replace(checker)
                    except CheckerRefused:  # the server is stopping
                        return
                self._idle.put_nowait(checker)
            await asyncio.sleep(WATCH_SECONDS)

    def release(self, lease: CheckerLease) -> None:
        """The lease's checker (or its replacement) is idle again."""
        self._idle.put_nowait(lease.checker)

    def replace(self, checker: _Checker) -> _Checker:
        """A fresh checker in place of `checker`, which is killed (any thread); CheckerRefused
        once the server is stopping, when no new checker is started."""
        with self._lock:
            if checker in self._all:
                self._all.remove(checker)
        checker.stop(kill=True)
        if self._stopped:
            raise CheckerRefused("the server is stopping")
        return self._add()

    def stop(self) -> None:
        """Close every channel (checkers then exit and close their pools) and wait for them."""
        with self._lock:
            checkers, self._all = self._all, []
            self._stopped = True
        for checker in checkers:
            checker.stop(kill=False)
        self.threads.shutdown(wait=False, cancel_futures=True)


class CheckerLease:
    """One checker, leased for one upload: the executor the run loop checks the upload with."""

    def __init__(self, checkers: Checkers, checker: _Checker, evidence_dir: str | None,
                 known: Known = NOTHING_KNOWN) -> None:
        self.checkers = checkers
        self.checker = checker
        self.evidence_dir = evidence_dir
        self.known = known

    def run(self, work: Sequence[Work]) -> Generator[tuple[Work, FileResult], None, None]:
        for item in work:
            yield item, self._check(item)

    def _check(self, work: Work) -> FileResult:
        path = work.item.path or work.item.display
        job = CheckUpload(path, work.group.spec, self.evidence_dir, self.known.sha256, self.known.prechecked)
        losses: list[str] = []
        fresh = False
        while True:
            lost = self.checker
            try:
                return lost.ask(job, self.checkers.settings.check_deadline)
            except _NotSent as error:  # it had died while idle: its replacement takes the job, at no cost
                self.checker = self.checkers.replace(lost)
                if not fresh:
                    fresh = True
                    continue
                reason = f"a fresh checker could not take the job ({error.__cause__})"
            except _Lost as error:
                self.checker = self.checkers.replace(lost)
                fresh = True
                reason = f"{error}; exit status {lost.process.exitcode}"
            LOG.warning("a checker was lost while checking an upload: %s", reason)
            losses.append(reason)
            if len(losses) >= LOSSES_BEFORE_VERDICT:
                return FileResult(path=path, sha256=None, status=FileStatus.ERROR, internal_error=True, findings=[
                    verdict_finding("internal-error", "The server's checking process was lost twice while "
                                                      f"checking this file ({losses[-1]}).")])
