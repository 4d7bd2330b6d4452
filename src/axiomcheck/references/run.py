"""`look_up`: a bibliography looked up as a run's settings say (the pipeline's references stage)."""

from __future__ import annotations

import dataclasses
import sqlite3
import time
from pathlib import Path

from ..model import Bibliography, ReferenceCheck, Verdict
from .client import Politeness, PoliteClient
from .local import LocalIndex
from .lookup import check_bibliography, unchecked
from .online import OnlineSource
from .settings import ReferenceSettings, cache_file
from .store import ReferenceIndex, ReferenceIndexError

LOOKUP_SHARE = 0.5
"""Share of a file's time limit that looking its references up may take (the rest is the check's)."""


def look_up(bibliography: Bibliography, settings: ReferenceSettings, time_limit: float) -> ReferenceCheck:
    """Every entry of `bibliography` looked up as `settings` say, within `LOOKUP_SHARE` of the
    file's `time_limit` (seconds): the local index first, then (when asked) the online services
    for the entries it does not know. An index that cannot be opened makes the whole check
    `unchecked`, never an error."""
    started = time.monotonic()
    budget = LOOKUP_SHARE * time_limit
    path = Path(settings.index or settings.cache or cache_file())
    try:
        if settings.index is None:
            path.parent.mkdir(parents=True, exist_ok=True)
        index = ReferenceIndex(path, create=settings.index is None)
    except (ReferenceIndexError, sqlite3.Error, OSError) as error:
        return unchecked(str(error), settings.describe())
    with index:
        check = check_bibliography(bibliography, LocalIndex(index), budget) if settings.index else None
        if settings.online:
            client = PoliteClient(index, Politeness(settings.contact, settings.timeout))
            online = OnlineSource(client, settings.endpoints, settings.contact)
            wanted = bibliography if check is None else dataclasses.replace(bibliography, entries=tuple(
                entry for entry, lookup in zip(bibliography.entries, check.lookups, strict=True)
                if lookup.verdict is not Verdict.FOUND))
            answered = check_bibliography(wanted, online, max(0.0, budget - (time.monotonic() - started)))
            check = answered if check is None else _merged(check, answered, settings.describe())
    return check or unchecked("no reference index was given", settings.describe())


def _merged(local: ReferenceCheck, online: ReferenceCheck, source: str) -> ReferenceCheck:
    """The local verdicts, each replaced by the online one where the services know the entry."""
    better = {lookup.entry: lookup for lookup in online.lookups if lookup.verdict in (Verdict.FOUND, Verdict.MISMATCH)}
    failed = {lookup.entry: lookup for lookup in online.lookups if lookup.verdict is Verdict.UNCHECKED}
    lookups = tuple(better.get(lookup.entry) or (failed.get(lookup.entry) if lookup.verdict is Verdict.NOT_FOUND
                                                 else None) or lookup for lookup in local.lookups)
    return ReferenceCheck(source=source, lookups=lookups)
