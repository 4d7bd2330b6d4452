"""Text scanning for the anonymity rules: which part of the paper each line is in, and
regular-expression search over runs of lines, so that a match may cross a line break.

A paper's lines are cut into `Run`s: consecutive lines of one region. Regions are `author`
(the title, the author block and the footnotes of page 1), the section kinds of
`analysis.sections` (`body`, `acknowledgments`, `impact`, `references`, `appendix`,
`checklist`); running heads and the venue notice are left out. Everything is computed from
the lines the `Document` already built, once per document.
"""

from __future__ import annotations

import bisect
import re
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import SECTION_KINDS, BBox, Line

if TYPE_CHECKING:
    from ..model import Document

AUTHOR = "author"
REFERENCES = "references"
ACKNOWLEDGMENT_REGIONS = ("acknowledgments", "funding")
"""Where the authors thank people and funders."""
TEXT_REGIONS = (AUTHOR, "body") + tuple(kind for kind in SECTION_KINDS if kind != REFERENCES)
"""Every region but the references."""
FOOT_ZONE = 0.78
"""Footnotes (and the venue notice) lie in the lowest 22% of a page."""
_FOOTNOTE_SIZE_GAP = 0.5
_FOOTNOTE_SIZE_STEP = 1.5
"""Footnotes are set this much smaller than the body (NeurIPS: 8 pt under 10 pt; references 9 pt)."""
_SENTENCE_END_RE = re.compile(r"[.!?](?=\s+[\"'(\[“]?[A-Z0-9])")
_LAST_WORD_RE = re.compile(r"[\w.]*$")
_ABBREVIATIONS = ("al", "e.g", "i.e", "etc", "fig", "figs", "sec", "secs", "eq", "eqs", "cf", "vs", "resp",
                  "approx", "no", "vol", "pp", "ref", "refs", "tab", "app", "thm", "def", "prop", "dr", "prof")
MAX_QUOTE = 300
_TRAILING = ".,;:'\"!?"
_CLOSING = {")": "(", "]": "[", "}": "{"}
_CACHE: weakref.WeakKeyDictionary[Document, tuple[Run, ...]] = weakref.WeakKeyDictionary()
_LINE_INDEX: weakref.WeakKeyDictionary[Document, _LineIndex] = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Run:
    """Consecutive lines of one region, joined by newlines into `text`."""

    region: str
    lines: tuple[Line, ...]
    text: str
    starts: tuple[int, ...]
    """Offset of each line's first character in `text`."""

    def line_at(self, offset: int) -> int:
        """Index of the line that holds character `offset`."""
        return max(0, bisect.bisect_right(self.starts, offset) - 1)

    def box(self, start: int, end: int) -> tuple[int, BBox]:
        """Page and line box(es) of the characters start..end (lines on the first one's page)."""
        first, last = self.line_at(start), self.line_at(max(start, end - 1))
        page = self.lines[first].page
        box = self.lines[first].bbox
        for line in self.lines[first + 1:last + 1]:
            if line.page == page:
                box = box.union(line.bbox)
        return page, box


@dataclass(frozen=True)
class Hit:
    """A regular-expression match in the paper's text, located."""

    match: re.Match[str]
    run: Run
    page: int
    bbox: BBox

    @property
    def text(self) -> str:
        return " ".join(self.match.group(0).split())

    @property
    def region(self) -> str:
        return self.run.region

    @property
    def sentence(self) -> str:
        return sentence_around(self.run.text, self.match.start(), self.match.end())

    @property
    def lines_text(self) -> str:
        """The text of the line(s) that the match spans."""
        first, last = self.run.line_at(self.match.start()), self.run.line_at(max(self.match.start(),
                                                                                 self.match.end() - 1))
        return " ".join(line.text for line in self.run.lines[first:last + 1])


def trim(text: str) -> str:
    """`text` without trailing punctuation and unbalanced closing brackets."""
    text = text.rstrip(_TRAILING)
    while text and text[-1] in _CLOSING and text.count(text[-1]) > text.count(_CLOSING[text[-1]]):
        text = text[:-1].rstrip(_TRAILING)
    return text


def runs(doc: Document) -> tuple[Run, ...]:
    """The paper's text as runs of lines by region (cached per document)."""
    cached = _CACHE.get(doc)
    if cached is None:
        cached = _CACHE[doc] = tuple(_build_runs(doc))
    return cached


def search(doc: Document, pattern: re.Pattern[str], regions: tuple[str, ...] = TEXT_REGIONS) -> Iterator[Hit]:
    """Every match of `pattern` in the runs of the given regions, in reading order."""
    for run in runs(doc):
        if run.region not in regions:
            continue
        for match in pattern.finditer(run.text):
            page, box = run.box(match.start(), match.end())
            yield Hit(match=match, run=run, page=page, bbox=box)


def locate(doc: Document, page: int, bbox: BBox | None) -> tuple[str, Line] | None:
    """The region and the line that a box on `page` covers most, or else shares the most height
    with (a link on a line number); None when no line is beside it."""
    if bbox is None:
        return None
    best: tuple[tuple[float, float], str, Line] | None = None
    for region, line in _line_index(doc).by_page.get(page, ()):
        score = (_overlap_area(line.bbox, bbox), min(line.bbox.y1, bbox.y1) - max(line.bbox.y0, bbox.y0))
        if score[1] > 0 and (best is None or score > best[0]):
            best = (score, region, line)
    return (best[1], best[2]) if best else None


