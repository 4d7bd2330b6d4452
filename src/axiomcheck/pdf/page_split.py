"""The later pages of a long PDF, read by a second reader on the spare core.

A single-file check of a long paper may hand the words, fonts and link targets of its
second half to a helper process (`execution.prefetch` forks it), which opens the file with
its own PDFium document (documents must not be shared across a fork) and reads each page
with `read_page`. The checking process reads the first half meanwhile, then takes the
helper's pages in order (`source.PdfSource.take_later_pages`); a page the helper could not
deliver is read in-process, so the result is the same as with a single reader
(tests/test_page_split.py).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol

from ..model import LinkTarget, Word
from .pdfium_objects import PageFont

SPLIT_MIN_PAGES = 80
"""Files with at least this many pages are split. On two cores the other one also runs the
qpdf helper (pikepdf's import and a paper's object facts), and a helper pays PDFium's page load
again and the encoding of its words: measured, a split loses on 23-40 page papers and gains
on a 111-page file (docs/performance.md); `bench/run.py` measures it again."""
HELPER_SHARE = 0.3
"""The share of the pages, from the end, that the helper reads: a helper page costs about
1.8 worker pages (load, words, encoding) and shares its core with the qpdf helper."""

PageFacts = tuple[list[Word], int, tuple[PageFont, ...], tuple[LinkTarget, ...]]
"""A page's words, character count, fonts and link targets."""


class PageReader(Protocol):
    """What the helper reads a page from (a `source.PdfSource` of its own)."""

    def page_words(self, index: int) -> tuple[list[Word], int]: ...
    def page_objects(self, index: int) -> tuple[tuple[PageFont, ...], tuple[LinkTarget, ...]]: ...


def split_point(count: int) -> int | None:
    """The first page index the helper reads, None when the file is too short to split."""
    if count < SPLIT_MIN_PAGES:
        return None
    return count - max(1, int(count * HELPER_SHARE))


def page_key(index: int) -> str:
    """The name under which the helper delivers the page at `index`."""
    return f"page {index}"


def read_page(source: PageReader, index: int) -> PageFacts:
    """In the helper: one page's words, character count, fonts and links."""
    words, chars = source.page_words(index)
    fonts, links = source.page_objects(index)
    return words, chars, fonts, links


def later_pages(start: int, count: int) -> dict[str, Callable[[PageReader], PageFacts]]:
    """What the helper reads, in order: each page from `start` to the last."""
    return {page_key(index): functools.partial(read_page, index=index) for index in range(start, count)}
