"""Words as `pdf.text_extraction` reads them: the facts it reads once per text object hold for
every character that object draws."""

from __future__ import annotations

import ctypes
import re
from collections import defaultdict
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from axiomcheck.pdf.text_extraction import page_words
from conftest import CORPUS_PAPERS, FIXTURES, shared


def _sizes_by_object(page: pdfium.PdfPage) -> dict[int, set[float]]:
    """PDFium's size for each character, grouped by the text object that draws it."""
    textpage = page.get_textpage()
    try:
        sizes: dict[int, set[float]] = defaultdict(set)
        for index in range(pdfium_c.FPDFText_CountChars(textpage.raw)):
            text_object = pdfium_c.FPDFText_GetTextObject(textpage.raw, index)
            key = ctypes.cast(text_object, ctypes.c_void_p).value
            if key:
                sizes[key].add(pdfium_c.FPDFText_GetFontSize(textpage.raw, index))
        return sizes
    finally:
        textpage.close()


def _check_pages(path: Path) -> int:
    pdf = pdfium.PdfDocument(str(path))
    objects = 0
    try:
        for index in range(len(pdf)):
            page = pdf[index]
            try:
                sizes = _sizes_by_object(page)
                assert all(len(found) == 1 for found in sizes.values()), (path.name, index + 1)
                objects += len(sizes)
            finally:
                page.close()
    finally:
        pdf.close()
    return objects


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.pdf")), ids=lambda p: p.stem)
def test_every_character_of_a_text_object_has_the_objects_size(path: Path) -> None:
    try:
        _check_pages(path)
    except pdfium.PdfiumError:
        pytest.skip("PDFium cannot open this fixture (it tests that verdict)")


@pytest.mark.slow
def test_every_character_of_a_text_object_has_the_objects_size_on_the_corpus() -> None:
    papers = sorted(shared(CORPUS_PAPERS / "pdfs", "the shared paper corpus").glob("*.pdf"))
    assert sum(_check_pages(path) for path in papers) > 10_000


def test_a_word_takes_the_size_of_the_object_that_draws_its_first_character() -> None:
    pdf = pdfium.PdfDocument(str(FIXTURES / "refs-midpage.pdf"))
    try:
        page = pdf[0]
        words, count = page_words(page)
        sizes = {round(size, 2) for found in _sizes_by_object(page).values() for size in found}
        page.close()
    finally:
        pdf.close()
    assert count > 0 and words
    assert {word.size for word in words} <= sizes


def test_a_line_number_drawn_right_after_a_hyphenated_line_end_is_a_word_of_its_own() -> None:
    """The fixture's content stream draws the ruler's "41" right after "men-", with no space
    between them: two words, the number at the ruler's place, so that it never joins the text."""
    pdf = pdfium.PdfDocument(str(FIXTURES / "ai-reviewer-prompt.pdf"))
    try:
        page = pdf[1]
        words, _ = page_words(page)
        page.close()
    finally:
        pdf.close()
    texts = [word.text for word in words]
    assert "men-" in texts and "41" in texts
    assert not [text for text in texts if re.search(r"[a-z]-\d+$", text)]
    hyphenated, number = words[texts.index("men-")], words[texts.index("41")]
    assert number.bbox.x1 < 100 < hyphenated.bbox.x0 and hyphenated.bbox.width > 10
