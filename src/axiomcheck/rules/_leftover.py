"""What the leftover rules share (a private helper): the lines they read, the places they quote,
and one finding per page that quotes them with their boxes.

Leftovers are read in the paper's own text: page furniture, the template's notice, the
reference list and the checklist (whose unanswered items `checklist` reports) are left out,
and so are words set in a monospaced font (code listings and their comments, where "TODO"
and "??" are code).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import OUTSIDE_TEXT, Line, Region, RegionKind, Word, enclosing
from ._text import clip
from .base import Violation

if TYPE_CHECKING:
    from ..model import Document

SKIPPED_REGIONS = frozenset({"references", "checklist"})
"""Regions whose text the leftover rules do not read."""
MAX_QUOTED = 3
"""Places quoted in a finding's message (the rest are counted, and boxed in its regions)."""
QUOTE_CHARS = 120
"""Characters of one place quoted."""


@dataclass(frozen=True)
class Spot:
    """A leftover on a page: the words that print it and what the finding quotes."""

    words: tuple[Word, ...]
    quote: str


def read_lines(doc: Document, page: int) -> Iterator[Line]:
    """The lines of page `page` the leftover rules read."""
    for line in doc.text.page(page).lines:
        if line.role not in OUTSIDE_TEXT and line.region not in SKIPPED_REGIONS:
            yield line


def around(line: Line, index: int, before: int = 2, after: int = 2) -> str:
    """The word at `index` of `line` with a few of its neighbours, as a quote."""
    words = line.words[max(0, index - before): index + after + 1]
    return " ".join(word.text for word in words)


def page_finding(page: int, spots: Sequence[Spot], what: tuple[str, str], hint: str) -> Violation:
    """One finding for a page's leftovers of one kind: `what` names one and several
    ("undefined reference", "undefined references")."""
    quoted = " … ".join(f"'{clip(spot.quote, QUOTE_CHARS)}'" for spot in spots[:MAX_QUOTED])
    more = f" and {len(spots) - MAX_QUOTED} more" if len(spots) > MAX_QUOTED else ""
    first = enclosing(word.bbox for word in spots[0].words)
    return Violation(
        message=f"Page {page} has {len(spots)} {what[0] if len(spots) == 1 else what[1]}: {quoted}{more}.",
        hint=hint, page=page, bbox=first, evidence=clip(" … ".join(spot.quote for spot in spots), 300),
        regions=tuple(Region(page, enclosing(word.bbox for word in spot.words), RegionKind.SHADE)
                      for spot in spots[1:]))
