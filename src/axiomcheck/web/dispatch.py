"""The server's side of the checker processes: a bounded number of checks at once, a
bounded queue with a bounded wait, and a checker that dies or hangs replaced."""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..isolation.pool import end_process
from ..isolation.worker import MAX_MESSAGE_BYTES, decode, encode
from .checker import serve_checks
from .settings import WebSettings

_CONTEXT = multiprocessing.get_context("spawn")
"""Spawned, not forked: the server runs an event loop and threads, which a fork would copy
half-way; a checker starts from a clean interpreter and forks its own workers."""
STOP_GRACE_SECONDS = 5.0


class Busy(Exception):
    """Every checker is busy and the queue is full, or the wait for one ran out."""


class CheckerLost(Exception):
    """A checker died or did not answer in time (a bug in axiomcheck, never the paper's)."""


class _NotSent(Exception):
    """The job could not be handed to the checker (it had died): no work was lost."""


class _Checker:
    """One checker process and the server's end of its pipe."""

    def __init__(self, settings: WebSettings, evidence_dir: str) -> None:
        self.conn, child_end = _CONTEXT.Pipe()
        self.process = _CONTEXT.Process(target=serve_checks, args=(child_end, settings.limits, evidence_dir),
                                        name="axiomcheck-checker")
        self.process.start()
        child_end.close()

    def ask(self, job: dict[str, Any]) -> dict[str, Any]:
        """Send `job` and wait for the reply (blocking: run in a thread)."""
        try:
            self.conn.send_bytes(encode(job))
        except OSError as error:
            raise _NotSent() from error
        return decode(self.conn.recv_bytes(MAX_MESSAGE_BYTES))

    def stop(self, kill: bool) -> None:
        end_process(self.process, self.conn, kill, STOP_GRACE_SECONDS)


class Checkers:
    """`settings.workers` checker processes; `check` waits for a free one (at most
    `settings.queue_size` callers wait, each at most `settings.queue_timeout` seconds)."""

    def __init__(self, settings: WebSettings, evidence_dir: str) -> None:
        self.settings = settings
        self.evidence_dir = evidence_dir
        self._all: list[_Checker] = []
        self._idle: asyncio.Queue[_Checker] = asyncio.Queue()
        self._threads = ThreadPoolExecutor(max_workers=settings.workers, thread_name_prefix="axiomcheck-ask")
        self.waiting = 0

    def start(self) -> None:
        for _ in range(self.settings.workers):
            self._add()

    def _add(self, idle: bool = True) -> _Checker:
        checker = _Checker(self.settings, self.evidence_dir)
        self._all.append(checker)
        if idle:
            self._idle.put_nowait(checker)
        return checker

    @property
    def busy(self) -> int:
        return len(self._all) - self._idle.qsize()

    @property
    def full(self) -> bool:
        """True when a new upload would be refused at once (all busy, queue full)."""
        return self._idle.empty() and self.waiting >= self.settings.queue_size

    def alive(self) -> int:
        return sum(1 for checker in self._all if checker.process.is_alive())

    async def check(self, job: dict[str, Any]) -> dict[str, Any]:
        """The checker's reply to `job`. Raises Busy or CheckerLost."""
        if self.full:
            raise Busy()
        self.waiting += 1
        try:
            checker = await asyncio.wait_for(self._idle.get(), self.settings.queue_timeout)
        except asyncio.TimeoutError:
            raise Busy() from None
        finally:
            self.waiting -= 1
        try:
            reply = await self._ask(checker, job)
        except _NotSent:  # it died while idle: the job goes to its replacement
            checker = self._replace(checker, idle=False)
            try:
                reply = await self._ask(checker, job)
            except _NotSent:
                self._replace(checker)
                raise CheckerLost("a fresh checker died before it took the job") from None
        self._idle.put_nowait(checker)
        return reply

    async def _ask(self, checker: _Checker, job: dict[str, Any]) -> dict[str, Any]:
        """`checker`'s reply; a checker that fails mid-job is replaced (CheckerLost)."""
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(loop.run_in_executor(self._threads, checker.ask, job),
                                          self.settings.check_deadline)
        except _NotSent:
            raise
        except (asyncio.TimeoutError, EOFError, OSError, ValueError) as error:
            self._replace(checker)
            raise CheckerLost(f"{type(error).__name__}: {error}") from None
        except BaseException:  # cancelled mid-job: its reply would reach the next job
            self._replace(checker)
            raise

    def _replace(self, checker: _Checker, idle: bool = True) -> _Checker:
        """A fresh checker in place of `checker` (put in the idle queue when `idle`)."""
        self._all.remove(checker)
        checker.stop(kill=True)
        return self._add(idle)

    def stop(self) -> None:
        """Close every pipe (checkers then exit and close their pools) and wait for them."""
        for checker in self._all:
            checker.stop(kill=False)
        self._all.clear()
        self._threads.shutdown(wait=False, cancel_futures=True)
