"""Layout rules: the text block, the columns, the body type size and the leading.

Geometry comes from the model: body lines with their boxes (points, y down), with running
heads, folios, the page-1 notice and the line-number column already set apart. The
template's numbers are options that the rule pack fills from the template file it names
(`template: neurips-2026`: text block x 108-504, y 72-720, 9.96 pt type on 11 pt leading, one
column; see docs/templates.md); a pack may still give any of them itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import BBox, Line, Role, Severity, enclosing
from ._lines import body_size_lines, main_text_size
from .base import CheckContext, Violation, from_template, rule

if TYPE_CHECKING:
    from ..model import Document

POINTS_PER_INCH = 72.0
PROSE_WORDS = 4
"""A line of at least this many words is running prose (not a table cell or a label)."""
WIDE_PAGE_SHARE = 0.3
MIN_WIDE_LINES = 3
"""A page breaks the side margins when this share of its prose lines, and at least this many,
stick out of the text block: single overfull lines (a long URL) and wide tables do not count."""
MIN_LOW_LINES = 2
"""A page breaks the top or bottom margin when this many body lines have their baseline outside the block."""
MIN_PITCHES = 20
"""Fewer measured baseline pitches than this say nothing about the leading."""
PITCH_STEP = 0.25
"""Baseline pitches are counted in buckets this many points wide."""
PITCH_RANGE = (0.5, 1.45)
"""Pitches outside these multiples of the template's leading are not between two lines of a paragraph."""
MIN_ROW_WORDS = 2
"""A line of at least this many words counts toward the top and bottom margins (a lone
equation number or symbol does not)."""
BLOCK_TRIM = 10
"""A page's measured text block ignores the outermost 1/10 of its lines on each side."""
SIZE_MATCH = 0.15
"""A sample line of a size is within this many points of it."""
SAMPLE_QUOTE = 120
"""The longest sample line a finding quotes (characters)."""
COLUMN_PAGES = 4
"""The number of columns is judged on this many first pages (see `Document.columns`)."""


def _inches(points: float) -> str:
    return f"{points / POINTS_PER_INCH:.1f}".removesuffix(".0") + " in"


@dataclass(frozen=True)
class TextBlockOptions:
    left: float = from_template("text_block.left", minimum=0)
    """Left edge of the template's text block (points from the left of the page)."""
    right: float = from_template("text_block.right", minimum=0)
    """Right edge of the template's text block."""
    top: float = from_template("text_block.top", minimum=0)
    """Top of the text block (points from the top of the page): no body baseline lies above it."""
    bottom: float = from_template("text_block.bottom", minimum=0)
    """The lowest body baseline on a full page."""
    tolerance: float = from_template("text_block.tolerance", minimum=0)
    """How far (points) text may stand outside the block before it counts (rounding, overfull boxes)."""


@dataclass(frozen=True)
class _PageBlock:
    page: int
    box: BBox
    outside: int
    lines: int


def _measured_box(lines: list[Line]) -> BBox:
    """The text block the page's lines fill, ignoring the outermost 10% on each side."""
    lefts = sorted(line.bbox.x0 for line in lines)
    rights = sorted(line.bbox.x1 for line in lines)
    cut = len(lines) // BLOCK_TRIM
    return BBox(lefts[cut], min(line.bbox.y0 for line in lines), rights[-1 - cut],
                max(line.bbox.y1 for line in lines))


