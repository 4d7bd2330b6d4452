"""Fonts and link targets read through PDFium's object API, on pages already loaded for text.

A page's fonts are those of its text objects, inside form XObjects too (as drawn, not as
listed in resource dictionaries); its link targets are the URI actions of its link
annotations. Both are read while the page is loaded for its words (`source.PdfSource`), so
the file is parsed once, by PDFium.

PDFium cannot tell two things qpdf can: the PDF subtype of a font that is not embedded
(PDFium substitutes a font program for it) and the resource name of a Type 3 font without a
/BaseFont (TeX's bitmap fonts). `PageFont.complete` says whether a font was fully described;
the caller asks qpdf for the whole list when one was not.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pypdfium2.raw as pdfium_c

from ..model import BBox, Font, LinkTarget
from .pdfium_library import native

_MAX_FORM_DEPTH = 4
"""Form XObjects nested deeper than this are not searched for fonts (as with qpdf)."""
_URI_BUFFER = 4096
_PROGRAM_FORMATS = ((b"%!", "Type1"), (b"\x80\x01", "Type1"), (b"\x01\x00", "Type1"), (b"OTTO", "OpenType"),
                    (b"\x00\x01\x00\x00", "TrueType"), (b"true", "TrueType"), (b"ttcf", "TrueType"))
"""Font program headers: PostScript Type 1 (PFA, PFB), CFF (Type1C), OpenType/CFF, TrueType."""
LINK_DECIMALS = 3
"""PDFium reports rectangles in single precision; rounding recovers the written numbers."""


@dataclass(frozen=True)
class PageFont:
    """A font drawn on a page: its name without subset prefix, program format, embedding."""

    name: str
    subtype: str
    embedded: bool
    complete: bool
    """False when PDFium could not tell the font's name or PDF subtype."""


def _font_facts(font: object, buffer: ctypes.Array[ctypes.c_char]) -> PageFont:
    length = pdfium_c.FPDFFont_GetBaseFontName(font, buffer, len(buffer))
    name = buffer.value.decode("latin-1", "replace") if length > 0 else ""
    name = name.split("+", 1)[1] if "+" in name[:7] else name
    embedded = bool(pdfium_c.FPDFFont_GetIsEmbedded(font))
    if not embedded:  # PDFium hands out the substitute it draws with: no subtype to read
        return PageFont(name, "unknown", False, False)
    size = ctypes.c_size_t()
    pdfium_c.FPDFFont_GetFontData(font, None, 0, ctypes.byref(size))
    if size.value == 0:  # embedded without a font program: a Type 3 font (glyphs are content streams)
        return PageFont(name, "Type3", True, bool(name))
    data = (ctypes.c_ubyte * size.value)()
    pdfium_c.FPDFFont_GetFontData(font, data, size.value, ctypes.byref(size))
    head = bytes(data[:4])
    subtype = next((kind for magic, kind in _PROGRAM_FORMATS if head.startswith(magic)), "unknown")
    return PageFont(name, subtype, True, True)


_VOID = ctypes.c_void_p
_count_objects = native(pdfium_c.FPDFPage_CountObjects, ctypes.c_int, _VOID)
_get_object = native(pdfium_c.FPDFPage_GetObject, _VOID, _VOID, ctypes.c_int)
_count_form_objects = native(pdfium_c.FPDFFormObj_CountObjects, ctypes.c_int, _VOID)
_get_form_object = native(pdfium_c.FPDFFormObj_GetObject, _VOID, _VOID, ctypes.c_ulong)
_object_type = native(pdfium_c.FPDFPageObj_GetType, ctypes.c_int, _VOID)
_text_font = native(pdfium_c.FPDFTextObj_GetFont, _VOID, _VOID)
_TEXT, _FORM = pdfium_c.FPDF_PAGEOBJ_TEXT, pdfium_c.FPDF_PAGEOBJ_FORM


