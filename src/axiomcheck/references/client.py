"""A polite HTTP client for the public scholarly APIs (OpenAlex, Crossref, arXiv).

Polite as those services ask: every request names axiomcheck and the contact e-mail the
organizer set (OpenAlex's and Crossref's "polite pool": `mailto`), keeps each service's pace
(a request per `interval` seconds, counted across every process that shares the cache file,
so that `-j 8` workers are still one polite client), waits on 429 and 5xx answers as
`Retry-After` says (or longer each time), gives up after a few tries, and never waits past
its timeout. Every answer is kept in the index file (`answers`), so that a paper checked
again, or a work cited by many papers, costs no request.

A network that cannot be reached raises `SourceFailure` with one line that says which
service and why; the look-up then calls the entries left unchecked.
"""

from __future__ import annotations

import socket
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from .. import __version__
from .lookup import SourceFailure
from .store import ReferenceIndex

MAX_AGE = 30 * 24 * 3600.0
"""Seconds a kept answer is used before it is asked again."""
RETRIES = 3
"""Tries of a request that the service answers with 429 or 5xx, or that times out."""
LONGEST_WAIT = 30.0
"""The longest a client waits before trying again (a longer Retry-After gives up)."""
OK, NOT_FOUND, TOO_MANY_REQUESTS, SERVER_ERRORS = 200, 404, 429, 500
KEPT = (OK, NOT_FOUND)
"""Answers kept: a work and the service's word that it knows none."""


@dataclass(frozen=True)
class Politeness:
    """How the client behaves: who it says it is, how long it waits."""

    contact: str | None = None
    """The organizer's e-mail, sent with every request (None: the services' common pool)."""
    timeout: float = 10.0
    """Seconds a request may take."""
    intervals: tuple[tuple[str, float], ...] = (("export.arxiv.org", 3.0), ("", 0.12))
    """Seconds between requests to a host (the first entry whose name ends the host's; "" any):
    arXiv asks for one request every three seconds, OpenAlex and Crossref allow ten a second."""

    def interval(self, host: str) -> float:
        return next(seconds for name, seconds in self.intervals if host.endswith(name))


class PoliteClient:
    """GET requests with a cache, a pace, retries and a timeout (see the module docstring)."""

    def __init__(self, cache: ReferenceIndex, manners: Politeness,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.cache = cache
        self.manners = manners
        self.sleep = sleep
        agent = f"axiomcheck/{__version__} (reference look-up"
        self.agent = agent + (f"; mailto:{manners.contact})" if manners.contact else ")")

    def get(self, url: str) -> tuple[int, bytes]:
        """(status, body) of `url`: 200 with the answer, 404 when the service knows nothing by
        that name; raises SourceFailure when the service cannot be reached or keeps failing."""
        kept = self.cache.answer(url, MAX_AGE)
        if kept is not None:
            return kept
        host = urlsplit(url).hostname or ""
        problem = ""
        for attempt in range(RETRIES):
            self.sleep(self.cache.reserve_slot(host, self.manners.interval(host)))
            try:
                status, body, wait = self._fetch(url)
            except OSError as error:  # no route, refused, reset, timed out: the network
                problem = _reason(error)
                if isinstance(getattr(error, "reason", error), ConnectionRefusedError | socket.gaierror):
                    break  # no one there: nothing to wait for
                self.sleep(min(LONGEST_WAIT, 2.0 ** attempt))
                continue
            if status in KEPT:
                self.cache.keep_answer(url, status, body)
                return status, body
            problem = f"it answered HTTP {status}"
            if wait is None or wait > LONGEST_WAIT:
                break
            self.sleep(min(LONGEST_WAIT, wait if wait >= 0 else 2.0 ** attempt))
        raise SourceFailure(f"{host} could not be reached ({problem})")

    def _fetch(self, url: str) -> tuple[int, bytes, float | None]:
        """(status, body, seconds to wait before trying again: the service's Retry-After, -1 for
        the client's own back-off, None when trying again is pointless)."""
        request = urllib.request.Request(url, headers={"User-Agent": self.agent, "Accept": "*/*"})
        try:
            with urllib.request.urlopen(request, timeout=self.manners.timeout) as response:
                return int(response.status), response.read(), None
        except urllib.error.HTTPError as error:
            retry = error.headers.get("Retry-After") if error.headers else None
            if error.code == TOO_MANY_REQUESTS or error.code >= SERVER_ERRORS:
                return error.code, b"", _seconds(retry)
            return error.code, error.read() if error.code == NOT_FOUND else b"", None


def _seconds(retry_after: str | None) -> float:
    """Retry-After in seconds (-1: not given, the client's own back-off applies)."""
    if not retry_after:
        return -1.0
    try:
        return max(0.0, float(retry_after))
    except ValueError:
        return LONGEST_WAIT + 1.0  # an HTTP date: far enough off to give up


def _reason(error: OSError) -> str:
    """An OS or URL error in a few words, no address of ours."""
    reason = getattr(error, "reason", None) or error
    text = str(reason.strerror if isinstance(reason, OSError) and reason.strerror else reason)
    return "timed out" if isinstance(reason, TimeoutError | socket.timeout) else text
