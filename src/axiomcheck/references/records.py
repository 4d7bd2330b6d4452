"""A work as a dump gives it, on its way into the index."""

from __future__ import annotations

import re
from dataclasses import dataclass

_ARXIV_IN_TEXT_RE = re.compile(
    r"(?:arxiv\.org/(?:abs|pdf)/|abs/|arXiv:)\s*(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})", re.IGNORECASE)
_DOI_IN_TEXT_RE = re.compile(r"(?:doi\.org/|doi:\s*)?(10\.\d{4,9}(?:\.\d+)*/\S+)", re.IGNORECASE)


@dataclass(frozen=True)
class WorkRecord:
    """One work read from a dump: its id there, title, authors (as printed there), year, venue,
    DOI and arXiv id (None when the dump does not give them)."""

    source: str
    """The kind of dump: `dblp`, `openalex`, `bibtex`."""
    key: str
    """Its id in that dump (DBLP key, OpenAlex id, BibTeX key with the file's name)."""
    title: str
    authors: tuple[str, ...]
    year: int | None
    venue: str | None = None
    doi: str | None = None
    arxiv_id: str | None = None


@dataclass(frozen=True)
class Batch:
    """Works read from a dump, and where a later read resumes (a position in the dump's
    uncompressed bytes; -1 once the dump is read to its end)."""

    records: list[WorkRecord]
    position: int
    prolog: int
    """DBLP: the length of the prolog (declaration, DOCTYPE, opening `<dblp>`) fed again on resuming; else 0."""
    read: int
    """Bytes of the file (as on disk, compressed) read so far: for progress."""


def arxiv_id_in(text: str) -> str | None:
    """An arXiv id in a URL or a CoRR volume ("abs/2401.01234"), without its version."""
    match = _ARXIV_IN_TEXT_RE.search(text)
    return match.group(1) if match else None


def doi_in(text: str) -> str | None:
    """A DOI in a doi.org URL or given bare, lower case (DOIs ignore case), closing punctuation left out."""
    match = _DOI_IN_TEXT_RE.search(text)
    return match.group(1).rstrip(".,;)").lower() if match else None


def year_in(text: str | None) -> int | None:
    """The year a field gives ("2017", "2017-06-12"), None when it gives none."""
    if not text:
        return None
    match = re.search(r"\b(1[5-9]\d{2}|20\d{2})\b", text)
    return int(match.group(1)) if match else None
