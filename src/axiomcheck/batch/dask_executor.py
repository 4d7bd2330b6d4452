"""The Dask executor: the same per-file check on a Dask distributed cluster.

The driver (the `axiomcheck batch` process) reads each file, sends its bytes with the pack's
description (`PackSpec`, plain data) to a Dask worker, and stores each result as it streams
back. On the worker, `check_remote` resolves the pack once, writes the bytes to a private
temporary file and checks it in an isolated worker process of its own
(`execution.WorkerPool`, kept per Dask thread), under the same limits as a local run: a
hostile file costs a verdict there, never the Dask worker. Workers therefore need
axiomcheck installed (`pip install axiomcheck[dask]`), the same version (the driver compares
the pack's hash with each worker's before it starts), and must be allowed to start processes
(Dask's `distributed.worker.daemon: false`, which the driver sets for a cluster it starts).

Without `--scheduler`, the driver starts a `LocalCluster` with `jobs` single-threaded workers.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Generator, Iterator, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..execution import FileTask, WorkerPool
from ..codec.wire import result_from_wire, result_to_wire
from ..limits import Limits
from ..packs import ResolvedPack
from ..report import FileResult, FileStatus
from ..model import Submission
from ..verdicts import verdict_finding
from .archive import ArchiveError
from .inputs import item_bytes, staged_name, verdict_result
from .plan import PackSpec, pack_hash
from .work import ExecutorError, Work

if TYPE_CHECKING:
    from ..references import ReferenceSettings

IN_FLIGHT_PER_THREAD = 2
"""Files sent ahead per worker thread: keeps every thread busy without holding the whole
batch's bytes in the driver's memory."""


class DaskExecutor:
    """Check work items on a Dask cluster: the one at `scheduler`, or a LocalCluster of `jobs`
    workers (`processes=False` runs them as threads of this process, for tests)."""

    def __init__(self, limits: Limits, jobs: int, scheduler: str | None = None, evidence_dir: str | None = None,
                 processes: bool = True, references: ReferenceSettings | None = None) -> None:
        self.limits = limits
        self.references = references
        """Where bibliographies are looked up: an index file every Dask worker can read, or online."""
        self.jobs = jobs
        self.scheduler = scheduler
        self.evidence_dir = evidence_dir
        self.processes = processes

    def run(self, work: Sequence[Work]) -> Generator[tuple[Work, FileResult], None, None]:
        dask: Any = import_module("dask")  # the [dask] extra (untyped), only for --executor dask
        distributed: Any = import_module("distributed")

        cluster = None
        with dask.config.set({"distributed.worker.daemon": False}):
            try:
                if self.scheduler is None:
                    with _ctrl_c_left_to_this_process():
                        cluster = distributed.LocalCluster(n_workers=self.jobs, threads_per_worker=1,
                                                           processes=self.processes, dashboard_address=None,
                                                           silence_logs=logging.ERROR)
                client = distributed.Client(self.scheduler or cluster, timeout="10s")
            except (OSError, TimeoutError) as error:
                if cluster is not None:
                    cluster.close()
                raise ExecutorError(f"cannot reach the Dask scheduler {self.scheduler}: {error}") from error
        try:
            self._verify(client, work)
            threads = max(1, sum(client.nthreads().values()))
            pending = iter(work)
            owners: dict[Any, Work] = {}
            futures = distributed.as_completed()
            for _ in range(threads * IN_FLIGHT_PER_THREAD):
                yield from self._feed(client, futures, owners, pending)
            for future in futures:
                owner = owners.pop(future)
                yield owner, _result_of(future, owner)
                yield from self._feed(client, futures, owners, pending)
        finally:
            with contextlib.suppress(Exception):  # workers already gone (Ctrl-C reaches them too)
                client.run(close_pools)
            client.close()
            if cluster is not None:
                cluster.close()

    def _verify(self, client: Any, work: Sequence[Work]) -> None:
        if not client.nthreads():
            raise ExecutorError(f"the Dask cluster at {self.scheduler} has no workers.")
        daemonic = [address for address, flag in client.run(_is_daemonic).items() if flag]
        if daemonic:
            raise ExecutorError(f"Dask workers {', '.join(sorted(daemonic))} cannot start processes (daemonic); "
                                "start them with DASK_DISTRIBUTED__WORKER__DAEMON=False.")
        for spec, expected in {(w.group.spec, w.group.hash) for w in work}:
            for address, got in client.run(remote_pack_hash, spec).items():
                if got != expected:
                    raise ExecutorError(f"the Dask worker {address} resolves {spec.venue} ({spec.track}, "
                                        f"{spec.stage or 'default stage'}) differently: {got}. Install the same "
                                        "axiomcheck and packs on every machine (a pack path must be the same there).")

    def _feed(self, client: Any, futures: Any, owners: dict[Any, Work],
              pending: Iterator[Work]) -> Iterator[tuple[Work, FileResult]]:
        """Send the next file to the cluster; files the driver cannot read are settled here
        (yielded with their verdict) and the next one is sent instead."""
        for item in pending:
            try:
                data = item_bytes(item.item, self.limits)
            except ArchiveError as error:
                yield item, verdict_result(item.item, error.finding)
                continue
            except OSError as error:
                yield item, verdict_result(item.item, verdict_finding(
                    "unreadable", f"Cannot read the file: {error.strerror or error}."))
                continue
            name = staged_name(item.item, item.key.sha256 if item.key else "")
            future = client.submit(check_remote, item.group.spec, item.group.hash, self.limits, name, data,
                                   item.item.submission.to_dict(), self.evidence_dir, self.references, pure=False)
            owners[future] = item
            futures.add(future)
            return


@contextlib.contextmanager
def _ctrl_c_left_to_this_process() -> Iterator[None]:
    """Start processes that ignore Ctrl-C (they inherit the ignored signal): a terminal sends
    it to every process of the run, and this one stops the cluster cleanly."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _result_of(future: Any, owner: Work) -> FileResult:
    try:
        data = future.result()
    except Exception as error:  # the Dask worker died or the task failed: the file's verdict, the run goes on
        return FileResult(path=owner.item.display, sha256=owner.key.sha256 if owner.key else None,
                          status=FileStatus.ERROR,
                          findings=[verdict_finding("internal-error", f"The Dask task checking this file failed "
                                                                      f"({type(error).__name__}: {error}).")],
                          internal_error=True)
    return result_from_wire(data)


