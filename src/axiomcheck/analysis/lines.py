"""Assemble words into visual lines and set the line-number column apart.

Pure geometry on model objects, no PDF library: words are grouped into rows by baseline
(superscripts and small caps join the row they sit on), a row is split where a wide gap
separates two columns, and the review-mode line numbers (digits standing alone outside the
text's left or right edge) are returned on their own so that they never glue onto a heading
("References230") or count as body text.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from dataclasses import dataclass

from ..model import ASCENT, BBox, Line, Word

ROW_TOLERANCE = 0.3
"""Baselines closer than this fraction of the font size belong to the same row."""
COLUMN_GAP = 1.2
"""A horizontal gap wider than this many font sizes (of the smaller neighbour) ends a line:
a column gutter or the space after a line number, never a justified word space."""
MIN_LINE_NUMBERS_PER_PAGE = 3
"""A page's ruler has at least this many line numbers."""
MAX_LINE_NUMBER_DIGITS = 4
"""A line number has at most this many digits."""
RULER_MARGIN = 1.0
"""Line numbers stand at least this many points outside the text's edges."""
MIN_PROSE_WORDS = 5
"""A page with fewer words of prose than this has no edges to set line numbers apart from."""
SPAN_TRIM = 20
"""The text's edges ignore the outermost 1/20 of the words on each side (5th/95th percentile)."""
RAISED_SIZE = 0.85
"""A row set smaller than this share of its neighbour's size (a superscript or subscript) ..."""
RAISED_OFFSET = 0.45
"""... whose baseline lies within this share of the larger size of its neighbour's joins it."""
MIN_GAP_SIZE = 5.0
"""A gap that ends a line is measured in font sizes of at least this many points."""
MIN_COLUMN_LINES = 3
"""A page reads column by column when each half holds at least this many lines ..."""
MAX_SPANNING_SHARE = 0.25
"""... and at most this share of its lines span both halves."""
GUTTER_MARGIN = 2.0
"""Points a column's line may reach past the middle of the page."""
GUTTER_BAND = 0.15
"""The gutter is looked for this share of the text's width either side of its centre ..."""
GUTTER_STEP = 2.0
"""... every this many points ..."""
ONE_COLUMN_SHARE = 2 / 3
"""... unless more than this share of the lines cross the text's centre: one column."""
PROSE_WORDS = 4
"""A line of at least this many words is prose."""
MIN_PROSE_LINES = 10
"""A page with fewer prose lines than this counts as one column."""
NARROW_LINE = 0.45
"""A prose line narrower than this share of the page may sit in a half-width column."""
COLUMN_MARGIN = 5.0
"""Points a half-width column's line may reach past the middle of the page."""
COLUMN_SHARE = 0.25
"""A page has two columns when each holds at least this share of its prose lines."""
RULER_ALIGNMENT = 1.5
"""Line numbers form a column: their right edges agree within this many points (a section
number such as the "1" of "1 Introduction" stands alone at its own edge)."""


@dataclass(frozen=True)
class PageLayout:
    """A page as read: its lines in reading order (assembled, not yet given their role) and
    the words of its line-number ruler."""

    page: int
    lines: tuple[Line, ...]
    ruler: tuple[Word, ...]
    char_count: int


def page_layout(page: int, words: list[Word], char_count: int) -> PageLayout:
    """The layout of page `page` from its words."""
    text_words, ruler = split_line_numbers(words)
    return PageLayout(page=page, lines=tuple(assemble_lines(page, text_words)), ruler=tuple(ruler),
                      char_count=char_count)


def _is_number(text: str) -> bool:
    return text.isdigit() and len(text) <= MAX_LINE_NUMBER_DIGITS


def _text_span(words: list[Word]) -> tuple[float, float] | None:
    """Left and right edges of the page's prose, ignoring lone digits."""
    prose = [w.bbox for w in words if len(w.text) > 1 and not _is_number(w.text)]
    if len(prose) < MIN_PROSE_WORDS:
        return None
    xs0 = sorted([x0 for x0, _, _, _ in prose])
    xs1 = sorted([x1 for _, _, x1, _ in prose])
    cut = len(xs0) // SPAN_TRIM
    return xs0[cut], xs1[-1 - cut]


