"""Looking a bibliography up: each entry judged against the works a source knows.

A source (`WorkSource`: the local index, or the online services) answers three questions:
which works have this arXiv id, this DOI, this title. An entry is judged the same way
whatever the source:

1. by its arXiv id, then its DOI (when well formed and known to the source): a work with that
   id whose title the entry prints is **found**; a work with that id and another title is a
   **mismatch** (the id names another work);
2. by its title: the works whose title is the entry's (compared as `title_key`: case,
   accents, hyphenation, ligatures, spacing and LaTeX leftovers aside; see `_titled` for a
   title the parser cut short or took from another sentence); found when one of them has an
   author of the entry and a year at most one apart; when all of them differ in authors or
   year, a **mismatch** that names the work;
3. no work: **not found**.

An entry with no title and no identifier cannot be looked up (`unchecked`). A source that
fails (no network) leaves this entry and the rest `unchecked`, with its reason; so does
the time running out.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol

from ..model import Bibliography, KnownWork, Lookup, ReferenceCheck, ReferenceEntry, Verdict
from ..model.bibliography import doi_is_well_formed, name_key, title_key, title_words

MIN_CONTAINED_TITLE = 12
"""A work's title (letters and digits) at least this long may match inside an entry's text;
a shorter one must equal the entry's title."""
TITLE_SHARE = 0.8
"""A work's title inside the entry's must be this share of it (the rest: a year, a stray mark)."""
LONG_TITLE = 30
"""A work's title this long (letters and digits) found whole in an entry's text is the entry's."""
SHORT_NAME = 3
"""Family names this short ("Li", "Wu") must equal one the entry lists; longer ones may be found in its text."""
YEAR_SLACK = 1
"""A preprint and its proceedings version may be a year apart."""
SEARCH_WORDS = 4
"""The longest words of a title that a search by words asks for (all of them must be in the title)."""


class SourceFailure(Exception):
    """A source cannot answer now (no network, a service down, an index that cannot be read)."""


class WorkSource(Protocol):
    """Where works are looked up: the local index or the online services."""

    description: str
    """What it is, in words for the report ("the index refs.sqlite (12,345 works)")."""

    def prepare(self, entries: Sequence[ReferenceEntry]) -> None:
        """Before the entries are judged one by one (a service answers many ids at once)."""
        ...

    def by_arxiv(self, arxiv_id: str) -> list[KnownWork]: ...

    def by_doi(self, doi: str) -> list[KnownWork]: ...

    def by_title(self, title: str) -> list[KnownWork]:
        """Works whose title is `title` or close to it (the caller compares them again)."""
        ...


def check_bibliography(bibliography: Bibliography, source: WorkSource, budget: float,
                       now: Callable[[], float] = time.monotonic) -> ReferenceCheck:
    """Every entry judged against `source`, within `budget` seconds (by the clock `now`)."""
    deadline = now() + budget
    lookups: list[Lookup] = []
    failure: str | None = None
    try:
        source.prepare(bibliography.entries)
    except SourceFailure as error:
        failure = str(error)
    for entry in bibliography.entries:
        if failure is None and now() > deadline:
            failure = f"the {budget:g} s given to looking references up ran out"
        if failure is not None:
            lookups.append(Lookup(entry.number, Verdict.UNCHECKED, failure))
            continue
        try:
            lookups.append(judge(entry, source))
        except SourceFailure as error:
            failure = str(error)
            lookups.append(Lookup(entry.number, Verdict.UNCHECKED, failure))
    return ReferenceCheck(source=source.description, lookups=tuple(lookups))


def judge(entry: ReferenceEntry, source: WorkSource) -> Lookup:
    """What `source` says of `entry` (see the module docstring)."""
    text = title_key(entry.text)
    own_title = title_key(entry.title) if entry.title else ""
    for kind, identifier, find in (("arXiv id", entry.arxiv_id, source.by_arxiv), ("DOI", entry.doi, source.by_doi)):
        if identifier is None or (kind == "DOI" and not doi_is_well_formed(identifier)):
            continue
        named = find(identifier)
        if not named:
            continue
        if any(_titled(work, text, own_title) for work in named):
            return Lookup(entry.number, Verdict.FOUND, f"its {kind} {identifier} names it",
                          next(work for work in named if _titled(work, text, own_title)))
        return Lookup(entry.number, Verdict.MISMATCH, f"its {kind} {identifier} names another work, "
                                                      f"{named[0].describe()}", named[0])
    if not own_title:
        return Lookup(entry.number, Verdict.UNCHECKED, "its title could not be read")
    titled = [work for work in source.by_title(entry.title or "") if _titled(work, text, own_title)]
    if not titled:
        return Lookup(entry.number, Verdict.NOT_FOUND, "no work with this title is known")
    for work in titled:
        if _same_authors(entry, text, work) and _same_year(entry, work):
            return Lookup(entry.number, Verdict.FOUND, "its title, authors and year", work)
    work = titled[0]
    if not _same_authors(entry, text, work):
        return Lookup(entry.number, Verdict.MISMATCH, f"the title is known by other authors, {work.describe()}", work)
    return Lookup(entry.number, Verdict.MISMATCH, f"the title is known from another year, {work.describe()}", work)


def _titled(work: KnownWork, text: str, own_title: str) -> bool:
    """Whether the entry prints `work`'s title: its own title is the work's, or the work's
    begun (a title the parser cut at a full stop), or the work's with a little more (a year
    left on it); when its own title holds nothing of the work's, the work's long title held
    whole in the entry's text (the parser took another sentence for the title). A title that
    holds the work's and much more is another title ("X revisited")."""
    key = title_key(work.title)
    if not key:
        return False
    if not own_title:
        return len(key) >= MIN_CONTAINED_TITLE and key in text
    if key == own_title or (len(own_title) >= MIN_CONTAINED_TITLE and own_title in key):
        return True
    if key in own_title:
        return len(key) >= TITLE_SHARE * len(own_title)
    return len(key) >= LONG_TITLE and key in text


def _same_authors(entry: ReferenceEntry, text: str, work: KnownWork) -> bool:
    """Whether one of the work's first three authors is among the entry's (by family name)."""
    theirs = [name_key(author.split()[-1]) for author in work.authors[:3] if author.split()]
    if not theirs:
        return True
    listed = {name_key(surname) for surname in entry.surnames}
    head = text.split(title_key(work.title), 1)[0] or text
    return any(name in listed or (len(name) > SHORT_NAME and name in head) for name in theirs if name)


def _same_year(entry: ReferenceEntry, work: KnownWork) -> bool:
    return entry.year is None or work.year is None or abs(entry.year - work.year) <= YEAR_SLACK


def search_words(title: str) -> list[str]:
    """The words a search by words asks for: the title's longest (the rarest, as a rule)."""
    words = sorted(set(title_words(title)), key=lambda word: (-len(word), word))
    return words[:SEARCH_WORDS]


def unchecked(reason: str, source: str = "") -> ReferenceCheck:
    """The check of a file whose references could not be looked up at all."""
    return ReferenceCheck(source=source, unchecked=reason)
