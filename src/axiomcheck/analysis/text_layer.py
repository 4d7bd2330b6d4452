"""The paper's text layer: every line given its role, its region and its doctop, once.

Everything else analysis finds is decided first, on the lines as assembled (page furniture,
the notice, the title and author block with its footnotes, the abstract, section headings,
captions and figures); this module turns those findings into the model's `TextLayer`, whose
lines carry them, so that no rule has to work them out again.

A line's role, first that applies: page furniture (`furniture.py`), the notice, a heading
(or a piece of one; the abstract's heading too), a footnote (footnote-sized type at the foot
of a page; on page 1 the author block's footnotes), a caption, text inside a figure, a line
of the reference list, a table cell (a line that shares its row of its text column with
others, all narrow, none an equation's), else body text.

A line's region follows the reading order: the title and the author block (with its
footnotes) are `title` and `authors`, the abstract's heading opens `abstract`, and each
section heading opens its kind (`body`, `references`, ...); a footnote belongs to the
region its page starts in (a footnote under a References heading that starts mid-page
belongs to the text above the heading).
"""

from __future__ import annotations

import dataclasses
import operator
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..model import (OUTSIDE_TEXT, AuthorBlock, BBox, Float, Heading, HeadingKind, Line, Notice, PageText, Role,
                     TextLayer, TextRegion)
from .front_matter import FOOT_ZONE
from .lines import PageLayout
from .sections import TextColumn

FOOTNOTE_SIZE_STEP = 1.5
"""Footnotes are set this much smaller than the body (NeurIPS: 8 pt under 10 pt); a reference
list in 9 pt at the foot of a page is not one."""
LIST_PITCH_SHARE = 3.0
"""A line of a reference list lies at most this share of its size below the line before it."""
LIST_SIZE_SLACK = 0.5
"""Points a line of a reference list may differ in size from the line before it."""
LIST_INDENT_SHARE = 4.0
"""A line of a reference list starts at most this share of its size left or right of the line before it."""
EDGE_TOLERANCE = 0.5
"""Points a line may stick out of a caption's or figure's box and still be inside it."""
ROW_SHARE = 0.5
"""Lines whose baselines are closer than this share of the font size stand in one row."""
COLUMN_MARGIN = 4.0
"""Points a line may stick out of its text column's edges and still belong to it."""
CELL_SHARE = 0.5
"""A table's cells are each narrower than this share of their column (or of the text's width)."""
_EQUATION_NUMBER_RE = re.compile(r"^\((?:\d{1,3}|[A-Z])(?:\.\d{1,3})*[a-z]?\)$")
"""An equation's number, "(3)" or "(A.2b)", at the end of the equation's row."""
_BASELINE = operator.attrgetter("baseline")
_RELATION_RE = re.compile(r"[=≤≥≈≡∝∈≠→⇒]")
"""A relation that a displayed equation's pieces hold ("x =", "≤ g(x)"), and a table cell seldom."""


@dataclass(frozen=True)
class PaperFindings:
    """What analysis found on the lines as assembled: the text layer's input."""

    layouts: Sequence[PageLayout]
    page_heights: Sequence[float]
    body_size: float
    furniture: Mapping[int, Role]
    """Role of every furniture line, by `id(line)` (`furniture.furniture`)."""
    notice: Notice | None
    author_block: AuthorBlock
    abstract: Line | None
    """The abstract's heading on page 1 (`front_matter.abstract_line`)."""
    headings: Sequence[Heading]
    floats: Sequence[Float]
    columns: Sequence[TextColumn]


def _inside(line: Line, box: BBox) -> bool:
    return box.contains(line.bbox, EDGE_TOLERANCE)


class _Classifier:
    """The role of each assembled line, from what analysis found."""

    def __init__(self, found: PaperFindings) -> None:
        self.found = found
        block = found.author_block
        self.author_footnotes = {id(line) for line in block.footnotes}
        self.heading_kinds: dict[int, HeadingKind] = {}
        for heading in found.headings:
            for line in found.layouts[heading.page - 1].lines:
                if heading.bbox.contains(line.bbox) and id(line) not in found.furniture:
                    self.heading_kinds.setdefault(id(line), heading.kind)
        self.captions: set[int] = set()
        self.float_text: set[int] = set()
        for item in found.floats:
            for line in found.layouts[item.page - 1].lines:
                if id(line) in found.furniture:
                    continue
                if _inside(line, item.caption_bbox):
                    self.captions.add(id(line))
                elif item.kind == "figure" and _inside(line, item.bbox):
                    self.float_text.add(id(line))
        self.front = {id(line) for line in block.title + block.lines + block.footnotes}
        notice = found.notice
        self.notice = {id(line) for line in found.layouts[0].lines
                       if line.bbox.overlap_area(notice.bbox) > 0} if notice is not None and found.layouts else set()

    def is_footnote(self, line: Line) -> bool:
        if id(line) in self.author_footnotes:
            return True
        height = self.found.page_heights[line.page - 1]
        return line.bbox.y0 > FOOT_ZONE * height and line.size <= self.found.body_size - FOOTNOTE_SIZE_STEP

    def role(self, line: Line, cells: set[int]) -> Role:
        """The line's role, but for a reference entry (which depends on the region)."""
        key = id(line)
        furniture = self.found.furniture.get(key)
        if furniture is not None:
            return furniture
        if key in self.notice:
            return Role.NOTICE
        if key in self.heading_kinds or line is self.found.abstract:
            return Role.HEADING
        if key in self.front:
            return Role.FOOTNOTE if key in self.author_footnotes else Role.BODY
        if self.is_footnote(line):
            return Role.FOOTNOTE
        if key in self.captions:
            return Role.CAPTION
        if key in self.float_text:
            return Role.FLOAT_TEXT
        return Role.TABLE_CELL if key in cells else Role.BODY


