"""`Document`: one PDF, read once and lazily.

Every property is computed on first use and cached, so a rule set that only needs page
sizes and metadata never builds a text layer, and nothing is parsed twice. The raw facts
come from a `Source` (a PDF file, or synthetic pages in tests).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from . import front_matter
from .captions import captions
from .lines import assemble_lines, column_count, split_line_numbers
from ..model import (MM_PER_POINT, AuthorBlock, Float, Font, Line, MainBody, Metadata, Notice, PageInfo,
                    PageText, PageVisibility, Sections, TemplateInfo, page_size_name)
from ..pdf.source import PdfSource, Source
from .sections import DEFAULT_EXCLUDED, find_main_body, find_sections, running_heads
from .template import LayoutFacts, recognise
from .visibility import glyph_differences, page_visibility

if TYPE_CHECKING:
    from ..pdf.aside import AsideReader

LINE_NUMBER_LINE_SHARE = 0.5
"""Line numbers are on when the pages with a line-number column hold more than this share of
the document's text lines."""
PADDED_LINE_NUMBERS = 3
"""This many zero-padded line numbers (`007`) make a padded ruler."""
HEADER_ZONE = 0.12
"""A running head lies in the top 12% of the page."""


class Document:
    """A PDF and everything rules may ask about it, computed on demand."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self._page_text: dict[int, PageText] = {}
        self._main_body: dict[tuple[str, ...], MainBody] = {}
        self._objects: dict[str, tuple[bool, Any]] = {}
        self._visibility: dict[int, PageVisibility] = {}

    def close(self) -> None:
        self.source.close()

    def __enter__(self) -> Document:
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

    def page_text(self, number: int) -> PageText:
        """Lines and line-number column of page `number` (1-based), built once."""
        cached = self._page_text.get(number)
        if cached is None:
            words, chars = self.source.page_words(number - 1)
            text_words, numbers = split_line_numbers(words)
            cached = PageText(page=number, lines=tuple(assemble_lines(number, text_words)),
                              line_number_words=tuple(numbers), char_count=chars)
            self._page_text[number] = cached
        return cached

    def visibility(self, page: int) -> PageVisibility:
        """Which words of page `page`'s lines a reader cannot see, and why, and the rows that run
        off the page (`analysis.visibility`), built once."""
        cached = self._visibility.get(page)
        if cached is None:
            lines = self.page_text(page).lines
            text_layer = glyph_differences(lines, self._object_fact("glyph_text", self.source.glyph_text))
            cached = page_visibility(page, self.pages[page - 1], lines, self.source.page_hidings(page - 1),
                                     text_layer)
            self._visibility[page] = cached
        return cached

    @cached_property
    def all_lines(self) -> tuple[tuple[Line, ...], ...]:
        """Lines of every page, one tuple per page."""
        return tuple(self.page_text(n).lines for n in range(1, self.page_count + 1))

    @cached_property
    def char_count(self) -> int:
        return sum(self.page_text(n).char_count for n in range(1, self.page_count + 1))

    @cached_property
    def body_size(self) -> float:
        """The font size of most characters: the body text size."""
        sizes: Counter[float] = Counter()
        for lines in self.all_lines:
            for line in lines:
                for word in line.words:
                    sizes[round(word.size, 1)] += len(word.text)
        return sizes.most_common(1)[0][0] if sizes else 10.0

    @cached_property
    def running_heads(self) -> frozenset[int]:
        """ids of running heads, folios and repeated footers (excluded from body text)."""
        return frozenset(running_heads(self.all_lines))

    # -- structure -----------------------------------------------------------------------
    @cached_property
    def sections(self) -> Sections:
        block = self.author_block
        front = {id(line) for line in block.title + block.lines}
        return find_sections(self.all_lines, self.body_size, set(self.running_heads), front)

    def main_body(self, excluded: tuple[str, ...] = DEFAULT_EXCLUDED) -> MainBody:
        """The main body when the section kinds in `excluded` do not count toward the limit."""
        key = tuple(excluded)
        if key not in self._main_body:
            self._main_body[key] = find_main_body(self.all_lines, self.sections,
                                                  set(self.running_heads), key, self.floats)
        return self._main_body[key]

    @cached_property
    def floats(self) -> tuple[Float, ...]:
        """Figures and tables, found by their captions."""
        return captions(self.all_lines, self.body_size, set(self.running_heads))

    @cached_property
    def line_numbers(self) -> bool:
        """Whether the review-mode line-number column is printed: on pages that carry more than
        half of the document's lines (judged over the lines that exist, so that a one-page
        abstract whose references run one line onto page 2 is still numbered)."""
        counts = [(len(self.page_text(n).lines), bool(self.page_text(n).line_number_words))
                  for n in range(1, self.page_count + 1)]
        total = sum(lines for lines, _ in counts)
        numbered = sum(lines for lines, has_numbers in counts if has_numbers)
        return total > 0 and numbered > LINE_NUMBER_LINE_SHARE * total

    @cached_property
    def first_page_lines(self) -> tuple[Line, ...]:
        return self.page_text(1).lines if self.page_count else ()

    @cached_property
    def author_block(self) -> AuthorBlock:
        return front_matter.author_block(self.first_page_lines, self.body_size)

    @cached_property
    def title(self) -> str:
        return " ".join(l.text for l in front_matter.title_lines(self.first_page_lines))

    @cached_property
    def notice(self) -> Notice | None:
        if not self.page_count:
            return None
        return front_matter.notice(self.first_page_lines, self.pages[0].height, self.body_size)

    @cached_property
    def columns(self) -> int:
        """1 or 2, from the pages with the most text."""
        votes = Counter()
        for number in range(1, min(self.page_count, 4) + 1):
            votes[column_count(list(self.page_text(number).lines), self.pages[number - 1].width)] += 1
        return votes.most_common(1)[0][0] if votes else 1

    @cached_property
    def text_span(self) -> tuple[float, float]:
        """Left and right edges of body text over the first pages (5th/95th percentile)."""
        lefts, rights = [], []
        for number in range(1, min(self.page_count, 4) + 1):
            for line in self.page_text(number).lines:
                if len(line.words) >= 4 and abs(line.size - self.body_size) < 0.6:
                    lefts.append(line.bbox.x0)
                    rights.append(line.bbox.x1)
        if not lefts:
            return 0.0, 0.0
        lefts.sort()
        rights.sort()
        cut = len(lefts) // 20
        return lefts[cut], rights[-1 - cut]

    @cached_property
    def template(self) -> TemplateInfo:
        first = self.pages[0] if self.page_count else None
        left, right = self.text_span
        layout = LayoutFacts(
            page_width=first.width if first else 0.0, page_height=first.height if first else 0.0,
            text_left=left, text_right=right, columns=self.columns, line_numbers=self.line_numbers,
            notice_size=self.notice_size, padded_line_numbers=self.padded_line_numbers,
            header_text=self.header_text, page_numbers=self.page_numbers,
            page_size=page_size_name(first.width * MM_PER_POINT, first.height * MM_PER_POINT, 3.0) if first else None)
        return recognise(self.notice, layout, self.author_block, self.info)

    @cached_property
    def notice_size(self) -> float | None:
        """The font size of most characters of the page-1 notice, None without a notice."""
        if self.notice is None:
            return None
        box = self.notice.bbox
        sizes: Counter[float] = Counter()
        for line in self.first_page_lines:
            if line.bbox.y0 >= box.y0 - 1 and line.bbox.y1 <= box.y1 + 1:
                for word in line.words:
                    sizes[word.size] += len(word.text)
        return sizes.most_common(1)[0][0] if sizes else None

    @cached_property
    def padded_line_numbers(self) -> bool:
        """Whether the line numbers are zero-padded (ICML's and ICLR's `000` ruler)."""
        padded = 0
        for number in range(1, self.page_count + 1):
            padded += sum(1 for w in self.page_text(number).line_number_words
                          if len(w.text) >= 2 and w.text.startswith("0"))
            if padded >= PADDED_LINE_NUMBERS:
                return True
        return False

    @cached_property
    def page_numbers(self) -> bool:
        """Whether most of the first pages carry a page number (a lone number) at their foot."""
        pages = range(1, min(self.page_count, 6) + 1)
        numbered = 0
        for number in pages:
            bottom = (1 - HEADER_ZONE) * self.pages[number - 1].height
            numbered += any(line.text.strip().isdigit() and len(line.text.strip()) <= 3 and line.bbox.y0 > bottom
                            for line in self.page_text(number).lines)
        return numbered > len(pages) / 2

    @cached_property
    def header_text(self) -> str:
        """The running head printed above the text on pages 2-4 (empty when there is none)."""
        found: list[str] = []
        for number in range(2, min(self.page_count, 4) + 1):
            top = HEADER_ZONE * self.pages[number - 1].height
            for line in self.page_text(number).lines:
                if id(line) in self.running_heads and line.bbox.y1 < top and line.text not in found:
                    found.append(line.text)
        return " / ".join(found)

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

    def _object_fact(self, key: str, read: Callable[[], Any]) -> Any:
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
        return value


def open_document(path: str, objects_aside: AsideReader | None = None) -> Document:
    """Open `path` for checking; raises DocumentError when PDFium cannot read it.
    `objects_aside` is a helper already reading pypdf's facts of the file (`pdf.objects.read_aside`)."""
    return Document(PdfSource(path, objects_aside))
