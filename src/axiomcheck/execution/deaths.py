"""What it means that a worker ended without a result, and what its file gets then.

A worker ends without a result for one of two kinds of reasons:
- **a limit stopped it**: the parent killed it at the timeout, its memory guard stopped it
  (`CAP_EXIT_CODE`), the kernel stopped it for processor time (SIGXCPU), or PDFium aborted
  when an allocation failed under the memory limit (SIGABRT, SIGTRAP, SIGILL). The file did
  this, and would do it again: it gets its verdict at once;
- **it was lost**: killed from outside (SIGKILL: an operator, the system's out-of-memory
  killer), out of time while the machine was too busy to give it a processor for half the
  timeout (`STARVED_SHARE`), crashed (SIGSEGV, SIGBUS, SIGFPE), or exited for no reason of
  the file's. It might not happen again, so the file is tried once more in a fresh worker and
  gets its verdict only when it is lost a second time. Killed from outside or starved, that
  verdict is the machine's (`machine-stopped`), which a results store never keeps as the
  file's: the next run checks the file again.
Either way, when the worker ended while reading the text, the file is checked once more
without its text (the page-level rules still run) and the verdict says so. A worker that
ends while drawing the pictures has already sent the findings (`messages.FindingsKept`): they
stand, each missing picture a note (`pictures_lost`), and the file is not tried again.

A worker that ends while it holds no file costs nothing: it is replaced when next needed.
"""

from __future__ import annotations

import signal
from typing import NamedTuple

from ..limits import Limits, format_duration, format_size
from ..pipeline import TEXT_SKIPPED, during as pipeline_during
from ..report import FileResult, FileStatus, Finding
from ..verdicts import MACHINE_IDS, VERDICTS, Failure
from .guard import CAP_EXIT_CODE
from ..reporters.picture_notes import without_pictures
from .confinement import EVIDENCE

ABORT_SIGNALS = {signal.SIGABRT, signal.SIGTRAP, signal.SIGILL}
"""How PDFium's allocator ends the process when an allocation fails (out of memory)."""
CRASH_SIGNALS = {signal.SIGSEGV, signal.SIGBUS, signal.SIGFPE}
STARVED_SHARE = 0.5
"""A file that ran out of time having had less than this share of the timeout on a processor
was starved by the machine's load (or a stopped worker), not slow itself."""
LOSSES_BEFORE_VERDICT = 2
"""How many times a file's worker may be lost before the file gets its verdict."""
MOST_TRIES = LOSSES_BEFORE_VERDICT + 1
"""The most times one file is checked: lost twice, then once more without its text."""


class Ending(NamedTuple):
    """How a worker ended without a result: the verdict it means, and whether a limit did it
    (no second try) or the worker was lost (a second try)."""

    failure: Failure
    limit: bool

    @property
    def machine(self) -> bool:
        """The machine ended it, not the file (`verdicts.MACHINE_IDS`)."""
        return VERDICTS[self.failure.verdict].id in MACHINE_IDS


def during(stage: str | None) -> str:
    """The end of a verdict's message naming where the worker was."""
    if stage == EVIDENCE:
        return " while drawing the evidence pictures"
    return pipeline_during(stage or "")


def ending(exitcode: int | None, limits: Limits, timed_out: bool, processor_share: float | None = None) -> Ending:
    """How a worker with exit status `exitcode` (negative for a signal, as `multiprocessing`
    reports it) ended; `timed_out` when the parent killed it at the timeout, the file having
    had a processor for `processor_share` of that time (None: not known)."""
    duration = format_duration(limits.timeout)
    if timed_out and processor_share is not None and processor_share < STARVED_SHARE:
        return Ending(Failure("machine-stopped", f"Out of time on a busy machine: in the {duration} limit "
                                                 f"(--timeout) the check had a processor only "
                                                 f"{processor_share:.0%} of the time", False), False)
    if timed_out:
        return Ending(Failure("too-complex", f"Too slow: the check took longer than the {duration} limit "
                                             "(--timeout) and was stopped", False), True)
    if exitcode == CAP_EXIT_CODE:
        return Ending(Failure("too-complex", f"Too much memory: reading the PDF grew past the "
                                             f"{format_size(limits.max_decoded)} decoding cap (--max-decoded) and "
                                             "was stopped", False), True)
    number = -exitcode if exitcode is not None and exitcode < 0 else None
    if number is None:
        return Ending(Failure("internal-error", f"The worker process checking this file exited with code "
                                                f"{exitcode} without a result", True), False)
    name = _signal_name(number)
    if number in ABORT_SIGNALS:
        return Ending(Failure("too-complex", f"Too much memory: the PDF reader needed more than the "
                                             f"{format_size(limits.max_memory)} limit (--max-memory) and aborted "
                                             f"({name})", False), True)
    if number == signal.SIGXCPU:
        return Ending(Failure("too-complex", f"Too slow: the check used more processor time than the {duration} "
                                             "limit (--timeout) allows", False), True)
    if number == signal.SIGKILL:
        return Ending(Failure("machine-stopped", "Killed from outside: the worker checking it was killed "
                                                 "(SIGKILL: an operator, or the system's out-of-memory killer; "
                                                 f"the check itself is capped at {format_size(limits.max_memory)}, "
                                                 "--max-memory)", False), False)
    if number in CRASH_SIGNALS:
        return Ending(Failure("unreadable", f"Damaged PDF: the PDF reader crashed ({name})", False), False)
    return Ending(Failure("internal-error", f"The worker process checking this file was stopped by {name} "
                                            "without a result", True), False)


class Attempt(NamedTuple):
    """A file's tries so far: how often its worker was lost, and the verdict that replaces
    its text layer once the text has stopped a worker."""

    losses: int = 0
    skip_text: Finding | None = None


def next_attempt(attempt: Attempt, end: Ending, stage: str | None) -> Attempt | None:
    """The file's next try after its worker ended in `stage` as `end` says, or None when the
    file gets its verdict now (`verdict`)."""
    losses = attempt.losses + (0 if end.limit else 1)
    if not end.limit and losses < LOSSES_BEFORE_VERDICT:
        return Attempt(losses, attempt.skip_text)
    if stage == "text" and attempt.skip_text is None and not end.failure.internal and not end.machine:
        return Attempt(losses, end.failure.finding(during(stage) + TEXT_SKIPPED))
    return None


def verdict(path: str, end: Ending, stage: str | None) -> FileResult:
    """The result of a file whose worker ended as `end` says while in `stage`."""
    return FileResult(path=path, sha256=None, status=FileStatus.ERROR, findings=[end.failure.finding(during(stage))],
                      internal_error=end.failure.internal)


def pictures_lost(kept: FileResult, end: Ending) -> FileResult:
    """The findings a worker sent before it ended (`end`) while drawing their pictures: they
    stand, and each picture they lack is a note saying why (never the file's verdict)."""
    reason = end.failure.cause[0].lower() + end.failure.cause[1:]
    return without_pictures(kept, f"{reason} while drawing the pictures")


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
