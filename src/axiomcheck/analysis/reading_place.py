"""What comes before a place on a page, judged column by column rather than row by row.

On a two-column page, the text that precedes a heading in the left column is what lies above
it in that column (and above any line spanning both columns); the right column's first line
at the same height comes *after* it, however close its baseline. Text that precedes a heading
in the right column is everything in the left column of its band (between the lines that span
the page, above and below it) and what lies above it in the right column. A heading with no
text before it on its page starts the page: the main body then ends on the page before.

This is pure geometry on the page's lines, independent of the order in which they were read,
so a page read in rows (few lines, a wide float) is judged as one read in columns.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from ..model import BBox, Line

GUTTER_MARGIN = 4.0
"""Points a line of one column may reach past the middle of the page."""
SAME_TOP = 2.0
"""Points a line may reach below a heading's top and still lie above it (rounding, accents)."""


def _side(box: BBox, middle: float) -> str:
    """left, right, or span (across the middle of the page)."""
    if box.x1 <= middle + GUTTER_MARGIN:
        return "left"
    if box.x0 >= middle - GUTTER_MARGIN:
        return "right"
    return "span"


def _band(lines: Sequence[Line], box: BBox, middle: float, skip: Collection[int]) -> tuple[float, float]:
    """The vertical extent of the band `box` stands in: between the nearest lines spanning both
    columns above and below it (the page's top and bottom when there are none)."""
    top, bottom = float("-inf"), float("inf")
    for line in lines:
        if id(line) in skip or _side(line.bbox, middle) != "span":
            continue
        if line.bbox.y1 <= box.y0 + SAME_TOP:
            top = max(top, line.bbox.y1)
        elif line.bbox.y0 >= box.y1 - SAME_TOP:
            bottom = min(bottom, line.bbox.y0)
    return top, bottom


def preceding(lines: Sequence[Line], box: BBox, page_width: float, skip: Collection[int],
              part_of: Collection[int] = frozenset()) -> Iterator[Line]:
    """The lines of a page that a reader reads before the place `box` (a heading's line),
    lines in `skip` (page furniture) and `part_of` (the heading's own pieces) left out."""
    middle = page_width / 2
    side = _side(box, middle)
    band_top, band_bottom = _band(lines, box, middle, skip)
    for line in lines:
        key = id(line)
        if key in skip or key in part_of:
            continue
        where = _side(line.bbox, middle)
        above = line.bbox.y1 <= box.y0 + SAME_TOP
        if side == "left":
            before = above and where != "right" or where == "right" and line.bbox.y1 <= band_top + SAME_TOP
        elif side == "right":
            before = above and where != "left" or where == "left" and (
                line.bbox.y1 <= band_top + SAME_TOP or band_top <= line.bbox.y0 and line.bbox.y1 <= band_bottom)
        else:
            before = above
        if before:
            yield line