# --- on the Dask worker --------------------------------------------------------------------

_PACKS: dict[PackSpec, ResolvedPack] = {}
_POOLS: list[WorkerPool] = []
_LOCAL = threading.local()
_LOCK = threading.Lock()


def _is_daemonic() -> bool:
    return bool(multiprocessing.current_process().daemon)


def _pack(spec: PackSpec) -> ResolvedPack:
    with _LOCK:
        if spec not in _PACKS:
            _PACKS[spec] = spec.resolve()
        return _PACKS[spec]


def remote_pack_hash(spec: PackSpec) -> str:
    """The hash of the pack as this worker resolves it (compared with the driver's)."""
    try:
        return pack_hash(_pack(spec))
    except Exception as error:  # shown to the organizer as the reason the cluster cannot run the batch
        return f"cannot resolve it ({error})"


def _pool(spec: PackSpec, expected: str, limits: Limits, evidence_dir: str | None,
          references: ReferenceSettings | None) -> WorkerPool:
    """This thread's isolated pool for the pack (workers are forked with their pack)."""
    pools: dict[tuple[str, Limits, str | None, ReferenceSettings | None], WorkerPool] = getattr(
        _LOCAL, "pools", None) or {}
    _LOCAL.pools = pools
    key = (expected, limits, evidence_dir, references)
    if key not in pools:
        pools[key] = WorkerPool(_pack(spec), limits, 1, evidence_dir, references=references)
        with _LOCK:
            _POOLS.append(pools[key])
    return pools[key]


def check_remote(spec: PackSpec, expected: str, limits: Limits, name: str, data: bytes,
                 submission: dict[str, Any], evidence_dir: str | None,
                 references: ReferenceSettings | None = None) -> dict[str, Any]:
    """Check one file's bytes in an isolated process on this Dask worker; the result as the
    wire's plain data (`codec.wire.result_to_wire`)."""
    folder = tempfile.mkdtemp(prefix="axiomcheck-dask-")
    try:
        path = os.path.join(folder, name)
        with open(path, "wb") as handle:
            handle.write(data)
        pool = _pool(spec, expected, limits, evidence_dir, references)
        result = next(iter(pool.check([FileTask(path, Submission.from_dict(submission))])))
        return result_to_wire(result)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def close_pools() -> None:
    """Stop every isolated worker this Dask worker started (at the end of a batch)."""
    with _LOCK:
        for pool in _POOLS:
            pool.close()  # a closed pool forks new workers if it is used again
