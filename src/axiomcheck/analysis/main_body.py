"""Where a paper's main body ends, for the section kinds a track does not count.

The convention is the one of the venue pages and of the corpus labels: the main body runs from
page 1 to where the first section the track does not count begins, and a partly filled last
page counts as one (a section that starts at the top of page k leaves k-1 pages; one that
starts part-way down page k leaves k).

Two refinements keep that convention true on real papers:

- **The main text may resume after a statement.** A statement the track leaves out (an impact
  or ethics statement, say) that is followed by a section numbered on in the body's sequence
  ("4.7 Broader Impacts", then "4.8 Limitations" and "5 Conclusion"; "8 Broader Impact and
  Ethics", then "9 Conclusion") does not end the main body: the text after it is main text.
  An unnumbered heading after a statement resumes nothing (it may be the statement's own
  sub-heading).
- **Nothing after the references, the appendix or the checklist is main text** (what follows
  the references is supplementary material, `sections.py` makes its sections appendix ones):
  the main body never runs past the first of them that the track leaves out.

Main-body figures and tables that LaTeX placed among the references count (`captions.py`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from ..model import (CLOSING_KINDS, DEFAULT_MAIN_BODY_EXCLUDES, BBox, Float, Heading, Line, MainBody, PagePosition,
                     SectionKind, Sections)
from .captions import stray_floats
from .column_share import column_share
from .reading_place import preceding

BLOCK_TRIM = 100
"""The text block ignores the outermost 1/100 of the lines at its top and bottom."""
_SECTION_NUMBER_RE = re.compile(r"^\d{1,2}(?:\.\d{1,2})*$")
"""A section number of the body's sequence: "5", "4.8" (a letter is the appendix's)."""


def part_of(line: Line, heading_box: BBox) -> bool:
    """Whether a page line is (a piece of) the heading line with this box: a heading whose
    number was extracted as a line of its own is both lines joined."""
    box = heading_box
    return box.x0 <= line.bbox.x0 and line.bbox.x1 <= box.x1 and box.y0 <= line.bbox.y0 and line.bbox.y1 <= box.y1


def heading_pieces(page_lines: Sequence[Line], heading: Heading) -> set[int]:
    """ids of the page lines that make up `heading`."""
    return {id(line) for line in page_lines if part_of(line, heading.bbox)}


def text_block(pages: Sequence[Sequence[Line]], skip: Collection[int]) -> tuple[float, float]:
    """Top and bottom of the region that body text uses, over the whole document."""
    tops = sorted(line.bbox.y0 for lines in pages for line in lines if id(line) not in skip)
    bottoms = sorted(line.bbox.y1 for lines in pages for line in lines if id(line) not in skip)
    if not tops:
        return 0.0, 1.0
    cut = len(tops) // BLOCK_TRIM
    top, bottom = tops[cut], bottoms[-1 - cut]
    return top, max(bottom, top + 1.0)


def _number(heading: Heading) -> tuple[int, ...] | None:
    """A heading's number in the body's sequence ("4.8" is (4, 8)), None for none or a letter."""
    if not _SECTION_NUMBER_RE.match(heading.number or ""):
        return None
    return tuple(int(part) for part in (heading.number or "").split("."))


def stop_heading(headings: Sequence[Heading], excluded: Collection[SectionKind]) -> Heading | None:
    """The heading where the main body stops: the first section the track does not count,
    unless the main text resumes after it (a section numbered on in the body's sequence, not
    one of the statement's own subsections, follows before the references, appendix or
    checklist); None when every section counts."""
    stop: Heading | None = None
    stop_number: tuple[int, ...] | None = None
    latest: tuple[int, ...] = ()
    for heading in headings:
        number = _number(heading)
        if heading.kind in excluded:
            if stop is None:
                stop, stop_number = heading, number
            if heading.kind in CLOSING_KINDS:
                return stop
        elif stop is not None and number is not None and number > latest \
                and not (stop_number and number[:len(stop_number)] == stop_number):
            stop = None  # the body's numbered sections go on: the statement stood inside the main text
        if number is not None and heading.kind not in CLOSING_KINDS:
            latest = max(latest, number)
    return stop


def _fraction(y: float, block: tuple[float, float]) -> float:
    top, bottom = block
    return round(min(1.0, max(0.0, (y - top) / (bottom - top))), 2)


def _last_text(pages: Sequence[Sequence[Line]], skip: Collection[int], block: tuple[float, float],
               before: int) -> PagePosition | None:
    """The end of the text on the last page before page `before` (1-based) that has any."""
    for index in range(before - 2, -1, -1):
        bottoms = [line.bbox.y1 for line in pages[index] if id(line) not in skip]
        if bottoms:
            return PagePosition(index + 1, _fraction(max(bottoms), block))
    return None


def end_position(stop: Heading | None, pages: Sequence[Sequence[Line]], widths: Sequence[float],
                 skip: Collection[int], block: tuple[float, float]) -> PagePosition | None:
    """Where the main body's text ends: the lowest line that a reader reads before `stop` on
    its page (judged per column), else the end of the last page with text before it; with no
    stop, the end of the last page with text."""
    if stop is None:
        return _last_text(pages, skip, block, len(pages) + 1)
    if not stop.top_of_page:
        lines = pages[stop.page - 1]
        shared = column_share(lines, stop.bbox, skip, lambda y: _fraction(y, block))
        if shared is not None:  # a page in two columns: the columns before the heading's count whole
            return PagePosition(stop.page, shared)
        before = [line.bbox.y1 for line in preceding(lines, stop.bbox, widths[stop.page - 1], skip,
                                                     heading_pieces(lines, stop))]
        return PagePosition(stop.page, _fraction(max(before) if before else stop.bbox.y0, block))
    found = _last_text(pages, skip, block, stop.page)
    if found is not None:
        return found
    return PagePosition(stop.page, 0.0) if stop.page == 1 else PagePosition(stop.page - 1, 0.0)


def _lines_before(pages: Sequence[Sequence[Line]], heading: Heading, skip: Collection[int]) -> list[Line]:
    """Every text line in reading order before `heading`."""
    found: list[Line] = []
    for lines in pages[: heading.page]:
        for line in lines:
            if line.page == heading.page and part_of(line, heading.bbox):
                return found
            if id(line) not in skip:
                found.append(line)
    return found


def find_main_body(pages: Sequence[Sequence[Line]], widths: Sequence[float], sections: Sections,
                   skip: Collection[int], excluded: Sequence[SectionKind] = DEFAULT_MAIN_BODY_EXCLUDES,
                   floats: Sequence[Float] = ()) -> MainBody:
    """Where the main body ends when the section kinds in `excluded` do not count; main-body
    floats that LaTeX placed after the references start (see `captions`) count too. `widths`
    are the pages' widths (the middle of a page parts its columns)."""
    stop = stop_heading(sections.headings, excluded)
    block = text_block(pages, skip)
    end = end_position(stop, pages, widths, skip, block)
    stray: tuple[Float, ...] = ()
    if stop is not None and "references" in excluded and floats:
        references = sections.references
        after = next((h for h in sections.headings if references is not None and h.kind in ("appendix", "checklist")
                      and (h.page, h.bbox.y0) > (references.page, references.bbox.y0)), None)
        stray = stray_floats(floats, _lines_before(pages, stop, skip), references, after)
    if stray and end is not None:
        last = max(stray, key=lambda f: (f.page, f.bbox.y1))
        if last.page > end.page:
            end = PagePosition(last.page, _fraction(last.bbox.y1, block))
    return MainBody(pages=end.page if end else 0, end=end, excluded_start=stop,
                    excluded=tuple(excluded), floats=stray)
