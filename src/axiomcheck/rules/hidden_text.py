"""Text a reader cannot see (hidden text), and text the layout pushes off the page (overflow).

Both read the model's `PageVisibility` (`Document.visibility`): which words are hidden and
how, measured when the page was read (rendering decides what paint hides; geometry and type
size the rest), and the rows that run past the page's edge.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import pairwise
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..model import BBox, Hiding, HidingReason, Line, Severity, Word, enclosing
from ._prompts import overlaid, venues_words
from ._text import clip
from .base import CheckContext, Violation, option, rule

if TYPE_CHECKING:
    from ..model import Document

MIN_LETTERS = 2
"""A word counts toward a hidden run's length when it has this many letters."""
MAX_QUOTE = 200
"""Characters of hidden text quoted in a message."""
MECHANISMS: Mapping[HidingReason, str] = MappingProxyType({
    "render-mode": "drawn in a text render mode that paints nothing",
    "transparent": "painted fully transparent",
    "soft-mask": "made invisible by transparency (a soft mask, blend mode or faint alpha)",
    "layer-off": "on an optional-content layer that is switched off",
    "clipped": "outside its clipping path",
    "cropped": "of an included figure cut off by the figure's frame (its bounding box)",
    "covered": "under a shape or image painted over it",
    "colour": "drawn in the colour of what is behind it",
    "redacted": "under a redaction bar (a dark box readers see, which a machine reads through)",
    "off-page": "placed outside the visible page",
    "tiny": "set in type too small to read",
    "text-layer": "whose font's ToUnicode map makes the text layer say other words than the glyphs show",
})
"""How the text is hidden, by `Hiding.reason`, as a message says it (every reason has its
words: `tests/test_hidden_text.py`)."""
_UNSMUGGLED: tuple[HidingReason, ...] = ("redacted", "cropped")
"""Hidden without being smuggled (a redaction bar shows; a figure's trim cuts its own text):
warnings, since a machine still reads the text."""
_HINTS: Mapping[HidingReason, str] = MappingProxyType({
    "redacted": "Delete the text under the bar rather than covering it: the text layer still carries it.",
    "cropped": "Crop the figure in its source (or delete the cut-off text): the text layer still carries it.",
})


@dataclass(frozen=True)
class HiddenTextOptions:
    min_words: int = option(3, minimum=1)
    """A hidden run must have this many words of two or more letters (short figure labels and
    table numbers do not count)."""
    allow: tuple[str, ...] = ()
    """Organizers' own hidden text (e.g. a watermark), matched case-insensitively: runs that
    contain one of these strings are not reported."""


@dataclass(frozen=True)
class _Run:
    """Consecutive words of a line hidden the same way."""

    reason: HidingReason
    words: tuple[Word, ...]
    hidings: tuple[Hiding, ...]

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def shown(self) -> str:
        """What the page shows instead (`text-layer` runs)."""
        return " ".join(h.detail for h in self.hidings)

    @property
    def bbox(self) -> BBox:
        return enclosing(word.bbox for word in self.words)


def _runs(doc: Document, number: int) -> list[_Run]:
    """The authors' hidden runs of page `number`: a venue's stamp or canary is not theirs; a
    printed word a hidden sentence is drawn over does not split it."""
    visibility = doc.visibility(number)
    runs: list[_Run] = []
    if not visibility.hidden:
        return runs
    venues = venues_words(doc, number)
    for line in doc.text.page(number).lines:
        current: list[tuple[Word, Hiding]] = []
        under = overlaid(line.words, lambda w: w not in venues and visibility.of(w) is not None)
        for word in (*(w for w in line.words if w not in under), None):
            hiding = visibility.of(word) if word is not None and word not in venues else None
            if current and (hiding is None or hiding.reason != current[0][1].reason):
                runs.append(_Run(current[0][1].reason, tuple(w for w, _ in current), tuple(h for _, h in current)))
                current = []
            if word is not None and hiding is not None:
                current.append((word, hiding))
    return runs


def _worded(run: _Run, min_words: int) -> bool:
    return sum(1 for w in run.words if sum(c.isalpha() for c in w.text) >= MIN_LETTERS) >= min_words


def _joined(runs: list[_Run]) -> str:
    """The runs' text: a run that goes on where the previous one stops on the same baseline
    (a line the text layer cut in two) follows it after a space, others after an ellipsis."""
    text = runs[0].text
    for before, run in pairwise(runs):
        last, first = before.words[-1].bbox, run.words[0].bbox
        same_row = abs(last.y1 - first.y1) < 1 and 0 <= first.x0 - last.x1 < first.y1 - first.y0
        text += (" " if same_row else " … ") + run.text
    return text


def _details(runs: list[_Run]) -> str:
    """The evidence of a page's runs of one kind, for the message: "(#ffffff on #ffffff)"."""
    reason = runs[0].reason
    if reason == "text-layer":
        return f"; the page shows '{_quote(' … '.join(r.shown for r in runs))}'"
    if reason == "tiny":
        return f" ({min(w.size for r in runs for w in r.words):.1f} pt)"
    details = list(dict.fromkeys(h.detail for r in runs for h in r.hidings if h.detail))
    return f" ({'; '.join(details[:3])})" if details else ""


