"""The statements a paper adds to its text (ethics, reproducibility, impact, acknowledgments...),
where each runs, and whether a track counts it toward the page limit.

Venues disagree on statements: ICLR leaves its ethics and reproducibility statements out of the
count, ARR its Limitations section, NeurIPS its acknowledgments; a workshop page usually says
only "excluding references and appendix". A page-limit finding and `inspect` therefore name
every statement section with its pages and the track's decision on it, and a statement that the
track neither exempts nor names is told apart (`UNNAMED`): a paper over the limit only because
of one is worth a question to the organizers, not a rejection.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .parts import Heading, MainBody, Sections
from .vocabulary import STATEMENT_KINDS, StatementKind

MAIN_TEXT_STATEMENTS = ("limitations",)
"""Statements that are main text by the venues' conventions (NeurIPS and ICML ask the limitations
to be discussed in the paper itself): counted, not questioned, unless a track exempts them."""

KIND_NAMES = {
    "acknowledgments": "acknowledgments", "funding": "funding disclosures", "impact": "impact statements",
    "ethics": "ethics statements", "reproducibility": "reproducibility statements",
    "contributions": "author-contribution statements", "limitations": "Limitations sections",
    "ai_use": "statements on the use of AI tools", "data_availability": "data-availability statements",
    "references": "references", "appendix": "the appendix", "checklist": "the checklist",
}
"""How each section kind is named in a sentence ("... do not count")."""

COUNTED = "counted"
EXCLUDED = "not counted"
UNNAMED = "counted, though the venue's rules neither exempt nor name it"
AFTER_BODY = "not counted: after the end of the main body"
"""The decisions on one statement section, as `inspect` and the page-limit finding print them."""


@dataclass(frozen=True)
class StatementSection:
    """One statement section: its heading, the pages it runs over and what the track does with it."""

    heading: Heading
    first_page: int
    last_page: int
    decision: str
    """`COUNTED`, `EXCLUDED`, `UNNAMED` or `AFTER_BODY`."""

    @property
    def pages(self) -> str:
        """"page 10" or "pages 10-11"."""
        if self.first_page == self.last_page:
            return f"page {self.first_page}"
        return f"pages {self.first_page}-{self.last_page}"

    def describe(self) -> str:
        """"'ETHICS STATEMENT' (page 10, not counted)"."""
        return f"'{self.heading.text}' ({self.pages}, {self.decision})"


def names_of(kinds: Sequence[str]) -> str:
    """The section kinds as a phrase: "acknowledgments, references and the appendix"."""
    listed = [KIND_NAMES.get(kind, kind) for kind in kinds]
    if not listed:
        return "no section"
    return ", ".join(listed[:-1]) + (" and " if len(listed) > 1 else "") + listed[-1]


def unnamed_kinds(excluded: Sequence[str]) -> tuple[StatementKind, ...]:
    """Statement kinds a track with these exclusions neither exempts nor names as main text."""
    return tuple(kind for kind in STATEMENT_KINDS if kind not in excluded and kind not in MAIN_TEXT_STATEMENTS)


def _last_page(heading: Heading, following: Heading | None, page_count: int) -> int:
    if following is None:
        return page_count
    if following.top_of_page and following.page > heading.page:
        return following.page - 1
    return following.page


def _ends_it(heading: Heading, statement: Heading) -> bool:
    """Whether `heading` closes the statement section opened by `statement`: any other section
    kind, or a body heading numbered outside the statement's own numbering."""
    if heading.kind != "body":
        return True
    if heading.number is None:
        return False  # the statement's own sub-heading or a paragraph heading
    return statement.number is None or not heading.number.startswith(statement.number + ".")


def statement_sections(sections: Sections, body: MainBody, page_count: int) -> tuple[StatementSection, ...]:
    """The statement sections before the appendix and the checklist, each with its pages and
    the decision of the track whose main body `body` is."""
    headings = sections.headings
    stop = headings.index(body.excluded_start) if body.excluded_start in headings else len(headings)
    found: list[StatementSection] = []
    for index, heading in enumerate(headings):
        if heading.kind in ("appendix", "checklist"):
            break
        if heading.kind not in STATEMENT_KINDS:
            continue
        following = next((h for h in headings[index + 1:] if _ends_it(h, heading)), None)
        found.append(StatementSection(heading, heading.page, _last_page(heading, following, page_count),
                                      _decision(heading.kind, index > stop, body.excluded)))
    return tuple(found)


def _decision(kind: str, after_body: bool, excluded: Sequence[str]) -> str:
    if kind in excluded:
        return EXCLUDED
    if after_body:
        return AFTER_BODY
    return UNNAMED if kind in unnamed_kinds(excluded) else COUNTED


@dataclass(frozen=True)
class FoundStatement:
    """A statement section (ethics, reproducibility, impact, acknowledgments...) as the structure
    reports it: its heading, its pages and whether the track counts it toward the page limit."""

    kind: str
    text: str
    first_page: int
    last_page: int
    decision: str
    """One of the decisions above: counted, not counted, counted though the venue's
    rules neither exempt nor name it, or not counted because it follows the end of the main body."""
