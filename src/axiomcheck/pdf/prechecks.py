"""Checks that need no PDF library: can the file be read, is it too large, is it a PDF at all.

They run in the parent process before a file is handed to a worker (and again in
`api.check_path`, which also serves in-process use), so a Word document, an empty upload or
a 2 GB file never reaches a parser. Only regular files are read, and never more of them than
the size limit allows: a FIFO or a link to `/dev/zero` named `paper.pdf` gets its verdict at
once instead of holding the parent forever.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from typing import BinaryIO

from ..limits import Limits, format_size

PDF_HEADER = b"%PDF-"
HEADER_WINDOW = 1024
"""PDF readers look for `%PDF-` in the first KiB; so do we."""
_HASH_BLOCK = 1 << 20

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
    """A `Rejection` when `path` cannot be read, is not a regular file, is too large or is not
    a PDF; None otherwise. Never blocks: a FIFO, a device or a socket is refused from what
    `open_regular` learns, before a byte is read."""
    try:
        with open_regular(path) as handle:
            size = os.fstat(handle.fileno()).st_size
            head = handle.read(HEADER_WINDOW)
    except SpecialFileError as error:
        return Rejection("unreadable", f"Cannot read the file: it is {error.kind}, not a regular file.")
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


def file_sha256(path: str, max_size: int) -> str | None:
    """The file's SHA-256, or None when it is not a regular file, cannot be read or holds more
    than `max_size` bytes (whatever its size said when it was opened: at most `max_size` + 1
    bytes are ever read)."""
    digest = hashlib.sha256()
    total = 0
    try:
        with open_regular(path) as handle:
            while total <= max_size:
                block = handle.read(min(_HASH_BLOCK, max_size + 1 - total))
                if not block:
                    return digest.hexdigest()
                total += len(block)
                digest.update(block)
    except OSError:
        return None
    return None


class SpecialFileError(OSError):
    """The path names something other than a regular file: a FIFO, a device, a socket, a folder."""

    def __init__(self, path: str, kind: str) -> None:
        super().__init__(f"{path}: {kind}, not a regular file")
        self.kind = kind


def open_regular(path: str) -> BinaryIO:
    """`path` opened for reading, only when it is a regular file (a symbolic link to one is
    followed); raises SpecialFileError otherwise, OSError when it cannot be opened.

    The file is opened without blocking (a FIFO with no writer would otherwise wait forever)
    and judged by what the open descriptor is, so a path swapped after a check cannot slip
    another kind of file in."""
    mode = os.stat(path).st_mode  # refused before it is opened: opening some devices acts
    if not stat.S_ISREG(mode):
        raise SpecialFileError(path, _kind(mode))
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise SpecialFileError(path, _kind(mode))
        os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def _kind(mode: int) -> str:
    for test, kind in ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder")):
        if test(mode):
            return kind
    return "a special file"
