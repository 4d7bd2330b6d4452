"""A worker process: confined by resource limits, it checks the files its parent sends.

The parent forks it (`pool.WorkerPool`), so it inherits the resolved rule pack without
pickling. They talk over a pipe in JSON messages, never pickle, so that a worker subverted
by a hostile file cannot make the parent run code:

    parent -> worker   {"path": ..., "submission": {...}, "text_failure": finding or null, "spare_core": bool}
    worker -> parent   {"stage": "text"}   (each stage of `api.check_path` as it begins)
    worker -> parent   {"result": FileResult.to_dict(), "internal_error": bool, "retire": bool}

The worker exits when the pipe closes, or after a file that made it hold more than half the
memory limit (`retire`): the parent then forks a fresh one.
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

from ..api import check_path
from ..model import Submission
from ..packs import ResolvedPack
from ..report import FileResult, Finding
from ..verdicts import classify
from ..limits import MIB, RECURSION_LIMIT, Limits
from ..pdf.memory_guard import guard_this_process

MAX_MESSAGE_BYTES = 256 * MIB
"""The largest message either side accepts; a report for one file is far smaller."""
CPU_GRACE_SECONDS = 5
"""CPU seconds beyond the timeout before the kernel stops a worker whose parent is gone."""
STREAM_CAP_SHARE = 8
"""pypdf may decode at most this fraction (1/N) of the memory limit from one stream."""
RETIRE_AT_MEMORY_SHARE = 0.5
"""A worker that has held more than this share of the memory limit is replaced after its file,
so that memory a heavy file left behind is never blamed on the next one."""


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
          inherited: Sequence[Connection] = ()) -> None:
    """The worker's main loop (in the child): confine this process, then check each file the
    parent sends until the pipe closes (with `evidence_dir`, findings with a box get a
    picture of their page there: `reporters.evidence`). `inherited`
    are the parent's ends of pipes that the fork copied; they are closed first, so that the
    parent closing a pipe reaches its worker."""
    for other in inherited:
        other.close()
    confine(limits)
    guard = guard_this_process(limits.max_decoded)
    while True:
        try:
            request = decode(conn.recv_bytes(MAX_MESSAGE_BYTES))
        except (EOFError, OSError):
            return
        guard.arm()
        reply = _check(conn, request, pack, limits, evidence_dir)
        guard.disarm()
        conn.send_bytes(encode(reply))
        if reply["retire"]:
            return


def _check(conn: Connection, request: dict[str, Any], pack: ResolvedPack, limits: Limits,
           evidence_dir: str | None) -> dict[str, Any]:
    _arm_cpu_backstop(limits.timeout)
    path = str(request["path"])

    def report_stage(stage: str) -> None:
        conn.send_bytes(encode({"stage": stage}))

    try:
        text_failure = request.get("text_failure")
        result = check_path(path, pack, Submission.from_dict(request.get("submission") or {}), limits,
                            Finding.from_dict(text_failure) if text_failure else None, report_stage,
                            spare_core=bool(request.get("spare_core")))
        if evidence_dir is not None:
            from ..reporters.evidence import with_evidence  # loads PDFium: the worker's, never the parent's

            result = with_evidence(result, evidence_dir)
    except Exception as error:  # check_path turns bad files into verdicts: this is memory or our bug
        failure = classify(error)
        result = FileResult(path=path, sha256=None, status="error", findings=[failure.finding(" in the worker")],
                            internal_error=failure.internal)
    return {"result": result.to_dict(), "internal_error": result.internal_error,
            "retire": _peak_memory() > limits.max_memory * RETIRE_AT_MEMORY_SHARE}


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
