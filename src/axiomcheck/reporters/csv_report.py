"""CSV: one row per file, for organizers triaging a batch in a spreadsheet.

Columns: path, status, pages, main-body pages, errors, warnings, the distinct rule names
at error severity, and the first error's message (or the verdict of an unreadable file).
"""

from __future__ import annotations

import csv
import io

from ..report import Report

NAME = "csv"
EXTENSION = ".csv"
COLUMNS = ("path", "status", "pages", "main_body_pages", "errors", "warnings", "error_rules", "first_error")


def render(report: Report) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for result in report.files:
        errors = [f for f in result.findings if f.severity == "error"]
        rules = sorted({f.name for f in errors})
        structure = result.structure or {}
        writer.writerow((result.path, result.status, "" if result.pages is None else result.pages,
                         structure.get("main_body_pages", ""), len(errors), result.count("warning"),
                         " ".join(rules), " ".join(errors[0].message.split()) if errors else ""))
    return out.getvalue()
