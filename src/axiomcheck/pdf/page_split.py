"""The later pages of a long PDF read by a helper process, on the spare core.

A single-file check of a long paper hands the words, fonts and link targets of its second
half to a helper forked for the purpose (`aside.AsideReader`), which opens the file with
its own PDFium document (documents must not be shared across a fork) and sends each page
as soon as it is read. The worker reads the first half meanwhile, then takes the helper's
pages in order; a page the helper could not deliver is read in-process, so the result is
the same as with a single reader (tests/test_page_split.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import LinkTarget, Word
from .pdfium_objects import PageFont

if TYPE_CHECKING:
    from .source import PdfSource

SPLIT_MIN_PAGES = 80
"""Files with at least this many pages are split. On two cores the other one also runs the
pypdf helper (about 100-150 ms of a paper's work), and a helper pays PDFium's page load
again and the pickling of its words: measured, a split loses on 23-40 page papers and gains
on a 111-page file (docs/performance.md); `bench/run.py` measures it again."""
HELPER_SHARE = 0.3
"""The share of the pages, from the end, that the helper reads: a helper page costs about
1.8 worker pages (load, words, pickling) and shares its core with the pypdf helper."""

PageFacts = tuple[list[Word], int, tuple[PageFont, ...], tuple[LinkTarget, ...]]
"""A page's words, character count, fonts and link targets."""


def split_point(count: int) -> int | None:
    """The first page index the helper reads, None when the file is too short to split."""
    if count < SPLIT_MIN_PAGES:
        return None
    return count - max(1, int(count * HELPER_SHARE))


def page_key(index: int) -> str:
    return f"page {index}"


def read_page(source: PdfSource, index: int) -> tuple[list[Word], int, list[tuple[Any, ...]], tuple[LinkTarget, ...]]:
    """In the helper: one page's facts as model objects and plain tuples (what the helper's
    reply may hold)."""
    words, chars = source.page_words(index)
    fonts, links = source.page_objects(index)
    return words, chars, [(f.name, f.subtype, f.embedded, f.complete) for f in fonts], links


def decode_page(value: Any) -> PageFacts:
    """In the worker: a helper's reply for one page, checked and typed (ValueError when not
    of the expected shape)."""
    words, chars, fonts, links = value
    if not (isinstance(words, list) and all(isinstance(w, Word) for w in words) and isinstance(chars, int)
            and all(isinstance(link, LinkTarget) for link in links)):
        raise ValueError("unexpected page facts")
    return words, chars, tuple(PageFont(str(n), str(s), bool(e), bool(c)) for n, s, e, c in fonts), tuple(links)
