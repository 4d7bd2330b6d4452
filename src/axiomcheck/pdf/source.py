"""Where a `Document` gets its raw facts: a PDF file (PDFium + pikepdf) or synthetic pages.

A PDF's pages are read by PDFium once each: words, fonts and link targets together
(`text_extraction`, `pdfium_objects`); qpdf (pikepdf) reads what PDFium cannot give (XMP, figures'
own metadata, a second page count, and fonts PDFium cannot describe).

`PdfSource` is the real one. Some of its facts may have been read already by another reader
(`Prefetched`: a helper on the spare core, `execution.prefetch`); whatever such a reader
cannot deliver is read here, so the facts are the same either way. `SyntheticSource` builds
the same facts from words given in code, so rule and structure tests run the real
`Document` logic without a PDF.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

import pypdfium2 as pdfium

from ..model import BBox, Font, Hiding, LinkTarget, Metadata, OutlineEntry, PageInfo, Word
from ..verdicts import describe
from . import object_facts, objects
from .page_split import page_key
from .pdfium_library import PdfiumOpenError, open_pdf
from .outline import is_tagged, read_outline, read_tagged_headings
from .pdfium_objects import FontReader, PageFont, fonts_complete, merge_fonts, page_links

if TYPE_CHECKING:
    from .objects import GlyphText


_T = TypeVar("_T")
_UNREADABLE_PAGE_FONT = PageFont("", "unknown", False, False)
"""Stands for the fonts of a page PDFium cannot load: incomplete, so qpdf lists the fonts."""


_PAGE_FACTS = {"links": "links", "picture": "painted picture (what the hidden-text check renders)"}
"""What a page PDFium cannot load or draw leaves unread, for `PdfSource.unread`."""


class DocumentError(Exception):
    """The PDF cannot be opened: damaged, encrypted or not a PDF."""


class Prefetched(Protocol):
    """Facts another reader is reading: `object_facts.OBJECT_FACTS` by name, or a long file's
    later pages by `page_split.page_key`."""

    def result(self, key: str) -> tuple[bool, Any]:
        """(True, the fact) when it was read; (False, None) when it could not be."""
        ...

    def close(self) -> None:
        """Stop reading (whatever is still unread is never needed)."""
        ...


class Source(Protocol):
    """The raw facts a `Document` is built from."""

    def page_count(self) -> int: ...
    def page_info(self, index: int) -> PageInfo: ...
    def page_words(self, index: int) -> tuple[list[Word], int]: ...
    def page_hidings(self, index: int) -> dict[Word, Hiding]: ...
    def glyph_text(self) -> GlyphText: ...
    def outline(self) -> tuple[OutlineEntry, ...]: ...
    def info(self) -> dict[str, str]: ...
    def metadata(self) -> Metadata: ...
    def fonts(self) -> list[Font]: ...
    def close(self) -> None: ...


class PdfSource:
    """A PDF file read with PDFium (pages, text, document info) and qpdf (objects)."""

    def __init__(self, path: str, objects_read: Prefetched | None = None) -> None:
        """Open `path` with PDFium. `objects_read` is another reader already reading qpdf's
        facts of the same file (`object_facts.OBJECT_FACTS`); the source owns it from here on, and
        closes it when the file cannot be opened."""
        self.path = path
        try:
            self._pdf = open_pdf(path)
        except BaseException as error:
            if objects_read is not None:
                objects_read.close()
            if isinstance(error, (PdfiumOpenError, pdfium.PdfiumError)):
                raise DocumentError(str(error)) from error
            raise
        self._reader: Any = None
        self._objects_read = objects_read
        self._later_pages: tuple[int, Prefetched] | None = None
        self._pages: dict[int, pdfium.PdfPage] = {}
        self._infos: dict[int, PageInfo] = {}
        self._font_reader = FontReader()
        self._page_objects: dict[int, tuple[tuple[PageFont, ...], tuple[LinkTarget, ...]]] = {}
        self._hidings: dict[int, dict[Word, Hiding]] = {}
        self._unread: dict[str, tuple[str, ...]] = {}
        self._unread_pages: dict[str, list[int]] = {}

    def _page(self, index: int) -> pdfium.PdfPage:
        """A loaded page, kept until its text has been read (loading parses its content)."""
        page = self._pages.get(index)
        if page is None:
            page = self._pages[index] = self._pdf[index]
        return page

    def page_count(self) -> int:
        return len(self._pdf)

    def page_info(self, index: int) -> PageInfo:
        info = self._infos.get(index)
        if info is None:
            info = self._infos[index] = self._read_info(index, self._page(index))
        return info

    @staticmethod
    def _read_info(index: int, page: pdfium.PdfPage) -> PageInfo:
        width, height = page.get_size()
        return PageInfo(number=index + 1, width=round(width, 2), height=round(height, 2),
                        rotation=page.get_rotation(), mediabox=BBox(*page.get_mediabox()),
                        cropbox=BBox(*page.get_cropbox()))

    def page_words(self, index: int) -> tuple[list[Word], int]:
        """The page's words; its fonts, links and hidden words are read on the way, and the page
        is released afterwards (its facts stay cached)."""
        delivered = self._split_page(index)
        if delivered is not None:
            return delivered
        page = self._pages.pop(index, None) or self._pdf[index]
        try:
            if index not in self._infos:
                self._infos[index] = self._read_info(index, page)
            self._read_objects(index, page)
            return self._read_words(index, page)
        finally:
            page.close()

    def _read_words(self, index: int, page: pdfium.PdfPage) -> tuple[list[Word], int]:
        """Words of a loaded page, and which of them a reader cannot see (`visibility`)."""
        from .text_extraction import page_words  # noqa: PLC0415 - loaded with the first page's text
        from .visibility import page_hidings  # noqa: PLC0415 - as above

        objects: list[int] = []
        words, chars = page_words(page, objects)
        found = page_hidings(page, words, objects)
        if not found:  # the usual page: every word is seen
            self._hidings[index] = {}
            return words, chars
        seen = {word for number, word in enumerate(words) if number not in found}
        self._hidings[index] = {words[i]: hiding for i, hiding in found.items() if words[i] not in seen}
        return words, chars

    def page_hidings(self, index: int) -> dict[Word, Hiding]:
        """The words of page `index` a reader cannot see, and why (a word drawn twice at one place
        is seen when one of its copies is). Read with the words; a page whose words came from
        the page-split helper is loaded again for it; a page PDFium cannot load hides nothing."""
        if index not in self._hidings:
            try:
                page = self._pdf[index]
            except pdfium.PdfiumError as error:
                self._note_page("picture", index, error)
                return {}
            try:
                self._read_words(index, page)
            finally:
                page.close()
        return self._hidings[index]

    def _read_objects(self, index: int, page: pdfium.PdfPage) -> None:
        if index not in self._page_objects:
            top = self.page_info(index).cropbox.y1
            self._page_objects[index] = (self._font_reader.page_fonts(page.raw),
                                         tuple(page_links(self._pdf.raw, page.raw, index + 1, top)))

    def page_objects(self, index: int) -> tuple[tuple[PageFont, ...], tuple[LinkTarget, ...]]:
        """Fonts and links of a page, loading it when its words were not read. A page PDFium
        cannot load has no links, and an unknown font (so the font list is qpdf's)."""
        if index not in self._page_objects:
            try:
                page = self._pages.pop(index, None) or self._pdf[index]
            except pdfium.PdfiumError as error:
                self._note_page("links", index, error)
                return (_UNREADABLE_PAGE_FONT,), ()
            try:
                self._read_objects(index, page)
            finally:
                page.close()
        return self._page_objects[index]

    def _note_page(self, what: str, index: int, error: pdfium.PdfiumError) -> None:
        """Count a page whose links (or picture) PDFium cannot read, for `unread`."""
        pages = self._unread_pages.setdefault(what, [])
        if index + 1 not in pages:
            pages.append(index + 1)
        listed = f"page{'s' if len(pages) > 1 else ''} {', '.join(map(str, sorted(pages)))}"
        self._unread[what] = (f"the {_PAGE_FACTS[what]} of {listed} (PDFium: {describe(error)})",)

    def outline(self) -> tuple[OutlineEntry, ...]:
        """The sections the PDF lists itself: its bookmarks, then, in a tagged file, the headings
        its structure tree marks (`outline.py`)."""
        def page_top(index: int) -> float:
            return self.page_info(index).cropbox.y1

        entries = read_outline(self._pdf, page_top)
        if is_tagged(self._pdf):
            entries += read_tagged_headings(self._pdf, page_top)
        return entries

    def info(self) -> dict[str, str]:
        """The document information as PDFium reads it; when PDFium cannot, it is empty and
        `unread` says so."""
        try:
            raw = self._pdf.get_metadata_dict(skip_empty=True)
        except pdfium.PdfiumError as error:
            self._unread["info"] = (f"the document information dictionary (PDFium: {describe(error)})",)
            return {}
        return {key: str(value) for key, value in raw.items()}

    def unread(self) -> tuple[str, ...]:
        """What was skipped as damaged in the facts read so far (document information,
        metadata, fonts), one phrase each (the same damage seen by two readings is said once)."""
        return tuple(dict.fromkeys(phrase for phrases in self._unread.values() for phrase in phrases))

    def _objects(self) -> Any:
        """The file opened with qpdf, once, on the first fact asked of it."""
        if self._reader is None:
            self._reader = objects.open_reader(self.path)
        return self._reader

    def take_later_pages(self, start: int, pages: Prefetched) -> None:
        """Take the pages from index `start` on from `pages` (`page_split`), as they come;
        the source owns it from here on."""
        if self._later_pages is not None:
            self._later_pages[1].close()
        self._later_pages = (start, pages)

    def _split_page(self, index: int) -> tuple[list[Word], int] | None:
        """A page's words as the other reader read them (its fonts and links cached), None
        when the page is not its or it could not deliver it."""
        if self._later_pages is None or index < self._later_pages[0]:
            return None
        delivered, value = self._later_pages[1].result(page_key(index))
        if not delivered:
            return None
        words, chars, fonts, links = value
        self._page_objects[index] = (fonts, links)
        page = self._pages.pop(index, None)
        if page is not None:
            page.close()
        return words, chars

    def _object_fact(self, key: str, read: Callable[[Any], _T]) -> _T:
        if self._objects_read is not None:
            delivered, value = self._objects_read.result(key)
            if delivered:  # the other reader's fact, of the type `read` returns (`execution.prefetch`)
                return cast(_T, value)
        return read(self._objects())

    def object_page_count(self) -> int:
        """The page count as qpdf reads the page tree: a second, independent opinion."""
        return self._object_fact("pages", objects.page_count)

    def metadata(self) -> Metadata:
        links = tuple(link for index in range(self.page_count()) for link in self.page_objects(index)[1])
        metadata: Metadata = self._object_fact("metadata", objects.read_metadata)
        self._unread["metadata"] = metadata.unread
        return dataclasses.replace(metadata, links=links)

    def glyph_text(self) -> GlyphText:
        """Fonts whose ToUnicode map disagrees with their glyphs (`glyph_text`)."""
        return self._object_fact("glyph_text", object_facts.glyph_text)

    def fonts(self) -> list[Font]:
        """PDFium's fonts; qpdf's when PDFium cannot describe one (`pdfium_objects`)."""
        pages = [(index + 1, self.page_objects(index)[0]) for index in range(self.page_count())]
        if fonts_complete(fonts for _, fonts in pages):
            return merge_fonts(pages)
        facts: objects.FontFacts = self._object_fact("fonts", objects.read_fonts)
        self._unread["fonts"] = facts.unread
        return facts.fonts

    def close(self) -> None:
        """Release the other readers, every page and the document (the file handle with it),
        even when one of them fails to close."""
        try:
            if self._objects_read is not None:
                self._objects_read.close()
        finally:
            try:
                if self._later_pages is not None:
                    self._later_pages[1].close()
            finally:
                try:
                    for page in self._pages.values():
                        page.close()
                finally:
                    self._pages.clear()
                    try:
                        if self._reader is not None:
                            self._reader.close()
                    finally:
                        self._reader = None
                        self._pdf.close()


SYNTHETIC_CONTRAST = 0.15
"""On a synthetic page, a word whose fill gray is this close to the page's is hidden: the
share of the range that `visibility.VISIBLE_CONTRAST` is of 255 levels."""


@dataclass
class SyntheticPage:
    """A page for tests: its size and its words (top-down coordinates)."""

    words: list[Word]
    width: float = 612.0
    height: float = 792.0
    rotation: int = 0
    background: float = 1.0
    """The gray painted all over the page behind the words (0 black .. 1 white paper)."""


@dataclass
class SyntheticSource:
    """Raw facts given in code, for tests of rules and structure detection."""

    pages: list[SyntheticPage]
    document_info: dict[str, str] = field(default_factory=dict)
    document_metadata: Metadata | None = None
    document_fonts: list[Font] = field(default_factory=list)
    document_glyph_text: GlyphText = field(default_factory=dict)
    document_outline: tuple[OutlineEntry, ...] = ()

    def page_count(self) -> int:
        return len(self.pages)

    def page_info(self, index: int) -> PageInfo:
        page = self.pages[index]
        box = BBox(0.0, 0.0, page.width, page.height)
        return PageInfo(number=index + 1, width=page.width, height=page.height, rotation=page.rotation,
                        mediabox=box, cropbox=box)

    def page_words(self, index: int) -> tuple[list[Word], int]:
        words = self.pages[index].words
        return list(words), sum(len(w.text) + 1 for w in words)

    def page_hidings(self, index: int) -> dict[Word, Hiding]:
        """What rendering would find on a page painted in one gray: words in render mode 3, and
        words whose fill is within `SYNTHETIC_CONTRAST` of the page's gray."""
        page = self.pages[index]
        found: dict[Word, Hiding] = {}
        for word in page.words:
            if word.invisible:
                found[word] = Hiding("render-mode", "text render mode 3")
            elif word.fill_gray is not None and abs(word.fill_gray - page.background) < SYNTHETIC_CONTRAST:
                found[word] = Hiding("colour", f"gray {word.fill_gray:.2f} on gray {page.background:.2f}")
        return found

    def info(self) -> dict[str, str]:
        return dict(self.document_info)

    def metadata(self) -> Metadata:
        return self.document_metadata or Metadata(info=dict(self.document_info), xmp={})

    def fonts(self) -> list[Font]:
        return list(self.document_fonts)

    def glyph_text(self) -> GlyphText:
        return dict(self.document_glyph_text)

    def outline(self) -> tuple[OutlineEntry, ...]:
        return self.document_outline

    def close(self) -> None:
        return None