class _LineIndex:
    """Where each line of the runs is: by page (with its region, in the runs' order) and by
    identity (its run and its index there)."""

    def __init__(self, all_runs: tuple[Run, ...]) -> None:
        self.by_page: dict[int, list[tuple[str, Line]]] = {}
        self.by_id: dict[int, tuple[Run, int]] = {}
        for run in all_runs:
            for index, line in enumerate(run.lines):
                self.by_page.setdefault(line.page, []).append((run.region, line))
                self.by_id.setdefault(id(line), (run, index))


def _line_index(doc: Document) -> _LineIndex:
    """The document's `_LineIndex` (cached per document)."""
    cached = _LINE_INDEX.get(doc)
    if cached is None:
        cached = _LINE_INDEX[doc] = _LineIndex(runs(doc))
    return cached


def position(doc: Document, line: Line) -> tuple[Run, int] | None:
    """The run that holds `line` and the line's index in it (the first, when several do)."""
    return _line_index(doc).by_id.get(id(line))


def _overlap_area(a: BBox, b: BBox) -> float:
    return max(0.0, min(a.x1, b.x1) - max(a.x0, b.x0)) * max(0.0, min(a.y1, b.y1) - max(a.y0, b.y0))


def author_area_ids(doc: Document) -> set[int]:
    """ids of the lines of the title, the author block and the footnotes of page 1."""
    block = doc.author_block
    ids = {id(line) for line in block.title} | {id(line) for line in block.lines}
    return ids | {id(line) for line in page_one_footnotes(doc)}


def page_one_footnotes(doc: Document) -> list[Line]:
    """Small print at the foot of page 1 other than the venue notice (author and affiliation
    footnotes, ICML's `Correspondence to:`)."""
    if not doc.page_count:
        return []
    height = doc.pages[0].height
    notice = doc.notice.bbox if doc.notice else None
    return [line for line in doc.first_page_lines
            if line.bbox.y0 > FOOT_ZONE * height and line.size < doc.body_size - _FOOTNOTE_SIZE_GAP
            and not (notice and _overlaps(line.bbox, notice)) and id(line) not in doc.running_heads]


def _overlaps(a: BBox, b: BBox) -> bool:
    return _overlap_area(a, b) > 0


def _is_footnote(doc: Document, line: Line) -> bool:
    """Footnote-sized type at the foot of its page."""
    return (line.bbox.y0 > FOOT_ZONE * doc.pages[line.page - 1].height
            and line.size <= doc.body_size - _FOOTNOTE_SIZE_STEP)


def _build_runs(doc: Document) -> Iterator[Run]:
    """Runs in reading order. A footnote belongs to the region its page starts in (a footnote
    under a References heading that starts mid-page belongs to the text above the heading)."""
    author_ids = author_area_ids(doc)
    notice = doc.notice.bbox if doc.notice else None
    headings = {(h.page, h.bbox): h.kind for h in doc.sections.headings}
    skip = doc.running_heads
    region = "body"
    current: list[Line] = []
    current_region = region
    for page_lines in doc.all_lines:
        page_region = region
        for line in page_lines:
            if id(line) in skip or (line.page == 1 and notice and _overlaps(line.bbox, notice)):
                continue
            region = headings.get((line.page, line.bbox), region)
            where = AUTHOR if id(line) in author_ids else page_region if _is_footnote(doc, line) else region
            if where != current_region and current:
                yield _run(current_region, current)
                current = []
            current_region = where
            current.append(line)
    if current:
        yield _run(current_region, current)


def _run(region: str, lines: list[Line]) -> Run:
    starts, parts, offset = [], [], 0
    for line in lines:
        starts.append(offset)
        parts.append(line.text)
        offset += len(line.text) + 1
    return Run(region=region, lines=tuple(lines), text="\n".join(parts), starts=tuple(starts))


def _is_sentence_end(text: str, position: int) -> bool:
    """The full stop at `position` ends a sentence (it does not end "et al", "Fig" or an initial)."""
    word = _LAST_WORD_RE.search(text, max(0, position - 20), position).group(0).lower()
    return not (word in _ABBREVIATIONS or len(word) == 1 and word.isalpha())


def sentence_around(text: str, start: int, end: int) -> str:
    """The sentence of `text` that holds start..end, on one line, at most MAX_QUOTE characters."""
    left = max(0, start - 4 * MAX_QUOTE)
    for match in _SENTENCE_END_RE.finditer(text, left, start + 8):
        if match.start() < start and _is_sentence_end(text, match.start()):
            left = match.end()
    right = len(text)
    for match in _SENTENCE_END_RE.finditer(text, end):
        if _is_sentence_end(text, match.start()):
            right = match.end()
            break
    sentence = " ".join(text[left:right].split())
    if len(sentence) <= MAX_QUOTE:
        return sentence
    middle = " ".join(text[start:end].split())
    pad = max(0, (MAX_QUOTE - len(middle)) // 2)
    before = " ".join(text[max(left, start - pad):start].split())
    after = " ".join(text[end:min(right, end + pad)].split())
    return f"…{before} {middle} {after}…".replace("  ", " ")
