"""The lines the layout and font rules measure: text set in the body size."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import CLOSING_KINDS, FRONT_MATTER, OUTSIDE_TEXT, Line, Role

if TYPE_CHECKING:
    from ..model import Document

BODY_SIZE_SLACK = 1.0
"""Lines within this many points of the body size are body text (footnotes, captions and
figure labels are smaller, headings larger)."""


def body_size_lines(doc: Document, page: int) -> list[Line]:
    """The page's lines set in the body size (headings, captions and table cells of that size
    included), page furniture and the page-1 notice left out."""
    size = doc.body_size
    return [line for line in doc.text.lines(page, without=OUTSIDE_TEXT) if abs(line.size - size) <= BODY_SIZE_SLACK]


def main_text_size(doc: Document) -> float:
    """The size of most characters of the main text's running prose (role body, in the body
    and its statements; never the front matter, whose abstract many templates set smaller
    (LNCS: 9 pt over a 10 pt body), nor the references, the appendix or the checklist, which are
    often set smaller and may be longer than the paper): the body size a page limit depends on.
    The size of the front matter's prose when the paper has no other; the document's body size
    when it has none at all."""
    running: dict[float, int] = {}
    front: dict[float, int] = {}
    for page in doc.text.pages:
        for line in page.lines:
            if line.role is Role.BODY and line.region not in CLOSING_KINDS:
                sizes = front if line.region in FRONT_MATTER else running
                for word in line.words:
                    size = round(word.size, 1)
                    sizes[size] = sizes.get(size, 0) + len(word.text)
    sizes = running or front
    return max(sizes, key=sizes.__getitem__) if sizes else doc.body_size
