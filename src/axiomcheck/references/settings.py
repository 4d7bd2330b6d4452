"""What a run looks references up in: the typed setting handed from the command line to the workers."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Endpoints:
    """The online services' base URLs (a mirror, or a test server, may stand in)."""

    openalex: str = "https://api.openalex.org"
    crossref: str = "https://api.crossref.org"
    arxiv: str = "https://export.arxiv.org"


ONLINE = "online"
"""The word `--references` takes for the online services."""
DEFAULT_CACHE = Path("~/.cache/axiomcheck/references.sqlite")
"""Where online answers are kept when no index file is given (XDG_CACHE_HOME moves it)."""


@dataclass(frozen=True)
class ReferenceSettings:
    """A run's reference look-up: a local index file, the online services, or both (the index
    first, the services for what it does not know)."""

    index: str | None = None
    """The index file (`axiomcheck references index`), as an absolute path."""
    online: bool = False
    contact: str | None = None
    """The e-mail sent to the online services (their polite pool)."""
    cache: str | None = None
    """Where online answers are kept: the index file when one is given, else this file."""
    endpoints: Endpoints = field(default_factory=Endpoints)
    timeout: float = 10.0
    """Seconds an online request may take."""
    generation: str = ""
    """The index's build count when the run started (results of a batch are keyed by it)."""

    def describe(self) -> str:
        """What the run looks references up in, for the report's header."""
        parts = [f"the index {self.index}"] if self.index else []
        if self.online:
            parts.append("OpenAlex, Crossref and arXiv (online)")
        return " and ".join(parts)

    def key(self) -> str:
        """The setting as it changes a result (an index counts with its build count)."""
        return (f"references={self.index or ''}@{self.generation};online={int(self.online)};"
                f"services={self.endpoints.openalex},{self.endpoints.crossref},{self.endpoints.arxiv}")


def cache_file() -> str:
    """The default cache of online answers, under XDG_CACHE_HOME (or ~/.cache)."""
    base = os.environ.get("XDG_CACHE_HOME")
    return str(Path(base) / "axiomcheck" / "references.sqlite") if base else str(DEFAULT_CACHE.expanduser())


def endpoints_from_environment() -> Endpoints:
    """The services' base URLs, each replaceable by an environment variable
    (AXIOMCHECK_OPENALEX_URL, AXIOMCHECK_CROSSREF_URL, AXIOMCHECK_ARXIV_URL: a mirror or a test server)."""
    default = Endpoints()
    return Endpoints(openalex=os.environ.get("AXIOMCHECK_OPENALEX_URL", default.openalex).rstrip("/"),
                     crossref=os.environ.get("AXIOMCHECK_CROSSREF_URL", default.crossref).rstrip("/"),
                     arxiv=os.environ.get("AXIOMCHECK_ARXIV_URL", default.arxiv).rstrip("/"))
