"""Assemble words into visual lines and set the line-number column apart.

Pure geometry on model objects, no PDF library: words are grouped into rows by baseline
(superscripts and small caps join the row they sit on), a row is split where a wide gap
separates two columns, and the review-mode line numbers (digits standing alone outside the
text's left or right edge) are returned on their own so that they never glue onto a heading
("References230") or count as body text.
"""

from __future__ import annotations

from collections import Counter

from ..model import BBox, Line, Word

ROW_TOLERANCE = 0.3
"""Baselines closer than this fraction of the font size belong to the same row."""
COLUMN_GAP = 1.2
"""A horizontal gap wider than this many font sizes (of the smaller neighbour) ends a line:
a column gutter or the space after a line number, never a justified word space."""
MIN_LINE_NUMBERS_PER_PAGE = 3
RULER_ALIGNMENT = 1.5
"""Line numbers form a column: their right edges agree within this many points (a section
number such as the "1" of "1 Introduction" stands alone at its own edge)."""


def _is_number(text: str) -> bool:
    return text.isdigit() and len(text) <= 4


def _text_span(words: list[Word]) -> tuple[float, float] | None:
    """Left and right edges of the page's prose, ignoring lone digits."""
    prose = [w.bbox for w in words if len(w.text) > 1 and not _is_number(w.text)]
    if len(prose) < 5:
        return None
    xs0 = sorted([box.x0 for box in prose])
    xs1 = sorted([box.x1 for box in prose])
    cut = len(xs0) // 20
    return xs0[cut], xs1[-1 - cut]


def split_line_numbers(words: list[Word]) -> tuple[list[Word], list[Word]]:
    """Return (text words, line-number words) for one page."""
    span = _text_span(words)
    if span is None:
        return words, []
    left, right = span
    outside = [w for w in words if _is_number(w.text)
               and (w.bbox.x1 <= left - 1.0 or w.bbox.x0 >= right + 1.0)]
    edges = Counter(round(w.bbox.x1) for w in outside)
    candidates = [w for w in outside
                  if sum(n for edge, n in edges.items() if abs(edge - w.bbox.x1) <= RULER_ALIGNMENT)
                  >= MIN_LINE_NUMBERS_PER_PAGE]
    if len(candidates) < MIN_LINE_NUMBERS_PER_PAGE:
        return words, []
    taken = {id(w) for w in candidates}
    return [w for w in words if id(w) not in taken], candidates


def _baseline(word: Word) -> float:
    return word.bbox.y0 + 0.75 * word.size


def _rows(words: list[Word]) -> list[list[Word]]:
    bases = [w.bbox.y0 + 0.75 * w.size for w in words]  # _baseline, once per word
    rows: list[list[Word]] = []
    row_base = 0.0
    for index in sorted(range(len(words)), key=bases.__getitem__):
        word, base = words[index], bases[index]
        if rows and abs(base - row_base) <= max(1.0, ROW_TOLERANCE * max(word.size, 1.0)):
            rows[-1].append(word)
        else:
            rows.append([word])
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
            gap = _baseline(row[0]) - _baseline(previous[0])
            smaller = min(size, prev_size)
            larger = max(size, prev_size)
            if smaller < 0.85 * larger and gap < 0.45 * larger and _overlaps_horizontally(row, previous):
                previous.extend(row)
                continue
        merged.append(row)
    return merged


def _overlaps_horizontally(a: list[Word], b: list[Word]) -> bool:
    a0, a1 = min(w.bbox.x0 for w in a), max(w.bbox.x1 for w in a)
    b0, b1 = min(w.bbox.x0 for w in b), max(w.bbox.x1 for w in b)
    return a0 <= b1 and b0 <= a1


def _split_row(row: list[Word]) -> list[list[Word]]:
    row = sorted(row, key=lambda w: w.bbox.x0)
    pieces: list[list[Word]] = [[row[0]]]
    for word in row[1:]:
        previous = pieces[-1][-1]
        gap = word.bbox.x0 - previous.bbox.x1
        if gap > COLUMN_GAP * max(min(word.size, previous.size), 5.0):
            pieces.append([word])
        else:
            pieces[-1].append(word)
    return pieces


def _make_line(page: int, words: list[Word]) -> Line:
    boxes = [w.bbox for w in words]
    box = BBox(min([b.x0 for b in boxes]), min([b.y0 for b in boxes]),
               max([b.x1 for b in boxes]), max([b.y1 for b in boxes]))
    main = max(words, key=lambda w: (w.size, len(w.text)))
    return Line(page=page, words=tuple(words), bbox=box, baseline=round(_baseline(main), 2))


def assemble_lines(page: int, words: list[Word]) -> list[Line]:
    """Group a page's text words into lines, top to bottom, left column before right."""
    lines = [_make_line(page, piece) for row in _rows(words) for piece in _split_row(row)]
    return _reading_order(lines)


def _reading_order(lines: list[Line]) -> list[Line]:
    """Top to bottom, but a two-column page reads its left column before its right one."""
    if not lines:
        return lines
    page_left = min(l.bbox.x0 for l in lines)
    page_right = max(l.bbox.x1 for l in lines)
    middle = (page_left + page_right) / 2
    left = [l for l in lines if l.bbox.x1 <= middle + 2]
    right = [l for l in lines if l.bbox.x0 >= middle - 2]
    spanning = [l for l in lines if l.bbox.x1 > middle + 2 and l.bbox.x0 < middle - 2]
    if len(left) < 3 or len(right) < 3 or len(spanning) > 0.25 * len(lines):
        return sorted(lines, key=lambda l: (l.baseline, l.bbox.x0))
    return _columns_in_bands(lines, middle)


def _columns_in_bands(lines: list[Line], middle: float) -> list[Line]:
    """Spanning lines (title, wide figures) cut the page into bands read column by column."""
    ordered = sorted(lines, key=lambda l: (l.baseline, l.bbox.x0))
    result: list[Line] = []
    band_left: list[Line] = []
    band_right: list[Line] = []

    def flush() -> None:
        result.extend(band_left)
        result.extend(band_right)
        band_left.clear()
        band_right.clear()

    for line in ordered:
        if line.bbox.x1 <= middle + 2:
            band_left.append(line)
        elif line.bbox.x0 >= middle - 2:
            band_right.append(line)
        else:
            flush()
            result.append(line)
    flush()
    return result


def column_count(lines: list[Line], page_width: float) -> int:
    """1 or 2: whether most prose lines sit in one of two half-width columns."""
    prose = [l for l in lines if len(l.words) >= 4]
    if len(prose) < 10:
        return 1
    middle = page_width / 2
    narrow = [l for l in prose if l.bbox.width < 0.45 * page_width]
    left = sum(1 for l in narrow if l.bbox.x1 <= middle + 5)
    right = sum(1 for l in narrow if l.bbox.x0 >= middle - 5)
    if left >= 0.25 * len(prose) and right >= 0.25 * len(prose):
        return 2
    return 1