@rule(id="AX204", name="text-block", group="layout", options=TextBlockOptions, confidence="heuristic")
def text_block(doc: Document, options: TextBlockOptions, context: CheckContext) -> Iterator[Violation]:
    """Body text stays inside the template's text block.

    What it checks: on every page, the lines of body-size text (running heads, page numbers,
    the line-number column and the page-1 notice excluded) against the template's text block
    (NeurIPS 2026: x 108-504, 5.5 in wide; y 72-720, 9 in high), with a tolerance. A page
    breaks the side margins when at least 30% of its prose lines (and 3 of them) stick out, so
    a long URL or one wide table does not count; it breaks the top or bottom margin when 2 body
    lines of two or more words have their baselines above or below the block.

    Why: a wider or taller text block (`geometry`, `fullpage`, changed `\\textwidth`) fits
    more text into the page limit, which is unfair to the papers that keep the template.

    How to fix: remove `geometry`, `fullpage` and any change to `\\textwidth`, `\\textheight`,
    margins or `\\voffset`; let the template set the page.
    """
    wide: list[_PageBlock] = []
    tall: list[_PageBlock] = []
    for page in range(1, doc.page_count + 1):
        lines = body_size_lines(doc, page)
        prose = [line for line in lines if len(line.words) >= PROSE_WORDS]
        outside = [line for line in prose if line.bbox.x0 < options.left - options.tolerance
                   or line.bbox.x1 > options.right + options.tolerance]
        if prose and len(outside) >= MIN_WIDE_LINES and len(outside) >= WIDE_PAGE_SHARE * len(prose):
            wide.append(_PageBlock(page, _measured_box(prose), len(outside), len(prose)))
        # Baselines, not boxes: the limits of a displayed sum may rise above the first line.
        beyond = [line for line in lines if len(line.words) >= MIN_ROW_WORDS
                  and (line.baseline < options.top - options.tolerance
                       or line.baseline > options.bottom + options.tolerance)]
        if len(beyond) >= MIN_LOW_LINES:
            tall.append(_PageBlock(page, enclosing([line.bbox for line in lines]), len(beyond), len(lines)))
    template_width = options.right - options.left
    if wide:
        worst = max(wide, key=lambda block: block.outside)
        box = worst.box
        yield Violation(
            message=(f"The text block on page {worst.page} is {_inches(box.width)} wide (x {box.x0:.0f}-{box.x1:.0f}); "
                     f"the template's is {_inches(template_width)} (x {options.left:.0f}-{options.right:.0f})."),
            hint="Remove `geometry`, `fullpage` or changes to `\\textwidth` and the margins; keep the template's page.",
            page=worst.page, bbox=box,
            evidence=(f"{worst.outside} of {worst.lines} prose lines outside the side margins; pages "
                      + ", ".join(str(block.page) for block in wide)))
    if tall:
        worst = max(tall, key=lambda block: block.outside)
        box = worst.box
        yield Violation(
            message=(f"Body text on page {worst.page} runs from y {box.y0:.0f} to {box.y1:.0f}; the template's text "
                     f"block is {_inches(options.bottom - options.top)} high "
                     f"(y {options.top:.0f}-{options.bottom:.0f})."),
            hint="Remove changes to `\\textheight`, `\\topmargin`, `\\voffset` or `geometry`; keep the template's "
                 "page.",
            page=worst.page, bbox=box,
            evidence=(f"{worst.outside} body lines above or below the block; pages "
                      + ", ".join(str(block.page) for block in tall)))


@dataclass(frozen=True)
class BodyFontSizeOptions:
    size: float = from_template("body.size", minimum=1)
    """The template's body type size in points (NeurIPS and ICML: 10 pt, 9.96 pt in the PDF)."""
    tolerance: float = from_template("body.size_tolerance", minimum=0)
    """Rounding allowance in points."""


def _sample_line(doc: Document, size: float) -> Line | None:
    """A prose line of the given size, for the finding's box (page 1 first): one of the body's
    running text if there is one (never the author block's affiliations in that size)."""
    candidates = [line for page in range(1, doc.page_count + 1) for line in body_size_lines(doc, page)
                  if len(line.words) >= PROSE_WORDS and abs(line.size - size) < SIZE_MATCH]
    return next((line for line in candidates if line.region == "body" and line.role is Role.BODY),
                candidates[0] if candidates else None)


@rule(id="AX205", name="body-font-size", group="layout", options=BodyFontSizeOptions)
def body_font_size(doc: Document, options: BodyFontSizeOptions, context: CheckContext) -> Iterator[Violation]:
    """The body text is not set smaller than the template's body size.

    What it checks: the type size of the main text's running prose (the size of most of its
    characters in lines of prose; the front matter, the references, appendix and checklist,
    often set smaller, left out; nothing when the paper has under ten lines of prose) against
    the template's (NeurIPS 2026: 10 pt, which PDFs report as 9.96 pt), with a small allowance
    for rounding.

    Why: a smaller body font fits more text into the page limit; venues desk-reject papers
    that shrink the font.

    How to fix: remove `\\small`, `\\fontsize` or a smaller class option around the body text
    and keep the template's `\\normalsize`.
    """
    size = main_text_size(doc)
    if size is None or size >= options.size - options.tolerance:
        return
    line = _sample_line(doc, size)
    yield Violation(
        message=f"The body text is set in {size:.1f} pt; the template's body size is {options.size:g} pt.",
        hint="Keep the template's \\normalsize for the running text; remove \\small, \\fontsize or a smaller "
             "class option.",
        page=line.page if line else None, bbox=line.bbox if line else None,
        evidence=line.text[:SAMPLE_QUOTE] if line else None)


