"""The parent's side: N forked workers, files handed out in order, results yielded in order.

The parent imports no PDF library. It refuses what the prechecks refuse without starting a
worker, gives each other file to a free worker, and watches the clock. A worker that overruns
the timeout is killed; a worker that dies (a signal, running out of memory, an abort inside
PDFium) is replaced, and its file gets a verdict that says what happened and in which stage.
When the worker died reading the text, the file is checked again without its text, so the
page-level rules still run. A worker that died before it started a file never costs that
file anything: the file goes to a fresh worker. No file is lost, and the batch goes on.
"""

from __future__ import annotations

import gc
import multiprocessing
import signal
import time
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import TracebackType

from ..api import TEXT_SKIPPED, during, precheck_result
from ..codec import finding_to_json, result_from_json
from ..packs import ResolvedPack
from ..report import FileResult, Finding
from ..verdicts import Failure, verdict_finding
from ..limits import DEFAULT_LIMITS, Limits, format_duration, format_size
from ..pdf.memory_guard import CAP_EXIT_CODE
from .worker import MAX_FILES_PER_WORKER, MAX_MESSAGE_BYTES, FileTask, decode, encode, serve

_CONTEXT = multiprocessing.get_context("fork")
"""Fork: a worker starts in about a millisecond and inherits the resolved pack (which holds
rule functions and does not pickle). The parent has no PDF library loaded to inherit."""
EXIT_GRACE_SECONDS = 2.0
"""How long a worker that closed its pipe may take to exit before it is killed."""
_ABORT_SIGNALS = {signal.SIGABRT, signal.SIGTRAP, signal.SIGILL}
"""How PDFium's allocator ends the process when an allocation fails (out of memory)."""
_CRASH_SIGNALS = {signal.SIGSEGV, signal.SIGBUS, signal.SIGFPE}


def end_process(process: BaseProcess, conn: Connection, kill: bool, grace: float) -> int | None:
    """End a child process whose end of the pipe is `conn`: kill it first when `kill`, else
    close the pipe and give it `grace` seconds to exit before it is killed. Returns its exit
    code. The web page's checker processes end the same way."""
    if kill:
        process.kill()
    conn.close()
    process.join(grace)
    if process.exitcode is None:
        process.kill()
        process.join()
    return process.exitcode


@dataclass
class _Job:
    """A file on its way through the pool."""

    index: int
    task: FileTask
    text_failure: Finding | None = None
    restarts: int = 0
    prechecked: bool = False
    spare_core: bool = False
    """The only file of the run: its worker may use another core for pypdf (`api.check_path`)."""


class _Worker:
    """One forked worker process and the file it is checking."""

    def __init__(self, pack: ResolvedPack, limits: Limits, evidence_dir: str | None, others: list[_Worker],
                 max_files: int = MAX_FILES_PER_WORKER) -> None:
        self.conn, child_end = _CONTEXT.Pipe()
        inherited = [self.conn] + [other.conn for other in others]
        self.process = _CONTEXT.Process(target=serve, args=(child_end, pack, limits, evidence_dir, inherited,
                                                            max_files),
                                        name="axiomcheck-worker", daemon=True)
        gc.freeze()  # the child's collector then skips what it inherited: fewer copy-on-write faults
        try:
            self.process.start()
        finally:
            gc.unfreeze()
        child_end.close()
        self.job: _Job | None = None
        self.stage: str | None = None
        self.deadline = float("inf")

    def give(self, job: _Job, timeout: float) -> None:
        self.job, self.stage = job, None
        self.deadline = time.monotonic() + timeout
        failure = finding_to_json(job.text_failure) if job.text_failure else None
        self.conn.send_bytes(encode({"path": job.task.path, "submission": job.task.submission.to_dict(),
                                     "text_failure": failure, "spare_core": job.spare_core}))

    def stop(self, kill: bool) -> int | None:
        """End the process (killing it first when `kill`) and return its exit code."""
        return end_process(self.process, self.conn, kill, EXIT_GRACE_SECONDS)


