"""What a reader sees of the text: which words are hidden, and why, and the rows of text that
run off the page. Analysis measures it per page (`analysis.visibility`) on demand."""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import BBox, enclosing
from .text import Line, Word
from .vocabulary import HidingReason

@dataclass(frozen=True)
class Hiding:
    """Why a reader cannot see a word that a machine reads."""

    reason: HidingReason
    detail: str = ""
    """What the evidence says, for messages: the colours ("#ffffff on #ffffff"), the render
    mode, the size, the text the glyphs show; empty when the reason says it all."""


@dataclass(frozen=True)
class Overflow:
    """A row of text (lines sharing a baseline) that starts on the page and runs past its edge."""

    lines: tuple[Line, ...]
    beyond: tuple[Word, ...]
    """The words that lie partly or wholly off the visible page."""

    @property
    def bbox(self) -> BBox:
        return enclosing(line.bbox for line in self.lines)


@dataclass(frozen=True)
class PageVisibility:
    """Which words of a page's lines a reader cannot see, and why; the rows that run off it."""

    page: int
    hidden: dict[Word, Hiding]
    """Every hidden word of the page's lines (words not listed are visible)."""
    overflows: tuple[Overflow, ...] = ()
    """Rows that start on the page and continue past its edge: their words beyond the edge are
    cut off by the layout, not hidden (`Overflow.beyond`)."""
    ocr_layer: bool = False
    """The page's text is an invisible layer over a scan (most of it in render mode 3): that
    text is what the scan shows, so it is not hidden."""

    def of(self, word: Word) -> Hiding | None:
        """Why `word` is hidden, None when a reader sees it."""
        return self.hidden.get(word)
