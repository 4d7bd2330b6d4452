"""How much of a page set in two columns the text before a place fills.

"Ending 100% down page 8" was the foot of the left column when the references start halfway
down the right one. On a page whose prose stands in two columns, the share before a place is
counted column by column: the left column whole when the place is in the right one, plus the
place's own column down to the lowest line above it (halfway down the right column: 0.75;
halfway down the left one: 0.25). This is geometry on the page's lines, independent of the
order in which they were read.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from ..model import BBox, Line

COLUMNS = 2
"""Columns of a page whose prose stands on both sides of its middle."""
PROSE_WORDS = 5
"""A line of at least this many words is prose: it shows where the page's columns are."""
MIN_SIDE_LINES = 5
"""Prose lines each side of the middle needs before the page counts as set in two columns."""
GUTTER_MARGIN = 4.0
"""Points a line of one column may reach past the middle of its page's text."""
SAME_TOP = 2.0
"""Points a line may reach below the place's top and still lie above it (rounding, accents)."""


def _side(box: BBox, middle: float) -> int | None:
    """0 for the left column, 1 for the right one, None for a line across the middle."""
    if box.x1 <= middle + GUTTER_MARGIN:
        return 0
    if box.x0 >= middle - GUTTER_MARGIN:
        return 1
    return None


def column_share(lines: Sequence[Line], place: BBox, skip: Collection[int],
                 fraction: Callable[[float], float]) -> float | None:
    """The share of the page's text before `place` (a heading's box), counted column by column;
    None when the page is not set in two columns or the place spans them. `lines` are the
    page's lines (those in `skip` are left out, as are the place's own), `fraction` gives how
    far down the text block a height lies (0 at its top, 1 at its foot)."""
    own = {id(line) for line in lines if place.contains(line.bbox)}
    others = [line for line in lines if id(line) not in skip and id(line) not in own]
    prose = [line for line in others if len(line.words) >= PROSE_WORDS]
    middle = _middle(prose)
    if middle is None:
        return None
    column = _side(place, middle)
    if column is None:
        return None
    above = [line.bbox.y1 for line in others
             if _side(line.bbox, middle) == column and line.bbox.y1 <= place.y0 + SAME_TOP]
    within = fraction(max(above)) if above else 0.0
    return round((column + within) / COLUMNS, 2)


def _middle(prose: Sequence[Line]) -> float | None:
    """The middle of the prose's width, when enough prose lines stand on each side of it (the
    page is set in two columns); None otherwise."""
    if not prose:
        return None
    middle = (min(line.bbox.x0 for line in prose) + max(line.bbox.x1 for line in prose)) / 2
    sides = [_side(line.bbox, middle) for line in prose]
    return middle if min(sides.count(0), sides.count(1)) >= MIN_SIDE_LINES else None
