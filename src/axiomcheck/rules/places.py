"""Where a finding about something missing points: the place the thing belongs on the page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import BBox

if TYPE_CHECKING:
    from ..model import Document


def foot_of_page_one(doc: Document) -> BBox | None:
    """The foot of page 1's text column (its lowest fifth), where the template prints its
    notice and ICML its author footnote; None for a page without text."""
    lines = [line for line in doc.first_page_lines if id(line) not in doc.running_heads]
    if not lines or not doc.page_count:
        return None
    height = doc.pages[0].height
    return BBox(min(line.bbox.x0 for line in lines), 0.8 * height, max(line.bbox.x1 for line in lines),
                max(0.8 * height + 1.0, max(line.bbox.y1 for line in lines)))
