"""The typed document model that rules read.

Coordinates are PDF points (1/72 in) with the origin at the **top-left** of the page and y
growing downwards, the convention of the template facts ("y measured from the top").
Pages are numbered from 1. Everything here is a frozen dataclass: rules read it and never
change it, and no PDF library object leaks through it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple, Protocol

# What rules report with their findings, read (like the rest of the model) from here:
from .finding_types import Confidence as Confidence, Region as Region, RegionKind as RegionKind, Severity as Severity

MM_PER_POINT = 25.4 / 72
PAGE_SIZES_MM: dict[str, tuple[float, float]] = {
    "letter": (215.9, 279.4),
    "a4": (210.0, 297.0),
    "a1": (594.0, 841.0),
    "a0": (841.0, 1189.0),
    "poster-61x90": (610.0, 900.0),
}
"""Named paper sizes (width x height in portrait, millimetres): the one table that rules, packs,
templates and the report's `page_size` use."""


def page_size_name(width_mm: float, height_mm: float, tolerance_mm: float) -> str | None:
    """The named size within `tolerance_mm` of a page (either orientation), or None."""
    for name, (w, h) in PAGE_SIZES_MM.items():
        if (abs(width_mm - w) <= tolerance_mm and abs(height_mm - h) <= tolerance_mm) or \
                (abs(width_mm - h) <= tolerance_mm and abs(height_mm - w) <= tolerance_mm):
            return name
    return None


class BBox(NamedTuple):
    """An axis-aligned box: x0 < x1 left to right, y0 < y1 top to bottom.

    A named tuple rather than a frozen dataclass: immutable all the same, and a document
    creates one per word, where tuple construction is several times cheaper."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def union(self, other: BBox) -> BBox:
        return BBox(min(self.x0, other.x0), min(self.y0, other.y0),
                    max(self.x1, other.x1), max(self.y1, other.y1))

    def as_list(self) -> list[float]:
        return [round(self.x0, 1), round(self.y0, 1), round(self.x1, 1), round(self.y1, 1)]


class Word(NamedTuple):
    """A run of non-space characters with its box and the font of its first character
    (a named tuple, like `BBox`, for speed)."""

    text: str
    bbox: BBox
    size: float
    font: str
    bold: bool
    italic: bool
    monospace: bool = False
    fill_gray: float | None = None
    """Brightness of the fill colour, 0 (black) to 1 (white); None when unknown."""
    invisible: bool = False
    """Drawn with text render mode 3 (neither filled nor stroked)."""


@dataclass(frozen=True)
class Line:
    """Words that share a baseline and sit close together on one page."""

    page: int
    words: tuple[Word, ...]
    bbox: BBox
    baseline: float

    @cached_property
    def text(self) -> str:
        return " ".join([w.text for w in self.words])

    @cached_property
    def size(self) -> float:
        """The font size that covers most characters of the line."""
        weights: dict[float, int] = {}
        for w in self.words:
            weights[w.size] = weights.get(w.size, 0) + len(w.text)
        return max(weights, key=weights.__getitem__) if weights else 0.0

    @property
    def bold(self) -> bool:
        """True when the first word is bold (run-in and display headings both start bold)."""
        return bool(self.words) and self.words[0].bold


HIDING_REASONS = ("render-mode", "transparent", "soft-mask", "layer-off", "clipped", "cropped", "covered",
                  "colour", "redacted", "off-page", "tiny", "text-layer")
"""Why a word of the text layer is not seen on the page: drawn in a render mode that paints
nothing (3 or 7); painted with alpha 0; made invisible by transparency (a soft mask, a blend
mode, a faint alpha); on an optional-content layer that is off; outside its clipping path;
outside the bounding box of the included figure that draws it (cropped); under an image or
fill painted over it; in the colour of what is under it; under (or on) a dark box a reader
sees, a redaction bar; wholly off the page; in type too small to read; or drawn with glyphs
that show other text than the text layer says (the font's ToUnicode map disagrees with its
glyphs). `redacted` and `cropped` text is hidden without being smuggled: the bar shows, and
a figure's own text cut off by its frame is a figure's trim."""


@dataclass(frozen=True)
class Hiding:
    """Why a reader cannot see a word that a machine reads."""

    reason: str
    """One of `HIDING_REASONS`."""
    detail: str = ""
    """What the evidence says, for messages: the colours ("#ffffff on #ffffff"), the render
    mode, the size, the text the glyphs show; empty when the reason says it all."""


@dataclass(frozen=True)
class PageInfo:
    """Cheap facts about a page, read without touching its text."""

    number: int
    width: float
    height: float
    rotation: int
    mediabox: BBox
    cropbox: BBox

    @property
    def visible_box(self) -> BBox:
        """The whole visible page (its crop box) in the model's top-down coordinates."""
        crop = self.cropbox
        return BBox(crop.x0, self.height - crop.y1, crop.x1, self.height - crop.y0)


