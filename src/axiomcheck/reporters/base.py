"""The interface every output format implements: an emitter that streams a run.

An emitter writes to a text stream in three steps, as linters' formatters do: `start` with
the run's header (venue, track, stage, page limits), `file` once per checked file as soon as
its result is known, and `finish` after the last one, told whether the run checked every
file it was given (a run stopped by Ctrl-C or an error says "partial: N of M files" in every
format). `check` and `batch` drive emitters the same way; `render_with` turns a whole
`Report` into a string through the same three steps.
"""

from __future__ import annotations

import io
from collections import Counter
from abc import ABC, abstractmethod
from typing import TextIO

from ..model import Severity
from ..report import FileResult, FileStatus, Finding, Report, RunStatus
from ..verdicts import is_verdict


class Emitter(ABC):
    """Writes one output format to `stream`, one file at a time; registered under the format's
    name (`--format NAME`) as an entry point of the group `axiomcheck.reporters`."""

    EXTENSION: str
    """The usual file-name extension of the format (with the dot)."""

    def __init__(self, stream: TextIO, destination: str | None = None) -> None:
        self.stream = stream
        self.destination = destination
        """The file the output is written to (None: standard output or a string), so that an
        output can name files beside it by relative paths (the HTML page's pictures)."""

    @abstractmethod
    def start(self, run: Report) -> None:
        """Begin the output. `run` gives the header (venue, track, stage, page limits); its
        `files` are not read (they come one by one through `file`)."""

    @abstractmethod
    def file(self, result: FileResult) -> None:
        """Write (or take in) one file's result."""

    @abstractmethod
    def finish(self, status: RunStatus | None = None) -> None:
        """End the output (summaries, closing brackets); the stream is not closed. `status`
        says how many of the run's files were done and why it stopped early (None: the
        files written are all the run had)."""


def render_with(emitter_class: type[Emitter], report: Report, destination: str | None = None) -> str:
    """The whole of `report` in one format, as a string (`destination`: the file it will be
    written to, for outputs that name files beside them)."""
    out = io.StringIO()
    emitter = emitter_class(out, destination)
    emitter.start(report)
    for result in report.files:
        emitter.file(result)
    emitter.finish(report.run_status)
    return out.getvalue()


def completed(status: RunStatus | None, files: int) -> RunStatus:
    """The run's status as `finish` was told, or complete with the `files` written."""
    return status or RunStatus(files, files)


def plural(count: int, word: str) -> str:
    """"1 page", "2 pages"."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def took(files: int, seconds: float) -> str:
    """How long checking `files` files took, and the rate: "in 12.3 s, 4.1 files/s"."""
    rate = f", {files / seconds:.1f} files/s" if files and seconds > 0 else ""
    return f"in {seconds:.1f} s{rate}"


def one_line(text: str) -> str:
    """Multi-line text (an author block, a paragraph) on one line, parts joined by ' / '."""
    return " / ".join(part.strip() for part in text.splitlines() if part.strip())


def standing_errors(result: FileResult) -> list[Finding]:
    """The findings that keep a file from passing: its errors that stand (are not waived) and
    the verdict that left it not checked (`no-text-layer` is one although it is a warning)."""
    return [f for f in result.findings
            if not f.waived and (f.severity == Severity.ERROR or (result.status is FileStatus.ERROR and is_verdict(f)))]


def first_error(result: FileResult) -> Finding | None:
    """The first finding that keeps the file from passing (`standing_errors`): what a triage
    table shows for a file."""
    return next(iter(standing_errors(result)), None)


def main_body_words(result: FileResult) -> str | None:
    """"5 pages, ending 30% into page 5": the main body as the text report, the CSV (its page
    count) and the HTML page all give it (the share of the last page's text it fills, column by
    column on a page of several); None without a structure."""
    structure = result.structure
    end = structure.main_body_end if structure is not None else None
    if structure is None or end is None:
        return None
    return f"{plural(structure.main_body_pages, 'page')}, ending {round(end.fraction * 100)}% into page {end.page}"


def main_body_length(result: FileResult) -> float | None:
    """Main-body length in pages as the page limit counts it (4.3 = 30% into page 5)."""
    return result.structure.main_body_length if result.structure is not None else None


class StatusTally:
    """Counts of files per status, for summary lines."""

    def __init__(self) -> None:
        self.counts: Counter[FileStatus] = Counter()

    def add(self, result: FileResult) -> None:
        self.counts[result.status] += 1

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def summary(self) -> str:
        """`2 pass, 1 fail, 0 not checked`."""
        counts = self.counts
        return f"{counts[FileStatus.PASS]} pass, {counts[FileStatus.FAIL]} fail, {counts[FileStatus.ERROR]} not checked"
