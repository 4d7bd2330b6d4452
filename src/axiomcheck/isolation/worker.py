"""A worker process: confined by resource limits, it checks the files its parent sends.

The parent forks it (`pool.WorkerPool`), so it inherits the resolved rule pack without
pickling. They talk over a pipe in JSON messages, never pickle, so that a worker subverted
by a hostile file cannot make the parent run code:

    parent -> worker   {"path": ..., "submission": {...}, "text_failure": finding or null, "spare_core": bool}
    worker -> parent   {"stage": "text"}   (each stage of `api.check_path` as it begins)
    worker -> parent   {"result": codec.result_to_json(FileResult), "internal_error": bool, "retire": bool}

The worker exits when the pipe closes, or when it retires after a file (`retire`): the parent
then forks a fresh one. A worker retires, as gunicorn's `max_requests` does, after
`max_files` files, after a file that made it hold more than half the memory limit, when its
resident memory has grown `RETIRE_AT_GROWTH` past what it held after its first file, when it
holds more open files than then, or when a PDFium object outlived its file. Nothing a file
leaves behind can then pile up, whatever the batch's length; `api.check_path` already starts
PDFium afresh for each file, so retiring is defence in depth, not what makes results exact.
"""

from __future__ import annotations

import faulthandler
import json
import os
import resource
import signal
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from ..aggregate import MAX_REPORT_BYTES, cap_report
from ..codec import finding_from_json, result_to_json
from ..api import check_path
from ..model import Submission
from ..packs import ResolvedPack
from ..report import FileResult
from ..verdicts import classify, verdict_finding
from ..limits import MIB, RECURSION_LIMIT, Limits
from ..pdf.memory_guard import MemoryGuard, guard_this_process

MAX_MESSAGE_BYTES = MAX_REPORT_BYTES + 256 * 1024
"""The largest message either side accepts: a file's report is cut to `MAX_REPORT_BYTES`
before it is sent, so the parent never holds more than this for one file."""
GUARDED_FROM = "pages"
"""The stage from which the decoding cap (`pdf.memory_guard`) counts a file's growth: once
PDFium has opened the file. Opening is bounded by --max-memory alone, since PDFium's own
parse of a large but legitimate structure (a huge XMP packet) is not a decoding bomb and the
file must still get its findings."""
CPU_GRACE_SECONDS = 5
"""CPU seconds beyond the timeout before the kernel stops a worker whose parent is gone."""
STREAM_CAP_SHARE = 8
"""pypdf may decode at most this fraction (1/N) of the memory limit from one stream."""
RETIRE_AT_MEMORY_SHARE = 0.5
"""A worker that has held more than this share of the memory limit is replaced after its file,
so that memory a heavy file left behind is never blamed on the next one."""
MAX_FILES_PER_WORKER = 1000
"""A worker retires after this many files (a fresh fork costs about 0.1 s, once per 1,000 files)."""
RETIRE_AT_GROWTH = 256 * MIB
"""A worker retires when its resident memory exceeds what it held after its first file by this much."""
RETIRE_AT_MORE_FILES_OPEN = 8
"""A worker retires when it holds this many more open file descriptors than after its first file."""


@dataclass(frozen=True)
class FileTask:
    """One file to check, and what the organizers know about it."""

    path: str
    submission: Submission = Submission()


def encode(message: dict[str, Any]) -> bytes:
    """A protocol message as bytes."""
    return json.dumps(message, ensure_ascii=False).encode("utf-8")


def decode(data: bytes) -> dict[str, Any]:
    """A protocol message from bytes; raises ValueError when it is not a JSON object."""
    message = json.loads(data)
    if not isinstance(message, dict):
        raise ValueError("a protocol message must be a JSON object")
    return message


def serve(conn: Connection, pack: ResolvedPack, limits: Limits, evidence_dir: str | None = None,
          inherited: Sequence[Connection] = (), max_files: int = MAX_FILES_PER_WORKER) -> None:
    """The worker's main loop (in the child): confine this process, then check each file the
    parent sends until the pipe closes or it retires (with `evidence_dir`, findings with a
    box get a picture of their page there: `reporters.evidence`). `inherited`
    are the parent's ends of pipes that the fork copied; they are closed first, so that the
    parent closing a pipe reaches its worker."""
    for other in inherited:
        other.close()
    confine(limits)
    usage = WorkerUsage(max_files, limits)
    guard = guard_this_process(limits.max_decoded)
    while True:
        try:
            request = decode(conn.recv_bytes(MAX_MESSAGE_BYTES))
        except (EOFError, OSError):
            return
        reply = _check(conn, request, pack, limits, evidence_dir, guard)
        guard.disarm()
        reply["retire"] = usage.after_file()
        data = encode(reply)
        if len(data) > MAX_MESSAGE_BYTES:  # never: reports are cut to size; a bug if it happens
            data = encode(_oversized(request, len(data), reply["retire"]))
        conn.send_bytes(data)
        if reply["retire"]:
            return


