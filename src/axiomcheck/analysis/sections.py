"""Find where a paper's parts start: its section headings and the kind of each.

Input: the lines of every page (line numbers already removed), the body font size and the
PDF's own list of its sections (outline or tags). Output: the `Sections` of the model, whose
headings `main_body.py` reads to find where the main body ends.

Headings are found by their form (`headings.py`); a heading the PDF's outline lists at the
place it points to is one even when its form hid it (`outline.py`). Lettered headings
("A Proofs") open the appendix when the paper numbered its body sections with digits before
them, or when they come after the references: that is how the templates print `\\appendix`
sections, with or without the word "Appendix". Any other section after the references (a
"6 Supplement", an unnumbered "Additional results") is supplementary material too, an
appendix section; the checklist and the statements keep their kinds. Whether a heading starts
its page is judged per column (`reading_place.py`).
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import re
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..model import Heading, Line, OutlineEntry, SectionKind, Sections
from .headings import MAX_HEADING_WORDS, HeadingCandidate, Placement, heading_candidate, run_in_heading
from .main_body import part_of
from .outline import confirmed_headings, disagreements
from .reading_place import preceding
COLUMN_EDGE_SHARE = 0.08
"""A left edge where this share of the prose lines start is a text column's edge ..."""
MIN_COLUMN_LINES = 5
"""... and at least this many."""
MIN_COLUMN_WIDTH = 100.0
"""Another column's left edge lies at least this many points right of a column's (a paragraph
indent or a list item's edge is no column)."""
PROSE_WORDS = 5
"""A body-size line of at least this many words is prose: it marks where text columns are."""
BODY_SIZE_SLACK = 0.6
"""Lines within this many points of the body size are body text."""
EDGE_TOLERANCE = 3.0
"""Points within which lines start at the same edge (and a heading at a column's edge)."""
COLUMN_MARGIN = 4.0
"""Points a line may stick out of its text column and still be in it."""
ROW_SHARE = 0.5
"""Lines whose baselines are closer than this share of the font size stand in one row."""
CENTRE_TOLERANCE = 6.0
"""Points within which a heading centred on its column is centred."""
FILLED_SHARE = 0.75
"""A line that runs to its column's right edge and covers this share of it fills the column."""
NUMBER_GAP = 4.0
"""A lone section number stands at most this many font sizes left of its title."""
SAME_COLUMN = 200.0
"""Points within which two lines' left edges are in one column (for the space between them)."""
MIN_DIGIT_SECTIONS = 2
"""Lettered headings open the appendix after at least this many digit-numbered sections."""
BASELINE_EPSILON = 1e-6
"""A hair more than the row tolerance: callers compare baselines exactly."""
_LONE_NUMBER_RE = re.compile(r"^(?:[A-Z]|\d{1,2})(?:\.\d{1,2})*\.?$")
_LETTER_RE = re.compile(r"^[A-Z](?:\.\d+)*$")
_DIGIT_RE = re.compile(r"^\d+$")


@dataclass(frozen=True)
class TextColumn:
    """A text column: where its lines start and where its justified lines end."""

    left: float
    right: float


def text_columns(pages: Sequence[Sequence[Line]], body_size: float, skip: Collection[int]) -> list[TextColumn]:
    """The text columns of the document: left edges where many prose lines start, each with
    the right edge where its justified lines end. A line that runs past another column's left
    edge spans the columns (a one-column appendix after a two-column body) and does not set
    the edge of the column it starts in, unless every line that starts there does."""
    prose = [line for lines in pages for line in lines
             if id(line) not in skip and len(line.words) >= PROSE_WORDS
             and abs(line.size - body_size) < BODY_SIZE_SLACK]
    if not prose:
        return []
    starts = Counter(round(line.bbox.x0) for line in prose)
    floor = max(MIN_COLUMN_LINES, COLUMN_EDGE_SHARE * len(prose))
    lefts: list[int] = []
    for left, count in starts.most_common():
        if count < floor:
            break
        if not any(abs(left - other) <= EDGE_TOLERANCE for other in lefts):
            lefts.append(left)
    columns: list[TextColumn] = []
    for left in lefts:
        starting = [line for line in prose if abs(line.bbox.x0 - left) <= EDGE_TOLERANCE]
        within = [line for line in starting if not any(left + MIN_COLUMN_WIDTH < other < line.bbox.x1 - EDGE_TOLERANCE
                                                       for other in lefts)]
        ends = Counter(round(line.bbox.x1) for line in within or starting)
        right = max(ends.most_common(1)[0][0], left + 1)
        columns.append(TextColumn(float(left), float(right)))
    return columns


