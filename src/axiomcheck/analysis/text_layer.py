"""The paper's text layer: every line given its role, its region and its doctop, once.

Everything else analysis finds is decided first, on the lines as assembled (page furniture,
the notice, the title and author block with its footnotes, the abstract, section headings,
captions and figures); this module turns those findings into the model's `TextLayer`, whose
lines carry them, so that no rule has to work them out again.

A line's role, first that applies: page furniture (`furniture.py`), the notice, a heading
(or a piece of one; the abstract's heading too), a footnote (footnote-sized type at the foot
of a page; on page 1 the author block's footnotes), a caption, text inside a figure, a line
of the reference list, a table cell (a line that shares its row of its text column with
another), else body text.

A line's region follows the reading order: the title and the author block (with its
footnotes) are `title` and `authors`, the abstract's heading opens `abstract`, and each
section heading opens its kind (`body`, `references`, ...); a footnote belongs to the
region its page starts in (a footnote under a References heading that starts mid-page
belongs to the text above the heading).
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..model import AuthorBlock, BBox, Float, Heading, Line, Notice, PageText, Role, TextLayer, Word
from .front_matter import FOOT_ZONE
from .lines import PageLayout, baseline_of
from .sections import TextColumn

FOOTNOTE_SIZE_STEP = 1.5
"""Footnotes are set this much smaller than the body (NeurIPS: 8 pt under 10 pt); a reference
list in 9 pt at the foot of a page is not one."""
EDGE_TOLERANCE = 0.5
"""Points a line may stick out of a caption's or figure's box and still be inside it."""
ROW_SHARE = 0.5
"""Lines whose baselines are closer than this share of the font size stand in one row."""
COLUMN_MARGIN = 4.0
"""Points a line may stick out of its text column's edges and still belong to it."""
_EQUATION_NUMBER_RE = re.compile(r"^\((?:\d{1,3}|[A-Z])(?:\.\d{1,3})*[a-z]?\)$")
"""An equation's number, "(3)" or "(A.2b)", beside the equation on its row (not a table)."""


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
        self.heading_kinds: dict[int, str] = {}
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
        front = block.title + block.lines + block.footnotes
        self.front = {id(line) for line in front}

    def is_notice(self, line: Line) -> bool:
        notice = self.found.notice
        return line.page == 1 and notice is not None and line.bbox.overlap_area(notice.bbox) > 0

    def is_footnote(self, line: Line) -> bool:
        if id(line) in self.author_footnotes:
            return True
        height = self.found.page_heights[line.page - 1]
        return line.bbox.y0 > FOOT_ZONE * height and line.size <= self.found.body_size - FOOTNOTE_SIZE_STEP

    def role(self, line: Line, region: str, cells: set[int]) -> Role:
        key = id(line)
        furniture = self.found.furniture.get(key)
        if furniture is not None:
            return furniture
        if self.is_notice(line):
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
        if region == "references":
            return Role.REFERENCE_ENTRY
        return Role.TABLE_CELL if key in cells else Role.BODY


def _table_cells(lines: Sequence[Line], columns: Sequence[TextColumn], skip: set[int]) -> set[int]:
    """ids of the lines that share their row of their text column with another line (a
    display equation beside its number aside)."""
    text = sorted((line for line in lines if id(line) not in skip), key=lambda line: line.baseline)
    baselines = [line.baseline for line in text]
    cells: set[int] = set()
    for line in text:
        tolerance = ROW_SHARE * max(line.size, 1.0)
        start = bisect.bisect_left(baselines, line.baseline - tolerance)
        end = bisect.bisect_right(baselines, line.baseline + tolerance)
        if end - start == 1:  # alone in its row on the whole page
            continue
        column = next((c for c in columns if c.left - COLUMN_MARGIN <= line.bbox.x0
                       and line.bbox.x1 <= c.right + COLUMN_MARGIN), None)
        low, high = (column.left - COLUMN_MARGIN, column.right + COLUMN_MARGIN) if column else \
            (float("-inf"), float("inf"))
        row = [other for other in text[start:end] if other is not line and other.bbox.x1 > low and other.bbox.x0 < high]
        if row and not (len(row) == 1 and (_EQUATION_NUMBER_RE.match(row[0].text)
                                           or _EQUATION_NUMBER_RE.match(line.text))):
            cells.add(id(line))
    return cells


def _ruler_line(word: Word, region: str, offset: float, page: int) -> Line:
    return Line(page=page, words=(word,), bbox=word.bbox, baseline=round(baseline_of(word), 2),
                role=Role.LINE_NUMBER, region=region, doctop=offset + word.bbox.y0)


def build_text_layer(found: PaperFindings) -> tuple[TextLayer, AuthorBlock]:
    """The text layer of the paper and its author block, whose lines are the layer's."""
    classify = _Classifier(found)
    block = found.author_block
    title_ids = {id(line) for line in block.title}
    author_ids = {id(line) for line in block.lines} | classify.author_footnotes
    skip = set(found.furniture)
    final: dict[int, Line] = {}
    pages: list[PageText] = []
    region = "body"
    offset = 0.0
    for layout, height in zip(found.layouts, found.page_heights, strict=True):
        page_region = region
        cells = _table_cells(layout.lines, found.columns, skip | classify.front)
        lines: list[Line] = []
        for line in layout.lines:
            key = id(line)
            if key in title_ids:
                where = "title"
            elif key in author_ids:
                where = "authors"
            elif key in skip or classify.is_notice(line):
                where = region
            elif key not in classify.heading_kinds and line is not found.abstract and classify.is_footnote(line):
                where = page_region
            else:
                if line is found.abstract:
                    region = "abstract"
                else:
                    region = classify.heading_kinds.get(key, region)
                where = region
            role = classify.role(line, where, cells)
            lines.append(Line(page=line.page, words=line.words, bbox=line.bbox, baseline=line.baseline,
                              role=role, region=where, doctop=offset + line.bbox.y0))
            final[key] = lines[-1]
        ruler = tuple(_ruler_line(word, page_region, offset, layout.page) for word in layout.ruler)
        pages.append(PageText(page=layout.page, lines=tuple(lines), ruler=ruler, char_count=layout.char_count))
        offset += height

    def mapped(raw: tuple[Line, ...]) -> tuple[Line, ...]:
        return tuple(final[id(line)] for line in raw)

    return TextLayer(pages=tuple(pages)), dataclasses.replace(
        block, lines=mapped(block.lines), placeholders=mapped(block.placeholders), title=mapped(block.title),
        footnotes=mapped(block.footnotes))
