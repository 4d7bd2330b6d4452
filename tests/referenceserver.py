"""A stand-in for OpenAlex, Crossref and arXiv's APIs on 127.0.0.1, for the online look-up's tests.

It answers in the formats those services document: arXiv's Atom feed (`/arxiv/api/query?id_list=`),
OpenAlex's works list (`/openalex/works?filter=doi:A|B` and `filter=title.search:WORDS`, JSON with
`results` of Work objects), Crossref's works (`/crossref/works/DOI`, and `/crossref/works?query.
bibliographic=TEXT`, JSON `message`). It knows a handful of works, counts the requests, keeps
their User-Agent, and can be told to answer 429 first, to fail with 503, or to answer slowly.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from axiomcheck.model.bibliography import title_words

WORKS = [
    {"title": "Attention Is All You Need", "authors": ["Ashish Vaswani", "Noam Shazeer", "Niki Parmar"],
     "year": 2017, "arxiv": "1706.03762", "doi": None, "openalex": "W2963403868"},
    {"title": "Adam: A Method for Stochastic Optimization", "authors": ["Diederik P. Kingma", "Jimmy Ba"],
     "year": 2014, "arxiv": "1412.6980", "doi": None, "openalex": "W1522301498"},
    {"title": "WaveNet: A Generative Model for Raw Audio", "authors": ["Aäron van den Oord", "Sander Dieleman"],
     "year": 2016, "arxiv": "1609.03499", "doi": None, "openalex": "W2519091744"},
    {"title": "Deep Residual Learning for Image Recognition", "authors": ["Kaiming He", "Xiangyu Zhang"],
     "year": 2016, "arxiv": None, "doi": "10.1109/cvpr.2016.90", "openalex": "W2194775991"},
    {"title": "Dropout: a simple way to prevent neural networks from overfitting",
     "authors": ["Nitish Srivastava", "Geoffrey E. Hinton"], "year": 2014, "arxiv": None, "doi": None,
     "openalex": "W2095705004"},
    {"title": "Language Models are Few-Shot Learners", "authors": ["Tom B. Brown", "Benjamin Mann"], "year": 2020,
     "arxiv": None, "doi": None, "openalex": "W3030163527"},
    {"title": "Denoising Diffusion Probabilistic Models", "authors": ["Jonathan Ho", "Ajay Jain", "Pieter Abbeel"],
     "year": 2020, "arxiv": None, "doi": None, "openalex": "W3100321043"},
]
"""What the stand-in knows. BERT is Crossref's alone (by title); OpenAlex does not know it."""
CROSSREF_ONLY = [{"title": "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding",
                  "authors": ["Jacob Devlin", "Ming-Wei Chang"], "year": 2019, "doi": "10.18653/v1/n19-1423"}]


@dataclass
class Behaviour:
    """How the stand-in answers, and what it was asked."""

    requests: list[str] = field(default_factory=list)
    agents: list[str] = field(default_factory=list)
    busy_first: int = 0
    """Answer this many requests with 429 (Retry-After: 0) before answering."""
    failing: bool = False
    """Answer every request with 503."""
    delay: float = 0.0
    """Seconds to wait before answering."""


def _atom(ids: list[str]) -> bytes:
    entries = []
    for identifier in ids:
        work = next((w for w in WORKS if w["arxiv"] == identifier), None)
        if work is None:
            entries.append("<entry><id>http://arxiv.org/api/errors#invalid_id</id><title>Error</title></entry>")
            continue
        authors = "".join(f"<author><name>{name}</name></author>" for name in work["authors"])
        entries.append(f"<entry><id>http://arxiv.org/abs/{identifier}v2</id><title>{work['title']}</title>"
                       f"<published>{work['year']}-06-12T17:57:34Z</published>{authors}</entry>")
    return ('<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom">'
            "<title>arXiv Query</title>" + "".join(entries) + "</feed>").encode()


def _openalex(work: dict[str, Any]) -> dict[str, Any]:
    return {"id": f"https://openalex.org/{work['openalex']}", "title": work["title"], "display_name": work["title"],
            "publication_year": work["year"], "doi": f"https://doi.org/{work['doi']}" if work["doi"] else None,
            "authorships": [{"author": {"display_name": name}} for name in work["authors"]]}


def _crossref(work: dict[str, Any]) -> dict[str, Any]:
    return {"DOI": work.get("doi"), "title": [work["title"]], "issued": {"date-parts": [[work["year"], 6]]},
            "author": [{"given": " ".join(name.split()[:-1]), "family": name.split()[-1]} for name in work["authors"]]}


def _matching(words: str, works: list[dict[str, Any]]) -> list[dict[str, Any]]:
    wanted = set(title_words(words))
    return [work for work in works if wanted and wanted <= set(title_words(work["title"]))]


def answer(path: str, query: dict[str, list[str]]) -> tuple[int, bytes]:
    """(status, body) for a request to the stand-in."""
    if path == "/arxiv/api/query":
        return 200, _atom(query.get("id_list", [""])[0].split(","))
    if path == "/openalex/works":
        condition = query.get("filter", [""])[0]
        if condition.startswith("doi:"):
            dois = {doi.lower() for doi in condition[4:].split("|")}
            results = [_openalex(w) for w in WORKS if w["doi"] and w["doi"] in dois]
        else:
            results = [_openalex(w) for w in _matching(condition.partition(":")[2], WORKS)]
        return 200, json.dumps({"meta": {"count": len(results)}, "results": results}).encode()
    if path == "/crossref/works":
        text = query.get("query.bibliographic", [""])[0]
        items = [_crossref(w) for w in _matching(" ".join(title_words(text)[:4]), WORKS + CROSSREF_ONLY)]
        return 200, json.dumps({"status": "ok", "message": {"items": items}}).encode()
    if path.startswith("/crossref/works/"):
        doi = unquote(path[len("/crossref/works/"):]).lower()
        work = next((w for w in WORKS + CROSSREF_ONLY if w.get("doi") == doi), None)
        if work is None:
            return 404, b"Resource not found."
        return 200, json.dumps({"status": "ok", "message": _crossref(work)}).encode()
    return 404, b"no such path"


@contextmanager
def reference_server(behaviour: Behaviour) -> Iterator[str]:
    """Serve the stand-in on 127.0.0.1; yields its base URL (http://127.0.0.1:PORT)."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            behaviour.requests.append(self.path)
            behaviour.agents.append(self.headers.get("User-Agent", ""))
            if behaviour.delay:
                time.sleep(behaviour.delay)
            if behaviour.failing:
                status, body = 503, b"down"
            elif behaviour.busy_first > 0:
                behaviour.busy_first -= 1
                status, body = 429, b"slow down"
            else:
                status, body = answer(parts.path, parse_qs(parts.query))
            self.send_response(status)
            if status == 429:
                self.send_header("Retry-After", "0")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):  # a client that timed out and left
                return

        def log_message(self, *args: object) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
