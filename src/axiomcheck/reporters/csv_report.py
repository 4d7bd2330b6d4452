"""CSV: one row per file, for organizers triaging a batch in a spreadsheet.

Columns: path; the submission's id, title and forum (when a manifest or an OpenReview export
gives them); status, pages, main-body pages, errors, warnings (both counting only findings
that stand; the verdict that left a file not checked counts as its error), the distinct rule
names of those errors, the first error's message (or the verdict of an unreadable file), the
number of waived findings; and `run_status`, `complete` or, for a run stopped before its
last file, `partial: 12 of 30 files (stopped by Ctrl-C)` on every row, so that a sheet never
passes for the whole batch. The rows are written when the run ends, since the last column is
known only then.

A text cell that a spreadsheet would take for a formula (it starts with `=`, `+`, `-`, `@`,
a tab or a carriage return: a file named `=HYPERLINK(...).pdf`, say) is written with a
leading apostrophe, as spreadsheets expect for text that must stay text.
"""

from __future__ import annotations

import csv

from ..model import Severity
from ..report import FileResult, Report, RunStatus
from .base import Emitter, completed, first_error, standing_errors

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet read a cell as a formula."""
COLUMNS = ("path", "submission", "title", "forum", "status", "pages", "main_body_pages", "errors", "warnings",
           "error_rules", "first_error", "waived", "run_status")


class CsvEmitter(Emitter):
    EXTENSION = ".csv"

    def start(self, run: Report) -> None:
        self.rows: list[tuple[str | int, ...]] = []

    def file(self, result: FileResult) -> None:
        errors = standing_errors(result)
        first = first_error(result)
        body_pages = "" if result.structure is None else result.structure.main_body_pages
        ref = result.submission
        self.rows.append((as_text(result.path), as_text(ref.id or "") if ref else "",
                          as_text(ref.title or "") if ref else "", as_text(ref.forum or "") if ref else "",
                          result.status, "" if result.pages is None else result.pages,
                          body_pages, len(errors),
                          result.count(Severity.WARNING) - sum(1 for f in errors if f.severity != Severity.ERROR),
                          as_text(" ".join(sorted({f.name for f in errors}))),
                          as_text(" ".join(first.message.split()) if first else ""),
                          result.waived_count))

    def finish(self, status: RunStatus | None = None) -> None:
        run = completed(status, len(self.rows))
        label = run.summary if run.partial else run.state
        writer = csv.writer(self.stream, lineterminator="\n")
        writer.writerow(COLUMNS)
        writer.writerows(row + (label,) for row in self.rows)


def as_text(value: str) -> str:
    """`value` as a cell that stays text in a spreadsheet (see the module's docstring)."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value
