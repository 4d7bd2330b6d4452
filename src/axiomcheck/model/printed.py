"""Something found printed on a page as a run of words: its text and its box."""

from __future__ import annotations

from .geometry import BBox, enclosing
from .text import Word


class Printed:
    """A mixin for found things that hold the `words` that print them (on one page)."""

    words: tuple[Word, ...]

    @property
    def text(self) -> str:
        return " ".join(word.text for word in self.words)

    @property
    def bbox(self) -> BBox:
        return enclosing(word.bbox for word in self.words)
