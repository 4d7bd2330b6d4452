"""Every limit a file is checked under, applied in one place (docs/limits-and-verdicts.md).

`Confinement` holds a run's `Limits` and applies them where each one acts:
- in a fresh worker (`confine_worker`): its address space (`--max-memory`), no core file,
  the recursion depth, qpdf's decoding cap (`--max-decoded`, at most an eighth of the memory
  limit), silenced standard streams, Ctrl-C left to the parent, and the memory guard that
  stops a file whose reading grows the worker past `--max-decoded` (`guard.py`);
- for each file (`start_file`, `entering`, `end_file`): a processor-time backstop of the
  timeout plus a grace, and the guard armed from the stage it counts from; the pictures of
  its findings get both afresh, a budget of their own;
- in a helper the worker forks (`confine_helper`): it dies with the worker and guards itself;
- in the parent (`deadline`): the wall-clock timeout from the moment a worker takes the file.
The file's own size (`--max-size`) is refused before any parser (`pdf.prechecks`), its page
count (`--max-pages`) by the pipeline once it is read (`pipeline.py`).
"""

from __future__ import annotations

import contextlib
import faulthandler
import os
import resource
import signal
import sys

from ..limits import RECURSION_LIMIT, Limits
from .guard import MemoryGuard

EVIDENCE = "evidence"
"""The step after the pipeline, reported like a stage: drawing the findings' pictures, with a
time and memory budget of their own (`Confinement.entering`)."""
GUARDED_FROM = "pages"
"""The stage from which the decoding cap counts a file's growth: once PDFium has opened the
file. Opening is bounded by --max-memory alone, since PDFium's own parse of a large but
legitimate structure (a huge XMP packet) is not a decoding bomb and the file must still get
its findings."""
CPU_GRACE_SECONDS = 5
"""Processor seconds beyond the timeout before the kernel stops a worker whose parent is gone."""
STREAM_CAP_SHARE = 8
"""qpdf may decode at most this fraction (1/N) of the memory limit from one stream."""
_PR_SET_PDEATHSIG = 1


class Confinement:
    """The limits of a run, and the one place that applies them (see the module docstring)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._guard: MemoryGuard | None = None

    def deadline(self, now: float) -> float:
        """When a file a worker takes at `now` (a monotonic clock) has run out of time."""
        return now + self.limits.timeout

    def confine_worker(self) -> None:
        """In a fresh worker: every per-process limit (see the module docstring)."""
        faulthandler.disable()  # an inherited crash dumper: the parent reports a crash as a verdict
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        _silence_standard_streams()
        _lower_limit(resource.RLIMIT_CORE, 0)
        _lower_limit(resource.RLIMIT_AS, self.limits.max_memory)
        sys.setrecursionlimit(RECURSION_LIMIT)
        from ..pdf.stream_data import cap_decoded_streams  # noqa: PLC0415 - the worker, never the parent, loads PDF code

        cap_decoded_streams(min(self.limits.max_decoded, self.limits.max_memory // STREAM_CAP_SHARE))
        self._guard = MemoryGuard(self.limits.max_decoded)

    def confine_helper(self) -> None:
        """In a helper the worker forked: it is killed when the worker dies, and guards its
        own memory from now on (the worker's guard thread does not survive the fork)."""
        import ctypes  # noqa: PLC0415 - only in a helper: the parent has no use for it

        parent = os.getppid()
        with contextlib.suppress(OSError, AttributeError):  # not Linux: the inherited CPU limit ends it
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # the worker died before the request took effect
            os._exit(0)
        if self._guard is not None:
            self._guard = MemoryGuard(self.limits.max_decoded)
            self._guard.arm()

    def start_file(self) -> None:
        """Before a file: the kernel stops this worker if the file burns more processor time
        than the timeout allows (the parent kills it first on the wall clock, unless the
        parent itself is gone)."""
        self._limit_processor_time()

    def _limit_processor_time(self) -> None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        soft = int(usage.ru_utime + usage.ru_stime + self.limits.timeout) + CPU_GRACE_SECONDS
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))

    def entering(self, stage: str) -> None:
        """A stage of the file begins: the decoding cap counts from `GUARDED_FROM` on. The
        pictures (`EVIDENCE`) start a budget of their own: the timeout's processor time again,
        and the decoding cap counted afresh from the memory held when they begin (the parent
        gives them the timeout again on the wall clock, `pool.WorkerPool`)."""
        if stage == EVIDENCE:
            self._limit_processor_time()
        if stage in (GUARDED_FROM, EVIDENCE) and self._guard is not None:
            self._guard.arm()

    def end_file(self) -> None:
        if self._guard is not None:
            self._guard.disarm()


def _silence_standard_streams() -> None:
    """PDF libraries print; the parent's report on standard output must stay clean."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):
        os.dup2(devnull, descriptor)
    os.close(devnull)


def _lower_limit(which: int, value: int) -> None:
    _, hard = resource.getrlimit(which)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(which, (value, value))
