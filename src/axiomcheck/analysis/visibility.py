"""Which words of a page a reader cannot see: the model's `PageVisibility`.

The PDF side measures paint (`pdf.visibility`: render modes, transparency, layers, clips,
covering shapes and colours, decided by rendering). Geometry and type decide the rest here:

- A word wholly off the visible page (its crop box) is hidden, unless its row starts on the
  page and runs on past the edge: an overfull table row or line is an overflow, cut off by the
  layout, not hidden. A row runs on when each next word is within `MAX_GAP` of the previous
  one, or starts where words of other overflowing rows start too (the columns of a table wider
  than the page).
- A word in type under `MIN_READABLE_SIZE` is hidden when its glyph widths agree (PDFium
  reports the nominal size of text scaled by its text matrix: figure labels often say 1 pt).
- Words whose font's glyphs show other text than the text layer says are hidden.
- A page whose text is mostly in render mode 3 is an OCR layer over a scan: its text is what
  the scan shows, not hidden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..model import BBox, Hiding, HidingReason, Line, Overflow, PageInfo, PageVisibility, Word

MIN_READABLE_SIZE = 4.0
"""Type smaller than this (points) cannot be read."""
GLYPH_WIDTH_PER_POINT = 0.45
"""An average glyph of Times/Helvetica is about 0.45 of the type size wide."""
OCR_LAYER_SHARE = 0.8
"""A page whose characters are at least this share in render mode 3 carries an OCR text layer
over a scan."""
BASELINE_TOLERANCE = 1.0
"""Lines whose baselines differ by at most this (points) form one row (cells of a table row)."""
MAX_GAP = 36.0
"""Words of a row further apart than this (points) are not one line of text running on,
unless they start a column that other overflowing rows share."""
COLUMN_TOLERANCE = 2.0
"""Words starting within this (points) of each other start the same table column."""
MIN_COLUMN_ROWS = 2
"""A column start past the page edge is one when words of this many rows start there."""


def page_visibility(number: int, page: PageInfo, lines: tuple[Line, ...], painted: Mapping[Word, Hiding],
                    text_layer: Mapping[Word, str]) -> PageVisibility:
    """The visibility of the words of `lines` on page `number`: `painted` is what rendering
    found (`Source.page_hidings`), `text_layer` the words whose glyphs show other text (the
    text they show)."""
    words = [word for line in lines for word in line.words]
    ocr_layer = _ocr_layer(words, painted)
    area = page.visible_box
    rows = overflows(lines, area)
    beyond = {word for row in rows for word in row.beyond}
    hidden = _hidden(words, painted if not ocr_layer else _without_render_mode(painted), area, beyond, text_layer)
    return PageVisibility(page=number, hidden=hidden, overflows=tuple(rows), ocr_layer=ocr_layer)


def _ocr_layer(words: list[Word], painted: Mapping[Word, Hiding]) -> bool:
    """Most of the page's text is in render mode 3: an invisible layer over a scan."""
    if not any(hiding.reason == "render-mode" for hiding in painted.values()):
        return False
    total = sum(len(word.text) for word in words)
    invisible = sum(len(word.text) for word in words if _reason(painted.get(word)) == "render-mode")
    return total > 0 and invisible >= OCR_LAYER_SHARE * total


def _without_render_mode(painted: Mapping[Word, Hiding]) -> dict[Word, Hiding]:
    """What rendering found, but the text of an OCR layer (what the scan shows)."""
    return {word: hiding for word, hiding in painted.items() if hiding.reason != "render-mode"}


def _hidden(words: list[Word], painted: Mapping[Word, Hiding], area: BBox, beyond: set[Word],
            text_layer: Mapping[Word, str]) -> dict[Word, Hiding]:
    """Every hidden word and why: what rendering found, else wholly off the page (not an
    overflow's), too small to read, or showing other glyphs than its text."""
    hidden: dict[Word, Hiding] = {}
    left, top, right, bottom = area
    for word in words:  # the usual page paints and maps every word honestly: no look-ups then
        hiding = painted.get(word) if painted else None
        box = word.bbox
        if hiding is None and (box.x1 < left or box.x0 > right or box.y1 < top or box.y0 > bottom) \
                and word not in beyond:  # wholly outside the page, not an overflow
            hiding = Hiding("off-page", _side(word.bbox, area))
        if hiding is None and word.size < MIN_READABLE_SIZE and _tiny(word):
            hiding = Hiding("tiny", f"{word.size:.1f} pt")
        if hiding is None and text_layer and word in text_layer:
            hiding = Hiding("text-layer", text_layer[word])
        if hiding is not None:
            hidden[word] = hiding
    return hidden


def _reason(hiding: Hiding | None) -> HidingReason | None:
    return hiding.reason if hiding is not None else None


