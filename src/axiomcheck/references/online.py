"""The online look-up: OpenAlex, Crossref and arXiv's public APIs as a `WorkSource`.

- arXiv ids: one query to arXiv's API for all of a paper's ids
  (`/api/query?id_list=ID,ID&max_results=N`, an Atom feed: each `entry` with its `id`
  `http://arxiv.org/abs/ID(vN)`, `title`, `published`, `author/name`);
- DOIs: OpenAlex's works filtered by up to 50 DOIs at once (`/works?filter=doi:A|B`, JSON
  `results` of Work objects); a DOI OpenAlex does not know is asked of Crossref
  (`/works/DOI`, JSON `message`: `title[]`, `author[].given/family`, `issued.date-parts`);
- titles: OpenAlex's title search (`/works?filter=title.search:WORDS`), and Crossref's
  bibliographic search (`/works?query.bibliographic=TITLE&rows=5`) when OpenAlex gives no
  work of that title.

Requests go through the polite client (`client.py`: contact e-mail, pace, retries, timeout,
answers kept in the index file). The base URLs are settings (`Endpoints`), so that a mirror
can stand in for a service; the tests point them at a server on 127.0.0.1 that answers in
these formats. This was not run against the live services while it was built.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote, urlencode

from ..model import KnownWork, ReferenceEntry
from ..model.bibliography import doi_is_well_formed, title_key
from .client import NOT_FOUND, PoliteClient
from .lookup import SourceFailure, search_words
from .records import arxiv_id_in, doi_in, year_in
from .settings import Endpoints

DOIS_PER_REQUEST = 50
"""OpenAlex's filter takes up to 50 values joined by |."""
ROWS = 5
"""Works asked for per title search."""
_ATOM = {"atom": "http://www.w3.org/2005/Atom"}


class OnlineSource:
    """The public services as a `lookup.WorkSource`."""

    description = "OpenAlex, Crossref and arXiv"

    def __init__(self, client: PoliteClient, endpoints: Endpoints, contact: str | None) -> None:
        self.client = client
        self.endpoints = endpoints
        self.mailto = {"mailto": contact} if contact else {}
        self._arxiv: dict[str, list[KnownWork]] = {}
        self._dois: dict[str, list[KnownWork]] = {}

    def prepare(self, entries: Sequence[ReferenceEntry]) -> None:
        ids = sorted({entry.arxiv_id for entry in entries if entry.arxiv_id and arxiv_id_in(f"abs/{entry.arxiv_id}")})
        if ids:
            url = f"{self.endpoints.arxiv}/api/query?" + urlencode({"id_list": ",".join(ids), "max_results": len(ids)})
            for work in _atom_works(self._answer(url)):
                self._arxiv.setdefault(work.arxiv_id or "", []).append(work)
        dois = sorted({entry.doi.lower() for entry in entries if entry.doi and doi_is_well_formed(entry.doi)})
        for start in range(0, len(dois), DOIS_PER_REQUEST):
            chunk = dois[start:start + DOIS_PER_REQUEST]
            url = self._openalex({"filter": "doi:" + "|".join(chunk), "per-page": DOIS_PER_REQUEST})
            for work in _openalex_works(self._answer(url)):
                self._dois.setdefault(work.doi or "", []).append(work)
            for doi in chunk:
                self._dois.setdefault(doi, [])

    def by_arxiv(self, arxiv_id: str) -> list[KnownWork]:
        return self._arxiv.get(arxiv_id, [])

    def by_doi(self, doi: str) -> list[KnownWork]:
        known = self._dois.get(doi.lower())
        if known:
            return known
        body = self._answer(f"{self.endpoints.crossref}/works/{quote(doi, safe='/')}?" + urlencode(self.mailto))
        message = body.get("message") if isinstance(body, dict) else None
        return [work for work in [_crossref_work(message)] if work is not None]

    def by_title(self, title: str) -> list[KnownWork]:
        words = " ".join(search_words(title))
        found = _openalex_works(self._answer(self._openalex({"filter": f"title.search:{words}", "per-page": ROWS})))
        key = title_key(title)
        if any(title_key(work.title) == key for work in found):
            return found
        url = f"{self.endpoints.crossref}/works?" + urlencode({"query.bibliographic": title, "rows": ROWS,
                                                               **self.mailto})
        body = self._answer(url)
        items = body.get("message", {}).get("items", []) if isinstance(body, dict) else []
        return found + [work for work in map(_crossref_work, items) if work is not None]

    def _openalex(self, query: dict[str, Any]) -> str:
        return f"{self.endpoints.openalex}/works?" + urlencode({**query, **self.mailto})

    def _answer(self, url: str) -> Any:
        """The service's answer, parsed (JSON, or the Atom feed's text); None when it knows nothing."""
        status, body = self.client.get(url)
        if status == NOT_FOUND or not body:
            return None
        if url.startswith(self.endpoints.arxiv):
            return body
        try:
            return json.loads(body)
        except ValueError as error:
            raise SourceFailure(f"{url.split('/')[2]} answered with something other than JSON") from error


