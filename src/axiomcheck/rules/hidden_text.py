"""The hidden-text rule: text a reader cannot see, by design.

Hidden text is text a reader cannot see by design: drawn in white (or near-white) on a
background of nearly the same gray, in text render mode 3 (neither filled nor stroked), in type
too small to read, or placed off the visible page. Words carry their fill brightness and render
mode from the PDF reader, and the document says what gray is painted under a word by everything
but text (it renders the page only when a rule asks); the type size is cross-checked with the
glyph widths, because PDFium reports the nominal size of text scaled by its text matrix (figure
labels often say 1 pt). A line that starts on the page and runs past its edge (an overfull table
row) is not hidden: it is a layout overflow, reported by its own rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..model import BBox, Line, PageInfo, Word, enclosing
from ._places import page_box
from ._text import clip
from ._visibility import Visibility, hidden_reason, is_ocr_layer, overflows
from .base import CheckContext, Violation, rule

if TYPE_CHECKING:
    from ..model import Document

MAX_QUOTE = 200
"""The longest hidden text a finding quotes (characters)."""
MIN_WORD_LETTERS = 2
"""A word of a hidden run counts toward `min_words` with at least this many letters."""
_REASONS = MappingProxyType({
    "white": "drawn in white (or nearly) on a white background",
    "invisible": "drawn in the invisible text render mode",
    "tiny": "set in type too small to read",
    "outside": "placed outside the visible page",
})


@dataclass(frozen=True)
class HiddenTextOptions:
    min_size: float = Visibility.min_size
    """Text smaller than this (points) counts as hidden."""
    white_level: float = Visibility.white_level
    """Fill brightness (0 black .. 1 white) at or above which text is checked against what is
    painted behind it."""
    min_contrast: float = Visibility.min_contrast
    """White text is hidden when the gray painted around it differs from its fill by less than
    this (white on white paper); on a coloured box or a dark figure cell it is visible."""
    min_words: int = 3
    """A hidden run must have this many words of two or more letters (short figure labels and
    table numbers do not count)."""
    allow: tuple[str, ...] = ()
    """Organizers' own hidden text (e.g. a watermark), matched case-insensitively: runs that
    contain one of these strings are not reported."""


@dataclass(frozen=True)
class _Run:
    reason: str
    words: tuple[Word, ...]

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def bbox(self) -> BBox:
        return enclosing(word.bbox for word in self.words)


def _runs(doc: Document, lines: tuple[Line, ...], page: PageInfo, options: HiddenTextOptions) -> list[_Run]:
    """Runs of consecutive hidden words with the same reason, line by line."""
    thresholds = Visibility(options.min_size, options.white_level, options.min_contrast)
    ocr_layer = is_ocr_layer(lines)
    overflow = frozenset(id(w) for row in overflows(lines, page) for w in row.beyond)
    area = page_box(page)
    runs: list[_Run] = []
    for line in lines:
        current: list[Word] = []
        reason: str | None = None
        for word in line.words:
            found = hidden_reason(doc, word, page, thresholds, ocr_layer, overflow, area)
            if current and found != reason:
                runs.append(_Run(reason or "", tuple(current)))
                current = []
            if found is not None:
                current.append(word)
            reason = found
        if current:
            runs.append(_Run(reason or "", tuple(current)))
    return runs


def _worded(run: _Run, min_words: int) -> bool:
    return sum(1 for w in run.words if sum(c.isalpha() for c in w.text) >= MIN_WORD_LETTERS) >= min_words


@rule(id="AX401", name="hidden-text", group="integrity", options=HiddenTextOptions, confidence="heuristic")
def hidden_text(doc: Document, options: HiddenTextOptions, context: CheckContext) -> Iterator[Violation]:
    """No text is hidden from the reader.

    What it checks: runs of at least three words that a reader cannot see but a machine reads:
    text drawn in white or near-white on a background of nearly the same gray (the page is
    rendered without its text and sampled where the glyphs are, so white headings on coloured
    boxes and white labels on a figure's coloured boxes are visible), text in the invisible
    render mode (unless the whole page is an OCR layer over a scan), text under 4 pt (size and
    glyph widths agree), and lines placed wholly outside the page's crop box (a line that
    starts on the page and runs past its edge is a layout overflow, `page-overflow`). One
    finding per page and kind, quoting the text. Organizers can allowlist their own watermark
    text.

    Why: hidden text is how keyword stuffing and prompts to AI reviewers are smuggled into a
    paper; it also leaks into search indexes and text extraction (abstracts, plagiarism checks).

    How to fix: delete the hidden text, or make it readable if it belongs in the paper; if it
    is a deliberate spacer, use `\\phantom` or `\\vspace` instead.
    """
    allowed = [a.lower() for a in options.allow]
    for number in range(1, doc.page_count + 1):
        page = doc.pages[number - 1]
        by_reason: dict[str, list[_Run]] = {}
        for run in _runs(doc, doc.text.page(number).lines, page, options):
            if _worded(run, options.min_words) and not any(a in run.text.lower() for a in allowed):
                by_reason.setdefault(run.reason, []).append(run)
        for reason, runs in by_reason.items():
            quote = " … ".join(r.text for r in runs)
            box = enclosing(run.bbox for run in runs)
            sizes = "" if reason != "tiny" else f" ({min(w.size for r in runs for w in r.words):.1f} pt)"
            yield Violation(
                message=f"Page {number} has text {_REASONS[reason]}{sizes}: '{clip(quote, MAX_QUOTE)}'",
                hint="Delete the hidden text, or make it readable if it belongs in the paper.",
                page=number, bbox=box, evidence=clip(quote, MAX_QUOTE))


RULES = (hidden_text,)
