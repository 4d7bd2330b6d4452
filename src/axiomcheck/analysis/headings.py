"""Recognise section headings by their form: a line of its own, set apart by type or space.

A heading is a line that (1) stands alone in its row of its column (a table cell does not),
(2) is short, (3) is set apart from body text by bold type, a larger size or capitals (or,
for the known back-matter titles only, by extra space above, or somewhat less above and clear
space below, on a line that does not run to the column's edge, and then only when the whole
line is the title), and (4) reads as a title
once its number is split off: it starts with its number or a capital, never with a bracket,
and an ordinary (body) heading sits at a column's left edge or centred on it. A line that
merely *begins* with "References" or "Appendix" is never a heading for that reason:
"(Appendix D.2). Variance-informed ..." at the start of a two-column line is prose.
Extraction quirks are undone first: bold words that lost their spaces
("NeurIPSPaperChecklist") and small caps split after their first letter ("R EFERENCES"),
rejoined only where the glyphs touch so that a section letter stays apart from its title
("A PLEASE ADD ...").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..model import STATEMENT_KINDS, Line, SectionKind, Word
from .section_titles import exact_kind, title_key, title_kind

MAX_HEADING_WORDS = 12
SIZE_STEP = 0.8
"""A line this many points above the body size is set apart by size alone."""
SPACE_ABOVE = 1.45
"""A plain line preceded by more than this many body sizes of white space is set apart."""
SPACE_ABOVE_AND_BELOW = (1.2, 0.6)
"""...or by more than this many body sizes above and this many below (ICLR's unnumbered
`\\subsubsection*{Acknowledgments}` in a body font: 1.44 above, 0.97 below; lines of prose are
a tenth of the body size apart)."""
BOLD_SHARE = 0.8
"""A line whose first word and this share of its letters are bold is set in bold (a symbol in
a math font does not make a bold heading plain)."""
TOUCHING_GAP = 0.12
"""Words closer than this fraction of the font size are one word split by the extraction."""
MIN_TITLE_LETTERS = 2
"""A heading's title (after its number) has at least this many letters."""
MIN_CAPITALS = 4
"""A line of at least this many letters, all capitals, is set apart by its type."""
BODY_SIZE_SLACK = 0.5
"""An ordinary heading is set at least the body size, less this many points."""
MAX_RUN_IN_WORDS = 6
"""A run-in heading ("Acknowledgments.") has at most this many bold words."""

_NUMBER_RE = re.compile(
    r"^(?:(?:appendix|appendices|supplementary\s+material)\s+)?"
    r"(?P<num>(?:[0-9]{1,2}|[A-Z]|[IVX]{1,5})(?:\.[0-9]{1,2})*)[.:)]?\s+(?=\S)",
    re.IGNORECASE,
)
_SPLIT_CAPS_RE = re.compile(r"\b([A-Z]) ([A-Z]{2,})\b")
_APPENDIX_HEADING_RE = re.compile(
    r"^(?:appendix|appendices|supplementary\s+materials?|technical\s+appendi(?:x|ces)|online\s+appendix)"
    r"(?:\s+[A-Z0-9](?:\.\d+)*)?(?:\s*[.:\u2013\u2014-]\s*|\s+|$)(?=[A-Z0-9]|$)", re.IGNORECASE)
"""An appendix heading's own form: "Appendix", "Appendix C", "Appendix C: Proofs",
"Supplementary Material" (a capitalised title, if any, follows the word and its letter)."""
_SENTENCE_BREAK_RE = re.compile(r"[a-z]{2}[.!?] +[A-Z]")
"""One sentence ending and another starting: prose (a bold paragraph), not a title."""
_REAL_WORD_RE = re.compile(r"[A-Za-z\u00c0-\u024f][A-Za-z\u00c0-\u024f'\u2019-]{2,}")


@dataclass(frozen=True)
class Placement:
    """Where a line sits among its neighbours (measured by the caller; permissive defaults)."""

    alone: bool = True
    """No other line shares its row within its column (a table row shares it)."""
    aligned: bool = True
    """It starts at a text column's left edge or is centred on the column."""
    fills_column: bool = False
    """It runs to the column's right edge like a justified line of prose."""


@dataclass(frozen=True)
class HeadingCandidate:
    """A line that looks like a heading, with its title split from its number."""

    line: Line
    title: str
    key: str
    """Lower-case letters of the title only: the form matched against known titles."""
    number: str | None
    kind: SectionKind | None
    """Known section kind, or None for an ordinary (body) heading."""
    text: str
    """The whole heading, normalised (number and title)."""
    typeset: bool = True
    """Set apart by its type (bold, larger, capitals), not only by space above."""
    outline: bool = False
    """Found only because the PDF's outline lists it at its place (`outline.py`)."""


def normalise(text: str) -> str:
    """Undo extraction quirks in text without geometry: small caps split after the first
    letter, odd spaces."""
    text = " ".join(text.split())
    previous = None
    while previous != text:
        previous = text
        text = _SPLIT_CAPS_RE.sub(r"\1\2", text)
    return text


def _touches(left: Word, right: Word) -> bool:
    return (len(left.text) == 1 and left.text.isupper() and right.text[:1].isupper()
            and right.bbox.x0 - left.bbox.x1 < TOUCHING_GAP * max(left.size, 1.0))


