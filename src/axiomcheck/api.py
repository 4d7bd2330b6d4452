"""Check a PDF from Python, in this process: the library's entry points.

    from axiomcheck.api import check_file
    report = check_file("paper.pdf", venue="axiom-2026", track="paper")

`check_path` checks one file against a resolved pack (`packs.resolve`) and returns its
result; `check_file` resolves the pack and returns a one-file `Report`. Neither raises for a
bad file: it gets a verdict (docs/limits-and-verdicts.md). Both run the pipeline
(`pipeline.py`) in the calling process, which cannot stop a file that loops or exhausts
memory: for files nobody vetted, check them in worker processes the caller can kill
(`axiomcheck.execution.check_paths`, which the command line uses).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .limits import DEFAULT_LIMITS, Limits
from .model import Submission
from .packs import ResolvedPack, resolve
from .pipeline import check_document, precheck_result
from .report import FileResult, Report

if TYPE_CHECKING:
    from .references import ReferenceSettings

__all__ = ["check_file", "check_path", "precheck_result"]


def check_path(path: str, pack: ResolvedPack, submission: Submission = Submission(),  # noqa: B008 - frozen
               limits: Limits = DEFAULT_LIMITS, references: ReferenceSettings | None = None) -> FileResult:
    """Check `path` against a resolved pack, in this process; `submission` is what the
    organizers know about it (authors, title, affiliations, id); `references`, where its
    bibliography is looked up."""
    return check_document(path, pack, submission, limits, references=references)


def check_file(path: str, venue: str = "axiom-2026", track: str = "paper", stage: str | None = None,
               authors: tuple[str, ...] = (), limits: Limits = DEFAULT_LIMITS) -> Report:
    """Check one file in this process and return a one-file report (library use, tests)."""
    pack = resolve(venue, track, stage)
    report = Report(venue=pack.venue, track=pack.track, stage=pack.stage)
    report.files.append(check_path(path, pack, Submission(authors=authors), limits))
    return report
