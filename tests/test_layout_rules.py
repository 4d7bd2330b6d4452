"""Layout rules on synthetic pages: text block (AX204), body font size (AX205), leading
(AX206), columns (AX210), and page size with rotated pages (AX103)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from axiomcheck.model import Severity
from axiomcheck.analysis.paper import open_document
from axiomcheck.engine import run_rules
from axiomcheck.packs import ConfiguredRule, ResolvedPack, configure
from axiomcheck.rules import REGISTRY
from axiomcheck.templates import find_template
from conftest import FIXTURES
from docmaker import ICML_COLUMNS, ICML_LEADING, ICML_REVIEW_NOTICE, Paper, block_document, run_rule

TEXT_BLOCK = REGISTRY["text-block"]
FONT_SIZE = REGISTRY["body-font-size"]
LEADING = REGISTRY["leading"]
COLUMNS = REGISTRY["columns"]
PAGE_SIZE = REGISTRY["page-size"]
ICML_GEOMETRY = {"left": ICML_COLUMNS[0][0], "right": ICML_COLUMNS[1][1], "top": 67.0, "bottom": 715.0}


def _icml(**changes: object):
    options = {"left": ICML_COLUMNS[0][0], "right": ICML_COLUMNS[1][1], "columns": 2, "leading": ICML_LEADING,
               "top": 75.0, "lines_per_page": 53, "notice": ICML_REVIEW_NOTICE}
    return block_document(**{**options, **changes})


def test_the_neurips_text_block_passes() -> None:
    doc = block_document(lines_per_page=59)  # baselines 82 .. 720
    assert run_rule(TEXT_BLOCK, doc) == []


def test_a_wider_text_block_is_an_error_with_its_width_and_page() -> None:
    [finding] = run_rule(TEXT_BLOCK, block_document(left=72, right=540))
    assert finding.message.startswith("The text block on page 1 is 6.5 in wide (x 72-5")
    assert "the template's is 5.5 in (x 108-504)" in finding.message
    assert finding.page == 1 and finding.bbox is not None and finding.bbox.x0 == 72


def test_a_taller_text_block_is_an_error() -> None:
    [finding] = run_rule(TEXT_BLOCK, block_document(top=50, lines_per_page=63))
    assert "the template's text block is 9 in high (y 72-720)" in finding.message


def test_a_few_overfull_lines_do_not_break_the_block() -> None:
    paper = Paper()
    for index in range(40):
        paper.line("a long line " * 4 + ("https://example.org/a/very/long/url/that/overflows" if index < 2 else ""),
                   numbered=False)
    assert run_rule(TEXT_BLOCK, paper.build()) == []


def test_icml_geometry_from_options() -> None:
    doc = _icml()
    assert run_rule(TEXT_BLOCK, doc, **ICML_GEOMETRY) == []
    assert run_rule(TEXT_BLOCK, doc)  # NeurIPS's block: two ICML columns stick out on both sides


def test_icml_geometry_from_its_template_file() -> None:
    doc = _icml()
    assert run_rule(TEXT_BLOCK, doc, facts="icml-2026") == []
    assert run_rule(COLUMNS, doc, facts="icml-2026") == []
    assert run_rule(LEADING, doc, facts="icml-2026") == []


def test_the_engine_skips_rules_limited_to_other_families() -> None:
    neurips = block_document()
    assert str(neurips.template.name) == "neurips-2026"
    icml_only = ResolvedPack(venue="v", name="v", track="paper", stage="submission", main_body_excludes=(),
                             rules=(ConfiguredRule(COLUMNS, configure(COLUMNS, find_template("icml-2026")),
                                                   Severity.ERROR, applies_to=("icml",)),))
    findings, crashed = run_rules(neurips, icml_only)
    assert findings == [] and not crashed
    everywhere = replace(icml_only, rules=(replace(icml_only.rules[0], applies_to=()),))
    assert [f.rule for f in run_rules(neurips, everywhere)[0]] == ["AX210"]


def test_body_font_size() -> None:
    assert run_rule(FONT_SIZE, block_document()) == []
    [finding] = run_rule(FONT_SIZE, block_document(size=9.0))
    assert finding.message == "The body text is set in 9.0 pt; the template's body size is 9.96 pt."
    assert finding.page == 1 and finding.bbox is not None and finding.evidence


def test_squeezed_leading_is_reported_with_the_measured_pitch() -> None:
    assert run_rule(LEADING, block_document()) == []
    [finding] = run_rule(LEADING, block_document(leading=9.35, lines_per_page=60))
    assert "9.35 pt baseline pitch; the template's leading is 11 pt" in finding.message
    assert LEADING.severity is Severity.WARNING
    assert run_rule(LEADING, _icml(), leading=ICML_LEADING) == []


def test_columns() -> None:
    assert run_rule(COLUMNS, block_document()) == []
    [finding] = run_rule(COLUMNS, _icml())
    assert finding.message == "The paper is set in 2 column(s); the template has 1."
    assert run_rule(COLUMNS, _icml(), columns=2) == []


@pytest.mark.skipif(not (FIXTURES / "rotated-page.pdf").is_file(), reason="the fixtures are not built")
def test_a_rotated_page_is_reported_once() -> None:
    """PDFium gives a rotated page's displayed size: it is compared unrotated with page 1."""
    with open_document(str(FIXTURES / "rotated-page.pdf")) as doc:
        findings = run_rule(PAGE_SIZE, doc)
    assert [f.message for f in findings] == ["Page 2 is rotated by 90 degrees."]


def test_body_font_size_is_measured_on_the_main_text_not_on_longer_smaller_references() -> None:
    paper = Paper().title("A Study").anonymous_authors().abstract(5).heading("1 Introduction").text(60)
    paper.heading("References")
    for index in range(220):
        paper.line(f"[{index}] A. Author and B. Author. A paper on sparse features. In Proceedings, 2024.", size=9.0)
    doc = paper.build()
    assert doc.body_size == 9.0  # most characters of the whole file are the references'
    assert run_rule(FONT_SIZE, doc) == []
