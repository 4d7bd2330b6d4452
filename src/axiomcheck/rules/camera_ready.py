"""Camera-ready rules: the paper against what the submission system knows about it.

The author list printed under the title must be the submission's (`Submission.authors`,
from a manifest or an OpenReview export), in the same order; the title printed on page 1,
the PDF's metadata title and the submission's title must agree. Names are compared as
`rules._names` prints them: case and diacritics folded ("Zoë" = "Zoe", also when the PDF
keeps the accent as a glyph of its own), hyphens and spaces alike ("Jean-Pierre" = "Jean
Pierre"), a first or middle name that may be printed as an initial ("J.-P. Dupont", "Jane Q.
Doe").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import BBox, Line, Severity, enclosing
from ._names import NAME_MARKS_RE, NAME_RUN_RE, clean, is_person, lowercase, name_patterns, name_words, squash
from ._text import MAX_QUOTE, SHORT_QUOTE
from .base import CheckContext, Violation, option, rule

if TYPE_CHECKING:
    from ..model import Document

ROW_JOIN = "   "
"""What stands between two lines of a row in the block text (no name runs across it)."""
ROW_APART = 1.4
"""A row this many times the usual row spacing below the one above starts a new row of authors."""
ROW_TOLERANCE = 3.0
"""Lines whose tops lie within this many points form one row (names set side by side)."""


@dataclass(frozen=True)
class _Row:
    """Lines side by side in the author block, left to right, with offsets into the block text."""

    lines: tuple[Line, ...]
    start: int
    end: int
    spans: tuple[tuple[int, int], ...]
    """Each line's (start, end) offsets into the block text."""

    @property
    def bbox(self) -> BBox:
        return enclosing([line.bbox for line in self.lines])

    def holds(self, match: _Match) -> bool:
        return self.start <= match.start < self.end


def _rows(lines: Sequence[Line]) -> tuple[list[_Row], str]:
    """The block's lines in reading order (rows top to bottom, left to right in a row) and
    the cleaned block text they make, one row a line."""
    rows: list[list[Line]] = []
    for line in sorted(lines, key=lambda line: line.bbox.y0):
        if rows and abs(line.bbox.y0 - rows[-1][0].bbox.y0) <= ROW_TOLERANCE:
            rows[-1].append(line)
        else:
            rows.append([line])
    result, text = [], ""
    for row in rows:
        ordered = tuple(sorted(row, key=lambda line: line.bbox.x0))
        texts = [line.text for line in ordered]
        row_text = clean(ROW_JOIN.join(texts))
        spans = tuple((len(text) + (len(clean(ROW_JOIN.join(texts[:i]) + ROW_JOIN)) if i else 0),
                       len(text) + len(clean(ROW_JOIN.join(texts[:i + 1])))) for i in range(len(texts)))
        result.append(_Row(ordered, len(text), len(text) + len(row_text), spans))
        text += row_text + "\n"
    return result, text


@dataclass(frozen=True)
class _Match:
    author: int
    start: int
    end: int


def _find_authors(names: Sequence[str], text: str, initials: bool) -> dict[int, _Match]:
    """Where each listed author is printed: full given names are placed before initials, and
    no two authors share printed text (two "J. Doe"s cannot both be one printed name)."""
    lowered = lowercase(text)
    candidates: list[tuple[int, int, _Match]] = []
    for index, name in enumerate(names):
        for quality, pattern in enumerate(name_patterns(name).forms(initials)):
            candidates += [(quality, m.start(), _Match(index, m.start(), m.end())) for m in pattern.finditer(lowered)]
    found: dict[int, _Match] = {}
    taken: list[tuple[int, int]] = []
    for _, _, match in sorted(candidates, key=lambda c: (c[0], c[1])):
        if match.author in found or any(match.start < end and start < match.end for start, end in taken):
            continue
        found[match.author] = match
        taken.append((match.start, match.end))
    return found


