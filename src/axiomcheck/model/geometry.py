"""Boxes, pages and paper sizes.

Coordinates are PDF points (1/72 in) with the origin at the **top-left** of the page and y
growing downwards, the convention of the template facts ("y measured from the top").
Pages are numbered from 1.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, NamedTuple

MM_PER_POINT = 25.4 / 72
PageSizeName = Literal["letter", "a4", "a1", "a0", "poster-61x90"]
"""The paper sizes axiomcheck knows by name (`PAGE_SIZES_MM`)."""
PAGE_SIZES_MM: dict[PageSizeName, tuple[float, float]] = {
    "letter": (215.9, 279.4),
    "a4": (210.0, 297.0),
    "a1": (594.0, 841.0),
    "a0": (841.0, 1189.0),
    "poster-61x90": (610.0, 900.0),
}
"""Named paper sizes (width x height in portrait, millimetres): the one table that rules, packs,
templates and the report's `page_size` use."""


def page_size_name(width_mm: float, height_mm: float, tolerance_mm: float) -> PageSizeName | None:
    """The named size within `tolerance_mm` of a page (either orientation), or None."""
    for name, (w, h) in PAGE_SIZES_MM.items():
        if (abs(width_mm - w) <= tolerance_mm and abs(height_mm - h) <= tolerance_mm) or \
                (abs(width_mm - h) <= tolerance_mm and abs(height_mm - w) <= tolerance_mm):
            return name
    return None


class BBox(NamedTuple):
    """An axis-aligned box: x0 < x1 left to right, y0 < y1 top to bottom.

    A named tuple rather than a frozen dataclass: immutable all the same, and a document
    creates one per word, where tuple construction is several times cheaper."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def union(self, other: BBox) -> BBox:
        return BBox(min(self.x0, other.x0), min(self.y0, other.y0),
                    max(self.x1, other.x1), max(self.y1, other.y1))

    def overlap_area(self, other: BBox) -> float:
        """The area the two boxes share (0 when they do not meet)."""
        return max(0.0, min(self.x1, other.x1) - max(self.x0, other.x0)) * \
            max(0.0, min(self.y1, other.y1) - max(self.y0, other.y0))

    def contains(self, other: BBox, tolerance: float = 0.0) -> bool:
        """`other` lies inside this box, edges within `tolerance` points allowed."""
        return (self.x0 - tolerance <= other.x0 and other.x1 <= self.x1 + tolerance
                and self.y0 - tolerance <= other.y0 and other.y1 <= self.y1 + tolerance)

    def rounded(self) -> BBox:
        """The box as reports write it: each edge rounded to 0.1 pt (so that a result read back
        from its JSON equals the one written)."""
        return BBox(float(round(self.x0, 1)), float(round(self.y0, 1)), float(round(self.x1, 1)),
                    float(round(self.y1, 1)))


def enclosing(boxes: Iterable[BBox]) -> BBox:
    """The smallest box around `boxes` (at least one)."""
    iterator = iter(boxes)
    try:
        box = next(iterator)
    except StopIteration:
        raise ValueError("enclosing() needs at least one box") from None
    for other in iterator:
        box = box.union(other)
    return box


@dataclass(frozen=True)
class PageInfo:
    """Cheap facts about a page, read without touching its text."""

    number: int
    width: float
    height: float
    rotation: int
    mediabox: BBox
    cropbox: BBox

    @property
    def visible_box(self) -> BBox:
        """The whole visible page (its crop box) in the model's top-down coordinates."""
        crop = self.cropbox
        return BBox(crop.x0, self.height - crop.y1, crop.x1, self.height - crop.y0)