class WorkerUsage:
    """What a worker holds after each file, against what it held after its first one: when
    to retire (see the module docstring)."""

    def __init__(self, max_files: int, limits: Limits) -> None:
        self.max_files = max(1, max_files)
        self.limits = limits
        self.files = 0
        self.baseline: tuple[int, int] | None = None

    def after_file(self) -> bool:
        """Count a file; True when the worker should retire now."""
        from ..pdf.pdfium_library import open_objects  # the worker's, never the parent's

        self.files += 1
        now = (resident_memory(), open_descriptors())
        if self.baseline is None:
            self.baseline = now
        memory, descriptors = now
        return (self.files >= self.max_files
                or _peak_memory() > self.limits.max_memory * RETIRE_AT_MEMORY_SHARE
                or memory > self.baseline[0] + RETIRE_AT_GROWTH
                or descriptors >= self.baseline[1] + RETIRE_AT_MORE_FILES_OPEN
                or open_objects() > 0)


def resident_memory() -> int:
    """This process's resident memory in bytes now (its peak where /proc is missing)."""
    try:
        with open("/proc/self/statm", "rb") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return _peak_memory()


def open_descriptors() -> int:
    """How many file descriptors this process holds (0 where /proc and /dev/fd are missing)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder))
        except OSError:
            continue
    return 0


def _oversized(request: dict[str, Any], size: int, retire: bool) -> dict[str, Any]:
    path = str(request["path"])
    finding = verdict_finding("internal-error", f"The report of this file took {size:,} bytes, over the "
                                                f"{MAX_MESSAGE_BYTES:,}-byte limit of the worker's reply.")
    result = FileResult(path=path, sha256=None, status="error", findings=[finding], internal_error=True)
    return {"result": result_to_json(result), "internal_error": True, "retire": retire}


def _check(conn: Connection, request: dict[str, Any], pack: ResolvedPack, limits: Limits,
           evidence_dir: str | None, guard: MemoryGuard) -> dict[str, Any]:
    _arm_cpu_backstop(limits.timeout)
    path = str(request["path"])

    def report_stage(stage: str) -> None:
        if stage == GUARDED_FROM:
            guard.arm()
        conn.send_bytes(encode({"stage": stage}))

    try:
        text_failure = request.get("text_failure")
        result = check_path(path, pack, Submission.from_dict(request.get("submission") or {}), limits,
                            finding_from_json(text_failure) if text_failure else None, report_stage,
                            spare_core=bool(request.get("spare_core")))
        if evidence_dir is not None:
            from ..reporters.evidence import with_evidence  # loads PDFium: the worker's, never the parent's

            result = cap_report(with_evidence(result, evidence_dir))  # picture names add bytes
    except Exception as error:  # check_path turns bad files into verdicts: this is memory or our bug
        failure = classify(error)
        result = FileResult(path=path, sha256=None, status="error", findings=[failure.finding(" in the worker")],
                            internal_error=failure.internal)
    return {"result": result_to_json(result), "internal_error": result.internal_error}


def _peak_memory() -> int:
    """The most memory (resident bytes) this process has held."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # macOS counts bytes, Linux KiB


def confine(limits: Limits) -> None:
    """Limit this process: address space, no core files, recursion depth, pypdf's decoded
    stream size; silence its
    standard streams (PDF libraries print) and any inherited crash dumper (the parent reports
    a crash as a verdict), and leave Ctrl-C to the parent."""
    faulthandler.disable()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    devnull = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):
        os.dup2(devnull, descriptor)
    os.close(devnull)
    _lower_limit(resource.RLIMIT_CORE, 0)
    _lower_limit(resource.RLIMIT_AS, limits.max_memory)
    sys.setrecursionlimit(RECURSION_LIMIT)
    from ..pdf.objects import cap_decoded_streams  # the worker, never the parent, loads PDF code

    cap_decoded_streams(min(limits.max_decoded, limits.max_memory // STREAM_CAP_SHARE))


def _lower_limit(which: int, value: int) -> None:
    _, hard = resource.getrlimit(which)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(which, (value, value))


def _arm_cpu_backstop(timeout: float) -> None:
    """Let the kernel stop this worker if one file burns more CPU than the timeout allows:
    the parent kills it first on the wall clock, unless the parent itself is gone."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    soft = int(usage.ru_utime + usage.ru_stime + timeout) + CPU_GRACE_SECONDS
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