def _name_spans(rows: Sequence[_Row], found: dict[int, _Match]) -> list[tuple[int, int, BBox]]:
    """(start, end, box) of the runs of lines that print names, next to each other in a row:
    the lines of a row holding a listed author (names are set side by side), and lines that
    read entirely as a person's name and are either set in bold like the listed names (the
    templates set names in bold, affiliations not) or in a row set apart from the one above by
    more than the usual spacing (a new row of authors). When the listed names are bold, only
    bold lines count."""
    spacings = sorted(b.lines[0].bbox.y0 - a.lines[0].bbox.y0 for a, b in zip(rows, rows[1:], strict=False))
    usual = spacings[len(spacings) // 2] if spacings else 0.0
    holding = [row for row in rows if any(row.holds(m) for m in found.values())]
    bold_names = any(line.bold for row in holding for (start, end), line in zip(row.spans, row.lines, strict=True)
                     if any(start <= m.start < end for m in found.values()))
    result = []
    for index, row in enumerate(rows):
        apart = index > 0 and row.lines[0].bbox.y0 - rows[index - 1].lines[0].bbox.y0 > ROW_APART * usual
        chosen = [not (bold_names and not line.bold)
                  and (row in holding or ((apart or bold_names) and _is_name_line(clean(line.text))))
                  for line in row.lines]
        result += _runs(row, chosen)
    return result


def _runs(row: _Row, chosen: list[bool]) -> list[tuple[int, int, BBox]]:
    """(start, end, box) of each run of consecutive chosen lines of `row`."""
    runs = []
    for is_chosen, group in itertools.groupby(range(len(chosen)), key=chosen.__getitem__):
        if is_chosen:
            indexes = list(group)
            first, last = indexes[0], indexes[-1]
            runs.append((row.spans[first][0], row.spans[last][1],
                         enclosing([line.bbox for line in row.lines[first:last + 1]])))
    return runs


def _is_name_line(text: str) -> bool:
    text = NAME_MARKS_RE.sub(" ", text).strip()
    return any(m.group(0) == text and is_person(text) for m in NAME_RUN_RE.finditer(text))


def _extra_names(rows: Sequence[_Row], text: str, found: dict[int, _Match]) -> list[tuple[str, BBox, str]]:
    """(name, box, printed line) of the printed names that are not on the list: in the lines
    of names (`_name_spans`), what is left once the listed names are taken out and still reads
    as a person's name (two or more capitalised words, no affiliation word)."""
    extras = []
    for start, end, box in _name_spans(rows, found):
        chars = list(text[start:end])
        for match in found.values():
            if start <= match.start < end:
                stop = min(match.end, end)
                chars[match.start - start:stop - start] = " " * (stop - match.start)
        rest = NAME_MARKS_RE.sub("  ", "".join(chars))
        extras += [(m.group(0), box, text[start:end].strip()) for m in NAME_RUN_RE.finditer(rest)
                   if is_person(m.group(0))]
    return extras


@dataclass(frozen=True)
class AuthorListOptions:
    initials: bool = True
    """Accept a given or middle name printed as its initial ("J. Doe" for "Jane Doe")."""


@rule(id="AX501", name="author-list", group="camera-ready", options=AuthorListOptions)
def author_list(doc: Document, options: AuthorListOptions, context: CheckContext) -> Iterator[Violation]:
    """The camera-ready prints the submission's author list, the same people in the same order.

    What it checks: with the submission's authors known (a manifest or a submission system's
    export: `Submission.authors`), every listed author must be printed in the author block
    between the title and the abstract, in the listed order, and no one else. A listed name
    that is not printed is an error, and so is a different order; a printed name that is not
    on the list is a warning (an unlisted name is read from the block's layout, which can be
    mistaken). Names match whatever their case and diacritics, with hyphens or spaces
    ("Jean-Pierre", "Jean Pierre"), and with a given or middle name as an initial ("J. Doe",
    "Jane Q. Doe"); a different spelling or another name is not the same author. When no
    listed name is found at all, that is an error too, and the finding quotes what the block
    shows. Without a list, or when the block is still anonymous (`camera-ready-anonymous`),
    it checks nothing.

    Why: AXIOM's camera-ready instructions say "The author list must remain identical to the
    author list on OpenReview"; the proceedings, the program and the indexing services take
    the names from the submission system, so a changed list in the PDF is a mismatch that
    the organizers must resolve before publishing.

    How to fix: print the authors exactly as the submission system lists them, in that
    order (`\\author{}`; ICML: `\\icmlauthor`). To change the list itself, ask the
    organizers to change it in the submission system first.
    """
    names = [n for n in context.submission.authors if name_words(n)]
    block = doc.author_block
    if not names or block.anonymous or not block.lines:
        return
    rows, text = _rows(block.lines)
    box = enclosing([row.bbox for row in rows])
    found = _find_authors(names, text, options.initials)
    listed = "; ".join(names)
    evidence = f"listed: {listed} / printed: {block.text[:MAX_QUOTE]}"
    if not found:
        shown = "; ".join(line.text for line in block.lines)
        missing = (f"The listed author '{names[0]}' is not" if len(names) == 1
                   else f"None of the {len(names)} listed authors is")
        yield Violation(
            message=f"{missing} printed in the author block, which shows '{shown[:SHORT_QUOTE]}'.",
            hint="Print the author names as the submission system lists them (or have the organizers correct "
                 "the list); if the block shows them as an image or in a font without text, make it text.",
            page=1, bbox=box, evidence=evidence)
        return
    yield from _listed_against_printed(names, found, box, evidence)
    for extra, extra_box, printed_line in _extra_names(rows, text, found):
        yield Violation(
            message=f"'{extra}' is printed in the author block but is not on the submission's author list.",
            hint="Print only the listed authors, or have the organizers add the author in the submission system.",
            page=1, bbox=extra_box, evidence=f"listed: {listed} / printed: {printed_line}", severity=Severity.WARNING)


def _listed_against_printed(names: list[str], found: dict[int, _Match], box: BBox,
                            evidence: str) -> Iterator[Violation]:
    """The listed authors that are not printed, and a printed order that is not the list's."""
    for index, name in enumerate(names):
        if index not in found:
            yield Violation(
                message=f"The listed author '{name}' is not printed in the author block.",
                hint="Add the author as the submission system lists the name (spelled the same; an "
                     "initial for a given name is fine), or have the organizers correct the list.",
                page=1, bbox=box, evidence=evidence)
    order = [m.author for m in sorted(found.values(), key=lambda m: m.start)]
    if order != sorted(order):
        yield Violation(
            message="The authors are printed in another order than the submission system lists them: "
                    f"printed {', '.join(names[i] for i in order)}; "
                    f"listed {', '.join(names[i] for i in sorted(order))}.",
            hint="Print the authors in the order the submission system lists them.",
            page=1, bbox=box, evidence=evidence)


def title_key(text: str) -> str:
    """A title as compared: folded, letters and digits only (so line breaks, hyphenation,
    punctuation, footnote marks and ligatures do not count)."""
    return squash(text)


def _metadata_title(doc: Document) -> str | None:
    title = (doc.info.get("Title") or "").strip()
    if not title:
        title = " ".join(doc.metadata.xmp.get("dc:title", ())).strip()
    return title or None


@dataclass(frozen=True)
class TitleMatchOptions:
    template_titles: tuple[str, ...] = option((r"formatting instructions", r"^\s*(?:paper\s+)?title\s*$",
                                               r"^\s*untitled", r"instructions for (?:authors|icml|neurips)"),
                                              regex=True)
    """Regular expressions (case-insensitive) for titles the templates ship with."""


@rule(id="AX502", name="title-match", group="camera-ready", options=TitleMatchOptions, severity=Severity.WARNING)
def title_match(doc: Document, options: TitleMatchOptions, context: CheckContext) -> Iterator[Violation]:
    """The title printed on page 1, the PDF's metadata title and the submission's title agree.

    What it checks: the title printed on page 1 against the submission's title (a manifest
    or a submission system's export: `Submission.title`), and the PDF's metadata title
    (document information `Title`, else XMP `dc:title`) against the printed title (or the
    submission's when none is printed). Case, diacritics, punctuation, spacing, hyphenation
    and ligatures do not count. A mismatch is a warning: a title changed for the camera-ready
    without telling the submission system, or a leftover title in the metadata (the
    template's "Formatting Instructions For NeurIPS ..." is named as such). An empty metadata
    title is not checked.

    Why: the program, the proceedings and the indexing services take the title from the
    submission system and readers' PDF viewers show the metadata title; both should be the
    paper's title.

    How to fix: make the title in the submission system and the printed title the same
    (ask the organizers if the submission system is closed), and set the metadata title
    with `\\hypersetup{pdftitle={...}}` (or remove a leftover `pdftitle`).
    """
    printed = doc.title.strip()
    lines = doc.author_block.title
    box = enclosing([line.bbox for line in lines]) if lines else None
    submitted = (context.submission.title or "").strip()
    if printed and submitted and title_key(printed) != title_key(submitted):
        yield Violation(
            message=f"The title printed on page 1 differs from the submission's title: printed '{printed}', "
                    f"submitted '{submitted}'.",
            hint="Use the same title in the paper and in the submission system (ask the organizers to update it).",
            page=1, bbox=box, evidence=f"printed: {printed} / submitted: {submitted}")
    metadata = _metadata_title(doc)
    reference, source = (printed, "printed") if printed else (submitted, "submission's")
    if not metadata or not reference or title_key(metadata) == title_key(reference):
        return
    if any(re.search(p, metadata, re.I) for p in options.template_titles):
        message = f"The PDF's metadata title is a leftover template title: '{metadata}'."
    else:
        message = (f"The PDF's metadata title differs from the {source} title: metadata '{metadata}', "
                   f"{source} '{reference}'.")
    yield Violation(message=message, hint="Set `\\hypersetup{pdftitle={<the paper's title>}}`, or remove a leftover "
                                          "`pdftitle`.",
                    page=1, bbox=box, evidence=f"metadata title: {metadata}")


RULES = (author_list, title_match)
