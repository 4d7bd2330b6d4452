"""Integrity rules: text a reader cannot see, and prompts addressed to AI reviewers.

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

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import BBox, Line, PageInfo, Word
from .base import CheckContext, Severity, Violation, rule
from .pages import page_box

if TYPE_CHECKING:
    from ..model import Document

GLYPH_WIDTH_PER_POINT = 0.45
"""An average glyph of Times/Helvetica is about 0.45 of the type size wide."""
OCR_LAYER_SHARE = 0.8
"""A page whose characters are at least this share invisible carries an OCR text layer over a
scan: that invisible text is the page's own text, not hidden text."""
MAX_QUOTE = 200
_REASONS = {
    "white": "drawn in white (or nearly) on a white background",
    "invisible": "drawn in the invisible text render mode",
    "tiny": "set in type too small to read",
    "outside": "placed outside the visible page",
}
_SENTENCE_END_RE = re.compile(r"[.!?](?:\s|$)")
_REVIEW_CONTEXT_RE = re.compile(r"\b(?:review|reviewer|reviewers|referee|accept|acceptance|score|rating)\b", re.I)


@dataclass(frozen=True)
class HiddenTextOptions:
    min_size: float = 4.0
    """Text smaller than this (points) counts as hidden."""
    white_level: float = 0.92
    """Fill brightness (0 black .. 1 white) at or above which text is checked against what is
    painted behind it."""
    min_contrast: float = 0.15
    """White text is hidden when the gray painted around it differs from its fill by less than
    this (white on white paper); on a coloured box or a dark figure cell it is visible."""
    min_words: int = 3
    """A hidden run must have this many words of two or more letters (short figure labels and
    table numbers do not count)."""
    allow: tuple[str, ...] = ()
    """Organizers' own hidden text (e.g. a watermark), matched case-insensitively: runs that
    contain one of these strings are not reported."""


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
        box = self.lines[0].bbox
        for line in self.lines[1:]:
            box = box.union(line.bbox)
        return box


def overflows(lines: tuple[Line, ...], page: PageInfo) -> list[Overflow]:
    """Rows of the page with words on it and words past its edge (an overfull table row or line);
    a row wholly off the page is not an overflow."""
    area = page_box(page)
    boxes = [w.bbox for line in lines for w in line.words]
    if not boxes or (area.x0 <= min([b.x0 for b in boxes]) and max([b.x1 for b in boxes]) <= area.x1
                     and area.y0 <= min([b.y0 for b in boxes]) and max([b.y1 for b in boxes]) <= area.y1):
        return []  # the usual page: every word lies on it
    rows: list[list[Line]] = []
    for line in sorted(lines, key=lambda l: l.baseline):
        if rows and abs(rows[-1][0].baseline - line.baseline) <= BASELINE_TOLERANCE:
            rows[-1].append(line)
        else:
            rows.append([line])
    found = []
    for row in rows:
        beyond = _run_off(sorted((w for line in row for w in line.words), key=lambda w: w.bbox.x0), area)
        if beyond:
            found.append(Overflow(tuple(sorted(row, key=lambda l: l.bbox.x0)), beyond))
    return found


def _run_off(words: list[Word], area: BBox) -> tuple[Word, ...]:
    """The words that continue a row past the left or right edge of `area`, each at most MAX_GAP
    from the previous one, starting from the outermost word on the page."""
    inside = [index for index, word in enumerate(words) if _inside(word, area)]
    if not inside:
        return ()
    beyond: list[Word] = []
    for chain in (words[inside[-1]:], words[inside[0]::-1]):
        for previous, word in zip(chain, chain[1:]):
            rightwards = word.bbox.x0 >= previous.bbox.x0
            gap = word.bbox.x0 - previous.bbox.x1 if rightwards else previous.bbox.x0 - word.bbox.x1
            if gap > MAX_GAP:
                break
            if not _inside(word, area):
                beyond.append(word)
    return tuple(beyond)


def _blends_in(doc: Document, word: Word, page: PageInfo, options: HiddenTextOptions) -> bool:
    """The word's fill is nearly the gray painted around it (a page that cannot be rendered counts
    as white paper)."""
    background = doc.background_gray(page.number, word.bbox)
    return abs(word.fill_gray - (1.0 if background is None else background)) < options.min_contrast


