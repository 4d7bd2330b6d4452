"""Where the main body ends on a page set in two columns: the left column counts whole when the
references start in the right one ("ending 100% down page 5" was the foot of the left column,
while the text stops a third of the way down the right one)."""

from __future__ import annotations

import pytest

from axiomcheck.analysis.paper import open_document
from axiomcheck.api import check_file
from axiomcheck.reporters import REPORTERS
from conftest import FIXTURES


@pytest.mark.parametrize("name, page, fraction", [
    ("icml-two-column.pdf", 5, 0.68),          # References a third of the way down the right column
    ("acl-anonymous-submission.pdf", 2, 0.22),  # References under half of the left column
    ("over-limit.pdf", 5, 0.30),               # one column: the share of the text block above the heading
])
def test_the_end_is_the_share_of_the_pages_text_before_it(name: str, page: int, fraction: float) -> None:
    with open_document(str(FIXTURES / name)) as doc:
        end = doc.main_body(("references",)).end
    assert end is not None and end.page == page and end.fraction == pytest.approx(fraction, abs=0.03)


def test_the_report_says_how_far_into_the_page_the_body_ends() -> None:
    report = check_file(str(FIXTURES / "icml-two-column.pdf"), "axiom-2026", "paper", "submission")
    assert "main body 5 pages, ending 68% into page 5" in REPORTERS["text"](report)
