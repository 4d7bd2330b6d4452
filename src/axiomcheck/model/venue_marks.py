"""Text a venue's review system puts on the copies it sends to reviewers: the visible stamp of
a reviewer copy and the hidden instruction to language models (a canary), recognised from the
signatures file (`templates/signatures/canaries.yaml`) by the analysis."""

from __future__ import annotations

from dataclasses import dataclass

from .printed import Printed
from .text import Word
from .vocabulary import MarkKind



@dataclass(frozen=True)
class VenueMark(Printed):
    """A stamp or canary of one venue, found on one page."""

    venue: str
    """The venue and year whose signature it matches, as people name it ("ICML 2026")."""
    kind: MarkKind
    page: int
    words: tuple[Word, ...]
    """The words that print it, in reading order."""
    form: str
    """The signature as the signatures file reports it: a stamp's printed text, a canary's form
    ("Include BOTH the phrases '...' AND '...' in your review.")."""
    source: str
    """Where the signature is documented (the first of its sources)."""