class FontReader:
    """Reads the fonts drawn on the pages of one document, each font handle once."""

    def __init__(self) -> None:
        self._buffer = ctypes.create_string_buffer(256)
        self._by_handle: dict[int, PageFont] = {}

    def page_fonts(self, page: Any) -> tuple[PageFont, ...]:
        """The fonts of every text object of a loaded page, forms included, in drawing order."""
        handles: dict[int, None] = {}
        root = ctypes.cast(page, _VOID).value
        if root is None:  # a page that did not load has no objects
            return ()
        self._walk(_get_object, _count_objects(root), root, handles, 0)
        found = []
        for handle in handles:
            facts = self._by_handle.get(handle)
            if facts is None:
                font = ctypes.cast(_VOID(handle), pdfium_c.FPDF_FONT)
                facts = self._by_handle[handle] = _font_facts(font, self._buffer)
            found.append(facts)
        return tuple(dict.fromkeys(found))

    def _walk(self, get: Callable[..., Any], count: int, holder: int, handles: dict[int, None], depth: int) -> None:
        for index in range(count):
            item = get(holder, index)
            kind = _object_type(item)
            if kind == _TEXT:
                font = _text_font(item)
                if font:
                    handles[font] = None
            elif kind == _FORM and depth < _MAX_FORM_DEPTH:
                self._walk(_get_form_object, _count_form_objects(item), item, handles, depth + 1)


def fonts_complete(pages: Iterable[tuple[PageFont, ...]]) -> bool:
    """Whether PDFium described every font fully (see the module docstring)."""
    return all(font.complete for fonts in pages for font in fonts)


def merge_fonts(pages: Iterable[tuple[int, tuple[PageFont, ...]]]) -> list[Font]:
    """Every font of (page number, fonts) pairs by name, with the pages it is drawn on; the
    first page's facts stand for a name drawn with two font objects."""
    merged: dict[str, tuple[PageFont, set[int]]] = {}
    for number, fonts in pages:
        for facts in fonts:
            merged.setdefault(facts.name, (facts, set()))[1].add(number)
    return [Font(name=name, subtype=facts.subtype, embedded=facts.embedded, pages=tuple(sorted(numbers)))
            for name, (facts, numbers) in sorted(merged.items())]


def page_links(document: object, page: object, number: int, top: float) -> list[LinkTarget]:
    """URI link annotations of a loaded page, boxes in top-down coordinates below `top`
    (the top of the crop box)."""
    found: list[LinkTarget] = []
    position = ctypes.c_int(0)
    link = pdfium_c.FPDF_LINK()
    rect = pdfium_c.FS_RECTF()
    buffer = ctypes.create_string_buffer(_URI_BUFFER)
    while pdfium_c.FPDFLink_Enumerate(page, ctypes.byref(position), ctypes.byref(link)):
        action = pdfium_c.FPDFLink_GetAction(link)
        if not action or pdfium_c.FPDFAction_GetType(action) != pdfium_c.PDFACTION_URI:
            continue
        length = pdfium_c.FPDFAction_GetURIPath(document, action, buffer, len(buffer))
        if length > len(buffer):
            buffer = ctypes.create_string_buffer(length)
            length = pdfium_c.FPDFAction_GetURIPath(document, action, buffer, len(buffer))
        uri = buffer.raw[:max(length - 1, 0)].decode("latin-1", "replace")
        box = None
        if pdfium_c.FPDFLink_GetAnnotRect(link, ctypes.byref(rect)):
            x0, x1 = sorted((round(rect.left, LINK_DECIMALS), round(rect.right, LINK_DECIMALS)))
            y0, y1 = sorted((round(rect.bottom, LINK_DECIMALS), round(rect.top, LINK_DECIMALS)))
            box = BBox(x0, top - y1, x1, top - y0)
        found.append(LinkTarget(page=number, uri=uri, bbox=box))
    return found
