"""CSV: one row per file, for organizers triaging a batch in a spreadsheet.

Columns: path, status, pages, main-body pages, errors, warnings (both counting only findings
that stand; the verdict that left a file not checked counts as its error), the distinct rule
names of those errors, the first error's message (or the verdict of an unreadable file), and
the number of waived findings.

A text cell that a spreadsheet would take for a formula (it starts with `=`, `+`, `-`, `@`,
a tab or a carriage return: a file named `=HYPERLINK(...).pdf`, say) is written with a
leading apostrophe, as spreadsheets expect for text that must stay text.
"""

from __future__ import annotations

import csv

from ..finding_types import Severity
from ..report import FileResult, Report
from .base import Emitter, first_error, standing_errors

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet read a cell as a formula."""
COLUMNS = ("path", "status", "pages", "main_body_pages", "errors", "warnings", "error_rules", "first_error",
           "waived")


class CsvEmitter(Emitter):
    NAME = "csv"
    EXTENSION = ".csv"

    def start(self, run: Report) -> None:
        self.writer = csv.writer(self.stream, lineterminator="\n")
        self.writer.writerow(COLUMNS)

    def file(self, result: FileResult) -> None:
        errors = standing_errors(result)
        first = first_error(result)
        body_pages = "" if result.structure is None else result.structure.main_body_pages
        self.writer.writerow((as_text(result.path), result.status, "" if result.pages is None else result.pages,
                              body_pages, len(errors),
                              result.count(Severity.WARNING) - sum(1 for f in errors if f.severity != Severity.ERROR),
                              as_text(" ".join(sorted({f.name for f in errors}))),
                              as_text(" ".join(first.message.split()) if first else ""),
                              result.waived_count))

    def finish(self) -> None:
        """Nothing follows the rows."""


def as_text(value: str) -> str:
    """`value` as a cell that stays text in a spreadsheet (see the module's docstring)."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value