@dataclass(frozen=True)
class Overflow:
    """A row of text (lines sharing a baseline) that starts on the page and runs past its edge."""

    lines: tuple[Line, ...]
    beyond: tuple[Word, ...]
    """The words that lie partly or wholly off the visible page."""

    @property
    def bbox(self) -> BBox:
        box = self.lines[0].bbox
        for line in self.lines[1:]:
            box = box.union(line.bbox)
        return box


@dataclass(frozen=True)
class PageVisibility:
    """Which words of a page's lines a reader cannot see, and why; the rows that run off it."""

    page: int
    hidden: dict[Word, Hiding]
    """Every hidden word of the page's lines (words not listed are visible)."""
    overflows: tuple[Overflow, ...] = ()
    """Rows that start on the page and continue past its edge: their words beyond the edge are
    cut off by the layout, not hidden (`Overflow.beyond`)."""
    ocr_layer: bool = False
    """The page's text is an invisible layer over a scan (most of it in render mode 3): that
    text is what the scan shows, so it is not hidden."""

    def of(self, word: Word) -> Hiding | None:
        """Why `word` is hidden, None when a reader sees it."""
        return self.hidden.get(word)


@dataclass(frozen=True)
class PageText:
    """The text layer of one page: body lines and the line-number column, kept apart."""

    page: int
    lines: tuple[Line, ...]
    line_number_words: tuple[Word, ...]
    char_count: int


@dataclass(frozen=True)
class Font:
    """A font resource used by the document."""

    name: str
    subtype: str
    """Type3 for a Type 3 font; otherwise, read with PDFium, the embedded program's format
    (Type1, TrueType, OpenType); read with pypdf (when PDFium cannot describe a font of the
    file, e.g. one not embedded), the PDF subtype (Type1, TrueType, Type0, MMType1)."""
    embedded: bool
    pages: tuple[int, ...]


@dataclass(frozen=True)
class EmbeddedAuthor:
    """A name that an included figure or image carries in its own metadata."""

    page: int | None
    value: str
    source: str
    """Where it was found, e.g. "/Author of the included PDF ./figs/a.pdf", "EXIF Artist of an image"."""


@dataclass(frozen=True)
class LinkTarget:
    """The target of a link annotation (what a click opens, printed or not)."""

    page: int
    uri: str
    bbox: BBox | None


@dataclass(frozen=True)
class Metadata:
    """Document information dictionary and XMP packet, as text."""

    info: dict[str, str]
    xmp: dict[str, list[str]]
    """XMP properties that can name a person (dc:creator, dc:title, pdf:Author, ...), each
    value once."""
    embedded_paths: tuple[tuple[int | None, str], ...] = ()
    """(page or None, path) for every /PTEX.FileName and path-like image metadata found."""
    embedded_authors: tuple[EmbeddedAuthor, ...] = ()
    """Authors named by included PDFs (/PTEX.InfoDict), image XMP and JPEG EXIF."""
    links: tuple[LinkTarget, ...] = ()
    """Every URI link annotation, in page order."""
    xmp_repeats: dict[str, dict[str, int]] = field(default_factory=dict)
    """XMP values the packet gives more than once, with how often (field -> value -> times)."""
    unread: tuple[str, ...] = ()
    """What could not be read and was skipped (damaged objects, an unreadable XMP packet), one
    phrase each: the checks that read the metadata are incomplete by that much."""


SECTION_KINDS = ("acknowledgments", "funding", "impact", "ethics", "reproducibility", "contributions",
                 "limitations", "references", "appendix", "checklist")
"""Section kinds a heading can open (besides ordinary `body` sections); a pack's
`main_body_excludes` lists those of them that do not count toward the page limit."""
DEFAULT_MAIN_BODY_EXCLUDES = ("acknowledgments", "funding", "impact", "ethics", "contributions",
                              "references", "appendix", "checklist")
"""Back matter that papers conventionally leave out of the page count (acknowledgments and
funding, broader-impact and ethics statements, author contributions) plus references,
appendix and checklist. Limitations and reproducibility sections count unless a pack says not."""


