"""The paper's bibliography, and what a reference index said about each entry.

Analysis splits the references section into entries (`analysis.bibliography`): each keeps
its printed text, where it is printed (the page and box of its first part, and the further
parts when it runs on into the next column or page) and the parts read from it: authors,
title, venue, year, arXiv id, DOI, URL. A part that cannot be read is None (or empty), never
guessed.

A look-up in a reference index (the `references` package: a local SQLite index built from
public dumps, or the online services) gives each entry a `Lookup`; the run hands the rules a
`ReferenceCheck` (or None when no index was given: then nothing is claimed).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import Enum

from .geometry import BBox


@dataclass(frozen=True)
class EntryPart:
    """A piece of an entry as printed: its page and box (an entry may run on into the next
    column or page)."""

    page: int
    bbox: BBox


@dataclass(frozen=True)
class ReferenceEntry:
    """One entry of the reference list."""

    number: int
    """Its position in the list, from 1 (the printed label may differ: `label`)."""
    label: str | None
    """The printed label without brackets ("12" of "[12]", "Vas17" of "[Vas17]"); None in an author-year list."""
    text: str
    """The entry as printed, its lines joined (a word hyphenated at a line end joined again)."""
    parts: tuple[EntryPart, ...]
    """Where it is printed, piece by piece (a column or a page each), in reading order."""
    authors: tuple[str, ...] = ()
    """The authors as printed, in order ("A. Vaswani", "Vaswani, A."); "et al." is left out."""
    surnames: tuple[str, ...] = ()
    """Each author's family name, in the order of `authors`."""
    title: str | None = None
    venue: str | None = None
    year: int | None = None
    arxiv_id: str | None = None
    """An arXiv identifier as printed ("2401.01234", "hep-th/9901001"), without version."""
    doi: str | None = None
    url: str | None = None

    @property
    def page(self) -> int:
        """The page its first line is on."""
        return self.parts[0].page

    @property
    def bbox(self) -> BBox:
        """The box of its first piece."""
        return self.parts[0].bbox


@dataclass(frozen=True)
class Bibliography:
    """The reference list(s) of the paper: every entry in reading order, numbered on across
    lists (a second list after the appendix continues the count)."""

    entries: tuple[ReferenceEntry, ...] = ()
    style: str = "none"
    """How entries are told apart: `numbered` ([1], 1.), `labelled` ([Vas17]), `hanging` (author-year
    with a hanging indent), `spaced` (separated by space only), `none` (no list)."""
    heading_page: int | None = None
    """The page of the references heading (None: no references section)."""
    lines: int = 0
    """How many text lines the references section holds (0 with a heading: an empty section)."""

    @property
    def numbered(self) -> bool:
        """Whether entries carry numbers that the text cites ([12])."""
        return self.style == "numbered"


class Verdict(str, Enum):
    """What a reference index says of an entry."""

    FOUND = "found"
    """A work with this title, these authors and this year exists."""
    MISMATCH = "mismatch"
    """The title exists but the authors or the year differ, or the arXiv id or DOI names another work."""
    NOT_FOUND = "not found"
    """No work like it is known: a person should confirm that it exists."""
    UNCHECKED = "unchecked"
    """It could not be looked up (the services could not be reached, the time ran out)."""

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class KnownWork:
    """A work as a reference index knows it."""

    title: str
    authors: tuple[str, ...]
    year: int | None
    venue: str | None = None
    source: str = ""
    """Where it comes from and its id there ("dblp conf/nips/VaswaniSPUJGKP17", "openalex W2963403868")."""
    doi: str | None = None
    arxiv_id: str | None = None

    def describe(self) -> str:
        """'Title' (First Author et al., 2017), as messages quote it."""
        first = self.authors[0] if self.authors else "no author listed"
        more = " et al." if len(self.authors) > 1 else ""
        year = f", {self.year}" if self.year else ""
        return f"'{self.title}' ({first}{more}{year})"


@dataclass(frozen=True)
class Lookup:
    """The index's answer for one entry."""

    entry: int
    """The entry's `number`."""
    verdict: Verdict
    reason: str = ""
    """Why, in words for the report ("the arXiv id 1706.03762 names ...")."""
    work: KnownWork | None = None
    """The work found, or the one the title, id or DOI named (for a mismatch)."""


@dataclass(frozen=True)
class ReferenceCheck:
    """What the look-up of a file's bibliography found, entry by entry."""

    source: str
    """What was consulted, in words ("the index refs.sqlite (1,204,331 works)", "OpenAlex, Crossref and arXiv")."""
    lookups: tuple[Lookup, ...] = ()
    unchecked: str | None = None
    """Why the references were not checked at all (no network, an index that cannot be read), or None."""


_LATEX_COMMAND_RE = re.compile(r"\\[A-Za-z]+\s*|\\.")
_NOT_WORD_RE = re.compile(r"[^\w]+")
_UNDECOMPOSED = str.maketrans({"ß": "ss", "ı": "i", "ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ð": "d", "ł": "l",
                                "þ": "th", "ŋ": "n", "ħ": "h"})
"""Letters that Unicode does not take apart into a base letter and marks."""
_COMBINING_RE = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
"""Combining marks: the accents a decomposed letter carries."""
_HYPHENS_RE = re.compile(r"(?<=\w)[-‐‑‒–](?=\w)")


def _folded(text: str) -> str:
    """Lower case, accents and ligatures taken apart (ﬁ -> fi, é -> e), LaTeX commands and
    braces dropped, a hyphen inside a word dropped (self-supervised -> selfsupervised)."""
    if "\\" in text:
        text = _LATEX_COMMAND_RE.sub("", text)
    text = text.replace("{", "").replace("}", "").replace("$", "")
    if not text.isascii():
        text = _COMBINING_RE.sub("", unicodedata.normalize("NFKD", text)).translate(_UNDECOMPOSED)
    return _HYPHENS_RE.sub("", text.casefold())


def title_words(text: str) -> list[str]:
    """The words of a title as indexes compare them (see `title_key`)."""
    return [word for word in _NOT_WORD_RE.split(_folded(text).replace("_", " ")) if word]


def title_key(text: str) -> str:
    """A title as indexes compare it: its words run together, so that case, accents,
    ligatures, hyphenation, spacing, punctuation and LaTeX leftovers make no difference."""
    return "".join(title_words(text))


def name_key(name: str) -> str:
    """A family name as indexes compare it ("Müller", "M\\\"uller" and "MULLER" alike)."""
    return "".join(title_words(name))


def doi_is_well_formed(doi: str) -> bool:
    """Whether `doi` has the DOI syntax: `10.` a registrant code of 4 to 9 digits (dotted
    parts allowed), a slash and a suffix."""
    return _DOI_SYNTAX_RE.match(doi) is not None


_DOI_SYNTAX_RE = re.compile(r"^10\.\d{4,9}(?:\.\d+)*/\S+$")