@dataclass(frozen=True)
class LeadingOptions:
    leading: float = from_template("body.leading", minimum=1)
    """The template's baseline pitch of body text in points (NeurIPS: 11 pt; ICML: 11.96 pt)."""
    tolerance: float = from_template("body.leading_tolerance", minimum=0)
    """How far (points) the measured pitch may fall below the template's before it is squeezed."""


def _pitches(doc: Document, leading: float) -> tuple[dict[float, list[float]], dict[float, tuple[Line, Line]]]:
    """Baseline pitches of consecutive prose lines in one column, by 0.25 pt bucket, and one
    example pair per bucket."""
    pitches: dict[float, list[float]] = {}
    examples: dict[float, tuple[Line, Line]] = {}
    for page in range(1, doc.page_count + 1):
        middle = doc.pages[page - 1].width / 2
        lines = [line for line in body_size_lines(doc, page) if len(line.words) >= PROSE_WORDS - 1]
        for column in (True, False):
            ordered = sorted((line for line in lines if (line.bbox.x0 < middle) == column),
                             key=lambda line: line.baseline)
            for upper, lower in zip(ordered, ordered[1:], strict=False):
                pitch = lower.baseline - upper.baseline
                if PITCH_RANGE[0] * leading < pitch < PITCH_RANGE[1] * leading:
                    key = round(pitch / PITCH_STEP) * PITCH_STEP
                    pitches.setdefault(key, []).append(pitch)
                    examples.setdefault(key, (upper, lower))
    return pitches, examples


@rule(id="AX206", name="leading", group="layout", options=LeadingOptions, severity=Severity.WARNING,
      confidence="heuristic")
def leading(doc: Document, options: LeadingOptions, context: CheckContext) -> Iterator[Violation]:
    """The body text keeps the template's line spacing.

    What it checks: the most common distance between the baselines of consecutive lines of
    running text in one column (NeurIPS 2026: 11 pt for 10 pt type; ICML: 12 pt) against the
    template's leading; a pitch well under it is reported.

    Why: squeezing the leading (`\\linespread{0.9}`, `\\baselinestretch`, `setspace`) fits
    more lines per page; it is as unfair as a smaller font and harder to see.

    How to fix: remove `\\linespread`, `\\renewcommand{\\baselinestretch}` and `setspace`
    settings that shrink the spacing of the body text.
    """
    pitches, examples = _pitches(doc, options.leading)
    total = sum(len(values) for values in pitches.values())
    if total < MIN_PITCHES:
        return
    bucket = max(pitches, key=lambda key: len(pitches[key]))
    values = sorted(pitches[bucket])
    pitch, count = values[len(values) // 2], len(values)
    if pitch >= options.leading - options.tolerance:
        return
    upper, lower = examples[bucket]
    yield Violation(
        message=(f"The body text is set on a {pitch:.2f} pt baseline pitch; the template's leading is "
                 f"{options.leading:g} pt."),
        hint="Remove \\linespread, \\baselinestretch or setspace changes that squeeze the line spacing.",
        page=upper.page, bbox=upper.bbox.union(lower.bbox),
        evidence=f"{count} of {total} measured line pairs at {pitch:.2f} pt")


@dataclass(frozen=True)
class ColumnsOptions:
    columns: int = from_template("columns", minimum=1)
    """The template's number of text columns (NeurIPS: 1, ICML: 2)."""


@rule(id="AX210", name="columns", group="layout", options=ColumnsOptions)
def columns(doc: Document, options: ColumnsOptions, context: CheckContext) -> Iterator[Violation]:
    """The paper is set in the template's number of columns.

    What it checks: whether the running text of the first pages sits in one column across the
    text block or in two half-width columns, against the template (NeurIPS: one column; ICML:
    two).

    Why: a two-column paper in a one-column venue (or the reverse) was not made with the
    venue's template, and its page count means something else.

    How to fix: use the venue's template as distributed; do not load `multicol` or pass
    `twocolumn` to a one-column template (or `onecolumn` to ICML's).
    """
    if doc.columns == options.columns:
        return
    page = min(doc.page_count, 2) or 1  # page 2: the body's first full page
    lines = body_size_lines(doc, page)
    yield Violation(
        message=f"The paper is set in {doc.columns} column(s); the template has {options.columns}.",
        hint="Use the venue's template as distributed, without multicol or a changed column option.",
        page=page, bbox=enclosing([line.bbox for line in lines]) if lines else None,
        evidence=f"{doc.columns} column(s) on the first {min(doc.page_count, COLUMN_PAGES)} pages")


RULES = (text_block, body_font_size, leading, columns)
