"""The bibliography: the references section split into entries.

The lines of the references region (`Role.REFERENCE_ENTRY`) are first gathered into rows
(pieces of one printed line that line assembly kept apart are joined) and the rows into
runs, one per column and page (a run ends where the reading order jumps back up). Then the
list's style decides where entries start, the first that fits:

- **numbered**: rows that open with the next number of the list, `[7]`, `7.` or `(7)`;
  rows before the first number (a template's instructions) are no entry;
- **labelled**: rows that open with an alphabetic label, `[Vas17]`, `[ABC+20]`;
- **hanging**: author-year lists whose entries start at the column's left edge and go on
  indented (natbib's hanging indent: ICML, ICLR, ACL, NeurIPS with author-year);
- **spaced**: entries set apart by vertical space only.

A run that holds only indented rows goes on with the entry before it (an entry that crosses a
column or a page). Unlabelled entries at the end of the list that give no year, URL, DOI or
arXiv id are no entries: a float placed after the list (an algorithm) before the next heading.
A year alone on its line is an entry's last line, though the text layer takes it for a mark.

Each entry keeps its text (a word hyphenated at a line end joined again, a URL or DOI broken
at a line end joined without a space), the page and box of each of its pieces, and the
parts `reference_parts.parse` reads from its text.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from ..model import BBox, Bibliography, EntryPart, Line, ReferenceEntry, Role, TextLayer, TextRegion, enclosing
from .reference_parts import parse

_REFERENCES: tuple[TextRegion, ...] = ("references",)
"""The region the reference lists are in."""
ROW_SHARE = 0.4
"""Pieces whose baselines are closer than this share of the font size stand in one row."""
INDENT_RANGE = (3.0, 40.0)
"""A hanging indent is this many points (natbib: 1 em to 2 em)."""
LEFT_TOLERANCE = 1.5
"""Points a row may start right of its run's left edge and still be at that edge."""
GAP_SHARE = 1.3
"""In a list set apart by space, a row whose baseline lies this share of the usual line pitch
below the row before opens an entry."""
SAME_PIECE = 40.0
"""Rows of an entry on one page that start this close (points) are one piece of it (a column)."""
MIN_SHARE = 0.15
"""A hanging indent is taken when at least this share of the rows (and two rows) is indented."""
LABEL_SHARE = 0.1
"""A numbered or labelled list is taken when at least this share of the rows (and two rows)
opens with a label (an entry takes two to four rows as a rule)."""
_NUMBER_RE = re.compile(r"^(?:\[(\d{1,3})\]|(\d{1,3})\.(?=\s|[A-Z])|\((\d{1,3})\))\s*")
"""A numbered entry's label: [7], 7. or (7) (a year such as "2025." is no label)."""
_YEAR_ALONE_RE = re.compile(r"^\(?(?:19|20)\d{2}[a-z]?\)?[.,]?$")
"""A year alone on its line (an entry's last line), which the text layer takes for a stray mark."""
_ALPHA_LABEL_RE = re.compile(r"^\[([A-Za-z][A-Za-z+\-.'’ ]{0,14}\d{0,4}[a-z]?)\]\s*")
_URL_WORD_RE = re.compile(r"(?:(?:^|\s)(?:\S*://\S*|https?:\S*|www\.\S+|(?:doi:)?10\.\d{4,9}/\S*"
                          r"|\S+\.(?:com|org|net|io|edu|pub|ai|gov)/\S*)|\bdoi:?\s*(?:10\.\S*)?)$", re.IGNORECASE)
"""A line that ends in a URL or a DOI (or a DOI's start: "doi: 10.")."""
_CONTINUES_URL_RE = re.compile(r"^[\w/%~#?=&.+\-]")
_BROKEN_URL_ENDS = ("/", "-", ":", "_", "?", "=", "&", "#", ".")


@dataclass(frozen=True)
class _Row:
    page: int
    text: str
    bbox: BBox
    baseline: float
    size: float