@dataclass(frozen=True)
class Heading:
    """A line set apart as a section heading."""

    page: int
    text: str
    """The heading as printed, normalised (glued words split, small caps joined)."""
    kind: str
    """The section it opens: body or one of `SECTION_KINDS`."""
    number: str | None
    """Its number or letter ("6", "A", "B.2"), None when unnumbered."""
    bbox: BBox
    top_of_page: bool
    """No body text above it on its page (running heads and line numbers aside)."""


@dataclass(frozen=True)
class PagePosition:
    """A place in the document: page and the fraction of the text block above it."""

    page: int
    fraction: float


@dataclass(frozen=True)
class Sections:
    """Where the parts of a paper start. Pages are 1-based; None when absent."""

    headings: tuple[Heading, ...]
    references: Heading | None
    appendix: Heading | None
    checklist: Heading | None
    acknowledgments: Heading | None
    impact: Heading | None


@dataclass(frozen=True)
class Float:
    """A figure or table, found by its caption."""

    kind: str
    """figure or table."""
    number: str
    """As printed: "3", "A.1", "S2"."""
    page: int
    bbox: BBox
    """The caption and, for a figure, the drawing above it."""
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
    excluded: tuple[str, ...]
    """The section kinds that were excluded."""
    floats: tuple[Float, ...] = ()
    """Figures and tables of the main body (numbered in its sequence and cited from it) placed
    on pages after the references start: main-body material, counted in `pages`."""


@dataclass(frozen=True)
class Notice:
    """The page-1 footnote/footer that the template prints (venue and mode)."""

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

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


@dataclass(frozen=True)
class TemplateInfo:
    """The template recognised from the PDF alone."""

    name: str
    """<family>-<year> (neurips-2026, icml-2025, iclr-2026), the family alone when no year is
    printed (neurips, acl), or unknown; the families are those of the template files."""
    mode: str | None
    """submission, preprint, final or None when unknown."""
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


@dataclass(frozen=True)
class Submission:
    """What the organizers know about a file, from `--authors`, a manifest or a submission
    system's export: rules compare the PDF with it (known authors, camera-ready author list
    and title, institutions named in an anonymous paper)."""

    authors: tuple[str, ...] = ()
    """Author names, in the order the submission system lists them."""
    title: str | None = None
    affiliations: tuple[str, ...] = ()
    id: str | None = None
    """The submission's id in the organizers' system (e.g. an OpenReview number)."""

    def to_dict(self) -> dict[str, object]:
        return {"authors": list(self.authors), "title": self.title, "affiliations": list(self.affiliations),
                "id": self.id}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Submission:
        return cls(authors=tuple(data.get("authors") or ()), title=data.get("title"),  # type: ignore[arg-type]
                   affiliations=tuple(data.get("affiliations") or ()), id=data.get("id"))  # type: ignore[arg-type]


class Document(Protocol):
    """What rules may ask of one PDF: the model, computed lazily by `analysis.Document`.

    Rules type against this protocol, never against the analysis code or a PDF library, so
    that a rule reads the same model whether it comes from a PDF or from synthetic pages.
    """

    @property
    def page_count(self) -> int: ...
    @property
    def pages(self) -> tuple[PageInfo, ...]: ...
    def page_text(self, number: int) -> PageText: ...
    def visibility(self, page: int) -> PageVisibility: ...
    @property
    def all_lines(self) -> tuple[tuple[Line, ...], ...]: ...
    @property
    def char_count(self) -> int: ...
    @property
    def body_size(self) -> float: ...
    @property
    def running_heads(self) -> frozenset[int]: ...
    @property
    def sections(self) -> Sections: ...
    def main_body(self, excluded: tuple[str, ...] = ...) -> MainBody: ...
    @property
    def line_numbers(self) -> bool: ...
    @property
    def first_page_lines(self) -> tuple[Line, ...]: ...
    @property
    def author_block(self) -> AuthorBlock: ...
    @property
    def title(self) -> str: ...
    @property
    def notice(self) -> Notice | None: ...
    @property
    def columns(self) -> int: ...
    @property
    def text_span(self) -> tuple[float, float]: ...
    @property
    def template(self) -> TemplateInfo: ...
    @property
    def info(self) -> dict[str, str]: ...
    @property
    def metadata(self) -> Metadata: ...
    @property
    def fonts(self) -> tuple[Font, ...]: ...
