"""Figure and table captions, and main-body floats that LaTeX placed among the references.

A caption is a line that begins with its label and a delimiter ("Figure 3:", "Table 2.",
"Fig. 4:") at a text column's edge or centred; the label word is set apart from body text
(bold, italic or another size) or the delimiter is a colon, so that a sentence that merely
wraps onto a line starting "Figure 3. The ..." is not taken for one.

A *stray* float is main-body material outside the main body: its caption lies on a page
after the one where the references start and before the page where the appendix or checklist
begins (a page that should hold references only, as SIGSOFT's checker puts it); it is
numbered in the body's sequence ("Figure 3", not "Figure A.1" or "Figure S2"); and the main
body cites it. LaTeX puts such a float there when it does not fit where it is cited, so
the paper gets more main-text pages than the count of its text shows.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from ..model import BBox, Float, FloatKind, Heading, Line

_CAPTION_RE = re.compile(
    r"^(?P<label>Figure|Fig\.|Table|Tab\.)\s*(?P<number>[A-Z]?\.?\d{1,3}(?:\.\d{1,2})?|[A-Z])"
    r"\s*(?P<delim>[:.|])(?:\s|$)")
_CITATION_RE = re.compile(r"\b(?P<label>Figures?|Figs?\.|Tables?|Tabs?\.)\s*~?(?P<number>\d{1,3})\b")
_BODY_NUMBER_RE = re.compile(r"^\d{1,3}$")
CAPTION_GAP = 1.6
"""Lines of one caption are closer than this many font sizes, baseline to baseline."""
FLOAT_GAP = 2.5
"""A figure's drawing lies between its caption and the text above it, up to this many body
sizes of the text block's top when nothing is above it."""
MIN_CAPTION_WORDS = 2
"""A caption holds its label and at least one more word."""
LABEL_SIZE_STEP = 0.4
"""A caption's label set this many points off the body size is set apart from the text."""
PROSE_WORDS = 6
"""A body-size line of at least this many words is prose: a figure's drawing ends below it."""
BODY_SIZE_SLACK = 0.6
"""Lines within this many points of the body size are body text."""


def _kind(label: str) -> FloatKind:
    return "figure" if label.startswith("Fig") else "table"


def _is_caption(line: Line, body_size: float) -> re.Match[str] | None:
    match = _CAPTION_RE.match(line.text)
    if match is None or len(line.words) < MIN_CAPTION_WORDS:
        return None
    first = line.words[0]
    set_apart = first.bold or first.italic or abs(first.size - body_size) > LABEL_SIZE_STEP
    return match if set_apart or match.group("delim") == ":" else None


def _caption_box(line: Line, page_lines: Sequence[Line]) -> BBox:
    """The caption's lines: its first line and the lines right below it in the same column."""
    box = line.bbox
    index = page_lines.index(line)
    previous = line
    for following in page_lines[index + 1:]:
        if following.bbox.x0 > box.x1 or following.bbox.x1 < box.x0:
            continue
        if following.baseline - previous.baseline > CAPTION_GAP * max(previous.size, 1.0) or\
                following.baseline <= previous.baseline:
            break
        box = box.union(following.bbox)
        previous = following
    return box


def _float_box(kind: FloatKind, caption: BBox, page_lines: Sequence[Line], body_size: float) -> BBox:
    """The caption and, for a figure, the drawing above it: up to the nearest line of prose
    above the caption in the same column (or the top of the page's text)."""
    if kind != "figure":
        return caption
    above = [line for line in page_lines if line.bbox.y1 <= caption.y0 and line.bbox.x1 > caption.x0
             and line.bbox.x0 < caption.x1 and len(line.words) >= PROSE_WORDS
             and abs(line.size - body_size) < BODY_SIZE_SLACK]
    top_of_text = min((line.bbox.y0 for line in page_lines), default=caption.y0)
    top = max((line.bbox.y1 for line in above), default=top_of_text)
    return BBox(caption.x0, min(top + (FLOAT_GAP if above else 0.0), caption.y0), caption.x1, caption.y1)


def captions(pages: Sequence[Sequence[Line]], body_size: float, skip: Collection[int]) -> tuple[Float, ...]:
    """Every figure and table caption, in reading order."""
    found: list[Float] = []
    for lines in pages:
        visible = [line for line in lines if id(line) not in skip]
        for line in visible:
            match = _is_caption(line, body_size)
            if match is None:
                continue
            kind = _kind(match.group("label"))
            box = _caption_box(line, visible)
            found.append(Float(kind=kind, number=match.group("number"), page=line.page,
                               bbox=_float_box(kind, box, visible, body_size), caption_bbox=box, caption=line.text))
    return tuple(found)


def cited(lines: Sequence[Line], floats: Sequence[Float]) -> set[tuple[FloatKind, str]]:
    """(kind, number) of the floats that `lines` cite ("Figure 3", "Fig. 3", "Tables 2 and 3"
    cite at least the first number); a caption does not cite itself."""
    own = {(f.page, f.caption) for f in floats}
    found: set[tuple[FloatKind, str]] = set()
    for line in lines:
        if (line.page, line.text) in own:
            continue
        for match in _CITATION_RE.finditer(line.text):
            found.add((_kind(match.group("label")), match.group("number")))
    return found


def stray_floats(floats: Sequence[Float], body_lines: Sequence[Line], references: Heading | None,
                 after: Heading | None) -> tuple[Float, ...]:
    """Main-body floats on the pages that should hold references only: after the page where
    the references start and before the page where `after` (the appendix or checklist that
    follows them, if any) starts. A float on the appendix's first page is the appendix's own,
    floated above its heading."""
    if references is None:
        return ()
    body_citations = cited(body_lines, floats)
    stray = []
    for item in floats:
        if item.page <= references.page or not _BODY_NUMBER_RE.match(item.number):
            continue
        if after is not None and item.page >= after.page:
            continue
        if (item.kind, item.number) in body_citations:
            stray.append(item)
    return tuple(stray)
