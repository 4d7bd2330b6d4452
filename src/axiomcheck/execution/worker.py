"""A worker process: confined by its limits, it checks the files its parent sends.

The parent forks it (`pool.WorkerPool`), so it inherits the resolved rule pack without
pickling. It reads `messages.CheckFile` requests from its channel, runs the pipeline on
each (`pipeline.check_document`, with the worker's hooks: each stage reported to the parent
as it begins, the memory guard armed, helpers on the spare core when the run has a single
file), draws the evidence pictures when asked, and answers `messages.FileChecked`.

The worker exits when its channel closes, or when it retires after a file: the parent then
forks a fresh one. A worker retires, as gunicorn's `max_requests`, after `max_files` files,
after a file that made it hold more than half the memory limit, when its resident memory has
grown `RETIRE_AT_GROWTH` past what it held after its first file, when it holds more open
files than then, or when a PDFium object outlived its file. Nothing a file leaves behind can
then pile up, whatever the batch's length; the pipeline already starts PDFium afresh for
each file, so retiring is defence in depth, not what makes results exact.
"""

from __future__ import annotations

import contextlib
import os
import resource
import sys
from typing import TYPE_CHECKING

from ..aggregate import cap_report
from ..limits import MIB, Limits
from ..packs import ResolvedPack
from ..pipeline import Known, check_document
from ..report import FileResult, FileStatus
from ..reporters.picture_notes import without_pictures
from ..verdicts import classify, verdict_finding
from .channel import Channel, ChannelClosed, FrameTooLarge
from ..codec.wire import CodecError
from .confinement import EVIDENCE, Confinement
from .messages import MAX_REPLY_BYTES, TO_WORKER, CheckFile, FileChecked, FindingsKept, StageEntered
from .prefetch import SpareCore

if TYPE_CHECKING:
    from ..pdf.source import Prefetched
    from ..references import ReferenceSettings

RETIRE_AT_MEMORY_SHARE = 0.5
"""A worker that has held more than this share of the memory limit is replaced after its file,
so that memory a heavy file left behind is never blamed on the next one."""
MAX_FILES_PER_WORKER = 1000
"""A worker retires after this many files (a fresh fork costs about 0.1 s, once per 1,000 files)."""
RETIRE_AT_GROWTH = 256 * MIB
"""A worker retires when its resident memory exceeds what it held after its first file by this much."""
RETIRE_AT_MORE_FILES_OPEN = 8
"""A worker retires when it holds this many more open file descriptors than after its first file."""


class _Hooks:
    """The pipeline's hooks in a worker: stages reported and guarded, helpers when allowed."""

    def __init__(self, channel: Channel, confinement: Confinement, spare_core: bool) -> None:
        self.channel = channel
        self.confinement = confinement
        self.spare_core = SpareCore(confinement) if spare_core else None

    def entering(self, stage: str) -> None:
        self.confinement.entering(stage)
        self.channel.send(StageEntered(stage))

    def prefetch_objects(self, path: str) -> Prefetched | None:
        return self.spare_core.prefetch_objects(path) if self.spare_core is not None else None

    def prefetch_pages(self, path: str, page_count: int) -> tuple[int, Prefetched] | None:
        return self.spare_core.prefetch_pages(path, page_count) if self.spare_core is not None else None


def serve(channel: Channel, pack: ResolvedPack, confinement: Confinement,
          max_files: int = MAX_FILES_PER_WORKER, references: ReferenceSettings | None = None) -> None:
    """The worker's main loop (in the child): confine this process, then check each file the
    parent sends until the channel closes or the worker retires; `references` is where the
    bibliographies are looked up (the pipeline's references stage), None for nowhere."""
    confinement.confine_worker()
    usage = WorkerUsage(max_files, confinement.limits)
    while True:
        try:
            request = channel.receive(TO_WORKER)
        except (ChannelClosed, OSError, CodecError, FrameTooLarge):  # the parent is gone, or is not ours
            return
        result = _check(channel, request, pack, confinement, references)
        retire = usage.after_file()
        try:
            try:
                channel.send(FileChecked(result, retire), limit=MAX_REPLY_BYTES)
            except FrameTooLarge as error:  # never: reports are cut to size; a bug if it happens
                channel.send(FileChecked(_oversized(request.path, str(error)), retire))
        except OSError:  # the parent is gone
            return
        if retire:
            return


def _check(channel: Channel, request: CheckFile, pack: ResolvedPack, confinement: Confinement,
           references: ReferenceSettings | None) -> FileResult:
    confinement.start_file()
    hooks = _Hooks(channel, confinement, request.spare_core)
    try:
        result = check_document(request.path, pack, request.submission, confinement.limits, request.skip_text,
                                hooks, Known(request.sha256, request.prechecked), references)
        if request.evidence_dir is not None:
            result = _with_pictures(channel, confinement, result, request.evidence_dir)
    except Exception as error:  # the pipeline turns bad files into verdicts: this is memory or our bug
        failure = classify(error)
        result = FileResult(path=request.path, sha256=None, status=FileStatus.ERROR,
                            findings=[failure.finding(" in the worker")], internal_error=failure.internal)
    finally:
        confinement.end_file()
    return result


def _with_pictures(channel: Channel, confinement: Confinement, result: FileResult, folder: str) -> FileResult:
    """`result` with its findings' pictures, drawn under a budget of their own after the
    findings went to the parent: a picture that fails is a note on its finding, and pictures
    that overrun their time or memory cost the parent only the pictures (`deaths.py`)."""
    from ..reporters.evidence import with_evidence  # noqa: PLC0415 - PDFium: the worker's, never the parent's

    channel.send(FindingsKept(result), limit=MAX_REPLY_BYTES)
    channel.send(StageEntered(EVIDENCE))
    confinement.entering(EVIDENCE)
    try:
        drawn = with_evidence(result, folder)
        shown = cap_report(drawn)  # picture names add bytes: the last findings may be left out
        _remove_unshown_pictures(drawn, shown)
        return shown
    except Exception as error:  # Pillow or PDFium out of memory, say: the findings stand without pictures
        return without_pictures(result, f"drawing the pictures failed ({type(error).__name__}: {error})")


def _remove_unshown_pictures(drawn: FileResult, shown: FileResult) -> None:
    """Delete the pictures of findings the report left out: no picture without its finding."""
    kept = {f.evidence_image for f in shown.findings}
    for finding in drawn.findings:
        if finding.evidence_image is not None and finding.evidence_image not in kept:
            with contextlib.suppress(OSError):
                os.unlink(finding.evidence_image)


def _oversized(path: str, reason: str) -> FileResult:
    finding = verdict_finding("internal-error", f"The report of this file could not be sent: {reason}.")
    return FileResult(path=path, sha256=None, status=FileStatus.ERROR, findings=[finding], internal_error=True)


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
        from ..pdf.pdfium_library import open_objects  # noqa: PLC0415 - the worker's, never the parent's

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


def _peak_memory() -> int:
    """The most memory (resident bytes) this process has held."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # macOS counts bytes, Linux KiB
