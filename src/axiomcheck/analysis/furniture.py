"""Page furniture: running heads and feet, folios, and marks that stand alone.

None of them is the paper's text, so section, caption and main-body detection leave them out
and they get their own roles (`Role.RUNNING_HEAD`, `Role.FOLIO`, `Role.MARKS`):

- a line in the top or bottom row of its page whose text (digits and spaces aside) comes
  back in those rows on many pages is a running head (or foot);
- a line of at most four numbers alone, or "Page 3" / "Page 3 of 10", is a folio when it
  stands in the top or bottom row of its page, and a mark elsewhere (an axis tick);
- a line with no letter and no digit (a bullet, a rule, a lone operator) is a mark.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from ..model import Line, Role

RUNNING_HEAD_SHARE = 0.3
"""A text that comes back in the top or bottom rows of this share of the pages (and at least
two) is a running head or foot."""
MIN_RUNNING_HEAD_PAGES = 2
EDGE_ROW_TOLERANCE = 12.0
"""Lines this close to the top (bottom) of the page's text form its top (bottom) row."""
MAX_FOLIO_WORDS = 4
"""A folio line has at most this many words ("Page 3 of 10")."""
_FOLIO_KEYS = ("", "page", "pageof")
"""What a folio's text is once digits and spaces are taken out."""
_DIGITS_AND_SPACE_RE = re.compile(r"[\d\s]")
_WORD_CHARACTER_RE = re.compile(r"[^\W_]")
"""A letter or a digit (what `str.isalnum` says, found by the regular-expression engine)."""


def has_word_characters(line: Line) -> bool:
    """The line holds a letter or a digit."""
    return _WORD_CHARACTER_RE.search(line.text) is not None


def page_key(text: str) -> str:
    """A line's text as compared across pages: lower case, digits and spaces taken out."""
    return _DIGITS_AND_SPACE_RE.sub("", text.lower())


def edge_rows(lines: Sequence[Line]) -> tuple[list[Line], list[Line]]:
    """The lines of a page's top row and bottom row (a running head may be split in pieces);
    a line without a letter or a digit is in neither."""
    lines = [line for line in lines if has_word_characters(line)]
    if not lines:
        return [], []
    top = min(line.bbox.y0 for line in lines)
    bottom = max(line.bbox.y1 for line in lines)
    return ([line for line in lines if line.bbox.y0 - top < EDGE_ROW_TOLERANCE],
            [line for line in lines if bottom - line.bbox.y1 < EDGE_ROW_TOLERANCE])


def furniture(pages: Sequence[Sequence[Line]]) -> dict[int, Role]:
    """The role of every furniture line of the document, by `id(line)`: `RUNNING_HEAD`, `FOLIO`
    or `MARKS`. Lines not in the result are the paper's text."""
    edges = [edge_rows(lines) for lines in pages]
    keys = {id(line): page_key(line.text) for lines in pages for line in lines}
    in_edges = {id(line) for top_row, bottom_row in edges for line in top_row + bottom_row}
    counts: Counter[str] = Counter()
    for top_row, bottom_row in edges:
        counts.update({keys[id(line)] for line in top_row + bottom_row})
    threshold = max(MIN_RUNNING_HEAD_PAGES, RUNNING_HEAD_SHARE * len(pages))
    repeated = {text for text, n in counts.items() if n >= threshold}
    found: dict[int, Role] = {}
    for lines in pages:
        for line in lines:
            key = keys[id(line)]
            if not has_word_characters(line):
                found[id(line)] = Role.MARKS
            elif key in _FOLIO_KEYS and len(line.words) <= MAX_FOLIO_WORDS:
                found[id(line)] = Role.FOLIO if id(line) in in_edges else Role.MARKS
            elif id(line) in in_edges and key in repeated:
                found[id(line)] = Role.RUNNING_HEAD
    return found