class WorkerPool:
    """Up to `jobs` worker processes checking files under `limits` (writing evidence pictures
    to `evidence_dir` when given); use as a context manager. A worker retires after
    `max_files_per_worker` files, or sooner when what it holds grows (`worker.WorkerUsage`),
    and a fresh one takes its place."""

    def __init__(self, pack: ResolvedPack, limits: Limits = DEFAULT_LIMITS, jobs: int = 1,
                 evidence_dir: str | None = None, max_files_per_worker: int = MAX_FILES_PER_WORKER) -> None:
        self.pack = pack
        self.limits = limits
        self.jobs = max(1, jobs)
        self.evidence_dir = evidence_dir
        self.max_files_per_worker = max_files_per_worker
        self.workers_started = 0
        """How many worker processes this pool has forked (the first ones and every replacement)."""
        self._workers: list[_Worker] = []

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def worker_pids(self) -> list[int]:
        """Process ids of the workers alive now (to watch what they hold)."""
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    def close(self) -> None:
        """Stop every worker. They are killed: an idle worker holds nothing worth a graceful
        exit, which would cost a few milliseconds per run."""
        for worker in self._workers:
            worker.stop(kill=True)
        self._workers.clear()

    def check(self, tasks: Sequence[FileTask]) -> Iterator[FileResult]:
        """One result per task, yielded in the order of `tasks` as soon as it is known."""
        alone = len(tasks) == 1
        queue = deque(_Job(index, task, spare_core=alone) for index, task in enumerate(tasks))
        done: dict[int, FileResult] = {}
        for index in range(len(tasks)):
            while index not in done:
                self._hand_out(queue, done)
                if index not in done:
                    self._collect(queue, done)
            yield done.pop(index)

    def check_as_completed(self, tasks: Sequence[FileTask]) -> Iterator[tuple[int, FileResult]]:
        """(index in `tasks`, result) for every task, each yielded the moment it is known,
        whatever the order: a slow file holds back no other (for a results store)."""
        queue = deque(_Job(index, task, spare_core=len(tasks) == 1) for index, task in enumerate(tasks))
        done: dict[int, FileResult] = {}
        for _ in range(len(tasks)):
            while not done:
                self._hand_out(queue, done)
                if not done:
                    self._collect(queue, done)
            index = next(iter(done))
            yield index, done.pop(index)

    def _hand_out(self, queue: deque[_Job], done: dict[int, FileResult]) -> None:
        while queue:
            job = queue[0]
            if not job.prechecked:
                job.prechecked = True
                rejected = precheck_result(job.task.path, self.limits)
                if rejected is not None:
                    done[job.index] = rejected
                    queue.popleft()
                    continue
            worker = self._free_worker()
            if worker is None:
                return
            queue.popleft()
            try:
                worker.give(job, self.limits.timeout)
            except OSError:  # the idle worker died meanwhile: collected as a death before start
                worker.deadline = time.monotonic()

    def _free_worker(self) -> _Worker | None:
        idle = next((w for w in self._workers if w.job is None), None)
        if idle is None and len(self._workers) < self.jobs:
            idle = _Worker(self.pack, self.limits, self.evidence_dir, self._workers, self.max_files_per_worker)
            self._workers.append(idle)
            self.workers_started += 1
        return idle

    def _collect(self, queue: deque[_Job], done: dict[int, FileResult]) -> None:
        busy = [w for w in self._workers if w.job is not None]
        timeout = max(0.0, min(w.deadline for w in busy) - time.monotonic())
        for conn in wait([w.conn for w in busy], timeout):
            worker = next(w for w in busy if w.conn is conn)
            self._read(worker, queue, done)
        now = time.monotonic()
        for worker in busy:
            if worker.job is not None and now >= worker.deadline:
                self._lost(worker, queue, done, timed_out=True)

    def _read(self, worker: _Worker, queue: deque[_Job], done: dict[int, FileResult]) -> None:
        """Read what `worker` sent; a closed pipe or a garbled message means the worker is lost."""
        while worker.job is not None and worker.conn.poll():
            try:
                message = decode(worker.conn.recv_bytes(MAX_MESSAGE_BYTES))
                if "stage" in message:
                    worker.stage = str(message["stage"])
                    continue
                result = result_from_json(message["result"], internal_error=bool(message["internal_error"]))
            except (EOFError, OSError):
                self._lost(worker, queue, done, timed_out=False)
                return
            except (ValueError, KeyError, TypeError) as error:  # not our protocol: a bug, never the file's
                self._finish(worker, done, verdict_finding(
                    "internal-error", f"The worker sent an unreadable reply ({type(error).__name__}: {error})."), True)
                return
            done[worker.job.index] = result
            worker.job = None
            if message.get("retire"):
                self._retire(worker, kill=False)

    def _lost(self, worker: _Worker, queue: deque[_Job], done: dict[int, FileResult], timed_out: bool) -> None:
        """`worker` died or overran its time: replace it and settle its file."""
        job, stage = worker.job, worker.stage
        assert job is not None
        exitcode = self._retire(worker, kill=timed_out)
        if stage is None and job.restarts == 0:  # the worker never started this file
            queue.appendleft(replace(job, restarts=1))
            return
        failure = death_failure(exitcode, self.limits, timed_out)
        if stage == "text" and job.text_failure is None and not failure.internal:
            queue.appendleft(replace(job, text_failure=failure.finding(during(stage) + TEXT_SKIPPED)))
            return
        done[job.index] = FileResult(path=job.task.path, sha256=None, status="error",
                                     findings=[failure.finding(during(stage or ""))], internal_error=failure.internal)

    def _finish(self, worker: _Worker, done: dict[int, FileResult], finding: Finding, internal: bool) -> None:
        job = worker.job
        assert job is not None
        self._retire(worker, kill=True)
        done[job.index] = FileResult(path=job.task.path, sha256=None, status="error", findings=[finding],
                                     internal_error=internal)

    def _retire(self, worker: _Worker, kill: bool) -> int | None:
        self._workers.remove(worker)
        return worker.stop(kill)