def line_text(words: tuple[Word, ...] | list[Word]) -> str:
    """A line's text with small caps split by the extraction rejoined where the glyphs touch
    ("R" + "EFERENCES"), while a section letter set apart by a space stays apart ("A PLEASE")."""
    parts: list[str] = []
    for index, word in enumerate(words):
        if index and _touches(words[index - 1], word):
            parts[-1] += word.text
        else:
            parts.append(word.text)
    return " ".join(" ".join(parts).split())


def split_number(text: str) -> tuple[str | None, str]:
    """("6", "References") from "6 References"; ("A", "Proofs") from "Appendix A: Proofs"."""
    match = _NUMBER_RE.match(text)
    if not match:
        return None, text
    rest = text[match.end():]
    number = match.group("num")
    if len(rest) < MIN_TITLE_LETTERS or not re.search(r"[A-Za-z]{2}", rest):
        return None, text
    if number.isalpha() and len(number) == 1 and not text[: match.end()].rstrip().endswith(
            (".", ":", ")")) and rest[:1].islower():
        return None, text
    return number, rest


def _typeset_apart(line: Line, text: str, body_size: float) -> bool:
    """Set apart by type: a larger size, bold throughout, or capitals."""
    if line.size >= body_size + SIZE_STEP:
        return True
    if line.bold:
        letters = bold = 0
        for word in line.words:
            count = sum(map(str.isalpha, word.text))
            letters += count
            if word.bold:
                bold += count
        if letters and bold >= BOLD_SHARE * letters:
            return True
    caps = "".join(filter(str.isalpha, text))
    return len(caps) >= MIN_CAPITALS and caps.isupper()


def _kind_of(text: str, title: str) -> SectionKind | None:
    kind = title_kind(title)
    if kind is None and _APPENDIX_HEADING_RE.match(text):
        kind = "appendix"
    return kind


def heading_candidate(line: Line, body_size: float, space_above: float | None,
                      placement: Placement | Callable[[], Placement] = Placement(),
                      space_below: float | None = None) -> HeadingCandidate | None:
    """Return the line as a heading when it is one, else None. `placement` may be given as a
    function: it is then measured only for a line whose text could be a heading. The white
    space above and below (None: no line of the same column there) sets a plain line apart."""
    if len(line.words) > MAX_HEADING_WORDS:
        return None
    text = line_text(line.words)
    if not any(c.isalpha() for c in text) or text.endswith((",", ";")) or not text[0].isalnum():
        return None
    if exact_kind(title_key(split_number(text)[1])) is None:
        glued = normalise(text)  # small caps split by a space in the text stream: "R EFERENCES"
        if exact_kind(title_key(split_number(glued)[1])) is not None:
            text = glued
    number, title = split_number(text)
    key = title_key(title)
    if not key:
        return None
    if callable(placement):
        placement = placement()
    if not placement.alone:
        return None
    typeset = _typeset_apart(line, text, body_size)
    if not typeset:
        spaced = _spaced(space_above, space_below, body_size)
        kind = exact_kind(key)
        if kind is None or not spaced or placement.fills_column or not title[:1].isupper():
            return None
    else:
        kind = _kind_of(text, title)
        if kind is None and not _body_heading(line, number, title, body_size, placement):
            return None
    return HeadingCandidate(line=line, title=title, key=key, number=number, kind=kind, text=text,
                            typeset=typeset)


def _spaced(space_above: float | None, space_below: float | None, body_size: float) -> bool:
    """Set apart by white space: much above, or clearly more than prose has above and below."""
    if space_above is None:
        return False
    above, below = SPACE_ABOVE_AND_BELOW
    return space_above > SPACE_ABOVE * body_size or (
        space_above > above * body_size and space_below is not None and space_below > below * body_size)


def _body_heading(line: Line, number: str | None, title: str, body_size: float,
                  placement: Placement) -> bool:
    """An ordinary section heading: body-sized or larger, at the column's edge (or centred), a
    title of real words that starts with a capital (or follows a section number) and holds no
    sentence break (the first line of a wrapped heading may well reach the column's edge)."""
    if line.size < body_size - BODY_SIZE_SLACK or not placement.aligned or not _REAL_WORD_RE.search(title)\
            or _SENTENCE_BREAK_RE.search(title):
        return False
    if not title[:1].isupper() and not (number and number[0].isdigit()):
        return False
    return not (title.rstrip().endswith(".") and line.size < body_size + SIZE_STEP)


def run_in_heading(line: Line) -> HeadingCandidate | None:
    """A bold run-in heading such as "Acknowledgments. We thank ..." (paragraph style)."""
    bold_words = []
    for word in line.words:
        if not word.bold:
            break
        bold_words.append(word.text)
    if not bold_words or len(bold_words) == len(line.words) or len(bold_words) > MAX_RUN_IN_WORDS:
        return None
    title = normalise(" ".join(bold_words)).rstrip(".:")
    kind = title_kind(title)
    if kind not in STATEMENT_KINDS:
        return None
    return HeadingCandidate(line=line, title=title, key=title_key(title), number=None, kind=kind,
                            text=title)
