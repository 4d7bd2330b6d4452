"""Facts about how the pages are laid out: columns, the text's edges, the line-number ruler,
folios and the running head. The template recogniser weighs them; `columns` and `text_span`
are also facts of the model.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence

from ..model import Line, Notice, PageInfo
from .lines import PageLayout, column_count

LINE_NUMBER_LINE_SHARE = 0.5
"""When as many text pages carry a line-number column as do not, line numbers are on when the
pages with one hold more than this share of the document's text lines."""
PROSE_LINE_WORDS = 8
"""A line of at least this many words, most of them words of letters, is a line of prose ..."""
WORDY_SHARE = 0.7
"""... (this share of its words has letters for at least half its characters)."""
TEXT_PAGE_PROSE_LINES = 5
"""A page with at least this many prose lines ..."""
TEXT_PAGE_PROSE_SHARE = 0.1
"""... making at least this share of its lines is a text page, which votes on line numbers; a
page of floats (a full-page table, a figure) votes neither way."""
PADDED_LINE_NUMBERS = 3
"""This many zero-padded line numbers (`007`) make a padded ruler."""
HEADER_ZONE = 0.12
"""A running head lies in the top 12% of the page, a folio in the bottom 12%."""
FIRST_PAGES = 4
"""Columns and the text's edges are measured on this many first pages (the body's, before any
appendix changes the layout)."""
FOLIO_PAGES = 6
"""Whether pages carry folios is judged on this many first pages."""
MAX_FOLIO_DIGITS = 3
"""A folio has at most this many digits."""
PROSE_WORDS = 4
"""A line of at least this many words is prose, whose edges are the text's."""
BODY_SIZE_SLACK = 0.6
"""Lines within this many points of the body size are body text."""
SPAN_TRIM = 20
"""The text's edges ignore the outermost 1/20 of the lines on each side (5th/95th percentile)."""
NOTICE_EDGE = 1.0
"""Points a line may stick out of the notice's box and still be one of its lines."""


def _prose_line(line: Line) -> bool:
    words = line.words
    if len(words) < PROSE_LINE_WORDS:
        return False
    wordy = sum(1 for word in words if 2 * sum(map(str.isalpha, word.text)) >= len(word.text))
    return wordy >= WORDY_SHARE * len(words)


def _text_page(layout: PageLayout) -> bool:
    """A page of running text, not one of floats only (a full-page table, a figure, a page with
    a line or two of the references)."""
    prose = sum(1 for line in layout.lines if _prose_line(line))
    return prose >= TEXT_PAGE_PROSE_LINES and prose >= TEXT_PAGE_PROSE_SHARE * len(layout.lines)


def line_numbers_on(layouts: Sequence[PageLayout]) -> bool:
    """Whether the review-mode line-number column is printed, decided page by page: on more
    of the text pages than not (pages of floats only vote neither way, so that a submission
    numbered on its 21 text pages and followed by 11 pages of full-page tables is numbered).
    A tie, or a document without a text page, is decided by the lines: numbered when the pages
    with a line-number column carry more than half of them (a one-page abstract whose references
    run a line onto page 2 is numbered)."""
    votes = [bool(layout.ruler) for layout in layouts if _text_page(layout)]
    numbered_pages = sum(votes)
    if 2 * numbered_pages != len(votes):
        return 2 * numbered_pages > len(votes)
    total = sum(len(layout.lines) for layout in layouts)
    numbered = sum(len(layout.lines) for layout in layouts if layout.ruler)
    return total > 0 and numbered > LINE_NUMBER_LINE_SHARE * total


def padded_line_numbers(layouts: Sequence[PageLayout]) -> bool:
    """Whether the line numbers are zero-padded (ICML's and ICLR's `000` ruler)."""
    padded = 0
    for layout in layouts:
        padded += sum(1 for word in layout.ruler if len(word.text) > 1 and word.text.startswith("0"))
        if padded >= PADDED_LINE_NUMBERS:
            return True
    return False


def columns(layouts: Sequence[PageLayout], pages: Sequence[PageInfo]) -> int:
    """1 or 2, from the first pages."""
    votes: Counter[int] = Counter()
    for layout, page in zip(layouts[:FIRST_PAGES], pages, strict=False):
        votes[column_count(list(layout.lines), page.width)] += 1
    return votes.most_common(1)[0][0] if votes else 1


def text_span(layouts: Sequence[PageLayout], body_size: float) -> tuple[float, float]:
    """Left and right edges of body text over the first pages (5th/95th percentile)."""
    lefts, rights = [], []
    for layout in layouts[:FIRST_PAGES]:
        for line in layout.lines:
            if len(line.words) >= PROSE_WORDS and abs(line.size - body_size) < BODY_SIZE_SLACK:
                lefts.append(line.bbox.x0)
                rights.append(line.bbox.x1)
    if not lefts:
        return 0.0, 0.0
    lefts.sort()
    rights.sort()
    cut = len(lefts) // SPAN_TRIM
    return lefts[cut], rights[-1 - cut]


def notice_size(first_page: Sequence[Line], notice: Notice | None) -> float | None:
    """The font size of most characters of the page-1 notice, None without a notice."""
    if notice is None:
        return None
    box = notice.bbox
    sizes: Counter[float] = Counter()
    for line in first_page:
        if line.bbox.y0 >= box.y0 - NOTICE_EDGE and line.bbox.y1 <= box.y1 + NOTICE_EDGE:
            for word in line.words:
                sizes[word.size] += len(word.text)
    return sizes.most_common(1)[0][0] if sizes else None


def page_numbers(layouts: Sequence[PageLayout], pages: Sequence[PageInfo]) -> bool:
    """Whether most of the first pages carry a page number (a lone number) at their foot."""
    numbered = 0
    judged = list(zip(layouts[:FOLIO_PAGES], pages, strict=False))
    for layout, page in judged:
        bottom = (1 - HEADER_ZONE) * page.height
        numbered += any(line.text.strip().isdigit() and len(line.text.strip()) <= MAX_FOLIO_DIGITS
                        and line.bbox.y0 > bottom for line in layout.lines)
    return numbered > len(judged) / 2


def header_text(layouts: Sequence[PageLayout], pages: Sequence[PageInfo], furniture: Collection[int]) -> str:
    """The page furniture printed above the text on pages 2-4: the running head (empty when
    there is none)."""
    found: list[str] = []
    for layout, page in zip(layouts[1:FIRST_PAGES], pages[1:], strict=False):
        top = HEADER_ZONE * page.height
        for line in layout.lines:
            if id(line) in furniture and line.bbox.y1 < top and line.text not in found:
                found.append(line.text)
    return " / ".join(found)
