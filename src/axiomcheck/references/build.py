"""Building (or extending) a reference index from dumps: streaming, resumable, with progress.

Each source is read by its kind (DBLP XML, OpenAlex JSON Lines, BibTeX; a folder stands for the
OpenAlex snapshot files under it) in batches; each batch's works and the place the next read
starts are written in one transaction, so a build stopped anywhere (Ctrl-C, a power cut) is
resumed by running it again: a source read to its end is skipped, one read halfway goes on
from its last batch (works read twice are kept once). A source whose size or modification
time changed is read again from its start.
"""

from __future__ import annotations

import gzip
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from .bibtex import read_bibtex
from .dblp import read_dblp
from .openalex import read_openalex
from .records import Batch
from .store import ReferenceIndex, SourceState

BATCH = 20000
"""Works written per transaction (and between two progress reports)."""
THOUSAND = 1000


class SourceError(Exception):
    """A source that is not a dump axiomcheck reads (the message names it and says what it takes)."""


@dataclass(frozen=True)
class Progress:
    """Where a build is: the source, its bytes read of its size, the works it added so far."""

    path: str
    kind: str
    read: int
    size: int
    works: int
    done: bool = False


@dataclass(frozen=True)
class Built:
    """What a build did."""

    sources: int
    skipped: int
    """Sources already read to their end by an earlier build."""
    added: int
    works: int
    """Works the index holds now."""


def kind_of(path: Path) -> str:
    """The kind of dump `path` is, by its name, else by its first bytes."""
    name = path.name.lower()
    if name.endswith(".bib"):
        return "bibtex"
    if name.endswith((".xml", ".xml.gz")):
        return "dblp"
    if name.endswith((".jsonl", ".jsonl.gz", ".json.gz", ".ndjson")):
        return "openalex"
    with open(path, "rb") as handle:
        head = handle.read(2)
    with gzip.open(path, "rb") if head == b"\x1f\x8b" else open(path, "rb") as handle:
        start = handle.read(512).lstrip()
    if start.startswith((b"<?xml", b"<!DOCTYPE dblp", b"<dblp")):
        return "dblp"
    if start.startswith(b"{"):
        return "openalex"
    if start.startswith((b"@", b"%")):
        return "bibtex"
    raise SourceError(f"{path}: not a DBLP XML dump (dblp.xml.gz), an OpenAlex works file (.gz JSON lines) or a "
                      "BibTeX file (.bib)")


def sources(paths: Sequence[str]) -> list[tuple[Path, str]]:
    """Each source with its kind; a folder stands for the OpenAlex snapshot files under it."""
    found: list[tuple[Path, str]] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            parts = sorted(p for p in path.rglob("*") if p.is_file() and p.name.endswith((".gz", ".jsonl")))
            if not parts:
                raise SourceError(f"{path}: a folder without OpenAlex works files (.gz); give the snapshot's "
                                  "works folder")
            found.extend((part, "openalex") for part in parts)
        elif path.is_file():
            found.append((path, kind_of(path)))
        else:
            raise SourceError(f"{path}: no such file or folder")
    return found


def _read(kind: str, path: str, state: SourceState | None) -> Iterator[Batch]:
    position = state.position if state else 0
    if kind == "dblp":
        return read_dblp(path, position, state.prolog if state else 0, BATCH)
    if kind == "openalex":
        return read_openalex(path, position, BATCH)
    return read_bibtex(path, position, BATCH)


def build_index(paths: Sequence[str], database: str, report: Callable[[Progress], None] | None = None) -> Built:
    """Read every source into the index `database` (created when missing); see the module docstring."""
    found = sources(paths)
    added = skipped = 0
    with ReferenceIndex(database, create=True) as index:
        for path, kind in found:
            key = str(path.resolve())
            stat = path.stat()
            identity = f"{stat.st_size}:{stat.st_mtime_ns}"
            state = index.source_state(key)
            if state is not None and state.identity != identity:
                state = None  # another file under the same name: from its start
            if state is not None and state.done:
                skipped += 1
                continue
            records = state.records if state else 0
            index.begin()
            try:
                for batch in _read(kind, str(path), state):
                    added += index.add(batch.records)
                    records += len(batch.records)
                    done = batch.position < 0
                    index.save_progress(key, kind, SourceState(identity, batch.position, batch.prolog, records, done))
                    if done:
                        index.count_generation()
                    index.commit()
                    if report is not None:
                        report(Progress(str(path), kind, batch.read, stat.st_size, added, done))
                    index.begin()
            finally:
                if index.db.in_transaction:
                    index.db.execute("ROLLBACK")
        works = index.works()
    return Built(sources=len(found), skipped=skipped, added=added, works=works)


def size_text(count: int) -> str:
    """Bytes in words: "812 KB", "3.9 GB"."""
    value = float(count)
    for unit in ("B", "KB", "MB"):
        if value < THOUSAND:
            return f"{value:.0f} {unit}" if unit in ("B", "KB") else f"{value:.1f} {unit}"
        value /= THOUSAND
    return f"{value:.1f} GB"


def describe(progress: Progress) -> str:
    """A progress line: `dblp.xml.gz (dblp): 1.2 GB of 3.9 GB, 2,100,000 works added`."""
    share = f" ({100 * progress.read / progress.size:.0f}%)" if progress.size else ""
    return (f"{os.path.basename(progress.path)} ({progress.kind}): {size_text(progress.read)} of "
            f"{size_text(progress.size)}{share}, {progress.works:,} works added" + (", done" if progress.done else ""))
