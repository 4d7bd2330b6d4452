"""Reference rules that need no index: what the bibliography itself shows to be wrong.

Numbers cited beyond a numbered list, the same work listed twice, arXiv identifiers that
cannot exist, malformed DOIs, and a references section with nothing in it. The entries and
their parts come from the model (`Document.bibliography`); these rules only compare them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..model import Region, RegionKind, Severity
from ..model.bibliography import doi_is_well_formed, name_key, title_key
from ._text import SHORT_QUOTE, TEXT_REGIONS, clip, search
from .base import CheckContext, NoOptions, Violation, rule

if TYPE_CHECKING:
    from ..model import Document, ReferenceEntry

_CITATION_RE = re.compile(r"(?<![\w\]])\[(\d{1,3}(?:\s*[,–-]\s*\d{1,3})*)\](?![\w(\[])")
"""A numeric citation: [12], [3, 14], [5-8], [2,7-9] (not f[3], [1](x) or a[1][2])."""
_NUMBERS_RE = re.compile(r"(\d+)\s*[–-]\s*(\d+)|(\d+)")
MIN_CITATIONS = 3
"""A paper cites by number when at least this many numeric citations fall inside its list."""
BEYOND_SHARE = 2.0
"""A number past this many times the list's length is no citation (an interval, a count)."""
_PREPRINT_RE = re.compile(r"\barxiv\b|\bcorr\b|\bpreprint\b|\babs/\d", re.IGNORECASE)
"""What marks an entry as a preprint (of a work that may be published as well)."""
MIN_DUPLICATE_TITLE = 20
"""Titles shorter than this (letters and digits) are not compared for duplicates."""
_NEW_ID_RE = re.compile(r"^(\d{2})(\d{2})\.(\d+)$")
_OLD_ID_RE = re.compile(r"^[a-z\-]+(?:\.[A-Z]{2})?/(\d{2})(\d{2})(\d{3})$")
_PDF_DATE_RE = re.compile(r"^(?:D:)?(\d{4})(\d{2})")
FIRST_NEW_IDS = (2007, 4)
"""arXiv gave identifiers of the form YYMM.NNNN from April 2007, YYMM.NNNNN from January 2015."""
FIVE_DIGITS = (2015, 1)
FIRST_OLD_YEAR = 91
"""arXiv's old identifiers start in 1991 (archive/9108001)."""
MONTHS = 12
MONTHLY_CEILINGS = (((2016, 4), 9792), ((2018, 4), 12000), ((9999, 12), 50000))
"""Upper bounds of arXiv's new submissions per month (the last number a month issued), up to
and including a month: no month before May 2016 reached 9,792, none before May 2018 12,000
(arXiv's announcements of those records); later months stay far below 50,000."""


@rule(id="AX701", name="citation-beyond-list", group="references", severity=Severity.WARNING,
      confidence="heuristic")
