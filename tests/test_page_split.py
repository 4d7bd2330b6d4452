"""A long file's later pages read by a helper process give the same result as one reader."""

from __future__ import annotations

import pytest

from axiomcheck.api import check_path
from axiomcheck.execution.confinement import Confinement
from axiomcheck.execution.prefetch import SpareCore
from axiomcheck.limits import DEFAULT_LIMITS
from axiomcheck.packs import resolve
from axiomcheck.pdf import page_split
from axiomcheck.pdf.source import PdfSource
from axiomcheck.pipeline import check_document
from axiomcheck.codec import to_json
from conftest import CORPUS_PAPERS, FIXTURES

SPARE_CORE = SpareCore(Confinement(DEFAULT_LIMITS))


def test_split_point_leaves_short_files_alone() -> None:
    assert page_split.split_point(page_split.SPLIT_MIN_PAGES - 1) is None
    count = page_split.SPLIT_MIN_PAGES + 10
    start = page_split.split_point(count)
    assert start is not None and 0 < start < count


@pytest.mark.parametrize("case", ["refs-midpage", "github-user-link", "type3-font", "nonembedded-font",
                                  "metadata-author"])
def test_a_split_read_gives_the_same_report(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = resolve("axiom-2026", "paper")
    path = str(FIXTURES / f"{case}.pdf")
    single = to_json(check_path(path, pack))
    monkeypatch.setattr(page_split, "SPLIT_MIN_PAGES", 2)
    assert to_json(check_document(path, pack, hooks=SPARE_CORE)) == single


@pytest.mark.slow
def test_the_helper_delivers_every_later_page_as_one_reader_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    papers = sorted((CORPUS_PAPERS / "pdfs").glob("o10__*.pdf"))
    path = str(papers[0]) if papers else str(FIXTURES / "refs-midpage.pdf")
    monkeypatch.setattr(page_split, "SPLIT_MIN_PAGES", 2)
    alone, split = PdfSource(path), PdfSource(path)
    try:
        count = alone.page_count()
        later = SPARE_CORE.prefetch_pages(path, count)
        assert later is not None
        start, helper = later
        split.take_later_pages(start, helper)
        for index in range(count):
            assert split.page_words(index) == alone.page_words(index)
        assert helper.result(page_split.page_key(count - 1))[0]  # read by the helper, not here
        assert split.fonts() == alone.fonts()
        assert split.metadata().links == alone.metadata().links
    finally:
        alone.close()
        split.close()
