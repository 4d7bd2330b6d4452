"""The text of a paper: words, lines with their role and region, and the views rules read.

Analysis builds the paper's `TextLayer` once: every line of every page, in reading order,
each carrying what it is (`Role`: body text, a heading, a running head, a footnote, ...),
where it is (`region`: the title, the abstract, the body, the references, ...; see
`vocabulary.TextRegion`) and its `doctop`, a y position that runs on across pages. Rules ask the
layer for the lines they need (`text_lines`, `body_lines`, `footnotes`,
`lines(...)` with any filter), pdfplumber-style, and never work out roles themselves.
"""

from __future__ import annotations

import bisect
from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import NamedTuple

from .geometry import BBox, enclosing
from .vocabulary import TextRegion


class Word(NamedTuple):
    """A run of non-space characters with its box and the font of its first character
    (a named tuple, like `BBox`, for speed)."""

    text: str
    bbox: BBox
    size: float
    font: str
    bold: bool
    italic: bool
    monospace: bool = False
    fill_gray: float | None = None
    """Brightness of the fill colour, 0 (black) to 1 (white); None when unknown."""
    invisible: bool = False
    """Drawn with text render mode 3 (neither filled nor stroked)."""


class Role(str, Enum):
    """What a line is on its page."""

    BODY = "body"
    """Running text: paragraphs, list items, equations, the author block's lines."""
    HEADING = "heading"
    """A section heading (or a piece of one: a number extracted apart), the abstract's heading
    included; a run-in heading ("Acknowledgments. We thank ...") is the whole line."""
    RUNNING_HEAD = "running head"
    """Text repeated at the top or the foot of the pages (a running head or foot)."""
    FOLIO = "folio"
    """A page number ("3", "Page 3 of 10") in the top or bottom row of its page."""
    MARKS = "marks"
    """Numbers or symbols standing alone, no word: a bullet, a rule, an axis tick elsewhere on
    the page than a folio stands."""
    NOTICE = "notice"
    """The template's notice at the foot of page 1."""
    FOOTNOTE = "footnote"
    """Small print at the foot of a page (on page 1: the authors' and affiliations' notes)."""
    LINE_NUMBER = "line number"
    """A number of the review-mode ruler beside the text (kept out of the text lines)."""
    CAPTION = "caption"
    """A line of a figure or table caption."""
    FLOAT_TEXT = "float text"
    """Text inside a figure's drawing, between its caption and the text above it."""
    TABLE_CELL = "table cell"
    """Text sharing its row of its column with other text: a table's cells."""
    REFERENCE_ENTRY = "reference entry"
    """A line of the reference list."""


ASCENT = 0.75
"""A word's baseline lies this share of its font size below the top of its box."""
FURNITURE = frozenset({Role.RUNNING_HEAD, Role.FOLIO, Role.MARKS})
"""Page furniture and stray marks: lines that are never part of the paper's text."""
OUTSIDE_TEXT = FURNITURE | {Role.NOTICE}
"""What the text of a region leaves out: page furniture and the template's notice."""


@dataclass(frozen=True, eq=False)
class Line:
    """Words that share a baseline and sit close together on one page.

    Analysis first assembles lines without knowing what they are (a body line of the body,
    at `doctop` 0); the `TextLayer` holds them with their role, region and doctop. Lines
    compare (and hash) by identity: two lines of a paper are two lines even when they read
    the same, and finding a line among a page's lines costs no comparison of their words."""

    page: int
    words: tuple[Word, ...]
    bbox: BBox
    baseline: float
    role: Role = Role.BODY
    region: TextRegion = "body"
    """The part of the paper the line is in."""
    doctop: float = 0.0
    """The top of the line measured from the top of page 1, every page above it counted
    with its height: positions compare across pages."""

    @cached_property
    def text(self) -> str:
        return " ".join([w.text for w in self.words])

    @cached_property
    def size(self) -> float:
        """The font size that covers most characters of the line."""
        weights: dict[float, int] = {}
        for w in self.words:
            weights[w.size] = weights.get(w.size, 0) + len(w.text)
        return max(weights, key=weights.__getitem__) if weights else 0.0

    @property
    def bold(self) -> bool:
        """True when the first word is bold (run-in and display headings both start bold)."""
        return bool(self.words) and self.words[0].bold

    def placed(self, role: Role, region: TextRegion, doctop: float) -> Line:
        """This line with its role, region and doctop, as the text layer holds it.

        Made without `__init__` (the text layer makes one per line of the paper: half the cost),
        so that the text and size already computed come along."""
        line = object.__new__(Line)
        line.__dict__.update(self.__dict__, role=role, region=region, doctop=doctop)
        return line


