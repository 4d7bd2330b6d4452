"""The lines the layout and font rules measure: text set in the body size."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import OUTSIDE_TEXT, Line

if TYPE_CHECKING:
    from ..model import Document

BODY_SIZE_SLACK = 1.0
"""Lines within this many points of the body size are body text (footnotes, captions and
figure labels are smaller, headings larger)."""


def body_size_lines(doc: Document, page: int) -> list[Line]:
    """The page's lines set in the body size (headings, captions and table cells of that size
    included), page furniture and the page-1 notice left out."""
    size = doc.body_size
    return [line for line in doc.text.lines(page, without=OUTSIDE_TEXT) if abs(line.size - size) <= BODY_SIZE_SLACK]
