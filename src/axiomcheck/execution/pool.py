"""The parent's side: up to N forked workers, files handed out in order, every file answered.

The parent imports no PDF library. It refuses what the prechecks refuse without a worker,
gives each other file to a free worker, and watches every worker's channel and the clock at
once. A worker that overruns the timeout is killed; a worker that ends without a result is
replaced and its file tried again or given its verdict (`deaths.py`); a worker that ends
while idle is replaced when next needed and costs nothing. Each worker is in exactly one of
two states, idle or holding one file, and leaves the pool exactly once (`_end`), whatever
order its death, its timeout and its channel's end are noticed in.
"""

from __future__ import annotations

import dataclasses

import select
import socket
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import TYPE_CHECKING, NamedTuple

from ..limits import DEFAULT_LIMITS, Limits
from ..model import Submission
from ..packs import ResolvedPack
from ..pipeline import precheck_result
from ..report import FileResult, FileStatus
from ..verdicts import verdict_finding
from .channel import FrameTooLarge
from ..codec.wire import CodecError
from .confinement import EVIDENCE, Confinement
from .deaths import Attempt, ending, next_attempt, pictures_lost, verdict
from .messages import (FROM_WORKER, MAX_REQUEST_BYTES, MAX_REPLY_BYTES, CheckFile, FileChecked, FindingsKept,
                       StageEntered)
from .process import Child, fork_child
from .worker import MAX_FILES_PER_WORKER, serve

if TYPE_CHECKING:
    from ..references import ReferenceSettings

LOOK_AT_CLOCK_SECONDS = 1.0
"""The longest the pool waits for a message without looking at the clock again."""


class FileTask(NamedTuple):
    """One file to check, and what the organizers know about it."""

    path: str
    submission: Submission = Submission()
    evidence_dir: str | None = None
    """Where the pictures of its findings go; None: the pool's folder (if any)."""
    sha256: str | None = None
    """The file's SHA-256 when the caller has already read it (a run with a results store)."""
    prechecked: bool = False
    """The caller has run the prechecks on it and they passed (the server, on an upload)."""


class _Job:
    """A file on its way through the pool: its tries so far, and whether the parent has
    already run the prechecks on it."""

    __slots__ = ("attempt", "index", "prechecked", "started", "task")

    def __init__(self, index: int, task: FileTask) -> None:
        self.index = index
        self.task = task
        self.attempt = Attempt()
        self.prechecked = task.prechecked
        self.started: float | None = None
        """When a worker first took it (`time.monotonic`), for the result's `seconds`."""


class _Worker:
    """One forked worker and the file it holds (None when idle)."""

    def __init__(self, child: Child) -> None:
        self.child = child
        self.job: _Job | None = None
        self.stage: str | None = None
        self.deadline = float("inf")
        self.kept: FileResult | None = None
        """The findings of its file, sent before their pictures are drawn."""
        self.taken_at = 0.0
        self.processor_at_start: float | None = None
        """When it took its file (`time.monotonic`, whatever the pool's clock) and the processor
        seconds it had had then (`Child.processor_seconds`)."""


