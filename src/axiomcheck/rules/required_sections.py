"""A section the venue requires, found by its kind and placed where the venue asks.

Which section (ICML's impact statement, ARR's Limitations section) and before which other
section it must stand is the pack's: this module knows only section kinds, as the structure
reports them (`model.SectionKind`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..model import BBox, Heading, Region, RegionKind, SectionKind
from .base import CheckContext, Violation, rule

if TYPE_CHECKING:
    from ..model import Document


@dataclass(frozen=True)
class RequiredSectionOptions:
    kind: SectionKind = "limitations"
    """The section kind the venue requires (one of the structure's section kinds: impact,
    limitations, ethics, reproducibility, ...)."""
    name: str = "Limitations"
    """The section as the venue names it, for messages and the fix."""
    before: Literal["", SectionKind] = "references"
    """A section kind the required section must come before (empty: anywhere)."""


@rule(id="AX108", name="required-section", group="pages", options=RequiredSectionOptions)
def required_section(doc: Document, options: RequiredSectionOptions, context: CheckContext) -> Iterator[Violation]:
    """A section the venue requires is there, where the venue asks for it.

    What it checks: that a heading of the required kind opens a section of its own (e.g. ARR's
    "Limitations", ICML's "Impact Statement", in any of their usual wordings), and that it
    comes before the section the venue names (the references). When it is missing, the
    finding says which headings were read and points where the section belongs (just before
    the references, or the end of the text).

    Why: ARR desk-rejects papers without a Limitations section; ICML requires an impact
    statement in every submission and camera-ready, before the references; ICLR 2026 asks
    every paper to disclose its use of large language models (a statement that may stand in
    the appendix: its pack asks for it with a warning). They stand outside the page limit, so
    leaving them out gains nothing.

    How to fix: add the section under its usual title (an unnumbered `\\section*{Limitations}`,
    `\\section*{Impact Statement}`) at the end of the main text, before the references.
    """
    headings = doc.sections.headings  # in reading order: column by column on a two-column page
    found = [index for index, h in enumerate(headings) if h.kind == options.kind]
    limit = next((index for index, h in enumerate(headings) if options.before and h.kind == options.before), None)
    if not found:
        yield _missing(doc, options, headings, limit)
        return
    first = headings[found[0]]
    if limit is not None and found[0] > limit:
        before = headings[limit]
        yield Violation(
            message=f"The {options.name} section (page {first.page}) comes after the {_named(options.before)} "
                    f"(page {before.page}); the venue asks for it before them.",
            hint=f"Move '{first.text}' before the {_named(options.before)}.",
            page=first.page, bbox=first.bbox, evidence=first.text,
            regions=(Region(before.page, before.bbox, RegionKind.LIMIT),))


def _named(kind: str) -> str:
    return kind.replace("_", " ")


def _missing(doc: Document, options: RequiredSectionOptions, headings: tuple[Heading, ...],
             index: int | None) -> Violation:
    limit = headings[index] if index is not None else None
    before = list(headings[:index] if index is not None else headings)
    read = (f"the {len(before)} section heading(s) before the {_named(options.before)}"
            if limit is not None else f"all {len(headings)} section heading(s)")
    last = before[-1] if before else None
    place = (f"before the {_named(options.before)} on page {limit.page}" if limit is not None
             else "at the end of the text")
    page, box = _place(doc, limit)
    return Violation(
        message=f"The paper has no {options.name} section: none of {read} is one "
                f"(the last is '{last.text}' on page {last.page}). It belongs {place}." if last else
                f"The paper has no {options.name} section (no section headings were found); it belongs {place}.",
        hint=f"Add a section titled '{options.name}' " + (
            f"at the end of the main text, before the {_named(options.before)}." if options.before
            else "at the end of the paper or in its appendix."),
        page=page, bbox=box, evidence=", ".join(h.text for h in before[-4:]) or None,
        regions=tuple(Region(h.page, h.bbox, RegionKind.SHADE) for h in before[-4:]))


def _place(doc: Document, limit: Heading | None) -> tuple[int | None, BBox | None]:
    """Where the missing section belongs: the heading it must precede, else the last line."""
    if limit is not None:
        return limit.page, limit.bbox
    for page in range(doc.page_count, 0, -1):
        lines = doc.text.text_lines(page)
        if lines:
            return page, lines[-1].bbox
    return None, None


RULES = (required_section,)