class _Rows:
    """A page's lines by baseline, to find the lines that share a row with one of them."""

    def __init__(self, lines: Sequence[Line]) -> None:
        self._lines = sorted(lines, key=lambda line: line.baseline)
        self._baselines = [line.baseline for line in self._lines]

    def near(self, baseline: float, tolerance: float) -> list[Line]:
        """The lines whose baseline is within `tolerance` of `baseline` (and a hair more:
        callers compare exactly)."""
        start = bisect.bisect_left(self._baselines, baseline - tolerance - BASELINE_EPSILON)
        end = bisect.bisect_right(self._baselines, baseline + tolerance + BASELINE_EPSILON)
        return self._lines[start:end]


def _placement(line: Line, rows: _Rows, columns: list[TextColumn], skip: Collection[int]) -> Placement:
    """Whether `line` stands alone in its column's row (its own pieces aside: a section number
    extracted as a line of its own and joined to its title), starts at a column edge (or is
    centred on a column) and runs to the column's right edge."""
    column = next((c for c in columns if c.left - COLUMN_MARGIN <= line.bbox.x0
                   and line.bbox.x1 <= c.right + COLUMN_MARGIN and line.bbox.x0 < (c.left + c.right) / 2), None)
    span = (column.left - COLUMN_MARGIN, column.right + COLUMN_MARGIN) if column else (float("-inf"), float("inf"))
    tolerance = ROW_SHARE * max(line.size, 1.0)
    alone = not any(other is not line and id(other) not in skip and not part_of(other, line.bbox)
                    and abs(other.baseline - line.baseline) <= tolerance
                    and other.bbox.x1 > span[0] and other.bbox.x0 < span[1]
                    for other in rows.near(line.baseline, tolerance))
    if not columns:
        return Placement(alone=alone)
    centre = (line.bbox.x0 + line.bbox.x1) / 2
    aligned = any(abs(line.bbox.x0 - c.left) <= EDGE_TOLERANCE
                  or abs(centre - (c.left + c.right) / 2) <= CENTRE_TOLERANCE for c in columns)
    fills = column is not None and line.bbox.x1 >= column.right - EDGE_TOLERANCE and \
        line.bbox.width >= FILLED_SHARE * (column.right - column.left)
    return Placement(alone=alone, aligned=aligned, fills_column=fills)


def _with_number(number: Line, title: Line) -> Line:
    """A section number extracted as a line of its own ("A") joined to its title line."""
    return Line(page=title.page, words=number.words + title.words, bbox=number.bbox.union(title.bbox),
                baseline=title.baseline)


def _lone_number_joined(lines: Sequence[Line], skip: Collection[int]) -> list[Line]:
    """The page's lines with each lone section number ("A", "3.2") joined to the title that
    follows it on the same baseline."""
    result: list[Line] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        following = next((other for other in lines[index + 1:] if id(other) not in skip), None)
        if (id(line) not in skip and _LONE_NUMBER_RE.match(line.text) and following is not None
                and abs(following.baseline - line.baseline) <= 1.0
                and 0 <= following.bbox.x0 - line.bbox.x1 <= NUMBER_GAP * max(line.size, 1.0)):
            result.append(_with_number(line, following))
            index = lines.index(following) + 1
            continue
        result.append(line)
        index += 1
    return result


def _candidates(pages: Sequence[Sequence[Line]], body_size: float, skip: Collection[int], front: Collection[int],
                columns: list[TextColumn], outline: Sequence[OutlineEntry]) -> list[HeadingCandidate]:
    found: list[HeadingCandidate] = []
    for number, lines in enumerate(pages, start=1):
        joined = _lone_number_joined(lines, skip)
        on_page = _page_candidates(joined, body_size, skip, front, columns, _Rows(lines))
        entries = [entry for entry in outline if entry.page == number]
        if entries:
            on_page += confirmed_headings(joined, number, entries, on_page, {*skip, *front})
            order = {id(line): index for index, line in enumerate(joined)}
            on_page.sort(key=lambda candidate: order[id(candidate.line)])
        found += on_page
    return found