class WorkerPool:
    """Up to `jobs` worker processes checking files under `limits` (writing evidence pictures
    to `evidence_dir` when given); use as a context manager. A worker retires after
    `max_files_per_worker` files, or sooner when what it holds grows (`worker.WorkerUsage`),
    and a fresh one takes its place. `clock` is the monotonic clock the timeout is measured by."""

    def __init__(self, pack: ResolvedPack, limits: Limits = DEFAULT_LIMITS, jobs: int = 1,
                 evidence_dir: str | None = None, max_files_per_worker: int = MAX_FILES_PER_WORKER,
                 clock: Callable[[], float] = time.monotonic, references: ReferenceSettings | None = None) -> None:
        self.pack = pack
        self.references = references
        """Where the workers look bibliographies up (None: nowhere)."""
        self.limits = limits
        self.confinement = Confinement(limits)
        self.jobs = max(1, jobs)
        self.evidence_dir = evidence_dir
        self.max_files_per_worker = max_files_per_worker
        self.clock = clock
        self.workers_started = 0
        """How many worker processes this pool has forked (the first ones and every replacement)."""
        self._workers: list[_Worker] = []
        self._spare_core = False

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def worker_pids(self) -> list[int]:
        """Process ids of the workers alive now (to watch what they hold)."""
        return [w.child.pid for w in self._workers]

    def close(self) -> None:
        """Stop every worker. They are killed: an idle worker holds nothing worth a graceful exit."""
        for worker in list(self._workers):
            self._end(worker)

    def check(self, tasks: Sequence[FileTask]) -> Iterator[FileResult]:
        """One result per task, yielded in the order of `tasks` as soon as it is known."""
        queue = self._queue(tasks)
        done: dict[int, FileResult] = {}
        for index in range(len(tasks)):
            while index not in done:
                self._step(queue, done)
            self._hand_out(queue, done)  # a worker that just finished starts its next file first
            yield done.pop(index)

    def check_as_completed(self, tasks: Sequence[FileTask]) -> Iterator[tuple[int, FileResult]]:
        """(index in `tasks`, result) for every task, each yielded the moment it is known,
        whatever the order: a slow file holds back no other (for a results store)."""
        queue = self._queue(tasks)
        done: dict[int, FileResult] = {}
        for _ in range(len(tasks)):
            while not done:
                self._step(queue, done)
            self._hand_out(queue, done)  # a worker that just finished starts its next file while the caller
            index = next(iter(done))      # stores and reports this one
            yield index, done.pop(index)

    def _queue(self, tasks: Sequence[FileTask]) -> deque[_Job]:
        self._spare_core = len(tasks) == 1  # the only file of the run may use the other core
        return deque(_Job(index, task) for index, task in enumerate(tasks))

    def _step(self, queue: deque[_Job], done: dict[int, FileResult]) -> None:
        """Hand out what can be handed out, then wait for and read what the workers say."""
        self._hand_out(queue, done)
        if not any(w.job is not None for w in self._workers):
            return  # everything handed out was settled without a worker (prechecks)
        self._collect(queue, done)

    def _hand_out(self, queue: deque[_Job], done: dict[int, FileResult]) -> None:
        while queue:
            job = queue[0]
            if not job.prechecked:
                job.prechecked = True
                rejected = precheck_result(job.task.path, self.limits, job.task.sha256)
                if rejected is not None:
                    done[job.index] = rejected
                    queue.popleft()
                    continue
            worker = self._free_worker()
            if worker is None:
                return
            try:
                worker.child.channel.send(CheckFile(job.task.path, job.task.submission, job.attempt.skip_text,
                                                    self._spare_core, job.task.evidence_dir or self.evidence_dir,
                                                    job.task.sha256, prechecked=True))
            except OSError:  # it died while idle and the file never reached it: the file costs nothing
                self._end(worker)
                continue
            queue.popleft()
            worker.job, worker.stage, worker.kept = job, None, None
            worker.deadline = self.confinement.deadline(self.clock())
            worker.taken_at, worker.processor_at_start = time.monotonic(), worker.child.processor_seconds()
            job.started = worker.taken_at if job.started is None else job.started

    def _free_worker(self) -> _Worker | None:
        """An idle worker that is still alive, a new one if the pool has room, else None."""
        for worker in [w for w in self._workers if w.job is None]:
            if not self._settle_idle(worker):
                return worker
        if len(self._workers) >= self.jobs:
            return None
        confinement, pack, max_files = self.confinement, self.pack, self.max_files_per_worker
        references = self.references
        child = fork_child(lambda channel: serve(channel, pack, confinement, max_files, references), MAX_REPLY_BYTES,
                           MAX_REQUEST_BYTES)
        self.workers_started += 1
        worker = _Worker(child)
        self._workers.append(worker)
        return worker

    def _settle_idle(self, worker: _Worker) -> bool:
        """Whether an idle worker has ended (or spoke out of turn); such a worker leaves the pool."""
        channel = worker.child.channel
        try:
            spoke = bool(channel.read_ready(FROM_WORKER))  # an idle worker has nothing to say
        except (CodecError, FrameTooLarge):
            spoke = True
        if spoke or channel.closed:
            self._end(worker)
            return True
        return False

    def _collect(self, queue: deque[_Job], done: dict[int, FileResult]) -> None:
        busy = [w for w in self._workers if w.job is not None]
        now = self.clock()
        timeout = min(LOOK_AT_CLOCK_SECONDS, max(0.0, min(w.deadline for w in busy) - now))
        ready = _readable([w.child.channel.sock for w in self._workers], timeout)
        for worker in [w for w in self._workers if w.child.channel.sock in ready]:
            if worker.job is None:
                self._settle_idle(worker)
            else:
                self._read(worker, queue, done)
        now = self.clock()
        for worker in busy:
            if worker.job is not None and now >= worker.deadline:
                self._read(worker, queue, done)  # what it said before its time ran out counts
                if worker.job is not None:
                    self._lost(worker, queue, done, timed_out=True)

    def _read(self, worker: _Worker, queue: deque[_Job], done: dict[int, FileResult]) -> None:
        """Take what `worker` has sent; its channel's end means it is lost, and a message
        that is not our protocol is our bug (the file's verdict says so)."""
        job = worker.job
        assert job is not None
        try:
            messages = worker.child.channel.read_ready(FROM_WORKER)
        except (CodecError, FrameTooLarge) as error:
            self._end(worker)
            done[job.index] = FileResult(path=job.task.path, sha256=None, status=FileStatus.ERROR, internal_error=True,
                                         findings=[verdict_finding("internal-error", "The worker sent an unreadable "
                                                                   f"reply ({type(error).__name__}: {error}).")])
            return
        for message in messages:
            if isinstance(message, StageEntered):
                worker.stage = message.stage
                if message.stage == EVIDENCE:  # the pictures' own time, from now
                    worker.deadline = self.confinement.deadline(self.clock())
            elif isinstance(message, FindingsKept):
                worker.kept = message.result
            elif isinstance(message, FileChecked):
                done[job.index] = _timed(job, message.result)
                worker.job = None
                if message.retire:
                    self._end(worker)
                return
        if worker.child.channel.closed:
            self._lost(worker, queue, done, timed_out=False)

    def _lost(self, worker: _Worker, queue: deque[_Job], done: dict[int, FileResult], timed_out: bool) -> None:
        """`worker` ended (or overran its time) holding a file: it leaves the pool, and its file
        is tried again or gets its verdict (`deaths.next_attempt`)."""
        job, stage = worker.job, worker.stage
        assert job is not None
        kept = worker.kept
        share = self._processor_share(worker) if timed_out else None
        end = ending(self._end(worker, kill=True), self.limits, timed_out, share)
        if kept is not None:  # it ended drawing the pictures: the findings stand, without them
            done[job.index] = _timed(job, pictures_lost(kept, end))
            return
        retry = next_attempt(job.attempt, end, stage)
        if retry is not None:
            job.attempt = retry
            queue.appendleft(job)
        else:
            done[job.index] = _timed(job, verdict(job.task.path, end, stage))

    def _processor_share(self, worker: _Worker) -> float | None:
        """The share of the time since `worker` took its file that it (and its helpers) had a
        processor, once that time is the whole timeout on the real clock (None otherwise, or
        where the system cannot say)."""
        elapsed = time.monotonic() - worker.taken_at
        now = worker.child.processor_seconds()
        if elapsed < self.limits.timeout or now is None or worker.processor_at_start is None:
            return None
        return (now - worker.processor_at_start) / elapsed

    def _end(self, worker: _Worker, kill: bool = True) -> int | None:
        """Take `worker` out of the pool (once) and end its process; its exit status."""
        if worker in self._workers:
            self._workers.remove(worker)
        worker.job = None
        return worker.child.end(kill=kill)


def _readable(sockets: list[socket.socket], timeout: float) -> set[socket.socket]:
    """The sockets that have something to read (or have closed) within `timeout` seconds."""
    poller = select.poll()
    for sock in sockets:
        poller.register(sock, select.POLLIN)  # a closed peer (POLLHUP) or an error is always reported
    ready = {fd for fd, _ in poller.poll(timeout * 1000)}
    return {sock for sock in sockets if sock.fileno() in ready}


def _timed(job: _Job, result: FileResult) -> FileResult:
    """`result` with the seconds since a worker first took its file."""
    return dataclasses.replace(result, seconds=time.monotonic() - job.started) if job.started is not None else result
