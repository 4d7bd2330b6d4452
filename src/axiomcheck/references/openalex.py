"""OpenAlex works snapshots: gzipped JSON Lines, one work per line, as the API gives them.

A snapshot is a folder of `updated_date=YYYY-MM-DD/part_NNN.gz` files under `works/`; each
file is a source of its own (resumed on its own). A line gives the work's `id`, `doi`,
`title` (or `display_name`), `publication_year`, `authorships[].author.display_name`,
`primary_location.source.display_name` and its `locations` (an arXiv landing page names
the arXiv id). A line that is not such a work is skipped.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from .dblp import skip, uncompressed
from .records import Batch, WorkRecord, arxiv_id_in, doi_in


def read_openalex(path: str, position: int = 0, batch: int = 20000) -> Iterator[Batch]:
    """The file's works in batches of `batch`, from the line at `position` (uncompressed bytes)."""
    records: list[WorkRecord] = []
    offset = max(position, 0)
    with open(path, "rb") as raw, uncompressed(raw) as stream:
        skip(stream, offset)
        for line in stream:
            offset += len(line)
            work = _work(line)
            if work is not None:
                records.append(work)
            if len(records) >= batch:
                yield Batch(records, offset, 0, raw.tell())
                records = []
        yield Batch(records, -1, 0, raw.tell())


def _work(line: bytes) -> WorkRecord | None:
    try:
        data = json.loads(line)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    title = data.get("title") or data.get("display_name")
    key = data.get("id")
    if not isinstance(title, str) or not title.strip() or not isinstance(key, str):
        return None
    authors = tuple(name for name in (_text(a, "author", "display_name") for a in data.get("authorships") or ())
                    if name)
    year = data.get("publication_year")
    doi = data.get("doi")
    return WorkRecord(source="openalex", key=key.rsplit("/", 1)[-1], title=" ".join(title.split()), authors=authors,
                      year=year if isinstance(year, int) else None,
                      venue=_text(data.get("primary_location"), "source", "display_name"),
                      doi=doi_in(doi) if isinstance(doi, str) else None, arxiv_id=_arxiv(data))


def _text(data: Any, *path: str) -> str | None:
    for step in path:
        if not isinstance(data, dict):
            return None
        data = data.get(step)
    return data if isinstance(data, str) else None


def _arxiv(data: dict[str, Any]) -> str | None:
    for location in data.get("locations") or ():
        url = _text(location, "landing_page_url") or _text(location, "pdf_url")
        if url and "arxiv.org" in url:
            return arxiv_id_in(url)
    return None