def split_line_numbers(words: list[Word]) -> tuple[list[Word], list[Word]]:
    """Return (text words, line-number words) for one page."""
    span = _text_span(words)
    if span is None:
        return words, []
    left, right = span
    outside = [w for w in words if _is_number(w.text)
               and (w.bbox.x1 <= left - RULER_MARGIN or w.bbox.x0 >= right + RULER_MARGIN)]
    edges = Counter(round(w.bbox.x1) for w in outside)
    candidates = [w for w in outside
                  if sum(n for edge, n in edges.items() if abs(edge - w.bbox.x1) <= RULER_ALIGNMENT)
                  >= MIN_LINE_NUMBERS_PER_PAGE]
    if len(candidates) < MIN_LINE_NUMBERS_PER_PAGE:
        return words, []
    taken = {id(w) for w in candidates}
    return [w for w in words if id(w) not in taken], candidates


def baseline_of(word: Word) -> float:
    """Where a word's baseline is: three quarters of its font size below its top."""
    return word.bbox.y0 + ASCENT * word.size


def _rows(words: list[Word]) -> list[list[Word]]:
    bases = [w.bbox.y0 + ASCENT * w.size for w in words]  # _baseline, once per word
    rows: list[list[Word]] = []
    row: list[Word] = []
    row_base = 0.0
    for index in sorted(range(len(words)), key=bases.__getitem__):
        word, base = words[index], bases[index]
        size = word.size
        tolerance = ROW_TOLERANCE * (size if size > 1.0 else 1.0)
        if rows and abs(base - row_base) <= (tolerance if tolerance > 1.0 else 1.0):
            row.append(word)
        else:
            row = [word]
            rows.append(row)
            row_base = base
    return _attach_raised_rows(rows)


def _dominant_size(row: list[Word]) -> float:
    return max((w.size for w in row), default=0.0)


def _attach_raised_rows(rows: list[list[Word]]) -> list[list[Word]]:
    """Merge rows of small raised or lowered text (superscripts, subscripts) into their line."""
    merged: list[list[Word]] = []
    for row in rows:
        size = _dominant_size(row)
        if merged:
            previous = merged[-1]
            prev_size = _dominant_size(previous)
            gap = baseline_of(row[0]) - baseline_of(previous[0])
            smaller = min(size, prev_size)
            larger = max(size, prev_size)
            if smaller < RAISED_SIZE * larger and gap < RAISED_OFFSET * larger and \
                    _overlaps_horizontally(row, previous):
                previous.extend(row)
                continue
        merged.append(row)
    return merged


def _overlaps_horizontally(a: list[Word], b: list[Word]) -> bool:
    a0, a1 = min(w.bbox.x0 for w in a), max(w.bbox.x1 for w in a)
    b0, b1 = min(w.bbox.x0 for w in b), max(w.bbox.x1 for w in b)
    return a0 <= b1 and b0 <= a1


def _left_edge(word: Word) -> float:
    return word.bbox.x0


def _split_row(row: list[Word]) -> list[list[Word]]:
    row = sorted(row, key=_left_edge)
    piece = [row[0]]
    pieces: list[list[Word]] = [piece]
    previous = row[0]
    for word in row[1:]:
        if word.bbox.x0 - previous.bbox.x1 > COLUMN_GAP * max(min(word.size, previous.size), MIN_GAP_SIZE):
            piece = [word]
            pieces.append(piece)
        else:
            piece.append(word)
        previous = word
    return pieces


def _size_and_length(word: Word) -> tuple[float, int]:
    return word.size, len(word.text)


def _make_line(page: int, words: list[Word]) -> Line:
    """A line of `words`; its baseline is that of its largest (then longest) word."""
    xs0, ys0, xs1, ys1 = zip(*[word.bbox for word in words], strict=True)
    main = max(words, key=_size_and_length)
    return Line(page=page, words=tuple(words), bbox=BBox(min(xs0), min(ys0), max(xs1), max(ys1)),
                baseline=round(baseline_of(main), 2))