def citation_beyond_list(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """Every number the text cites is an entry of the numbered reference list.

    What it checks: numeric citations in the text ("[12]", "[3, 14]", "[5-8]") against the
    length of a numbered reference list: a cited number past the last entry. It runs only
    when the list is numbered and the text cites at least three numbers inside it, and leaves
    out numbers past twice the list's length (an interval such as [0, 100] is no citation).

    Why: a citation to an entry that is not in the list points the reader at nothing; it
    comes from entries lost from the bibliography, or from citations written by hand or by a
    tool rather than from the bibliography.

    How to fix: cite with \\cite{key} from the bibliography file, rebuild it (BibTeX or biber
    and LaTeX twice), and check that every cited work is in the list.
    """
    bibliography = doc.bibliography
    if not bibliography.numbered or not bibliography.entries:
        return
    length = max(len(bibliography.entries), *(int(entry.label) for entry in bibliography.entries
                                              if entry.label and entry.label.isdigit()))
    hits = list(search(doc, _CITATION_RE, TEXT_REGIONS))
    cited = [(hit, _numbers(hit.match.group(1))) for hit in hits]
    inside = sum(1 for _, numbers in cited if numbers and all(1 <= n <= length for n in numbers))
    if inside < MIN_CITATIONS:
        return
    for hit, numbers in cited:
        beyond = [n for n in numbers if length < n <= BEYOND_SHARE * length]
        if beyond and min(numbers) >= 1:
            yield Violation(
                message=(f"The text cites [{beyond[0]}], but the reference list has {length} entries "
                         f"(page {bibliography.entries[-1].page} ends it)."),
                hint="Cite works of the bibliography with \\cite and rebuild it so that every cited entry is listed.",
                page=hit.page, bbox=hit.bbox, evidence=clip(hit.sentence, SHORT_QUOTE))


def _numbers(text: str) -> list[int]:
    numbers: list[int] = []
    for match in _NUMBERS_RE.finditer(text):
        if match.group(3) is not None:
            numbers.append(int(match.group(3)))
        else:
            first, last = int(match.group(1)), int(match.group(2))
            numbers.extend([first, last] if last >= first else [first])
    return numbers


@rule(id="AX702", name="duplicate-reference", group="references", severity=Severity.WARNING,
      confidence="heuristic")
def duplicate_reference(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """No work is listed twice in the bibliography.

    What it checks: pairs of entries with the same title (compared without case, accents,
    hyphens or punctuation; titles of at least 20 letters) and the same first author's
    family name that are one publication: the same year, the same venue, or one of them a
    preprint (an arXiv id, "arXiv", "CoRR", "preprint"). A conference paper and a journal or
    book of the same title in other years are two works and are left alone.

    Why: the same work listed twice (a preprint and its proceedings version, or one entry
    under two BibTeX keys) inflates the list and splits its citations; reviewers read it as
    careless, and reference checkers flag it.

    How to fix: keep one entry per work (the published version when there is one), cite it
    under one key, and remove the other from the bibliography file.
    """
    seen: dict[tuple[str, str], list[ReferenceEntry]] = {}
    for entry in doc.bibliography.entries:
        if not entry.title or not entry.surnames:
            continue
        key = (title_key(entry.title), name_key(entry.surnames[0]))
        if len(key[0]) < MIN_DUPLICATE_TITLE:
            continue
        earlier = seen.setdefault(key, [])
        first = next((other for other in earlier if _one_publication(other, entry)), None)
        earlier.append(entry)
        if first is None:
            continue
        yield Violation(
            message=(f"Entries {_name(first)} and {_name(entry)} are the same work: '{clip(entry.title, 90)}' "
                     f"({entry.authors[0]}{' et al.' if len(entry.authors) > 1 else ''})."),
            hint="List each work once: remove the duplicate entry from the bibliography file and cite one key.",
            page=entry.page, bbox=entry.bbox, evidence=clip(entry.text, SHORT_QUOTE),
            regions=tuple(Region(part.page, part.bbox, RegionKind.SHADE) for part in first.parts))


def _one_publication(one: ReferenceEntry, other: ReferenceEntry) -> bool:
    """Whether two entries of one title and first author are one publication: the same year
    or venue, or one of them a preprint of the other."""
    if one.year == other.year or _PREPRINT_RE.search(one.text) or _PREPRINT_RE.search(other.text):
        return True
    return bool(one.venue and other.venue and title_key(one.venue) == title_key(other.venue))


def _name(entry: ReferenceEntry) -> str:
    """[12] for a numbered entry, else its place in the list."""
    return f"[{entry.label}]" if entry.label else f"{entry.number} (page {entry.page})"


@rule(id="AX703", name="impossible-arxiv-id", group="references", severity=Severity.WARNING,
      confidence="heuristic")
def impossible_arxiv_id(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """Every arXiv identifier in the bibliography is one arXiv can have issued.

    What it checks: the arXiv ids of the entries (arXiv:2401.01234, arxiv.org/abs/...,
    CoRR abs/...): their form (YYMM.NNNN from April 2007, YYMM.NNNNN from 2015, the old
    archive/YYMMNNN), the month (01 to 12), the number against what arXiv issued that month at
    most, and the month against the date the PDF was made (a later month cannot be cited).

    Why: an identifier that cannot exist points to nothing; invented identifiers are a mark
    of references that were not taken from the works themselves (arXiv and the 2026 venues
    reject papers with fabricated references).

    How to fix: copy the identifier from the work's arXiv page (or cite it with the BibTeX
    arXiv gives), and check the entry names the work you mean.
    """
    made = _made(doc.info)
    for entry in doc.bibliography.entries:
        if entry.arxiv_id is None:
            continue
        problem = arxiv_problem(entry.arxiv_id, made)
        if problem is None:
            continue
        yield Violation(
            message=f"Entry {_name(entry)} gives the arXiv id {entry.arxiv_id}, which {problem}.",
            hint="Copy the identifier from the work's arXiv page, or remove it if the entry is not that work.",
            page=entry.page, bbox=entry.bbox, evidence=clip(entry.text, SHORT_QUOTE))


def arxiv_problem(identifier: str, made: tuple[int, int] | None) -> str | None:
    """Why `identifier` cannot be an arXiv id issued by the month `made` (year, month), or None."""
    new = _NEW_ID_RE.match(identifier)
    match = new or _OLD_ID_RE.match(identifier)
    if match is None:
        return "has no arXiv form (YYMM.NNNNN, or archive/YYMMNNN before 2007)"
    year = int(match.group(1))
    month = int(match.group(2))
    if not 1 <= month <= MONTHS:
        return f"names month {month:02d}"
    if new is not None:
        year += 2000
        number = new.group(3)
        if (year, month) < FIRST_NEW_IDS:
            return f"has the form arXiv used from April 2007, not in {year}-{month:02d}"
        digits = 5 if (year, month) >= FIVE_DIGITS else 4
        if len(number) != digits:
            return f"has {len(number)} digits after the dot; ids of {year}-{month:02d} have {digits}"
        ceiling = next(limit for until, limit in MONTHLY_CEILINGS if (year, month) <= until)
        if int(number) == 0:
            return "is numbered 0 (arXiv numbers the papers of a month from 1)"
        if int(number) > ceiling:
            return f"is past the {ceiling:,} submissions arXiv received in any month up to {year}-{month:02d}"
    else:
        year += 1900 if year >= FIRST_OLD_YEAR else 2000
    if made is not None and (year, month) > made:
        return f"dates from {year}-{month:02d}, after this PDF was made ({made[0]}-{made[1]:02d})"
    return None


def _made(info: dict[str, str]) -> tuple[int, int] | None:
    """The month the PDF was made or last changed (its CreationDate or ModDate, the later), when
    it is a plausible one (not before arXiv's current ids)."""
    dates: list[tuple[int, int]] = []
    for key in ("CreationDate", "ModDate"):
        match = _PDF_DATE_RE.match(info.get(key, "").strip())
        if match is not None:
            dates.append((int(match.group(1)), int(match.group(2))))
    made = max(dates, default=None)
    return made if made is not None and made >= FIRST_NEW_IDS and 1 <= made[1] <= MONTHS else None


@rule(id="AX704", name="malformed-doi", group="references", severity=Severity.WARNING, confidence="heuristic")
def malformed_doi(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """Every DOI in the bibliography has the DOI syntax.

    What it checks: the DOIs the entries print (after "doi:" or in a doi.org link): each must
    be "10." followed by a registrant code of 4 to 9 digits, a slash and a suffix.

    Why: a malformed DOI resolves to nothing, so the reader cannot reach the work; invented
    DOIs are one of the marks of fabricated references.

    How to fix: copy the DOI from the work's publisher page or from doi.org (e.g.
    10.1145/3368089.3409704), or leave it out.
    """
    for entry in doc.bibliography.entries:
        if entry.doi is None or doi_is_well_formed(entry.doi):
            continue
        yield Violation(
            message=f"Entry {_name(entry)} gives the DOI '{clip(entry.doi, 60)}', which is not a DOI (10.NNNN/suffix).",
            hint="Copy the DOI from the work's publisher page or doi.org, or remove it.",
            page=entry.page, bbox=entry.bbox, evidence=clip(entry.text, SHORT_QUOTE))


@rule(id="AX705", name="empty-references", group="references", severity=Severity.WARNING)
def empty_references(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """A references section lists references.

    What it checks: a section headed "References" (or "Bibliography") followed by no text
    before the next section or the end of the paper.

    Why: an empty list means the bibliography was not built (BibTeX or biber not run, or a
    bibliography file not found), so none of the citations can be followed; the citations in
    the text then read [?].

    How to fix: run BibTeX or biber and LaTeX twice, and check the log for a missing .bib
    file or "There were undefined citations".
    """
    bibliography = doc.bibliography
    heading = doc.sections.references
    if heading is None or bibliography.lines:
        return
    yield Violation(
        message=f"The references section (page {heading.page}) lists no reference.",
        hint="Build the bibliography (BibTeX or biber, then LaTeX twice) so that the cited works are listed.",
        page=heading.page, bbox=heading.bbox, evidence=heading.text)


RULES = (citation_beyond_list, duplicate_reference, impossible_arxiv_id, malformed_doi, empty_references)
