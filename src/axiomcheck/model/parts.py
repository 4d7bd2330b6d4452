"""The parts of a paper that analysis finds: headings and sections, the main body, floats,
the page-1 notice, the author block and the recognised template."""

from __future__ import annotations

from dataclasses import dataclass, field

from .geometry import BBox
from .text import Line
from .vocabulary import FloatKind, HeadingKind, OutlineSource, SectionKind, TemplateMode


@dataclass(frozen=True)
class Heading:
    """A line set apart as a section heading."""

    page: int
    text: str
    """The heading as printed, normalised (glued words split, small caps joined)."""
    kind: HeadingKind
    """The section it opens."""
    number: str | None
    """Its number or letter ("6", "A", "B.2"), None when unnumbered."""
    bbox: BBox
    top_of_page: bool
    """No body text above it on its page (running heads and line numbers aside)."""


@dataclass(frozen=True)
class OutlineEntry:
    """A section as the PDF lists it itself: a bookmark of its outline (what a PDF viewer shows
    beside the pages), or a heading of its tagged structure tree."""

    title: str
    level: int
    """0 for a top-level entry, 1 for an entry nested under one, and so on."""
    page: int | None
    """The page it points to (1-based), None when its destination is no page of the document."""
    top: float | None
    """How far down that page it points (points from the top), None when the destination gives no height."""
    source: OutlineSource = "outline"
    """`outline` (the bookmarks) or `tags` (the tagged structure tree)."""


@dataclass(frozen=True)
class PagePosition:
    """A place in the document: page and the fraction of the text block above it."""

    page: int
    fraction: float
    """The share of the page's text block before the place: on a page set in several columns,
    the columns before the place's own count whole (halfway down the right column of two is
    0.75)."""


@dataclass(frozen=True)
class Sections:
    """Where the parts of a paper start. Pages are 1-based; None when absent."""

    headings: tuple[Heading, ...]
    references: Heading | None
    appendix: Heading | None
    checklist: Heading | None
    acknowledgments: Heading | None
    impact: Heading | None
    outline: tuple[OutlineEntry, ...] = ()
    """The sections the PDF lists itself (outline or tags), the second opinion beside the headings."""
    disagreements: tuple[str, ...] = ()
    """Where that second opinion and the headings found on the pages disagree, one sentence each."""


@dataclass(frozen=True)
class Float:
    """A figure or table, found by its caption."""

    kind: FloatKind
    number: str
    """As printed: "3", "A.1", "S2"."""
    page: int
    bbox: BBox
    """The caption and, for a figure, the drawing above it."""
    caption_bbox: BBox
    """The caption's lines."""
    caption: str
    """The caption's first line."""


@dataclass(frozen=True)
class MainBody:
    """The part of the paper that counts toward a page limit."""

    pages: int
    """Pages carrying main-body material: its text, and its floats that LaTeX placed among the
    references (`floats`); a partly filled last page counts as one."""
    end: PagePosition | None
    """Where the main body ends (its text, or a float of it placed later): None for a document
    without text."""
    excluded_start: Heading | None
    """The first section that does not count toward the page limit, None when there is none."""
    excluded: tuple[SectionKind, ...]
    """The section kinds that were excluded."""
    floats: tuple[Float, ...] = ()
    """Figures and tables of the main body (numbered in its sequence and cited from it) placed
    on pages after the references start: main-body material, counted in `pages`."""


@dataclass(frozen=True)
class Notice:
    """The page-1 footnote/footer that the template prints (venue and mode); its lines have the
    role `NOTICE`."""

    text: str
    bbox: BBox


@dataclass(frozen=True)
class AuthorBlock:
    """The lines between the title and the abstract on page 1."""

    lines: tuple[Line, ...]
    anonymous: bool
    """No author name is printed: the template's anonymous block, or an empty block."""
    template_anonymous: bool = False
    """The template's anonymous block is printed (`Anonymous Author(s)` / `Anonymous Authors`)."""
    placeholders: tuple[Line, ...] = ()
    """The lines of `lines` that are the templates' anonymous text ("Affiliation", "email", ...)."""
    title: tuple[Line, ...] = ()
    """The title lines above the block."""
    footnotes: tuple[Line, ...] = ()
    """The small print at the foot of page 1 other than the template's notice: the authors'
    and affiliations' footnotes (ICML's `Correspondence to:`)."""

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


@dataclass(frozen=True)
class TemplateName:
    """A template as axiomcheck names it: its family (those of the template files, or
    `unknown`) and its year when one is printed. It reads as `<family>-<year>` (neurips-2026,
    icml-2025) or the family alone (neurips, acl, unknown)."""

    family: str
    year: int | None = None

    def __str__(self) -> str:
        return f"{self.family}-{self.year}" if self.year else self.family

    @classmethod
    def parse(cls, name: str) -> TemplateName:
        """The name as written (`neurips-2026`, `icml`, `unknown`), in a pack or a report."""
        family, _, year = name.partition("-")
        return cls(family, int(year) if year.isdigit() else None)

    @property
    def known(self) -> bool:
        return self.family != UNKNOWN_FAMILY


UNKNOWN_FAMILY = "unknown"
"""The family of a template axiomcheck does not recognise."""


@dataclass(frozen=True)
class TemplateInfo:
    """The template recognised from the PDF alone."""

    name: TemplateName
    mode: TemplateMode | None
    """None when unknown."""
    track: str | None = None
    """NeurIPS track of a final notice: main, workshop, position, eandd, creativeai, education."""
    workshop_title: str | None = None
    evidence: tuple[str, ...] = field(default_factory=tuple)
    """What the recognition rests on, for people reading `inspect`."""
    label: str = ""
    """The template as people name it (NeurIPS 2026, ICML); empty when unknown."""
    option: str | None = None
    """How the recognised mode is switched on, as an author would write it (the template's
    options), None when no mode of the template was recognised."""