def death_failure(exitcode: int | None, limits: Limits, timed_out: bool) -> Failure:
    """What it means that a worker ended without a result: the verdict, the cause in words,
    and whether it is a bug in axiomcheck. `exitcode` is negative for a signal, as
    `multiprocessing` reports it."""
    duration = format_duration(limits.timeout)
    if timed_out:
        return Failure("too-complex", f"Too slow: the check took longer than the {duration} limit (--timeout) "
                                      "and was stopped", False)
    if exitcode == CAP_EXIT_CODE:
        return Failure("too-complex", f"Too much memory: reading the PDF grew past the "
                                      f"{format_size(limits.max_decoded)} decoding cap (--max-decoded) and "
                                      "was stopped", False)
    number = -exitcode if exitcode is not None and exitcode < 0 else None
    if number is None:
        return Failure("internal-error", f"The worker process checking this file exited with code {exitcode} "
                                         "without a result", True)
    name = _signal_name(number)
    if number in _ABORT_SIGNALS:
        return Failure("too-complex", f"Too much memory: the PDF reader needed more than the "
                                      f"{format_size(limits.max_memory)} limit (--max-memory) and aborted ({name})",
                       False)
    if number == signal.SIGKILL:
        return Failure("too-complex", "Too much memory: the system killed the check (SIGKILL), most likely "
                                      "for lack of memory", False)
    if number == signal.SIGXCPU:
        return Failure("too-complex", f"Too slow: the check used more processor time than the {duration} "
                                      "limit (--timeout) allows", False)
    if number in _CRASH_SIGNALS:
        return Failure("unreadable", f"Damaged PDF: the PDF reader crashed ({name})", False)
    return Failure("internal-error", f"The worker process checking this file was stopped by {name} "
                                     "without a result", True)


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
