"""Checks that need no PDF library: can the file be read, is it too large, is it a PDF at all.

They run in the parent process before a file is handed to a worker (and again in
`api.check_path`, which also serves in-process use), so a Word document, an empty upload or
a 2 GB file never reaches a parser.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass

from ..limits import Limits, format_size

PDF_HEADER = b"%PDF-"
HEADER_WINDOW = 1024
"""PDF readers look for `%PDF-` in the first KiB; so do we."""

_LOOKS_LIKE = (
    (b"PK\x03\x04", "a ZIP archive (for example a Word .docx file or a zipped folder)"),
    (b"\xd0\xcf\x11\xe0", "an old Microsoft Office document (.doc)"),
    (b"{\\rtf", "an RTF document"),
    (b"%!PS", "a PostScript file"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"\x1f\x8b", "a gzip-compressed file"),
    (b"<!doctype html", "a web page (HTML)"),
    (b"<html", "a web page (HTML)"),
    (b"\\documentclass", "LaTeX source"),
)


@dataclass(frozen=True)
class Rejection:
    """Why a file is refused before parsing: a verdict name and a message for a person."""

    verdict: str
    message: str


def precheck(path: str, limits: Limits) -> Rejection | None:
    """A `Rejection` when `path` cannot be read, is too large or is not a PDF; None otherwise."""
    try:
        status = os.stat(path)
        if not stat.S_ISREG(status.st_mode):
            return Rejection("unreadable", "Cannot read the file: it is not a regular file.")
        size = status.st_size
        with open(path, "rb") as handle:
            head = handle.read(HEADER_WINDOW)
    except OSError as error:
        return Rejection("unreadable", f"Cannot read the file: {error.strerror or error}.")
    if size > limits.max_size:
        return Rejection("too-complex", f"Too large: the file is {format_size(size)}; the limit is "
                                        f"{format_size(limits.max_size)} (--max-size).")
    if PDF_HEADER not in head:
        return Rejection("unreadable", _not_a_pdf_message(head))
    return None


def _not_a_pdf_message(head: bytes) -> str:
    if not head:
        return "Not a PDF: the file is empty (0 bytes)."
    start = head.lstrip().lower()
    for magic, kind in _LOOKS_LIKE:
        if start.startswith(magic.lower()):
            return f"Not a PDF: the file looks like {kind}, not a PDF."
    return f"Not a PDF: the file does not start with '%PDF-' within its first {HEADER_WINDOW} bytes."


def file_sha256(path: str) -> str | None:
    """The file's SHA-256, or None when it cannot be read."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()
