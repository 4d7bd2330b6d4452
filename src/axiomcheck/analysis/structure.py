"""The report's `Structure`: what axiomcheck found in a paper, as typed values.

It is the same for `check` and `inspect`, so an author can see why a rule decided as it did;
`codec.structure_to_json` writes it into the report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import MM_PER_POINT, FoundStatement, Heading, SectionKind, page_size_name, statement_sections
from ..report import FoundHeading, FoundReference, FoundTemplate, Structure

if TYPE_CHECKING:
    from ..model import Document, ReferenceCheck

PAGE_SIZE_TOLERANCE_MM = 1.06
"""3 pt: how far a page may differ from a named size (three times as far for poster sizes)."""
POSTER_SIDE_MM = 500
"""A page with a side longer than this (mm) is a poster size, measured with three times the tolerance."""


def _page_size(width: float, height: float) -> str:
    """letter, a4, a1, a0, poster-61x90 or `<w> x <h> pt` (sizes in points)."""
    width_mm, height_mm = width * MM_PER_POINT, height * MM_PER_POINT
    tolerance = PAGE_SIZE_TOLERANCE_MM * (3 if max(width_mm, height_mm) > POSTER_SIDE_MM else 1)
    return page_size_name(width_mm, height_mm, tolerance) or f"{width:.0f} x {height:.0f} pt"


def _page(heading: Heading | None) -> int | None:
    return heading.page if heading else None


def _heading(heading: Heading) -> FoundHeading:
    return FoundHeading(page=heading.page, kind=heading.kind, number=heading.number, text=heading.text,
                        top_of_page=heading.top_of_page, bbox=heading.bbox.rounded())


def _references(doc: Document, check: ReferenceCheck | None) -> tuple[FoundReference, ...]:
    """The bibliography's entries, each with the verdict `check` gave it (when the run looked up)."""
    verdicts = {lookup.entry: lookup.verdict.value for lookup in check.lookups} if check is not None else {}
    unchecked = "unchecked" if check is not None and check.unchecked is not None else None
    return tuple(FoundReference(number=entry.number, label=entry.label, page=entry.page, bbox=entry.bbox.rounded(),
                                authors=entry.authors, title=entry.title, venue=entry.venue, year=entry.year,
                                arxiv_id=entry.arxiv_id, doi=entry.doi, url=entry.url,
                                verdict=verdicts.get(entry.number, unchecked))
                 for entry in doc.bibliography.entries)


def structure_of(doc: Document, main_body_excludes: tuple[SectionKind, ...],
                 references: ReferenceCheck | None = None) -> Structure:
    """The detected structure of `doc`, with the main body measured as the track counts it, and
    its bibliography with what the reference index said of each entry (`references`)."""
    sections = doc.sections
    body = doc.main_body(main_body_excludes)
    template = doc.template
    first = doc.pages[0] if doc.pages else None
    return Structure(
        main_body_pages=body.pages,
        main_body_end=body.end,
        main_body_ends_before=body.excluded_start.text if body.excluded_start else None,
        references_page=_page(sections.references),
        appendix_page=_page(sections.appendix),
        checklist_page=_page(sections.checklist),
        acknowledgments_page=_page(sections.acknowledgments),
        impact_page=_page(sections.impact),
        anonymous=doc.author_block.anonymous,
        line_numbers=doc.line_numbers,
        page_size=_page_size(first.width, first.height) if first else None,
        columns=doc.columns,
        title=doc.title or None,
        authors=tuple(line.text for line in doc.author_block.lines),
        notice=doc.notice.text if doc.notice else None,
        template=FoundTemplate(name=template.name, mode=template.mode, track=template.track,
                               workshop_title=template.workshop_title, evidence=template.evidence),
        headings=tuple(_heading(h) for h in sections.headings),
        outline_entries=len(sections.outline),
        outline_disagreements=sections.disagreements,
        statements=tuple(FoundStatement(kind=s.heading.kind, text=s.heading.text, first_page=s.first_page,
                                        last_page=s.last_page, decision=s.decision)
                         for s in statement_sections(sections, body, doc.page_count)),
        references=_references(doc, references),
    )