def bibliography(text: TextLayer, heading_page: int | None, page_widths: Sequence[float],
                 columns: int) -> Bibliography:
    """The reference list(s) of the paper, entries numbered on across lists. On a paper set in
    two columns the lines are taken column by column, top to bottom (`columns`, and the page
    widths that say where the second column starts)."""
    lines = [line for line in text.lines(roles=(Role.REFERENCE_ENTRY, Role.MARKS), regions=_REFERENCES)
             if line.role is Role.REFERENCE_ENTRY or _YEAR_ALONE_RE.match(line.text)]
    runs = _runs(_rows(_column_order(lines, page_widths, columns)))
    rows = [row for run in runs for row in run]
    if not rows:
        return Bibliography(heading_page=heading_page)
    style, starts = _starts(runs)
    entries: list[ReferenceEntry] = []
    current: list[tuple[int, _Row]] = []
    for index, row in enumerate(rows):
        if index in starts:
            if current:
                entries.append(_entry(len(entries) + 1, current, style))
            current = []
        if index in starts or current:
            current.append((index, row))
    if current:
        entries.append(_entry(len(entries) + 1, current, style))
    while entries and entries[-1].label is None and not _reads_as_reference(entries[-1]):
        entries.pop()  # what follows the list before the next heading: an algorithm, a stray mark
    return Bibliography(entries=tuple(entries), style=style, heading_page=heading_page, lines=len(rows))


def _column_order(lines: Sequence[Line], page_widths: Sequence[float], columns: int) -> list[Line]:
    """The lines page by page, column by column (by where each starts), top to bottom."""
    def place(line: Line) -> tuple[int, int, float, float]:
        width = page_widths[line.page - 1] if line.page <= len(page_widths) else 0.0
        column = int(columns > 1 and width > 0 and line.bbox.x0 >= width / 2)
        return line.page, column, line.baseline, line.bbox.x0

    return sorted(lines, key=place)


def _reads_as_reference(entry: ReferenceEntry) -> bool:
    """Whether an entry gives anything a reference gives: a year, a URL, a DOI, an arXiv id."""
    return entry.year is not None or entry.url is not None or entry.doi is not None or entry.arxiv_id is not None


def _rows(lines: Sequence[Line]) -> list[_Row]:
    """Consecutive lines on one baseline, each right of the one before, joined into a row."""
    rows: list[_Row] = []
    for line in lines:
        last = rows[-1] if rows else None
        if (last is not None and last.page == line.page and abs(last.baseline - line.baseline) < ROW_SHARE * line.size
                and line.bbox.x0 >= last.bbox.x1 - 1.0):
            rows[-1] = _Row(last.page, f"{last.text} {line.text}", last.bbox.union(line.bbox), last.baseline,
                            last.size)
        else:
            rows.append(_Row(line.page, line.text, line.bbox, line.baseline, line.size))
    return rows


def _runs(rows: list[_Row]) -> list[list[_Row]]:
    """The rows cut where the reading order jumps back up or to another page: a column each."""
    runs: list[list[_Row]] = []
    for row in rows:
        last = runs[-1][-1] if runs else None
        if last is None or row.page != last.page or row.baseline < last.baseline - ROW_SHARE * row.size:
            runs.append([row])
        else:
            runs[-1].append(row)
    return runs


def _starts(runs: list[list[_Row]]) -> tuple[str, set[int]]:
    """The list's style and the indexes (over all rows) of the rows that open an entry."""
    rows = [row for run in runs for row in run]
    numbered = _numbered_starts(rows)
    if len(numbered) >= max(2, LABEL_SHARE * len(rows)):
        return "numbered", numbered
    labelled = {i for i, row in enumerate(rows) if _ALPHA_LABEL_RE.match(row.text)}
    if len(labelled) >= max(2, LABEL_SHARE * len(rows)):
        return "labelled", labelled
    hanging = _hanging_starts(runs)
    if hanging is not None:
        return "hanging", hanging
    return "spaced", _spaced_starts(runs)


def _numbered_starts(rows: list[_Row]) -> set[int]:
    """Rows that open with the list's next number. The list starts at the first number whose
    successor opens a later row (a list cut by a lost line may start past 1); a number may
    be skipped once or twice (a line extraction lost); a 1 starts a second list."""
    labels = [(index, int(next(group for group in match.groups() if group is not None)))
              for index, row in enumerate(rows) if (match := _NUMBER_RE.match(row.text)) is not None]
    starts: set[int] = set()
    expected: int | None = None
    for position, (index, number) in enumerate(labels):
        if expected is None:
            if any(later == number + 1 for _, later in labels[position + 1:]):
                starts.add(index)
                expected = number + 1
        elif expected <= number <= expected + 2 or number == 1:
            starts.add(index)
            expected = number + 1
    return starts


