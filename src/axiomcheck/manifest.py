"""Batch manifests (`check --manifest FILE`): which files to check, and each one's authors.

CSV (or TSV) with a header row: a `path` column and an optional `authors` column whose names
are separated by `;`. YAML: a list whose items are a path, or a mapping with `path` and
optional `authors` (a list, or one string separated by `;`). Relative paths are relative to
the manifest's folder. docs/limits-and-verdicts.md shows both forms.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

AUTHOR_SEPARATOR = ";"


class ManifestError(Exception):
    """The manifest cannot be read; the message names the file, the entry and the fix."""


@dataclass(frozen=True)
class ManifestEntry:
    """One file of the batch and the author names known for it."""

    path: str
    authors: tuple[str, ...] = ()


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
    return [ManifestEntry(str(base / entry.path), entry.authors) for entry in entries]


def _names(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = value.split(AUTHOR_SEPARATOR)
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise ManifestError(f"{where}: `authors` must be a list of names or one text with names "
                            f"separated by '{AUTHOR_SEPARATOR}'.")
    return tuple(dict.fromkeys(name.strip() for name in value if name.strip()))


def _yaml_entries(manifest: str, text: str) -> list[ManifestEntry]:
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
        unknown = set(item) - {"path", "authors"}
        if unknown:
            raise ManifestError(f"{where}: unknown key '{sorted(unknown)[0]}'; an entry has `path` and `authors`.")
        entries.append(ManifestEntry(item["path"].strip(), _names(item.get("authors"), where)))
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
                                    "(and optionally `authors`), e.g. `path,authors`.")
            continue
        where = f"{manifest}: line {reader.line_num}"
        cells = dict(zip(header, row))
        path = cells.get("path", "").strip()
        if not path:
            raise ManifestError(f"{where}: no path.")
        entries.append(ManifestEntry(path, _names(cells.get("authors"), where)))
    return entries
