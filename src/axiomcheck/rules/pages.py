"""Page rules: how long the main body is, what may follow it, and the paper's page sizes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..model import (FURNITURE, MM_PER_POINT, BBox, PageSizeName, Region, RegionKind, SectionKind, Severity,
                     StatementSection, enclosing, names_of, page_size_name, statement_sections, unnamed_kinds)
from ..model.statements import UNNAMED
from .base import CheckContext, MainBodyPageLimit, Violation, option, rule

if TYPE_CHECKING:
    from ..model import Document, Heading, MainBody


LIMIT_LINE_GAP = 3.0
"""Points above the first text past the limit where the limit line is drawn ..."""
LIMIT_LINE_WIDTH = 1.0
"""... as a box this many points high."""
REFERENCE_ENTRIES = 3
"""Reference-like lines past the limit that make a paper without a recognised References heading
uncertain (its references may be there, unrecognised)."""
_ENTRY_RE = re.compile(r"^\s*(?:\[\d{1,3}\]|\d{1,3}\.)\s+\S.*\b(?:19|20)\d\d\b"
                       r"|^\s*[A-Z][\w'’-]+,\s+(?:[A-Z]\.\s*)+.*\b(?:19|20)\d\d\b")


@dataclass(frozen=True)
class PageLimitOptions(MainBodyPageLimit):
    main_body_pages: int = option(4, minimum=1, formerly="max_pages")
    """How many pages the main body may fill (a partly filled last page counts as one)."""


@rule(id="AX101", name="page-limit", group="pages", options=PageLimitOptions)
def page_limit(doc: Document, options: PageLimitOptions, context: CheckContext) -> Iterator[Violation]:
    """The main body is no longer than the track's page limit.

    What it checks: the main body runs from page 1 to where the first section that the track
    does not count begins (for AXIOM papers: acknowledgments, impact statements, references,
    appendix and checklist). A section that starts at the top of page k leaves k-1 pages; one
    that starts part-way down page k leaves k, since a partly filled page counts as a page.
    A figure or table of the main body placed among the references counts toward it too.
    The finding names every statement section (ethics, reproducibility, impact,
    acknowledgments...) with its pages and whether the track counts it. When the paper would be
    within the limit without a statement the venue's rules neither exempt nor name (an ethics
    statement under a workshop page that only says "excluding references and appendix"), the
    finding is a warning that says so. When the pages past the limit hold what look like
    reference entries but no References heading was recognised, it is a warning that asks for
    a look with `inspect`.

    Why: venues desk-reject papers over the limit without review.

    How to fix: shorten the main text, move material to the appendix (where the track allows
    one), or make sure the references and appendix headings are real section headings so
    that they are recognised. `axiomcheck inspect` shows where each section was found.
    """
    body = doc.main_body(context.main_body_excludes)
    if body.end is None or body.pages <= options.main_body_pages:
        return
    overflow = body.end.page - 1 + body.end.fraction - options.main_body_pages
    first_page_over = options.main_body_pages + 1
    overflow_regions = _past_limit(doc, options.main_body_pages, body.excluded_start) + tuple(
        Region(item.page, item.bbox, RegionKind.SHADE) for item in body.floats if item.page >= first_page_over)
    finding_page = min((region.page for region in overflow_regions), default=first_page_over)
    on_finding_page = [region.bbox for region in overflow_regions if region.page == finding_page]
    box = enclosing(on_finding_page) if on_finding_page else None
    limit = _limit_line(doc, first_page_over, box if finding_page == first_page_over else None)
    count_is_certain = body.excluded_start is not None or not context.main_body_excludes or\
        _reference_entries(doc, first_page_over) < REFERENCE_ENTRIES
    statements = statement_sections(doc.sections, body, doc.page_count)
    unexempted = _within_without(doc, statements, options.main_body_pages, context.main_body_excludes)
    yield Violation(
        message=(f"The main body runs {overflow:.1f} pages past the {options.main_body_pages}-page limit "
                 f"({body.pages} pages; it {_where_it_ends(body, first_page_over)})."
                 + ("" if count_is_certain else
                    " The pages past the limit hold what look like reference entries, but no References heading "
                    "was recognised, so the whole paper was counted: check with `axiomcheck inspect`.")
                 + _statements_sentence(statements) + unexempted),
        hint=(f"Cut the main text to {options.main_body_pages} pages; "
              f"{names_of(context.main_body_excludes)} do not count"
              + (", and ask the organizers whether the statements named above do." if unexempted else ".")),
        page=finding_page, bbox=box,
        evidence=f"main body: {body.pages} pages, ends at {body.end.fraction:.0%} of page {body.end.page}",
        regions=((limit,) if limit else ()) + overflow_regions,
        severity=None if count_is_certain and not unexempted else Severity.WARNING,
    )


def _statements_sentence(statements: tuple[StatementSection, ...]) -> str:
    """" Statement sections: 'Ethics Statement' (page 5, counted), ..." (empty without any)."""
    if not statements:
        return ""
    return " Statement sections: " + "; ".join(statement.describe() for statement in statements) + "."


def _within_without(doc: Document, statements: tuple[StatementSection, ...], limit: int,
                    excluded: tuple[SectionKind, ...]) -> str:
    """A sentence saying the paper is within `limit` without the statements the venue's rules
    neither exempt nor name, when it is and it counts some; else empty."""
    unnamed = [statement for statement in statements if statement.decision == UNNAMED]
    if not unnamed or doc.main_body((*excluded, *unnamed_kinds(excluded))).pages > limit:
        return ""
    titles = " and ".join(f"'{statement.heading.text}'" for statement in unnamed)
    return f" It is within the limit without {titles}, which the venue's rules do not exempt: ask the organizers."


def _where_it_ends(body: MainBody, first_page_over: int) -> str:
    """Where the main body ends, for the message: its page, the section it stops before, and
    its floats placed past the limit among the references."""
    assert body.end is not None
    stop = body.excluded_start
    if stop is None:
        return f"ends on page {body.end.page}"
    floats_over = [f"{item.kind.capitalize()} {item.number} (page {item.page})" for item in body.floats
                   if item.page >= first_page_over]
    if not floats_over:
        return f"ends on page {body.end.page}, before '{stop.text}' on page {stop.page}"
    return (f"runs to page {body.end.page}: its text stops before '{stop.text}' on page {stop.page}, and "
            f"{', '.join(floats_over)}, placed among the references, count{'s' if len(floats_over) == 1 else ''} too")


def _reference_entries(doc: Document, first_page: int) -> int:
    """Lines from `first_page` on that look like entries of a reference list ("[12] J. Doe ...
    2020", "Doe, J. ... (2020)")."""
    return sum(1 for number in range(first_page, doc.page_count + 1) for line in doc.text.page(number).lines
               if _ENTRY_RE.match(line.text))


def _past_limit(doc: Document, main_body_pages: int, stop: Heading | None) -> tuple[Region, ...]:
    """The main body's text after the last page allowed, as shaded regions: one per column and
    page, up to the first section that does not count."""
    regions: list[Region] = []
    last = stop.page if stop is not None else doc.page_count
    for number in range(main_body_pages + 1, last + 1):
        lines = []
        for line in doc.text.page(number).lines:
            if stop is not None and number == stop.page and line.bbox == stop.bbox:
                break
            if line.role not in FURNITURE:
                lines.append(line)
        middle = doc.pages[number - 1].width / 2
        columns = [lines] if doc.columns == 1 else [[line for line in lines if line.bbox.x0 < middle],
                                                    [line for line in lines if line.bbox.x0 >= middle]]
        regions += [Region(number, enclosing(line.bbox for line in column), RegionKind.SHADE)
                    for column in columns if column]
    return tuple(regions)


def _limit_line(doc: Document, page: int, overflow: BBox | None) -> Region | None:
    """A thin box across the top of the text on `page`: where the page limit falls."""
    if page > doc.page_count:
        return None
    lines = doc.text.text_lines(page)
    if not lines and overflow is None:
        return None
    left = min([line.bbox.x0 for line in lines] + ([overflow.x0] if overflow else []))
    right = max([line.bbox.x1 for line in lines] + ([overflow.x1] if overflow else []))
    top = min([line.bbox.y0 for line in lines] + ([overflow.y0] if overflow else [])) - LIMIT_LINE_GAP
    return Region(page, BBox(left, top - LIMIT_LINE_WIDTH / 2, right, top + LIMIT_LINE_WIDTH / 2), RegionKind.LIMIT)


@rule(id="AX102", name="appendix-forbidden", group="pages")
def appendix_forbidden(doc: Document, options: object, context: CheckContext) -> Iterator[Violation]:
    """The paper has no appendix or supplementary material, where the track forbids one.

    What it checks: no section heading opens an appendix ("Appendix", "Appendices",
    "Supplementary Material", or lettered sections such as "A Proofs" after the body).

    Why: some tracks (AXIOM's Grand Challenges) are one page plus references, with no
    appendix of any kind; reviewers are not asked to read one.

    How to fix: remove the appendix, or fold what matters into the page allowed.
    """
    heading = doc.sections.appendix
    if heading is None:
        return
    yield Violation(
        message=f"This track allows no appendix, but '{heading.text}' starts one on page {heading.page}.",
        hint="Remove the appendix and any supplementary sections; only references may follow the main text.",
        page=heading.page, bbox=heading.bbox, evidence=heading.text,
    )


@dataclass(frozen=True)
class PageSizeOptions:
    sizes: tuple[PageSizeName, ...] = ("letter",)
    """Allowed sizes by name: letter, a4, a1, a0, poster-61x90."""
    orientation: Literal["portrait", "landscape", "any"] = "portrait"
    """portrait, landscape or any."""
    tolerance_mm: float = option(3.0, minimum=0)


@rule(id="AX103", name="page-size", group="pages", options=PageSizeOptions, needs_text=False)
def page_size(doc: Document, options: PageSizeOptions, context: CheckContext) -> Iterator[Violation]:
    """Every page has an allowed size and orientation, and no page is rotated.

    What it checks: each page's displayed size (after /Rotate) against the pack's list of
    named sizes (within a tolerance in millimetres), the orientation, and that all pages
    share one size.

    Why: NeurIPS papers must be US Letter; A4 output usually means the template was not
    used as distributed. Posters must fit the board (AXIOM: A1 portrait or 61 x 90 cm).

    How to fix: use the template's paper size (`letterpaper`; do not load `a4paper` or
    `geometry` with another size), or export the poster at the required size in portrait.
    """
    allowed = ", ".join(options.sizes)
    reported_size = False
    first_size: tuple[float, float] | None = None
    for page in doc.pages:
        width_mm, height_mm = page.width * MM_PER_POINT, page.height * MM_PER_POINT
        if page.rotation % 180:
            width_mm, height_mm = height_mm, width_mm
        first_size = first_size or (width_mm, height_mm)
        found = page_size_name(width_mm, height_mm, options.tolerance_mm)
        described = f"{width_mm:.0f} x {height_mm:.0f} mm" + (f" ({found})" if found else "")
        if page.rotation:
            yield Violation(
                message=f"Page {page.number} is rotated by {page.rotation} degrees.",
                hint="Remove the rotation (e.g. `\\usepackage{pdflscape}` pages or a rotated inserted PDF).",
                page=page.number, bbox=page.visible_box, evidence=f"/Rotate {page.rotation}")
        if found not in options.sizes and not reported_size:
            reported_size = True
            yield Violation(
                message=f"Page {page.number} is {described}; allowed: {allowed}.",
                hint="Produce the PDF at the required paper size with the venue's template.",
                page=page.number, bbox=page.visible_box, evidence=described)
        elif options.orientation != "any" and not reported_size:
            landscape = width_mm > height_mm + 1
            if landscape != (options.orientation == "landscape"):
                reported_size = True
                yield Violation(
                    message=f"Page {page.number} is {'landscape' if landscape else 'portrait'} "
                            f"({described}); it must be {options.orientation}.",
                    hint=f"Export the page in {options.orientation} orientation.",
                    page=page.number, bbox=page.visible_box, evidence=described)
        # Sizes compare unrotated, so a rotated page of the same paper is reported once, as rotated.
        if (abs(width_mm - first_size[0]) > MM_PER_POINT or abs(height_mm - first_size[1]) > MM_PER_POINT)\
                and not reported_size:
            reported_size = True
            yield Violation(
                message=f"Page {page.number} ({described}) differs in size from page 1.",
                hint="Give every page the same size; inserted PDFs are often A4.",
                page=page.number, bbox=page.visible_box, evidence=described)


@dataclass(frozen=True)
class PageCountOptions:
    min_pages: int = option(1, minimum=0)
    max_total_pages: int = option(0, minimum=0, formerly="max_pages")
    """The most pages the whole PDF may have, everything included; 0 means no maximum."""


@rule(id="AX104", name="page-count", group="pages", options=PageCountOptions, needs_text=False)
def page_count(doc: Document, options: PageCountOptions, context: CheckContext) -> Iterator[Violation]:
    """The PDF has a number of pages within the track's bounds (a poster: exactly one).

    What it checks: the total number of pages, everything included.

    Why: a poster file must be a single page; some tracks cap the whole PDF.

    How to fix: export one page (posters), or remove the extra pages.
    """
    count = doc.page_count
    if options.max_total_pages and count > options.max_total_pages:
        yield Violation(
            message=f"The PDF has {count} pages; this track allows at most {options.max_total_pages}.",
            hint=f"Submit a PDF of at most {options.max_total_pages} page(s).",
            page=options.max_total_pages + 1, bbox=doc.pages[options.max_total_pages].visible_box,
            evidence=f"{count} pages")
    elif count < options.min_pages:
        yield Violation(
            message=f"The PDF has {count} pages; this track needs at least {options.min_pages}.",
            hint="Check that the right file was exported.", evidence=f"{count} pages",
            severity=Severity.ERROR)


RULES = (page_limit, appendix_forbidden, page_size, page_count)