@dataclass(frozen=True)
class PageText:
    """The text of one page: its lines in reading order and its line-number ruler, kept apart."""

    page: int
    lines: tuple[Line, ...]
    line_number_words: tuple[Word, ...]
    """The review-mode line numbers beside the text."""
    char_count: int
    doctop: float = 0.0
    """The top of the page measured from the top of page 1 (every page above counted with its height)."""
    region: TextRegion = "body"
    """The region the page starts in."""

    @cached_property
    def ruler(self) -> tuple[Line, ...]:
        """The line numbers as lines of their own (`Role.LINE_NUMBER`, in the region the page starts in)."""
        return tuple(Line(page=self.page, words=(word,), bbox=word.bbox,
                          baseline=round(word.bbox.y0 + ASCENT * word.size, 2), role=Role.LINE_NUMBER,
                          region=self.region, doctop=self.doctop + word.bbox.y0)
                     for word in self.line_number_words)


@dataclass(frozen=True)
class Passage:
    """Consecutive text lines of one region, joined by newlines into `text`, so that a search
    may cross a line break."""

    region: TextRegion
    lines: tuple[Line, ...]
    text: str
    starts: tuple[int, ...]
    """Offset of each line's first character in `text`."""

    @classmethod
    def of(cls, region: TextRegion, lines: tuple[Line, ...]) -> Passage:
        starts, offset = [], 0
        for line in lines:
            starts.append(offset)
            offset += len(line.text) + 1
        return cls(region=region, lines=lines, text="\n".join(line.text for line in lines), starts=tuple(starts))

    def line_at(self, offset: int) -> int:
        """Index of the line that holds character `offset`."""
        return max(0, bisect.bisect_right(self.starts, offset) - 1)

    def box(self, start: int, end: int) -> tuple[int, BBox]:
        """Page and line box(es) of the characters start..end (lines on the first one's page)."""
        first, last = self.line_at(start), self.line_at(max(start, end - 1))
        page = self.lines[first].page
        return page, enclosing(line.bbox for line in self.lines[first:last + 1] if line.page == page)


@dataclass(frozen=True)
class TextLayer:
    """Every line of the paper with its role and region, page by page, and the views on them."""

    pages: tuple[PageText, ...]

    def page(self, number: int) -> PageText:
        """Page `number` (1-based)."""
        if not 1 <= number <= len(self.pages):
            raise IndexError(f"page {number} of a paper with {len(self.pages)} pages")
        return self.pages[number - 1]

    @cached_property
    def all_lines(self) -> tuple[Line, ...]:
        """Every text line of the paper in reading order, page after page (no ruler numbers)."""
        return tuple(line for page in self.pages for line in page.lines)

    def lines(self, page: int | None = None, *, roles: Collection[Role] | None = None,
              regions: Collection[TextRegion] | None = None, without: Collection[Role] = ()) -> tuple[Line, ...]:
        """Text lines in reading order, of page `page` (every page when None), whose role is one
        of `roles` (any role when None) and not one of `without`, in one of `regions` (any)."""
        source = self.all_lines if page is None else self.page(page).lines
        return tuple(line for line in source
                     if (roles is None or line.role in roles) and line.role not in without
                     and (regions is None or line.region in regions))

    def text_lines(self, page: int | None = None) -> tuple[Line, ...]:
        """The lines of the paper's text: running heads, folios and stray marks left out."""
        return self.lines(page, without=FURNITURE)

    def body_lines(self, page: int | None = None) -> tuple[Line, ...]:
        """Running text only (`Role.BODY`): no heading, caption, footnote, table or page furniture."""
        return self.lines(page, roles=(Role.BODY,))

    def footnotes(self, page: int | None = None) -> tuple[Line, ...]:
        return self.lines(page, roles=(Role.FOOTNOTE,))

    @cached_property
    def passages(self) -> tuple[Passage, ...]:
        """The paper's text (page furniture and the notice aside) as passages: each a run of
        consecutive lines of one region, in reading order."""
        found: list[Passage] = []
        current: list[Line] = []
        for line in self.all_lines:
            if line.role in OUTSIDE_TEXT:
                continue
            if current and line.region != current[0].region:
                found.append(Passage.of(current[0].region, tuple(current)))
                current = []
            current.append(line)
        if current:
            found.append(Passage.of(current[0].region, tuple(current)))
        return tuple(found)

    @cached_property
    def _passage_index(self) -> dict[int, tuple[Passage, int]]:
        index: dict[int, tuple[Passage, int]] = {}
        for passage in self.passages:
            for number, line in enumerate(passage.lines):
                index[id(line)] = (passage, number)
        return index

    def passage_of(self, line: Line) -> tuple[Passage, int] | None:
        """The passage that holds `line` and the line's index in it; None for a line outside
        the text (page furniture, the notice)."""
        return self._passage_index.get(id(line))

    def line_under(self, page: int, bbox: BBox | None) -> Line | None:
        """The text line that a box on `page` covers most, or else shares the most height with
        (a link on a line number); None when no line is beside it."""
        if bbox is None or not 1 <= page <= len(self.pages):
            return None
        best: tuple[tuple[float, float], Line] | None = None
        for line in self.pages[page - 1].lines:
            if line.role in OUTSIDE_TEXT:
                continue
            score = (line.bbox.overlap_area(bbox), min(line.bbox.y1, bbox.y1) - max(line.bbox.y0, bbox.y0))
            if score[1] > 0 and (best is None or score > best[0]):
                best = (score, line)
        return best[1] if best else None
