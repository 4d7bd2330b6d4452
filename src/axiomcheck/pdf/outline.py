"""The sections a PDF lists itself: its outline (bookmarks) and the headings of its tag tree.

Most papers made with LaTeX and hyperref carry an outline: one bookmark per numbered section
(and per unnumbered one the author added), with the page and the height it points to. A
tagged PDF also marks its headings (`H`, `H1`-`H6`) in its structure tree. Both are a second
opinion beside the headings analysis finds by their look (`analysis/outline.py` compares
them). Reading them costs little: the outline is a walk over the bookmarks (capped, and
pypdfium2 stops at a bookmark seen before); the tag tree is read only when the catalog says
the file is tagged, page by page.
"""

from __future__ import annotations

import ctypes
import functools
import re
from collections.abc import Callable, Iterator

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from ..model import OutlineEntry

MAX_ENTRIES = 2000
"""The most outline entries (or tagged headings) read from one file: a paper has a few dozen."""
MAX_DEPTH = 8
"""The deepest level of the outline or the tag tree read."""
MAX_TAGGED_PAGES = 300
"""The most pages whose tag tree is read."""
MAX_TITLE = 300
"""The most characters kept of a title."""
_HEADING_TYPE_RE = re.compile(r"^H([1-6]?)$")
"""Tag types of headings: `H` (level unknown, read as top) and `H1`-`H6`."""
_TEXT_BUFFER = 2048
"""Bytes (UTF-16) asked for a tag's actual text or a text object's text."""
SMALL_DIGITS = 0.8
"""Digits whose box is lower than this share of the heading's tallest text are a line number."""
_UTF16_NUL = 2
"""Bytes of the terminating NUL PDFium counts in a UTF-16 length (an empty text is only it)."""
_RECTANGLE = 4
"""A FitR destination gives four numbers: left, bottom, right, top ..."""
_RECTANGLE_TOP = 3
"""... the top being the fourth."""


def _title(text: str) -> str:
    return " ".join(text.split())[:MAX_TITLE]


def _bookmark_title(bookmark: pdfium.PdfBookmark) -> str:
    """A bookmark's title; bytes that are no UTF-16 become U+FFFD (a title is never an error)."""
    return _utf16(lambda buffer, size: pdfium_c.FPDFBookmark_GetTitle(bookmark.raw, buffer, size))


def _destination_top(dest: pdfium.PdfDest, page_top: float) -> float | None:
    """How far down its page a destination points (top-down points), None when it does not say."""
    mode, view = dest.get_view()
    y: float | None = None
    if mode == pdfium_c.PDFDEST_VIEW_XYZ:
        has_x, has_y, has_zoom = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        x, y_value, zoom = pdfium_c.FS_FLOAT(), pdfium_c.FS_FLOAT(), pdfium_c.FS_FLOAT()
        if pdfium_c.FPDFDest_GetLocationInPage(dest.raw, has_x, has_y, has_zoom, x, y_value, zoom) and has_y.value:
            y = y_value.value
    elif mode in (pdfium_c.PDFDEST_VIEW_FITH, pdfium_c.PDFDEST_VIEW_FITBH) and view:
        y = view[0]
    elif mode == pdfium_c.PDFDEST_VIEW_FITR and len(view) == _RECTANGLE:
        y = view[_RECTANGLE_TOP]
    if y is None:
        return None
    return round(page_top - y, 1)


def _bookmark_dest(document: pdfium.PdfDocument, bookmark: pdfium.PdfBookmark) -> pdfium.PdfDest | None:
    """A bookmark's destination: its own, or its GoTo action's."""
    dest = bookmark.get_dest()
    if dest is not None:
        return dest
    action = pdfium_c.FPDFBookmark_GetAction(bookmark.raw)
    if not action or pdfium_c.FPDFAction_GetType(action) != pdfium_c.PDFACTION_GOTO:
        return None
    raw = pdfium_c.FPDFAction_GetDest(document.raw, action)
    return pdfium.PdfDest(raw, pdf=document) if raw else None


def read_outline(document: pdfium.PdfDocument, page_top: Callable[[int], float]) -> tuple[OutlineEntry, ...]:
    """The document's bookmarks in order, each with its level, page and height; `page_top(index)`
    is the top of page `index`'s crop box in PDF coordinates."""
    entries: list[OutlineEntry] = []
    page_count = len(document)
    for bookmark in document.get_toc(max_depth=MAX_DEPTH):
        if len(entries) >= MAX_ENTRIES:
            break
        dest = _bookmark_dest(document, bookmark)
        index = dest.get_index() if dest is not None else None
        page = index + 1 if index is not None and 0 <= index < page_count else None
        top = _destination_top(dest, page_top(index)) if dest is not None and page is not None and index is not None \
            else None
        entries.append(OutlineEntry(title=_title(_bookmark_title(bookmark)), level=bookmark.level, page=page, top=top))
    return tuple(entries)