def hidden_reason(doc: Document, word: Word, page: PageInfo, options: HiddenTextOptions,
                  ocr_layer: bool = False, overflow: frozenset[int] = frozenset(),
                  area: BBox | None = None) -> str | None:
    """Why a reader cannot see `word` (a key of `_REASONS`), None when it is visible. Words in
    `overflow` (ids) run off the page from a line that starts on it: not hidden by design.
    `area` is the page's crop box (`page_box(page)`) when the caller has it already."""
    if word.invisible and not ocr_layer:
        return "invisible"
    if word.fill_gray is not None and word.fill_gray >= options.white_level and _blends_in(doc, word, page, options):
        return "white"
    if word.size < options.min_size and word.bbox.width / max(len(word.text), 1) < \
            GLYPH_WIDTH_PER_POINT * options.min_size:
        return "tiny"
    if _outside(word, area or page_box(page)) and id(word) not in overflow:
        return "outside"
    return None


def _is_ocr_layer(lines: tuple[Line, ...]) -> bool:
    total = sum(len(w.text) for line in lines for w in line.words)
    invisible = sum(len(w.text) for line in lines for w in line.words if w.invisible)
    return total > 0 and invisible >= OCR_LAYER_SHARE * total


@dataclass(frozen=True)
class _Run:
    reason: str
    words: tuple[Word, ...]

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def bbox(self) -> BBox:
        box = self.words[0].bbox
        for word in self.words[1:]:
            box = box.union(word.bbox)
        return box


def _runs(doc: Document, lines: tuple[Line, ...], page: PageInfo, options: HiddenTextOptions) -> list[_Run]:
    """Runs of consecutive hidden words with the same reason, line by line."""
    ocr_layer = _is_ocr_layer(lines)
    overflow = frozenset(id(w) for row in overflows(lines, page) for w in row.beyond)
    area = page_box(page)
    runs: list[_Run] = []
    for line in lines:
        current: list[Word] = []
        reason: str | None = None
        for word in (*line.words, None):
            found = hidden_reason(doc, word, page, options, ocr_layer, overflow, area) if word is not None else None
            if current and found != reason:
                runs.append(_Run(reason or "", tuple(current)))
                current = []
            if found is not None:
                current.append(word)
            reason = found
    return runs


def _worded(run: _Run, min_words: int) -> bool:
    return sum(1 for w in run.words if sum(c.isalpha() for c in w.text) >= 2) >= min_words


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
        for run in _runs(doc, doc.page_text(number).lines, page, options):
            if _worded(run, options.min_words) and not any(a in run.text.lower() for a in allowed):
                by_reason.setdefault(run.reason, []).append(run)
        for reason, runs in by_reason.items():
            quote = " … ".join(r.text for r in runs)
            box = runs[0].bbox
            for run in runs[1:]:
                box = box.union(run.bbox)
            sizes = "" if reason != "tiny" else f" ({min(w.size for r in runs for w in r.words):.1f} pt)"
            yield Violation(
                message=f"Page {number} has text {_REASONS[reason]}{sizes}: '{_clip(quote)}'",
                hint="Delete the hidden text, or make it readable if it belongs in the paper.",
                page=number, bbox=box, evidence=_clip(quote))


def _clip(text: str) -> str:
    return text if len(text) <= MAX_QUOTE else text[:MAX_QUOTE - 1] + "…"


DEFAULT_REVIEWER_PHRASES = (
    r"give (?:this |the )?(?:paper|submission|manuscript|work)? ?(?:a )?(?:very |highly |strongly |only )?positive "
    r"(?:review|evaluation|assessment|feedback)",
    r"(?:do not|don't|never) (?:highlight|mention|point out|list|discuss) (?:any )?(?:negatives|weaknesses|flaws|"
    r"limitations|criticism)",
    r"recommend (?:accepting|acceptance of|to accept) (?:this|the) (?:paper|submission|manuscript)",
    r"(?:as an?|you are an?|to (?:any|the)) (?:AI|LLM|large language model|language model) reviewers?",
    r"(?:rate|score) (?:this|the) (?:paper|submission|manuscript) "
    r"(?:highly|as (?:excellent|outstanding|a strong accept))",
)
"""Sentences that only make sense addressed to a reviewer (regular expressions)."""
DEFAULT_INJECTIONS = (
    r"ignore (?:all |any )?(?:the )?(?:previous|prior|above|preceding|earlier) (?:instructions|prompts?|directions)",
    r"disregard (?:all |any )?(?:the )?(?:previous|prior|above|preceding|earlier) (?:instructions|prompts?)",
)
"""Generic prompt-injection phrases (regular expressions): reported when hidden or when their
sentence talks about reviewing, since papers on prompt injection quote them openly."""