def _rows(lines: list[Line]) -> list[list[Line]]:
    """Lines in rows: sorted by baseline, a line joins the row whose first line's baseline is
    within ROW_SHARE of that line's font size."""
    rows: list[list[Line]] = []
    for line in sorted(lines, key=_BASELINE):
        if rows and line.baseline - rows[-1][0].baseline <= ROW_SHARE * max(rows[-1][0].size, 1.0):
            rows[-1].append(line)
        else:
            rows.append([line])
    return rows


def _table_cells(lines: Sequence[Line], columns: Sequence[TextColumn], skip: set[int]) -> set[int]:
    """ids of the lines that share their row of their text column with other lines, all of them
    narrower than half the column: a table's cells. A prose line cut in two by a wide gap has a
    wide piece; a row holding an equation's number or a relation (=, ≤, ...) is a displayed
    equation. A line in no column (wider than one) shares its row with the whole width of the text."""
    if not columns:
        return set()
    text = [line for line in lines if id(line) not in skip]
    text_width = max(c.right for c in columns) - min(c.left for c in columns)
    cells: set[int] = set()
    for row in _rows(text):
        if len(row) > 1:
            cells |= _row_cells(row, columns, text_width)
    return cells


def _row_cells(row: list[Line], columns: Sequence[TextColumn], text_width: float) -> set[int]:
    """The table cells of one row: per text column, its lines when there are several and each
    is narrow (none a piece of an equation)."""
    homes = [_home(line, columns) for line in row]
    if None not in homes and len(set(homes)) == len(homes):
        return set()  # a line per column: a row of two-column prose
    cells: set[int] = set()
    for column in set(homes):
        if column is None:
            members, width = row, text_width
        else:
            members = [line for line, home in zip(row, homes, strict=True) if home == column or (
                home is None and line.bbox.x1 > column.left and line.bbox.x0 < column.right)]
            width = column.right - column.left
        if len(members) > 1 and all(line.bbox.width < CELL_SHARE * width for line in members) \
                and not any(_is_equation(line) for line in members):
            cells.update(id(line) for line, home in zip(row, homes, strict=True) if home == column)
    return cells


def _home(line: Line, columns: Sequence[TextColumn]) -> TextColumn | None:
    """The text column `line` lies in (its edges within the margin), None when it is wider."""
    return next((c for c in columns if c.left - COLUMN_MARGIN <= line.bbox.x0
                 and line.bbox.x1 <= c.right + COLUMN_MARGIN), None)


def _is_equation(line: Line) -> bool:
    """A piece of a displayed equation: its number, or a relation."""
    return bool(_EQUATION_NUMBER_RE.match(line.text) or _RELATION_RE.search(line.text))


def _goes_on_with(lines: list[Line], line: Line) -> bool:
    """Whether a footnote-sized line at the foot of a page goes on with the reference list
    above it (a list set in small type, IEEE's, reaches the foot of its column): the text
    line before it is a reference entry of its size, just above it, in its column."""
    previous = next((placed for placed in reversed(lines) if placed.role not in OUTSIDE_TEXT), None)
    return (previous is not None and previous.role is Role.REFERENCE_ENTRY
            and abs(previous.size - line.size) <= LIST_SIZE_SLACK
            and 0 <= line.bbox.y0 - previous.bbox.y0 <= LIST_PITCH_SHARE * line.size
            and abs(previous.bbox.x0 - line.bbox.x0) <= LIST_INDENT_SHARE * line.size)


def build_text_layer(found: PaperFindings) -> tuple[TextLayer, AuthorBlock]:
    """The text layer of the paper and its author block, whose lines are the layer's."""
    classify = _Classifier(found)
    block = found.author_block
    title_ids = {id(line) for line in block.title}
    author_ids = {id(line) for line in block.lines} | classify.author_footnotes
    not_cells = set(found.furniture) | classify.front
    final: dict[int, Line] = {}
    pages: list[PageText] = []
    region: TextRegion = "body"
    offset = 0.0
    for layout, height in zip(found.layouts, found.page_heights, strict=True):
        page_region = region
        cells = _table_cells(layout.lines, found.columns, not_cells)
        lines: list[Line] = []
        for line in layout.lines:
            key = id(line)
            role = classify.role(line, cells)
            where: TextRegion
            if key in title_ids:
                where = "title"
            elif key in author_ids:
                where = "authors"
            elif role in OUTSIDE_TEXT:
                where = region
            elif role is Role.FOOTNOTE and region == "references" and _goes_on_with(lines, line):
                role, where = Role.REFERENCE_ENTRY, region
            elif role is Role.FOOTNOTE:
                where = page_region
            else:
                if role is Role.HEADING:
                    region = "abstract" if line is found.abstract else classify.heading_kinds.get(key, region)
                where = region
            if where == "references" and role in (Role.BODY, Role.TABLE_CELL):
                role = Role.REFERENCE_ENTRY
            lines.append(line.placed(role, where, offset + line.bbox.y0))
            final[key] = lines[-1]
        pages.append(PageText(page=layout.page, lines=tuple(lines), line_number_words=layout.ruler,
                              char_count=layout.char_count, doctop=offset, region=page_region))
        offset += height

    def mapped(raw: tuple[Line, ...]) -> tuple[Line, ...]:
        return tuple(final[id(line)] for line in raw)

    return TextLayer(pages=tuple(pages)), dataclasses.replace(
        block, lines=mapped(block.lines), placeholders=mapped(block.placeholders), title=mapped(block.title),
        footnotes=mapped(block.footnotes))
