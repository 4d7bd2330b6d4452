"""What a worker, its parent and its helpers say to each other (all through `codec`).

Messages are named tuples: typed like dataclasses, cheaper to define, and written as arrays.

    parent -> worker   CheckFile      a file to check (and what is known about it)
    worker -> parent   StageEntered   each stage of the pipeline as it begins
    worker -> parent   FindingsKept   the file's result before its pictures are drawn
    worker -> parent   FileChecked    the file's result, and whether the worker retires now
    helper -> worker   Fact           one fact a helper read (a page count, the metadata, a page)

Sizes: a request is small; a reply holds one file's report, which the worker cuts to
`aggregate.MAX_REPORT_BYTES` (pictures are files, never part of a message), so
`MAX_REPLY_BYTES` is well above any reply and a larger one is a bug in axiomcheck; a fact may
be a whole page of words, and one over `MAX_FACT_BYTES` is read by the worker itself instead.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..aggregate import MAX_REPORT_BYTES
from ..limits import MIB
from ..model import Submission
from ..report import FileResult, Finding

MAX_REQUEST_BYTES = 64 * MIB
"""The most a worker reads of one request (a path, and a submission's authors and title)."""
MAX_REPLY_BYTES = 4 * MAX_REPORT_BYTES
"""The most a parent reads of one reply: four times the largest report a worker sends, for
the message's own fields and any JSON escaping beyond what the report's size counts."""
MAX_FACT_BYTES = 256 * MIB
"""The most a worker reads of one helper fact (a page of a hostile file may hold a great many
words); a larger one is not delivered and the worker reads that fact itself."""


class CheckFile(NamedTuple):
    """Check `path`. `skip_text` is the verdict to give instead of reading the text layer (the
    text killed a worker before); `spare_core` lets the worker fork helpers that read on the
    other core (a single-file run); `evidence_dir` is where the pictures of its findings go;
    `sha256` is the file's hash when the parent knows it, and `prechecked` says that the parent
    ran the prechecks (`pipeline.Known`: neither is worked out again)."""

    path: str
    submission: Submission = Submission()
    skip_text: Finding | None = None
    spare_core: bool = False
    evidence_dir: str | None = None
    sha256: str | None = None
    prechecked: bool = False


class StageEntered(NamedTuple):
    """The worker began a stage of the pipeline (`pipeline.STAGES`)."""

    stage: str


class FindingsKept(NamedTuple):
    """The file's result, sent before its pictures are drawn: whatever the pictures cost, the
    parent keeps these findings (`deaths.py`)."""

    result: FileResult


class FileChecked(NamedTuple):
    """The file's result; `retire` says the worker exits now and is to be replaced."""

    result: FileResult
    retire: bool


class Fact(NamedTuple):
    """A fact a helper read, by name; its value is decoded by the type its reader returns."""

    key: str
    value: Any


TO_WORKER = (CheckFile,)
FROM_WORKER = (StageEntered, FindingsKept, FileChecked)
FROM_HELPER = (Fact,)