def _page_candidates(joined: Sequence[Line], body_size: float, skip: Collection[int], front: Collection[int],
                     columns: list[TextColumn], rows: _Rows) -> list[HeadingCandidate]:
    """The headings of one page found by their form, in reading order."""
    found: list[HeadingCandidate] = []
    previous: Line | None = None
    read = [line for line in joined if id(line) not in skip]
    for index, line in enumerate(read):
        if id(line) in front:
            previous = line
            continue
        space_above = _space_between(previous, line)
        candidate = None
        if len(line.words) <= MAX_HEADING_WORDS:
            space_below = _space_between(line, read[index + 1]) if index + 1 < len(read) else None
            candidate = heading_candidate(line, body_size, space_above,
                                          functools.partial(_placement, line, rows, columns, skip), space_below)
        candidate = candidate or run_in_heading(line)
        if candidate is not None:
            found.append(candidate)
        previous = line
    return found


def _space_between(upper: Line | None, lower: Line) -> float | None:
    """The white space from `upper` down to `lower` when both start in the same column, else None."""
    if upper is None or abs(upper.bbox.x0 - lower.bbox.x0) >= SAME_COLUMN:
        return None
    return lower.bbox.y0 - upper.bbox.y1


def _assign_lettered_appendix(candidates: list[HeadingCandidate]) -> list[HeadingCandidate]:
    """Mark "A Proofs"-style headings as appendix once the body used digit numbers."""
    seen_digit_sections = 0
    seen_references = False
    roman = sum(1 for c in candidates if c.number and c.number.upper() in ("II", "III", "IV"))
    result = []
    for candidate in candidates:
        number = candidate.number or ""
        if _DIGIT_RE.match(number):
            seen_digit_sections += 1
        if candidate.kind == "references":
            seen_references = True
        if candidate.kind is None and _LETTER_RE.match(number):
            after_body = seen_digit_sections >= MIN_DIGIT_SECTIONS and not roman
            if (after_body or seen_references) and candidate.typeset:
                candidate = dataclasses.replace(candidate, kind="appendix")
        result.append(candidate)
    return result


def _after_references(candidates: list[HeadingCandidate]) -> list[HeadingCandidate]:
    """After the references, what is not the checklist (nor a statement, nor more references)
    is supplementary material: an ordinary section there opens the appendix ("6 Supplement").
    Inside the checklist, item titles ("10. Broader Impacts") are not sections; only an
    appendix or references placed after the checklist open a new part."""
    result = []
    after_references = in_checklist = False
    for candidate in candidates:
        if candidate.kind == "checklist":
            in_checklist = True
        elif in_checklist and candidate.kind not in ("appendix", "references"):
            continue
        elif candidate.kind in ("appendix", "references"):
            in_checklist = False
        if after_references and candidate.kind is None:
            candidate = dataclasses.replace(candidate, kind="appendix")
        after_references = after_references or candidate.kind == "references"
        result.append(candidate)
    return result


def _to_heading(candidate: HeadingCandidate, page_lines: Sequence[Line], width: float,
                skip: Collection[int]) -> Heading:
    """The heading of a candidate; it starts its page when no text comes before it there,
    judged per column (`reading_place.preceding`)."""
    pieces = {id(line) for line in page_lines if line is candidate.line or part_of(line, candidate.line.bbox)}
    first = next(preceding(page_lines, candidate.line.bbox, width, skip, pieces), None)
    return Heading(page=candidate.line.page, text=candidate.text, kind=candidate.kind or "body",
                   number=candidate.number, bbox=candidate.line.bbox, top_of_page=first is None)


def find_sections(pages: Sequence[Sequence[Line]], widths: Sequence[float], body_size: float, skip: Collection[int],
                  front: Collection[int] = frozenset(), columns: list[TextColumn] | None = None,
                  outline: Sequence[OutlineEntry] = ()) -> Sections:
    """Detect the paper's section headings from its lines (one list per page, reading order;
    `widths` the pages' widths). Lines in `front` (the title and the author block) are never
    headings; `columns` are the document's text columns (`text_columns`) when the caller has
    them already; `outline` is the PDF's own list of its sections (`OutlineEntry`)."""
    if columns is None:
        columns = text_columns(pages, body_size, skip)
    candidates = _after_references(_assign_lettered_appendix(_candidates(pages, body_size, skip, front, columns,
                                                                         outline)))
    headings = tuple(_to_heading(c, pages[c.line.page - 1], widths[c.line.page - 1], skip) for c in candidates)

    def first(kind: SectionKind) -> Heading | None:
        return next((h for h in headings if h.kind == kind), None)

    return Sections(
        headings=headings,
        references=first("references"),
        appendix=first("appendix"),
        checklist=first("checklist"),
        acknowledgments=first("acknowledgments"),
        impact=first("impact"),
        outline=tuple(outline),
        disagreements=disagreements(outline, headings),
    )
