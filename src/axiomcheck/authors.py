"""Read the organizers' list of known author names (`--authors FILE`).

Accepted: one name per line, or CSV with a column named `name`/`author` (or the first
column). Blank lines and lines starting with `#` are ignored.
"""

from __future__ import annotations

import csv
import io


class AuthorListError(Exception):
    """The author list cannot be read; names the file and the fix."""


def parse_author_list(text: str) -> tuple[str, ...]:
    """Names from the text of an author list, in order, without duplicates."""
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if not lines:
        return ()
    if "," in lines[0] or "\t" in lines[0]:
        names = _table_names(lines)
    else:
        names = [line.strip() for line in lines]
    return tuple(dict.fromkeys(name for name in names if name))


NAME_COLUMNS = ("name", "author", "full name", "full_name")
"""Headers of the column that holds the names in a CSV list (else the first column)."""


def _table_names(lines: list[str]) -> list[str]:
    """The names of a CSV (or tab-separated) list: its name column, or its first."""
    dialect = csv.excel_tab if "\t" in lines[0] else csv.excel
    rows = list(csv.reader(io.StringIO("\n".join(lines)), dialect))
    header = [cell.strip().lower() for cell in rows[0]]
    column = next((header.index(key) for key in NAME_COLUMNS if key in header), None)
    body = rows[1:] if column is not None else rows
    return [row[column or 0].strip() for row in body if row and len(row) > (column or 0)]


def read_author_list(path: str) -> tuple[str, ...]:
    try:
        with open(path, encoding="utf-8-sig") as handle:
            return parse_author_list(handle.read())
    except (OSError, UnicodeDecodeError) as error:
        raise AuthorListError(
            f"{path}: cannot read the author list ({error}). "
            "Give a UTF-8 text file with one name per line, or a CSV with a `name` column.") from error
