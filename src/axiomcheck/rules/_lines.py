"""The lines the layout and font rules measure: text set in the body size."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import CLOSING_KINDS, FRONT_MATTER, OUTSIDE_TEXT, Line, Role

if TYPE_CHECKING:
    from ..model import Document

PROSE_WORDS = 6
"""A body line of at least this many words ..."""
WORDY_SHARE = 0.7
"""... this share of them words of letters, is running prose."""
MIN_PROSE_LINES = 10
"""Running prose measures the main text's size when it has at least this many lines."""
BODY_SIZE_SLACK = 1.0
"""Lines within this many points of the body size are body text (footnotes, captions and
figure labels are smaller, headings larger)."""


def body_size_lines(doc: Document, page: int) -> list[Line]:
    """The page's lines set in the body size (headings, captions and table cells of that size
    included), page furniture and the page-1 notice left out."""
    size = doc.body_size
    return [line for line in doc.text.lines(page, without=OUTSIDE_TEXT) if abs(line.size - size) <= BODY_SIZE_SLACK]


def main_text_size(doc: Document) -> float | None:
    """The size of most characters of the main text's running prose: the body's and its
    statements' prose lines (PROSE_WORDS words or more, most of them words of letters; never the
    front matter, whose abstract many templates set smaller (LNCS: 9 pt over a 10 pt body), nor
    the references, the appendix or the checklist, which are often set smaller and may be longer
    than the paper), else the abstract's, when there are MIN_PROSE_LINES of them. None when the
    paper has too little running prose to tell (an unfinished outline of headings and a table):
    short lines may be the cells of a table the layout did not recognise or a running head."""
    tallies: dict[str, dict[float, int]] = {"body": {}, "abstract": {}}
    lines = {"body": 0, "abstract": 0}
    for page in doc.text.pages:
        for line in page.lines:
            if line.role is not Role.BODY or line.region in CLOSING_KINDS or not _prose(line):
                continue
            part = "abstract" if line.region == "abstract" else "body" if line.region not in FRONT_MATTER else None
            if part is None:
                continue
            lines[part] += 1
            sizes = tallies[part]
            for word in line.words:
                size = round(word.size, 1)
                sizes[size] = sizes.get(size, 0) + len(word.text)
    part = next((part for part in ("body", "abstract") if lines[part] >= MIN_PROSE_LINES), None)
    if part is None:
        return None
    sizes = tallies[part]
    return max(sizes, key=sizes.__getitem__)


def _prose(line: Line) -> bool:
    """A line of running prose: PROSE_WORDS words or more, most of them words of letters."""
    words = line.words
    wordy = sum(1 for word in words if 2 * sum(map(str.isalpha, word.text)) >= len(word.text))
    return len(words) >= PROSE_WORDS and wordy >= WORDY_SHARE * len(words)
