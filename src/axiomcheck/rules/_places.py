"""Where a finding points when the thing it is about has no box of its own: the place a missing
notice or footnote belongs, the box around some lines (a finding about a whole page points at
`PageInfo.visible_box`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..model import BBox, Line, enclosing

if TYPE_CHECKING:
    from ..model import Document

FOOT_OF_PAGE = 0.8
"""The foot of a page's text column: its lowest fifth, where the templates print their notice
(and ICML its author footnote)."""
MIN_HEIGHT = 1.0
"""The least height (points) of a place, so that a picture can draw it."""


def foot_of_page_one(doc: Document) -> BBox | None:
    """The foot of page 1's text column, where the template prints its notice and ICML its
    author footnote; None for a page without text."""
    if not doc.page_count:
        return None
    lines = doc.text.text_lines(1)
    if not lines:
        return None
    top = FOOT_OF_PAGE * doc.pages[0].height
    return BBox(min(line.bbox.x0 for line in lines), top, max(line.bbox.x1 for line in lines),
                max(top + MIN_HEIGHT, max(line.bbox.y1 for line in lines)))


def lines_box(lines: Sequence[Line]) -> BBox | None:
    """The box around `lines`, None when there are none."""
    return enclosing(line.bbox for line in lines) if lines else None