def glyph_differences(lines: tuple[Line, ...],
                      fonts: Mapping[str, tuple[Mapping[str, str], Sequence[str]]]) -> dict[Word, str]:
    """The words of `lines` whose glyphs show other text than the text layer says, with the
    text they show: most of a word's letters come from codes of its font (`fonts`: font name ->
    (lying text -> shown text, texts the font maps honestly)) whose ToUnicode map lies."""
    found: dict[Word, str] = {}
    if not fonts:
        return found
    swaps = {name: frozenset(text for text in lying if text not in honest) for name, (lying, honest) in fonts.items()}
    for line in lines:
        for word in line.words:
            swappable = swaps.get(word.font)
            if not swappable or swappable.isdisjoint(word.text):
                continue  # no letter of the word is one its font's map lies about
            lying, honest = fonts[word.font]
            letters = [char for char in word.text if char.isalnum()]
            swapped = [char for char in letters if char in lying and char not in honest]
            if letters and 2 * len(swapped) >= len(letters):
                found[word] = "".join(lying.get(char, char) if char not in honest else char for char in word.text)
    return found


def _tiny(word: Word) -> bool:
    return word.size < MIN_READABLE_SIZE and \
        word.bbox.width / max(len(word.text), 1) < GLYPH_WIDTH_PER_POINT * MIN_READABLE_SIZE


def _inside(box: BBox, area: BBox) -> bool:
    return area.x0 <= box.x0 and box.x1 <= area.x1 and area.y0 <= box.y0 and box.y1 <= area.y1


def _side(box: BBox, area: BBox) -> str:
    """Where `box` lies off `area`: right, left, below or above the page."""
    if box.x0 > area.x1:
        return "right of the page"
    if box.x1 < area.x0:
        return "left of the page"
    return "below the page" if box.y0 > area.y1 else "above the page"


def overflows(lines: tuple[Line, ...], area: BBox) -> list[Overflow]:
    """Rows with words on the page (`area`, its crop box) that run on past its left or right
    edge; a row wholly off the page is not an overflow."""
    boxes = [w.bbox for line in lines for w in line.words]
    left, top, right, bottom = area
    if all(left <= box.x0 and box.x1 <= right and top <= box.y0 and box.y1 <= bottom for box in boxes):
        return []  # the usual page: every word lies on it
    rows: list[list[Line]] = []
    for line in sorted(lines, key=lambda item: item.baseline):
        if rows and abs(rows[-1][0].baseline - line.baseline) <= BASELINE_TOLERANCE:
            rows[-1].append(line)
        else:
            rows.append([line])
    ordered = [sorted((w for line in row for w in line.words), key=lambda w: w.bbox.x0) for row in rows]
    starts = _column_starts(ordered, area)
    found = []
    for row, words in zip(rows, ordered, strict=True):
        beyond = _run_off(words, area, starts)
        if beyond:
            found.append(Overflow(tuple(sorted(row, key=lambda item: item.bbox.x0)), beyond))
    return found


def _column_starts(rows: list[list[Word]], area: BBox) -> list[float]:
    """Left edges, past the page's side edges, where words of MIN_COLUMN_ROWS rows that start on
    the page begin: the columns of a table that runs off the page."""
    edges: list[tuple[float, int]] = []
    for number, words in enumerate(rows):
        if any(_inside(w.bbox, area) for w in words):
            edges += [(w.bbox.x0, number) for w in words if w.bbox.x1 > area.x1 or w.bbox.x0 < area.x0]
    edges.sort()
    starts: list[float] = []
    for index, (x, _) in enumerate(edges):
        rows_here = {row for other, row in edges[index:] if other - x <= COLUMN_TOLERANCE}
        if len(rows_here) >= MIN_COLUMN_ROWS and not (starts and x - starts[-1] <= COLUMN_TOLERANCE):
            starts.append(x)
    return starts


def _run_off(words: list[Word], area: BBox, starts: list[float]) -> tuple[Word, ...]:
    """The words that continue a row past the left or right edge of `area`, each within MAX_GAP
    of the previous one or at a shared column start, from the outermost word on the page."""
    inside = [index for index, word in enumerate(words) if _inside(word.bbox, area)]
    if not inside:
        return ()
    beyond: list[Word] = []
    for chain in (words[inside[-1]:], words[inside[0]::-1]):
        for previous, word in zip(chain, chain[1:], strict=False):
            rightwards = word.bbox.x0 >= previous.bbox.x0
            gap = word.bbox.x0 - previous.bbox.x1 if rightwards else previous.bbox.x0 - word.bbox.x1
            if gap > MAX_GAP and not any(abs(word.bbox.x0 - start) <= COLUMN_TOLERANCE for start in starts):
                break
            if not _inside(word.bbox, area):
                beyond.append(word)
    return tuple(beyond)