@dataclass(frozen=True)
class ReviewerPromptOptions:
    phrases: tuple[str, ...] = DEFAULT_REVIEWER_PHRASES
    """Regular expressions (case-insensitive) of phrases addressed to AI reviewers: always reported."""
    injections: tuple[str, ...] = DEFAULT_INJECTIONS
    """Regular expressions of generic injection phrases: reported when hidden or next to review words."""


@dataclass(frozen=True)
class _Placed:
    start: int
    end: int
    word: Word
    line: int
    """Index of the word's line on its page."""


def _page_text(lines: tuple[Line, ...]) -> tuple[str, list[_Placed], list[int]]:
    """The page's words joined by spaces, each word's place in that text, and where lines start."""
    parts: list[str] = []
    placed: list[_Placed] = []
    line_starts: list[int] = []
    offset = 0
    for index, line in enumerate(lines):
        line_starts.append(offset)
        for word in line.words:
            placed.append(_Placed(offset, offset + len(word.text), word, index))
            parts.append(word.text)
            offset += len(word.text) + 1
    line_starts.append(offset)
    return " ".join(parts), placed, line_starts


def _sentence(text: str, start: int, end: int, lower: int, upper: int) -> str:
    """The sentence around text[start:end], kept within text[lower:upper] (the lines around it)."""
    before = [m.end() for m in _SENTENCE_END_RE.finditer(text, lower, start)]
    after = _SENTENCE_END_RE.search(text, end, upper)
    return text[before[-1] if before else lower: after.start() + 1 if after else upper].strip()


def _hidden_run(doc: Document, placed: list[_Placed], first: int, last: int, page: PageInfo,
                options: HiddenTextOptions, ocr_layer: bool) -> str:
    """The hidden words around placed[first:last + 1]: the smuggled text itself."""
    while first > 0 and hidden_reason(doc, placed[first - 1].word, page, options, ocr_layer):
        first -= 1
    while last + 1 < len(placed) and hidden_reason(doc, placed[last + 1].word, page, options, ocr_layer):
        last += 1
    return " ".join(p.word.text for p in placed[first:last + 1])