def is_tagged(document: pdfium.PdfDocument) -> bool:
    """Whether the catalog marks the file as tagged (a structure tree describes its content)."""
    return bool(pdfium_c.FPDFCatalog_IsTagged(document.raw))


def _utf16(read: Callable[[ctypes.Array[ctypes.c_char], int], int]) -> str:
    buffer = ctypes.create_string_buffer(_TEXT_BUFFER)
    length = read(buffer, _TEXT_BUFFER)
    if length <= _UTF16_NUL:
        return ""
    return buffer.raw[:min(length, _TEXT_BUFFER)].decode("utf-16-le", "replace").rstrip("\x00")


def _element_type(element: object) -> str:
    return _utf16(lambda buffer, size: pdfium_c.FPDF_StructElement_GetType(element, buffer, size))


def _walk(element: object, depth: int = 0) -> Iterator[tuple[object, int]]:
    """The element and its descendant elements, with their depth (capped)."""
    yield element, depth
    if depth >= MAX_DEPTH:
        return
    for index in range(max(pdfium_c.FPDF_StructElement_CountChildren(element), 0)):
        child = pdfium_c.FPDF_StructElement_GetChildAtIndex(element, index)
        if child:
            yield from _walk(child, depth + 1)


def _marked_content_ids(element: object) -> set[int]:
    """The marked-content ids of an element's own content and of its descendants'."""
    found: set[int] = set()
    for node, _ in _walk(element):
        for index in range(max(pdfium_c.FPDF_StructElement_GetMarkedContentIdCount(node), 0)):
            mcid = pdfium_c.FPDF_StructElement_GetMarkedContentIdAtIndex(node, index)
            if mcid >= 0:
                found.add(mcid)
    return found


def _object_text(obj: object, textpage: object, buffer: ctypes.Array[ctypes.c_char], size: int) -> int:
    return int(pdfium_c.FPDFTextObj_GetText(obj, textpage, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)), size))


def _marked_text(page: pdfium.PdfPage, textpage: pdfium.PdfTextPage,
                 ids: set[int], page_top: float) -> tuple[str, float | None]:
    """The text the page draws inside marked content `ids`, and the top of its box. Digits set
    much smaller than the rest (a line number drawn inside the heading's marked content) are
    left out."""
    pieces: list[tuple[str, float, float]] = []
    left, bottom, right, upper = (ctypes.c_float() for _ in range(4))
    for index in range(pdfium_c.FPDFPage_CountObjects(page.raw)):
        obj = pdfium_c.FPDFPage_GetObject(page.raw, index)
        if pdfium_c.FPDFPageObj_GetType(obj) != pdfium_c.FPDF_PAGEOBJ_TEXT \
                or pdfium_c.FPDFPageObj_GetMarkedContentID(obj) not in ids \
                or not pdfium_c.FPDFPageObj_GetBounds(obj, left, bottom, right, upper):
            continue
        text = _utf16(functools.partial(_object_text, obj, textpage.raw))
        pieces.append((text, round(page_top - upper.value, 1), upper.value - bottom.value))
    tallest = max((height for _, _, height in pieces), default=0.0)
    kept = [(text, top) for text, top, height in pieces
            if not (text.strip().isdigit() and height < SMALL_DIGITS * tallest)]
    return "".join(text for text, _ in kept), min((top for _, top in kept), default=None)


def read_tagged_headings(document: pdfium.PdfDocument, page_top: Callable[[int], float]) -> tuple[OutlineEntry, ...]:
    """The headings the structure tree marks (`H`, `H1`-`H6`), page by page, with their text
    (the tag's actual text, else the text it marks) and the top of that text."""
    entries: list[OutlineEntry] = []
    for index in range(min(len(document), MAX_TAGGED_PAGES)):
        try:
            page = document[index]
        except pdfium.PdfiumError:  # a page PDFium cannot load has no text to compare either
            continue
        try:
            tree = pdfium_c.FPDF_StructTree_GetForPage(page.raw)
            if not tree:
                continue
            textpage = page.get_textpage()
            try:
                for child in range(max(pdfium_c.FPDF_StructTree_CountChildren(tree), 0)):
                    root = pdfium_c.FPDF_StructTree_GetChildAtIndex(tree, child)
                    if not root:
                        continue
                    for element, _ in _walk(root):
                        match = _HEADING_TYPE_RE.match(_element_type(element))
                        if not match or len(entries) >= MAX_ENTRIES:
                            continue
                        actual = _utf16(functools.partial(pdfium_c.FPDF_StructElement_GetActualText, element))
                        text, top = _marked_text(page, textpage, _marked_content_ids(element), page_top(index))
                        title = _title(actual or text)
                        if title:
                            entries.append(OutlineEntry(title=title, level=int(match.group(1) or 1) - 1,
                                                        page=index + 1, top=top, source="tags"))
            finally:
                textpage.close()
                pdfium_c.FPDF_StructTree_Close(tree)
        finally:
            page.close()
    return tuple(entries)
