"""The `Document` protocol: everything a rule may ask of one PDF."""

from __future__ import annotations

from typing import Protocol

from .bibliography import Bibliography
from .geometry import PageInfo
from .objects import Font, Metadata
from .parts import AuthorBlock, MainBody, Notice, OutlineEntry, Sections, TemplateInfo
from .text import TextLayer
from .template_text import TemplateText
from .venue_marks import VenueMark
from .visibility import PageVisibility
from .vocabulary import SectionKind


class Document(Protocol):
    """What rules may ask of one PDF: the model, computed lazily by `analysis.AnalysedPaper`.

    Rules type against this protocol, never against the analysis code or a PDF library, so
    that a rule reads the same model whether it comes from a PDF or from synthetic pages.
    """

    @property
    def page_count(self) -> int: ...
    @property
    def pages(self) -> tuple[PageInfo, ...]: ...
    @property
    def text(self) -> TextLayer:
        """Every line with its role and region, and the views on them."""
    def visibility(self, page: int) -> PageVisibility:
        """Which words of page `page` a reader cannot see, and why; the rows that run off it."""
    @property
    def venue_marks(self) -> tuple[VenueMark, ...]:
        """The stamps and hidden canaries of venues' reviewer copies, page by page."""
    @property
    def body_size(self) -> float: ...
    @property
    def sections(self) -> Sections: ...
    @property
    def bibliography(self) -> Bibliography:
        """The reference list split into entries, each with its parts."""
    @property
    def outline(self) -> tuple[OutlineEntry, ...]:
        """The sections the PDF lists itself (bookmarks, tagged headings)."""
    def main_body(self, excluded: tuple[SectionKind, ...] = ...) -> MainBody: ...
    @property
    def line_numbers(self) -> bool: ...
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
    def template_texts(self) -> tuple[TemplateText, ...]:
        """Sentences of the templates' example papers (placeholder title, abstract, instructions) in the text."""
    @property
    def info(self) -> dict[str, str]: ...
    @property
    def metadata(self) -> Metadata: ...
    @property
    def fonts(self) -> tuple[Font, ...]: ...