def _hanging_starts(runs: list[list[_Row]]) -> set[int] | None:
    """Rows at their run's left edge when the others are indented by a hanging indent; None
    when the list is not set so."""
    indents: list[float] = []
    for run in runs:
        left = min(row.bbox.x0 for row in run)
        indents.extend(row.bbox.x0 - left for row in run if INDENT_RANGE[0] <= row.bbox.x0 - left <= INDENT_RANGE[1])
    rows = sum(len(run) for run in runs)
    if len(indents) < max(2, MIN_SHARE * rows):
        return None
    indent = statistics.median(indents)
    lefts = [min(row.bbox.x0 for row in run) for run in runs]
    starts: set[int] = set()
    offset = 0
    for run, left in zip(runs, lefts, strict=True):
        if any(abs(left - other - indent) <= LEFT_TOLERANCE for other in lefts):
            left = left - indent  # the whole run is indented: it goes on with the entry before
        starts.update(offset + i for i, row in enumerate(run) if row.bbox.x0 <= left + min(LEFT_TOLERANCE, indent / 2))
        offset += len(run)
    return starts


def _spaced_starts(runs: list[list[_Row]]) -> set[int]:
    """Rows set apart from the row before by more than the usual line pitch; a run's first row
    opens an entry when the row before it closed one (ends with a full stop)."""
    pitches = [b.baseline - a.baseline for run in runs for a, b in zip(run, run[1:], strict=False)]
    pitch = statistics.median(pitches) if pitches else 0.0
    starts: set[int] = {0}
    offset = 0
    previous: _Row | None = None
    for run in runs:
        for i, row in enumerate(run):
            if i == 0:
                if previous is not None and previous.text.rstrip().endswith("."):
                    starts.add(offset)
            elif pitch and row.baseline - run[i - 1].baseline > GAP_SHARE * pitch:
                starts.add(offset + i)
            previous = row
        offset += len(run)
    return starts


def _entry(number: int, rows: list[tuple[int, _Row]], style: str) -> ReferenceEntry:
    text = joined([row.text for _, row in rows])
    label: str | None = None
    if style == "numbered":
        match = _NUMBER_RE.match(text)
        if match is not None:
            label = next(group for group in match.groups() if group is not None)
            text = text[match.end():]
    elif style == "labelled":
        match = _ALPHA_LABEL_RE.match(text)
        if match is not None:
            label, text = match.group(1), text[match.end():]
    pieces: list[EntryPart] = []
    for _, row in rows:
        if pieces and pieces[-1].page == row.page and row.baseline > pieces[-1].bbox.y0 and (
                abs(row.bbox.x0 - pieces[-1].bbox.x0) < SAME_PIECE):
            pieces[-1] = EntryPart(row.page, pieces[-1].bbox.union(row.bbox))
        else:
            pieces.append(EntryPart(row.page, enclosing([row.bbox])))
    return parse(number, label, text, tuple(pieces))


def joined(texts: Sequence[str]) -> str:
    """Printed lines as one text: a word hyphenated at a line end joined again, a URL or DOI
    broken at a line end joined without a space."""
    out = ""
    for text in texts:
        text = text.strip()
        if not out:
            out = text
        elif out.endswith("-") and len(out) > 1 and out[-2].isalpha() and text[:1].islower():
            out = out[:-1] + text
        elif _url_goes_on(out, text):
            out += text
        else:
            out += " " + text
    return out


def _url_goes_on(before: str, line: str) -> bool:
    """Whether `line` goes on with a URL or DOI that `before` ends with (a line may end
    where a URL breaks: after a slash, a dot, a hyphen, or anywhere when the next line does
    not start a word with a capital)."""
    if before.endswith((",", ";")) or not _URL_WORD_RE.search(before) or not _CONTINUES_URL_RE.match(line):
        return False
    if before.endswith(_BROKEN_URL_ENDS[:-1]):
        return True
    return not line[:1].isupper()