def assemble_lines(page: int, words: list[Word]) -> list[Line]:
    """Group a page's text words into lines, top to bottom, left column before right."""
    lines = [_make_line(page, piece) for row in _rows(words) for piece in _split_row(row)]
    return _reading_order(lines)


def _gutter(lines: list[Line]) -> float:
    """Where a two-column page parts its columns: the place in the middle band of the text
    (GUTTER_BAND of its width on either side of its centre) that the fewest lines cross,
    nearest the centre. Margin text (an arXiv stamp, a URL running off the page) does not move
    it off the gutter."""
    left = min(line.bbox.x0 for line in lines)
    right = max(line.bbox.x1 for line in lines)
    centre = (left + right) / 2
    edges = [(line.bbox.x0 + GUTTER_MARGIN, line.bbox.x1 - GUTTER_MARGIN) for line in lines]
    starts = sorted(x0 for x0, x1 in edges if x0 < x1)  # a line narrower than the margins crosses nothing
    ends = sorted(x1 for x0, x1 in edges if x0 < x1)

    def crossing(x: float) -> int:
        """Lines with x0 < x < x1: those starting left of x, less those also ending by x."""
        return bisect_left(starts, x) - bisect_right(ends, x)

    at_centre = crossing(centre)
    if at_centre == 0 or at_centre > ONE_COLUMN_SHARE * len(lines):
        return centre  # the gutter, or a page of one column whatever the place
    steps = int(GUTTER_BAND * (right - left) // GUTTER_STEP)
    places = [centre + GUTTER_STEP * k for k in range(-steps, steps + 1)]
    return min(places, key=lambda x: (crossing(x), abs(x - centre)))


def _reading_order(lines: list[Line]) -> list[Line]:
    """Top to bottom, but a two-column page reads its left column before its right one, the
    columns parted at the gutter (`_gutter`)."""
    if not lines:
        return lines
    middle = _gutter(lines)
    left = [line for line in lines if line.bbox.x1 <= middle + GUTTER_MARGIN]
    right = [line for line in lines if line.bbox.x0 >= middle - GUTTER_MARGIN]
    spanning = [line for line in lines
                if line.bbox.x1 > middle + GUTTER_MARGIN and line.bbox.x0 < middle - GUTTER_MARGIN]
    if min(len(left), len(right)) < MIN_COLUMN_LINES or len(spanning) > MAX_SPANNING_SHARE * len(lines):
        return sorted(lines, key=lambda line: (line.baseline, line.bbox.x0))
    return _columns_in_bands(lines, middle)


def _columns_in_bands(lines: list[Line], middle: float) -> list[Line]:
    """Spanning lines (title, wide figures) cut the page into bands read column by column."""
    ordered = sorted(lines, key=lambda line: (line.baseline, line.bbox.x0))
    result: list[Line] = []
    band_left: list[Line] = []
    band_right: list[Line] = []

    def flush() -> None:
        result.extend(band_left)
        result.extend(band_right)
        band_left.clear()
        band_right.clear()

    for line in ordered:
        if line.bbox.x1 <= middle + GUTTER_MARGIN:
            band_left.append(line)
        elif line.bbox.x0 >= middle - GUTTER_MARGIN:
            band_right.append(line)
        else:
            flush()
            result.append(line)
    flush()
    return result


def column_count(lines: list[Line], page_width: float) -> int:
    """1 or 2: whether most prose lines sit in one of two half-width columns."""
    prose = [line for line in lines if len(line.words) >= PROSE_WORDS]
    if len(prose) < MIN_PROSE_LINES:
        return 1
    middle = page_width / 2
    narrow = [line for line in prose if line.bbox.width < NARROW_LINE * page_width]
    left = sum(1 for line in narrow if line.bbox.x1 <= middle + COLUMN_MARGIN)
    right = sum(1 for line in narrow if line.bbox.x0 >= middle - COLUMN_MARGIN)
    if left >= COLUMN_SHARE * len(prose) and right >= COLUMN_SHARE * len(prose):
        return 2
    return 1
