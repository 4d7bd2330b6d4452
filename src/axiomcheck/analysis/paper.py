"""`AnalysedPaper`: one PDF, read once and analysed lazily: the model rules read.

Every fact is computed on first use and cached, so a rule set that only needs page sizes and
metadata never builds a text layer, and nothing is parsed twice. The raw facts come from a
`Source` (a PDF file, or synthetic pages in tests). The text is read page by page
(`page_layout`: lines as assembled, the ruler apart); the paper is analysed on those lines
(furniture, front matter, sections, captions) and its `text` layer built from what was found,
once: lines with their role, region and doctop.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cached_property
from typing import Any, TypeVar

from ..model import (DEFAULT_MAIN_BODY_EXCLUDES, MM_PER_POINT, AuthorBlock, Bibliography, Float, Font, Line, MainBody,
                     Metadata, Notice, OutlineEntry, PageInfo, PageVisibility, Role, SectionKind, Sections,
                     TemplateInfo, TemplateText, TextLayer, VenueMark, page_size_name)
from ..pdf.source import PdfSource, Prefetched, Source
from ..templates.canaries import shipped_signatures
from . import front_matter, page_facts
from .bibliography import bibliography
from .captions import captions
from .furniture import furniture
from .lines import PageLayout, page_layout
from .main_body import find_main_body
from .sections import TextColumn, find_sections, text_columns
from .template import LayoutFacts, recognise
from .text_layer import PaperFindings, build_text_layer
from .template_text import needles, page_template_texts
from .venue_marks import page_marks
from .visibility import glyph_differences, page_visibility

DEFAULT_BODY_SIZE = 10.0
"""The body size of a document without text."""
PAGE_SIZE_TOLERANCE_MM = 3.0
"""How far page 1 may differ from a named size for the template recogniser."""
_Fact = TypeVar("_Fact")


class AnalysedPaper:
    """A PDF and everything rules may ask about it (the `model.Document` protocol), computed on demand."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self._layouts: dict[int, PageLayout] = {}
        self._main_body: dict[tuple[str, ...], MainBody] = {}
        self._objects: dict[str, tuple[bool, Any]] = {}
        self._visibility: dict[int, PageVisibility] = {}

    def close(self) -> None:
        self.source.close()

    def __enter__(self) -> AnalysedPaper:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- pages -------------------------------------------------------------------------
    @cached_property
    def page_count(self) -> int:
        return self.source.page_count()

    @cached_property
    def pages(self) -> tuple[PageInfo, ...]:
        return tuple(self.source.page_info(index) for index in range(self.page_count))

    def page_layout(self, number: int) -> PageLayout:
        """Page `number` (1-based) as read: its lines as assembled and its ruler, built once."""
        cached = self._layouts.get(number)
        if cached is None:
            words, chars = self.source.page_words(number - 1)
            cached = self._layouts[number] = page_layout(number, words, chars)
        return cached

    @cached_property
    def _all_layouts(self) -> tuple[PageLayout, ...]:
        return tuple(self.page_layout(n) for n in range(1, self.page_count + 1))

    def _first_layouts(self, count: int) -> list[PageLayout]:
        """The layouts of the first `count` pages (or fewer), read only as far as needed."""
        return [self.page_layout(n) for n in range(1, min(self.page_count, count) + 1)]

    @cached_property
    def _assembled(self) -> tuple[tuple[Line, ...], ...]:
        """The lines of every page as assembled, before they are given roles."""
        return tuple(layout.lines for layout in self._all_layouts)

    def visibility(self, page: int) -> PageVisibility:
        """Which words of page `page`'s lines a reader cannot see, and why, and the rows that run
        off the page (`analysis.visibility`), built once."""
        cached = self._visibility.get(page)
        if cached is None:
            lines = self.page_layout(page).lines
            text_layer = glyph_differences(lines, self._object_fact("glyph_text", self.source.glyph_text))
            cached = page_visibility(page, self.pages[page - 1], lines, self.source.page_hidings(page - 1),
                                     text_layer)
            self._visibility[page] = cached
        return cached

    @cached_property
    def venue_marks(self) -> tuple[VenueMark, ...]:
        """The stamps and hidden canaries of venues' reviewer copies (`analysis.venue_marks`)."""
        venues = shipped_signatures()
        return tuple(mark for page in range(1, self.page_count + 1)
                     for mark in page_marks(page, self.text.page(page).lines, self.visibility(page), venues))

    @cached_property
    def char_count(self) -> int:
        return sum(layout.char_count for layout in self._all_layouts)

    @cached_property
    def body_size(self) -> float:
        """The font size of most characters: the body text size."""
        sizes: dict[float, int] = {}
        count = sizes.get
        for lines in self._assembled:
            for line in lines:
                for word in line.words:
                    size = round(word.size, 1)
                    sizes[size] = count(size, 0) + len(word.text)
        return max(sizes, key=sizes.__getitem__) if sizes else DEFAULT_BODY_SIZE

    @cached_property
    def _furniture(self) -> dict[int, Role]:
        """Running heads, folios and stray marks, by `id` of the assembled line."""
        return furniture(self._assembled)

    # -- the text layer ------------------------------------------------------------------
    @cached_property
    def _analysed(self) -> tuple[TextLayer, AuthorBlock]:
        findings = PaperFindings(
            layouts=self._all_layouts, page_heights=[page.height for page in self.pages], body_size=self.body_size,
            furniture=self._furniture, notice=self.notice, author_block=self._front_block,
            abstract=front_matter.abstract_line(self._first_page), headings=self.sections.headings,
            floats=self.floats, columns=self._columns)
        return build_text_layer(findings)

    @property
    def text(self) -> TextLayer:
        """Every line with its role, region and doctop, and the views rules read."""
        return self._analysed[0]

    @property
    def author_block(self) -> AuthorBlock:
        """The title, the author block and its footnotes, as lines of the text layer."""
        return self._analysed[1]

    # -- structure -----------------------------------------------------------------------
    @cached_property
    def sections(self) -> Sections:
        block = self._front_block
        front = {id(line) for line in block.title + block.lines}
        return find_sections(self._assembled, self._widths, self.body_size, self._furniture, front, self._columns,
                             self.outline)

    @cached_property
    def bibliography(self) -> Bibliography:
        """The references section split into entries, each with its parts (`analysis.bibliography`)."""
        heading = self.sections.references
        return bibliography(self.text, heading.page if heading is not None else None, self._widths, self.columns)

    @cached_property
    def outline(self) -> tuple[OutlineEntry, ...]:
        """The sections the PDF lists itself: its outline (bookmarks) and, when it is tagged, the
        headings its structure tree marks; a second opinion beside the headings found by their look."""
        return self.source.outline()

    @cached_property
    def _widths(self) -> tuple[float, ...]:
        return tuple(page.width for page in self.pages)

    @cached_property
    def _columns(self) -> list[TextColumn]:
        """The text columns of the document (where prose lines start and end)."""
        return text_columns(self._assembled, self.body_size, self._furniture)

    def main_body(self, excluded: tuple[SectionKind, ...] = DEFAULT_MAIN_BODY_EXCLUDES) -> MainBody:
        """The main body when the section kinds in `excluded` do not count toward the limit."""
        key = tuple(excluded)
        if key not in self._main_body:
            self._main_body[key] = find_main_body(self._assembled, self._widths, self.sections, self._furniture, key,
                                                  self.floats)
        return self._main_body[key]

    @cached_property
    def floats(self) -> tuple[Float, ...]:
        """Figures and tables, found by their captions."""
        return captions(self._assembled, self.body_size, self._furniture)

    @cached_property
    def line_numbers(self) -> bool:
        """Whether the review-mode line-number column is printed (`page_facts.line_numbers_on`)."""
        return page_facts.line_numbers_on(self._all_layouts)

    # -- page 1 ----------------------------------------------------------------------------
    @cached_property
    def _first_page(self) -> tuple[Line, ...]:
        return self.page_layout(1).lines if self.page_count else ()

    @cached_property
    def _front_block(self) -> AuthorBlock:
        """The author block as assembled, with its footnotes (before the text layer)."""
        block = front_matter.author_block(self._first_page, self.body_size)
        if not self.page_count:
            return block
        return dataclasses.replace(block, footnotes=front_matter.author_footnotes(
            self._first_page, self.pages[0].height, self.body_size, self.notice, self._furniture))

    @cached_property
    def title(self) -> str:
        return " ".join(line.text for line in front_matter.title_lines(self._first_page))

    @cached_property
    def notice(self) -> Notice | None:
        if not self.page_count:
            return None
        return front_matter.notice(self._first_page, self.pages[0].height, self.body_size)

    # -- layout facts and the template ---------------------------------------------------
    @cached_property
    def columns(self) -> int:
        """1 or 2, from the pages with the most text."""
        return page_facts.columns(self._first_layouts(page_facts.FIRST_PAGES), self.pages)

    @cached_property
    def text_span(self) -> tuple[float, float]:
        """Left and right edges of body text over the first pages (5th/95th percentile)."""
        return page_facts.text_span(self._first_layouts(page_facts.FIRST_PAGES), self.body_size)

    @cached_property
    def template(self) -> TemplateInfo:
        first = self.pages[0] if self.page_count else None
        left, right = self.text_span
        layout = LayoutFacts(
            page_width=first.width if first else 0.0, page_height=first.height if first else 0.0,
            text_left=left, text_right=right, columns=self.columns, line_numbers=self.line_numbers,
            notice_size=page_facts.notice_size(self._first_page, self.notice),
            padded_line_numbers=page_facts.padded_line_numbers(self._all_layouts),
            header_text=page_facts.header_text(self._first_layouts(page_facts.FIRST_PAGES), self.pages,
                                               self._furniture),
            page_numbers=page_facts.page_numbers(self._first_layouts(page_facts.FOLIO_PAGES), self.pages),
            page_size=page_size_name(first.width * MM_PER_POINT, first.height * MM_PER_POINT,
                                     PAGE_SIZE_TOLERANCE_MM) if first else None)
        return recognise(self.notice, layout, self._front_block, self.info)

    # -- objects -------------------------------------------------------------------------
    @cached_property
    def template_texts(self) -> tuple[TemplateText, ...]:
        """Sentences of the templates' example papers left in the text (`analysis.template_text`)."""
        found = needles(self.template.name.family)
        return tuple(text for page in range(1, self.page_count + 1)
                     for text in page_template_texts(page, self.text.text_lines(page), found))

    @cached_property
    def info(self) -> dict[str, str]:
        """The document information dictionary (Title, Author, Subject, Creator, ...)."""
        return self.source.info()

    @property
    def metadata(self) -> Metadata:
        """Document info, XMP and embedded figure paths (reads PDF objects: costlier)."""
        return self._object_fact("metadata", self.source.metadata)

    @property
    def fonts(self) -> tuple[Font, ...]:
        return self._object_fact("fonts", lambda: tuple(self.source.fonts()))

    def _object_fact(self, key: str, read: Callable[[], _Fact]) -> _Fact:
        """Read an object-level fact once; a failure is remembered too, so a damaged file is
        not parsed again for every rule that asks."""
        if key not in self._objects:
            try:
                self._objects[key] = (True, read())
            except Exception as error:  # raised again, unchanged, to every caller
                self._objects[key] = (False, error)
        ok, value = self._objects[key]
        if not ok:
            raise value
        return value  # type: ignore[no-any-return]


def open_document(path: str, objects_read: Prefetched | None = None) -> AnalysedPaper:
    """Open `path` for checking; raises DocumentError when PDFium cannot read it.
    `objects_read` is another reader already reading qpdf's facts of the file (`pdf.source.Prefetched`)."""
    return AnalysedPaper(PdfSource(path, objects_read))