@rule(id="AX402", name="reviewer-prompt", group="integrity", options=ReviewerPromptOptions)
def reviewer_prompt(doc: Document, options: ReviewerPromptOptions, context: CheckContext) -> Iterator[Violation]:
    """The paper contains no instructions addressed to AI reviewers.

    What it checks: the text of every page, visible or hidden, for phrases written to a
    language model that reviews the paper ("give a positive review", "do not highlight any
    negatives", "as an AI reviewer", ...) and for generic prompt injections ("ignore all
    previous instructions") when they are hidden or sit in a sentence about reviewing. The
    finding quotes the sentence.

    Why: hidden prompts try to manipulate reviewers who use AI tools; venues treat them as
    misconduct and desk-reject the paper.

    How to fix: remove the sentence. A paper that studies prompt injection may quote such
    phrases in visible text; organizers can adjust the phrase lists in the pack.
    """
    always = [re.compile(p, re.I) for p in options.phrases]
    injections = [re.compile(p, re.I) for p in options.injections]
    hidden_options = HiddenTextOptions()
    anywhere = re.compile("|".join(f"(?:{p})" for p in (*options.phrases, *options.injections)) or "(?!)", re.I)
    for number in range(1, doc.page_count + 1):
        lines = doc.page_text(number).lines
        if not anywhere.search(" ".join(line.text for line in lines)):
            continue
        page = doc.pages[number - 1]
        ocr_layer = _is_ocr_layer(lines)
        text, placed, line_starts = _page_text(lines)
        reported: set[str] = set()
        matches = [(m, True) for p in always for m in p.finditer(text)]
        matches += [(m, False) for p in injections for m in p.finditer(text)]
        for match, addressed in sorted(matches, key=lambda item: item[0].start()):
            words = [p for p in placed if p.start < match.end() and p.end > match.start()]
            hidden = sum(1 for p in words
                         if hidden_reason(doc, p.word, page, hidden_options, ocr_layer)) * 2 > len(words)
            first, last = words[0], words[-1]
            lower = line_starts[max(first.line - 1, 0)]
            upper = line_starts[min(last.line + 2, len(line_starts) - 1)]
            sentence = _sentence(text, match.start(), match.end(), lower, upper)
            if hidden:
                sentence = _hidden_run(doc, placed, placed.index(first), placed.index(last), page, hidden_options,
                                       ocr_layer)
            if not (addressed or hidden or _REVIEW_CONTEXT_RE.search(sentence)) or sentence in reported:
                continue
            reported.add(sentence)
            box = words[0].word.bbox
            for placed_word in words[1:]:
                box = box.union(placed_word.word.bbox)
            yield Violation(
                message=(f"Page {number} addresses AI reviewers{' in hidden text' if hidden else ''}: "
                         f"'{_clip(sentence)}'"),
                hint="Remove the instruction; prompts to reviewers are treated as misconduct.",
                page=number, bbox=box, evidence=_clip(sentence))


@dataclass(frozen=True)
class PageOverflowOptions:
    min_words: int = 1
    """Lines with fewer words past the edge are not reported."""


@rule(id="AX403", name="page-overflow", group="integrity", options=PageOverflowOptions, severity=Severity.WARNING)
def page_overflow(doc: Document, options: PageOverflowOptions, context: CheckContext) -> Iterator[Violation]:
    """No line runs past the edge of the page.

    What it checks: rows of text (lines that share a baseline, such as the cells of a table
    row) that start on the visible page (its crop box) and whose last words lie partly or
    wholly beyond its edge: an overfull table row, a long URL or formula. One
    finding per page, with the box of those lines clipped to the page so that the picture
    shows where the text leaves it, and the words that are cut off quoted. Text placed wholly
    off the page is hidden text (`hidden-text`), not an overflow.

    Why: a reader (and the proceedings) lose what runs off the page; it usually means a table
    or line is wider than the text block, which venues also reject.

    How to fix: make the table fit (`\\resizebox{\\linewidth}{!}{...}`, fewer columns, `\\small`,
    `tabularx`), or break the long line (`\\url` with `xurl`, a split equation).
    """
    for number in range(1, doc.page_count + 1):
        page = doc.pages[number - 1]
        area = page_box(page)
        found = [row for row in overflows(doc.page_text(number).lines, page) if len(row.beyond) >= options.min_words]
        if not found:
            continue
        box = found[0].bbox
        for row in found[1:]:
            box = box.union(row.bbox)
        clipped = BBox(max(box.x0, area.x0), max(box.y0, area.y0), min(box.x1, area.x1), min(box.y1, area.y1))
        edges = sorted({_edge(w, area) for row in found for w in row.beyond})
        cut = " … ".join(" ".join(w.text for w in row.beyond) for row in found)
        yield Violation(
            message=f"Page {number}: {len(found)} line{'s' if len(found) > 1 else ''} "
                    f"run{'' if len(found) > 1 else 's'} past the {' and '.join(edges)} edge of the page, cutting off '{_clip(cut)}'.",
            hint="Make the table or line fit the text block (resize or split it); what runs off the page is lost.",
            page=number, bbox=clipped,
            evidence=_clip(" / ".join(" ".join(line.text for line in row.lines) for row in found)))


def _edge(word: Word, area: BBox) -> str:
    if word.bbox.x1 > area.x1:
        return "right"
    if word.bbox.x0 < area.x0:
        return "left"
    return "bottom" if word.bbox.y1 > area.y1 else "top"


RULES = (hidden_text, reviewer_prompt, page_overflow)
