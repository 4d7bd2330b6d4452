"""Whether a reader can see a word, and rows of text that run off the page: shared by the
hidden-text, reviewer-prompt and page-overflow rules.

Words carry their fill brightness and render mode from the PDF reader, and the document says
what gray is painted under a word by everything but text (it renders the page only when a
rule asks); the type size is cross-checked with the glyph widths, because PDFium reports the
nominal size of text scaled by its text matrix (figure labels often say 1 pt). A row that
starts on the page and runs past its edge (an overfull table row) is not hidden: it is a
layout overflow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import BBox, Line, PageInfo, Word, enclosing
from ._places import page_box

if TYPE_CHECKING:
    from ..model import Document

GLYPH_WIDTH_PER_POINT = 0.45
"""An average glyph of Times/Helvetica is about 0.45 of the type size wide."""
OCR_LAYER_SHARE = 0.8
"""A page whose characters are at least this share invisible carries an OCR text layer over a
scan: that invisible text is the page's own text, not hidden text."""


@dataclass(frozen=True)
class Visibility:
    """The thresholds that decide whether a reader can see a word."""

    min_size: float = 4.0
    """Text smaller than this (points) counts as hidden."""
    white_level: float = 0.92
    """Fill brightness (0 black .. 1 white) at or above which text is checked against what is
    painted behind it."""
    min_contrast: float = 0.15
    """White text is hidden when the gray painted around it differs from its fill by less than this."""


def _outside(word: Word, area: BBox) -> bool:
    """The word lies entirely outside `area` (the page's crop box)."""
    return word.bbox.x1 < area.x0 or word.bbox.x0 > area.x1 or word.bbox.y1 < area.y0 or word.bbox.y0 > area.y1


def _inside(word: Word, area: BBox) -> bool:
    return area.x0 <= word.bbox.x0 and word.bbox.x1 <= area.x1 and area.y0 <= word.bbox.y0 and word.bbox.y1 <= area.y1


BASELINE_TOLERANCE = 1.0
"""Lines whose baselines differ by at most this (points) form one row (cells of a table row)."""
MAX_GAP = 36.0
"""Words of a row further apart than this (points) are not one line of text running on."""


@dataclass(frozen=True)
class Overflow:
    """A row of text (lines sharing a baseline) that starts on the page and runs past its edge."""

    lines: tuple[Line, ...]
    beyond: tuple[Word, ...]
    """The words that lie partly or wholly off the visible page."""

    @property
    def bbox(self) -> BBox:
        return enclosing(line.bbox for line in self.lines)


def overflows(lines: tuple[Line, ...], page: PageInfo) -> list[Overflow]:
    """Rows of the page with words on it and words past its edge (an overfull table row or line);
    a row wholly off the page is not an overflow."""
    area = page_box(page)
    boxes = [w.bbox for line in lines for w in line.words]
    if not boxes or (area.x0 <= min([b.x0 for b in boxes]) and max([b.x1 for b in boxes]) <= area.x1
                     and area.y0 <= min([b.y0 for b in boxes]) and max([b.y1 for b in boxes]) <= area.y1):
        return []  # the usual page: every word lies on it
    rows: list[list[Line]] = []
    for line in sorted(lines, key=lambda line: line.baseline):
        if rows and abs(rows[-1][0].baseline - line.baseline) <= BASELINE_TOLERANCE:
            rows[-1].append(line)
        else:
            rows.append([line])
    found = []
    for row in rows:
        beyond = _run_off(sorted((w for line in row for w in line.words), key=lambda w: w.bbox.x0), area)
        if beyond:
            found.append(Overflow(tuple(sorted(row, key=lambda line: line.bbox.x0)), beyond))
    return found


def _run_off(words: list[Word], area: BBox) -> tuple[Word, ...]:
    """The words that continue a row past the left or right edge of `area`, each at most MAX_GAP
    from the previous one, starting from the outermost word on the page."""
    inside = [index for index, word in enumerate(words) if _inside(word, area)]
    if not inside:
        return ()
    beyond: list[Word] = []
    for chain in (words[inside[-1]:], words[inside[0]::-1]):
        for previous, word in zip(chain, chain[1:], strict=False):
            rightwards = word.bbox.x0 >= previous.bbox.x0
            gap = word.bbox.x0 - previous.bbox.x1 if rightwards else previous.bbox.x0 - word.bbox.x1
            if gap > MAX_GAP:
                break
            if not _inside(word, area):
                beyond.append(word)
    return tuple(beyond)


def _blends_in(doc: Document, word: Word, fill_gray: float, page: PageInfo, thresholds: Visibility) -> bool:
    """The word's fill is nearly the gray painted around it (a page that cannot be rendered counts
    as white paper)."""
    background = doc.background_gray(page.number, word.bbox)
    return abs(fill_gray - (1.0 if background is None else background)) < thresholds.min_contrast


def hidden_reason(doc: Document, word: Word, page: PageInfo, thresholds: Visibility,
                  ocr_layer: bool = False, overflow: frozenset[int] = frozenset(),
                  area: BBox | None = None) -> str | None:
    """Why a reader cannot see `word` (invisible, white, tiny or outside), None when it is visible. Words in
    `overflow` (ids) run off the page from a line that starts on it: not hidden by design.
    `area` is the page's crop box (`page_box(page)`) when the caller has it already."""
    if word.invisible and not ocr_layer:
        return "invisible"
    if word.fill_gray is not None and word.fill_gray >= thresholds.white_level and\
            _blends_in(doc, word, word.fill_gray, page, thresholds):
        return "white"
    if word.size < thresholds.min_size and word.bbox.width / max(len(word.text), 1) <\
            GLYPH_WIDTH_PER_POINT * thresholds.min_size:
        return "tiny"
    if _outside(word, area or page_box(page)) and id(word) not in overflow:
        return "outside"
    return None


def is_ocr_layer(lines: tuple[Line, ...]) -> bool:
    """The page's text is almost all invisible: an OCR layer over a scan, the page's own text."""
    total = sum(len(w.text) for line in lines for w in line.words)
    invisible = sum(len(w.text) for line in lines for w in line.words if w.invisible)
    return total > 0 and invisible >= OCR_LAYER_SHARE * total