@rule(id="AX401", name="hidden-text", group="integrity", options=HiddenTextOptions, confidence="heuristic")
def hidden_text(doc: Document, options: HiddenTextOptions, context: CheckContext) -> Iterator[Violation]:
    """No text is hidden from the reader.

    What it checks: runs of at least three words that a machine reads but a reader cannot
    see. Paint is measured, not guessed: words whose evidence is suspect (a light colour, a
    shape of nearly their colour under them, a shape or image painted over them, transparency
    or alpha 0, a layer, a clipping path that does not contain them) are rendered with and
    without their text, and are hidden when nothing a reader can see changes in their box
    (white on a coloured label, or under a semi-transparent highlight, is visible). Text in a
    render mode that paints nothing is hidden (unless the whole page is an OCR layer over a
    scan), as are text under 4 pt (size and glyph widths agree), lines placed wholly outside
    the page's crop box (a row that starts on the page and runs past its edge is a layout
    overflow, `page-overflow`), and text whose font's ToUnicode map makes the text layer say
    other letters than its glyphs show. Text under (or on) a dark box a reader sees, a
    redaction bar, and an included figure's own text cut off by its frame are hidden but not
    smuggled: warnings, since a machine still reads them. One finding per page and
    mechanism, quoting the text and saying how it is hidden (a hidden sentence drawn over
    printed words is quoted whole, without them). A venue's stamp and hidden
    canary on a reviewer copy (`reviewer-copy`) are the venue's, not the authors', and are
    left out: hidden text beside them on the same page is still reported, on its own.
    Organizers can allowlist their own watermark text.

    Why: hidden text is how keyword stuffing and prompts to AI reviewers are smuggled into a
    paper; it also leaks into search indexes and text extraction (abstracts, plagiarism checks).

    How to fix: delete the hidden text, or make it readable if it belongs in the paper; if it
    is a deliberate spacer, use `\\phantom` or `\\vspace` instead; embed fonts with their
    standard ToUnicode maps.
    """
    allowed = [a.lower() for a in options.allow]
    for number in range(1, doc.page_count + 1):
        by_reason: dict[HidingReason, list[_Run]] = {}
        for run in _runs(doc, number):
            if _worded(run, options.min_words) and not any(a in run.text.lower() for a in allowed):
                by_reason.setdefault(run.reason, []).append(run)
        for reason, runs in by_reason.items():
            quote = _joined(runs)
            box = enclosing(run.bbox for run in runs)
            yield Violation(
                message=f"Page {number} has text {MECHANISMS[reason]}{_details(runs)}: '{_quote(quote)}'",
                hint=_HINTS.get(reason, "Delete the hidden text, or make it readable if it belongs in the paper."),
                page=number, bbox=box, evidence=_quote(quote),
                severity=Severity.WARNING if reason in _UNSMUGGLED else None)


@dataclass(frozen=True)
class PageOverflowOptions:
    min_words: int = option(1, minimum=1)
    """Lines with fewer words past the edge are not reported."""


@rule(id="AX403", name="page-overflow", group="integrity", options=PageOverflowOptions, severity=Severity.WARNING)
def page_overflow(doc: Document, options: PageOverflowOptions, context: CheckContext) -> Iterator[Violation]:
    """No line runs past the edge of the page.

    What it checks: rows of text (lines that share a baseline, such as the cells of a table
    row) that start on the visible page (its crop box) and whose last words lie partly or
    wholly beyond its side edge: an overfull table row, a long URL or formula. A row runs on
    while its next word is close to the previous one or starts a column that other rows past
    the edge share (a table wider than the page). One finding per page, with the box of those
    lines clipped to the page so that the picture shows where the text leaves it, and the
    words that are cut off quoted. Text placed wholly off the page, apart from such rows, is
    hidden text (`hidden-text`), not an overflow.

    Why: a reader (and the proceedings) lose what runs off the page; it usually means a table
    or line is wider than the text block, which venues also reject.

    How to fix: make the table fit (`\\resizebox{\\linewidth}{!}{...}`, fewer columns, `\\small`,
    `tabularx`), or break the long line (`\\url` with `xurl`, a split equation).
    """
    for number in range(1, doc.page_count + 1):
        area = doc.pages[number - 1].visible_box
        found = [row for row in doc.visibility(number).overflows if len(row.beyond) >= options.min_words]
        if not found:
            continue
        box = enclosing(row.bbox for row in found)
        clipped = BBox(max(box.x0, area.x0), max(box.y0, area.y0), min(box.x1, area.x1), min(box.y1, area.y1))
        edges = sorted({_edge(w, area) for row in found for w in row.beyond})
        cut = " … ".join(" ".join(w.text for w in row.beyond) for row in found)
        yield Violation(
            message=f"Page {number}: {len(found)} line{'s' if len(found) > 1 else ''} "
                    f"run{'' if len(found) > 1 else 's'} past the {' and '.join(edges)} edge of the page, "
                    f"cutting off '{_quote(cut)}'.",
            hint="Make the table or line fit the text block (resize or split it); what runs off the page is lost.",
            page=number, bbox=clipped, evidence=_quote(" / ".join(_line_text(row.lines) for row in found)))


def _quote(text: str) -> str:
    return clip(text, MAX_QUOTE)


def _line_text(lines: tuple[Line, ...]) -> str:
    return " ".join(line.text for line in lines)


def _edge(word: Word, area: BBox) -> str:
    if word.bbox.x1 > area.x1:
        return "right"
    if word.bbox.x0 < area.x0:
        return "left"
    return "bottom" if word.bbox.y1 > area.y1 else "top"


RULES = (hidden_text, page_overflow)
