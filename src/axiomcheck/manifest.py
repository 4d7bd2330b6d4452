"""Batch manifests (`check --manifest FILE`): which files to check, and what is known of each.

CSV (or TSV) with a header row: a `path` column and optional `id`, `title`, `forum` (the
submission's OpenReview forum: its id or URL), `authors`, `affiliations`, `track` and `stage`
columns (`track` and `stage`: `axiomcheck batch` checks each file against its own; `check`
uses one pack for all); names in `authors` and `affiliations` are separated by `;`. YAML: a
list whose items are a path, or a mapping with `path` and the same optional keys (`authors`
and `affiliations` a list, or one string separated by `;`). Relative paths are relative to
the manifest's folder. docs/limits-and-verdicts.md shows both forms.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .model import Submission

AUTHOR_SEPARATOR = ";"
OPENREVIEW_FORUM = "https://openreview.net/forum?id="
"""Where OpenReview shows a submission's forum, given the forum's id."""


class ManifestError(Exception):
    """The manifest cannot be read; the message names the file, the entry and the fix."""


FIELDS = ("path", "id", "title", "forum", "authors", "affiliations", "track", "stage")
"""The keys (YAML) or columns (CSV) an entry may have; only `path` is required."""


@dataclass(frozen=True)
class ManifestEntry:
    """One file of the batch and what the organizers know about it."""

    path: str
    submission: Submission = Submission()
    track: str | None = None
    stage: str | None = None
    """The file's own track and stage, when the manifest gives them (`batch` only)."""


def read_manifest(manifest: str) -> list[ManifestEntry]:
    """The entries of a CSV/TSV or YAML manifest, in order, with paths made usable from here."""
    try:
        text = Path(manifest).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise ManifestError(f"{manifest}: cannot read the manifest ({error}).") from error
    if Path(manifest).suffix.lower() in (".yaml", ".yml"):
        entries = _yaml_entries(manifest, text)
    else:
        entries = _csv_entries(manifest, text)
    base = Path(manifest).parent
    return [ManifestEntry(str(base / entry.path), entry.submission, entry.track, entry.stage) for entry in entries]


def forum_url(value: str | None) -> str | None:
    """A submission's forum as a URL: a web address as it is, an OpenReview forum id as the
    address of its forum page; None for nothing."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    return value if value.startswith(("https://", "http://")) else OPENREVIEW_FORUM + value


def _names(value: Any, where: str, key: str = "authors") -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = value.split(AUTHOR_SEPARATOR)
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise ManifestError(f"{where}: `{key}` must be a list of names or one text with names "
                            f"separated by '{AUTHOR_SEPARATOR}'.")
    return tuple(dict.fromkeys(name.strip() for name in value if name.strip()))


def _text(value: Any, where: str, key: str) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if not isinstance(value, (str, int)):
        raise ManifestError(f"{where}: `{key}` must be a text.")
    return str(value).strip()


def _entry(path: str, fields: dict[str, Any], where: str) -> ManifestEntry:
    return ManifestEntry(path, Submission(
        authors=_names(fields.get("authors"), where), title=_text(fields.get("title"), where, "title"),
        affiliations=_names(fields.get("affiliations"), where, "affiliations"),
        id=_text(fields.get("id"), where, "id"), forum=forum_url(_text(fields.get("forum"), where, "forum"))),
        track=_text(fields.get("track"), where, "track"), stage=_text(fields.get("stage"), where, "stage"))


def _yaml_entries(manifest: str, text: str) -> list[ManifestEntry]:
    import yaml  # noqa: PLC0415 - only for a YAML manifest: a check without one starts without PyYAML

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ManifestError(f"{manifest}: not valid YAML ({error}).") from error
    if not isinstance(data, list):
        raise ManifestError(f"{manifest}: a YAML manifest is a list of entries, e.g.\n"
                            "- path: paper-17.pdf\n  authors: [Ada Lovelace, Alan Turing]")
    entries = []
    for number, item in enumerate(data, start=1):
        where = f"{manifest}: entry {number}"
        if isinstance(item, str):
            item = {"path": item}
        if not isinstance(item, dict) or not isinstance(item.get("path"), str) or not item["path"].strip():
            raise ManifestError(f"{where}: give a file as `path: FILE.pdf` (with optional `authors:`).")
        unknown = set(item) - set(FIELDS)
        if unknown:
            raise ManifestError(f"{where}: unknown key '{sorted(unknown)[0]}'; an entry has "
                                f"{', '.join(f'`{key}`' for key in FIELDS)}.")
        entries.append(_entry(item["path"].strip(), item, where))
    return entries


def _csv_entries(manifest: str, text: str) -> list[ManifestEntry]:
    first = next((line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")), None)
    if first is None:
        raise ManifestError(f"{manifest}: the manifest lists no files.")
    reader = csv.reader(io.StringIO(text), csv.excel_tab if "\t" in first else csv.excel)
    header: list[str] | None = None
    entries = []
    for row in reader:
        if not any(cell.strip() for cell in row) or row[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = [cell.strip().lower() for cell in row]
            if "path" not in header:
                raise ManifestError(f"{manifest}: the first row must name the columns, with a `path` column "
                                    "(and optionally `id`, `title`, `forum`, `authors`, `affiliations`, `track`, "
                                    "`stage`), e.g. `path,authors`.")
            continue
        where = f"{manifest}: line {reader.line_num}"
        cells = dict(zip(header, row, strict=False))  # a short row leaves its last columns empty
        path = cells.get("path", "").strip()
        if not path:
            raise ManifestError(f"{where}: no path.")
        entries.append(_entry(path, cells, where))
    return entries
