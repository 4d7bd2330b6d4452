"""PDFium's process-wide state: opening a document so that nothing outlives a failure, and
starting the library afresh between files.

PDFium keeps state across documents in one process: its font manager shares the faces of
substituted (non-embedded) fonts between documents, and rendering a page changes what those
faces later report as character boxes, so a file's words could depend on which file the same
worker rendered before. Its last-error code is set only when a load fails, so reading it after
any other failure names an earlier file's error. `fresh_library` ends and starts PDFium again
(about 0.03 ms, plus the fonts each file loads anyway), so every file meets the library as a
fresh process would; `open_pdf` closes a document it opened whenever it then refuses it.

Restarting and counting open objects use pypdfium2's own start-up (`_library_scope`) and
object tracker (`internal.bases`), as its exit handler does; tests fail if either moves.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Callable
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from pypdfium2 import _library_scope
from pypdfium2.internal import bases

_ERRORS = {0: "Success", 1: "Unknown error", 2: "File access error", 3: "Data format error",
           4: "Incorrect password error", 5: "Unsupported security scheme error",
           6: "Page not found or content error"}
NO_PAGES_REASON = "it finds no page in the page tree"
"""PDFium's reason, in our words, when it opens a file but its page tree yields no page."""


class PdfiumOpenError(Exception):
    """PDFium cannot open the file; the message says why, for this file only."""


def open_pdf(path: str) -> pdfium.PdfDocument:
    """The document at `path`, with at least one page. Raises `PdfiumOpenError` with this
    file's own reason otherwise, having closed whatever PDFium opened (the file handle and the
    parsed document): pypdfium2's own constructor keeps both when a file opens with no pages."""
    raw = pdfium_c.FPDF_LoadDocument(os.fsencode(path) + b"\0", None)
    if not raw:  # the load failed, so the last-error code is this file's
        code = pdfium_c.FPDF_GetLastError()
        raise PdfiumOpenError(f"Failed to load document (PDFium: {_ERRORS.get(code, f'error {code}')}).")
    try:
        pages = pdfium_c.FPDF_GetPageCount(raw)
        document = pdfium.PdfDocument(raw)  # owns the handle from here on
    except BaseException:
        pdfium_c.FPDF_CloseDocument(raw)
        raise
    if pages < 1:
        document.close()
        raise PdfiumOpenError(f"Failed to load document (PDFium: {NO_PAGES_REASON}).")
    return document


def native(function: Any, restype: Any, *argtypes: Any) -> Callable[..., Any]:
    """`function` of pypdfium2's bindings called with plain `void*` handles and C types:
    several times cheaper per call than the typed bindings, which matters at one call per
    word or per page object."""
    address = ctypes.cast(function, ctypes.c_void_p).value
    if address is None:
        raise RuntimeError("PDFium's binding has no address")
    binding: Callable[..., Any] = ctypes.CFUNCTYPE(restype, *argtypes)(address)
    return binding


def open_objects() -> int:
    """How many PDFium objects (documents, pages, text pages, bitmaps) are open in this process."""
    return sum(len(refs) for refs in bases.ObjectTracker.values())


def fresh_library() -> bool:
    """End and start PDFium again, dropping every cache it keeps between documents; False
    (and nothing done) while a PDFium object is still open in this process, which a library
    user's own documents may be."""
    if open_objects():
        return False
    _library_scope.destroy_lib()
    _library_scope.init_lib()
    return True