def _atom_works(body: Any) -> list[KnownWork]:
    """The works of an arXiv API feed (an error entry names no work)."""
    if not body:
        return []
    try:
        feed = ElementTree.fromstring(body)
    except ElementTree.ParseError as error:
        raise SourceFailure("arXiv answered with a feed that cannot be read") from error
    works = []
    for entry in feed.findall("atom:entry", _ATOM):
        arxiv = arxiv_id_in(entry.findtext("atom:id", "", _ATOM))
        title = " ".join(entry.findtext("atom:title", "", _ATOM).split())
        if arxiv is None or not title:
            continue
        authors = tuple(" ".join((author.findtext("atom:name", "", _ATOM)).split())
                        for author in entry.findall("atom:author", _ATOM))
        works.append(KnownWork(title=title, authors=authors, year=year_in(entry.findtext("atom:published", "", _ATOM)),
                               venue="arXiv", source=f"arxiv {arxiv}", arxiv_id=arxiv))
    return works


def _openalex_works(body: Any) -> list[KnownWork]:
    results = body.get("results") if isinstance(body, dict) else None
    works = []
    for item in results if isinstance(results, list) else ():
        if not isinstance(item, dict) or not isinstance(item.get("title") or item.get("display_name"), str):
            continue
        people = [(authorship.get("author") or {}).get("display_name") for authorship in item.get("authorships") or ()
                  if isinstance(authorship, dict)]
        authors = tuple(name for name in people if isinstance(name, str))
        doi = item.get("doi")
        year = item.get("publication_year")
        works.append(KnownWork(title=" ".join((item.get("title") or item["display_name"]).split()), authors=authors,
                               year=year if isinstance(year, int) else None,
                               source=f"openalex {str(item.get('id', '')).rsplit('/', 1)[-1]}",
                               doi=doi_in(doi) if isinstance(doi, str) else None))
    return works


def _crossref_work(item: Any) -> KnownWork | None:
    if not isinstance(item, dict):
        return None
    titles = item.get("title") or []
    if not titles or not isinstance(titles[0], str):
        return None
    authors = tuple(" ".join(part for part in (person.get("given"), person.get("family")) if isinstance(part, str))
                    for person in item.get("author") or () if isinstance(person, dict))
    parts = (item.get("issued") or {}).get("date-parts") or [[None]]
    year = parts[0][0] if parts and parts[0] and isinstance(parts[0][0], int) else None
    doi = item.get("DOI")
    return KnownWork(title=" ".join(titles[0].split()), authors=authors, year=year,
                     source=f"crossref {doi}" if isinstance(doi, str) else "crossref",
                     doi=doi.lower() if isinstance(doi, str) else None)
