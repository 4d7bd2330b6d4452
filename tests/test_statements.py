"""Statement sections: their pages, each track's decision on them, and what the page-limit
finding says when only a statement the venue does not settle puts a paper over the limit."""

from __future__ import annotations

from axiomcheck.analysis.paper import open_document
from axiomcheck.analysis.section_titles import title_kind
from axiomcheck.api import check_file
from axiomcheck.model import Severity, names_of, statement_sections, unnamed_kinds
from axiomcheck.model.statements import AFTER_BODY, EXCLUDED, UNNAMED
from axiomcheck.packs import resolve
from conftest import FIXTURES

AXIOM = resolve("axiom-2026", "paper", "submission").main_body_excludes
ICLR = resolve("iclr-2026", "main", "submission").main_body_excludes


def test_misspelt_and_reworded_statement_titles_are_statements() -> None:
    assert title_kind("ETHIC STATEMENT") == "ethics"
    assert title_kind("Statement of Contributions") == "contributions"
    assert title_kind("Discussion, Limitations and Broader Impact") is None  # main text


def test_each_track_decides_on_the_statement_with_its_pages() -> None:
    with open_document(str(FIXTURES / "workshop-ethic-statement.pdf")) as doc:
        under_axiom = statement_sections(doc.sections, doc.main_body(AXIOM), doc.page_count)
        under_iclr = statement_sections(doc.sections, doc.main_body(ICLR), doc.page_count)
    assert [(s.heading.text, s.first_page, s.last_page, s.decision) for s in under_axiom] == [
        ("Ethic Statement", 4, 5, UNNAMED)]
    assert [s.decision for s in under_iclr] == [EXCLUDED]


def test_a_statement_after_an_excluded_one_is_after_the_main_body() -> None:
    with open_document(str(FIXTURES / "iclr-statements.pdf")) as doc:
        found = statement_sections(doc.sections, doc.main_body(ICLR), doc.page_count)
    assert [(s.heading.kind, s.decision) for s in found] == [
        ("ethics", EXCLUDED), ("reproducibility", EXCLUDED), ("ai_use", AFTER_BODY)]


def test_over_the_limit_only_by_an_unnamed_statement_is_a_warning_that_names_it() -> None:
    report = check_file(str(FIXTURES / "workshop-ethic-statement.pdf"), "axiom-2026", "paper", "submission")
    (finding,) = [f for f in report.files[0].findings if f.name == "page-limit"]
    assert finding.severity == Severity.WARNING
    assert "'Ethic Statement' (pages 4-5, counted, though the venue's rules neither exempt nor name it)" \
        in finding.message
    assert "within the limit without 'Ethic Statement'" in finding.message
    assert "ask the organizers" in finding.hint


def test_over_the_limit_by_its_own_text_stays_an_error() -> None:
    report = check_file(str(FIXTURES / "over-limit.pdf"), "axiom-2026", "paper", "submission")
    (finding,) = [f for f in report.files[0].findings if f.name == "page-limit"]
    assert finding.severity == Severity.ERROR
    assert "ask the organizers" not in finding.hint


def test_the_fix_names_exactly_what_each_pack_excludes() -> None:
    assert names_of(AXIOM) == ("acknowledgments, funding disclosures, impact statements, references, the appendix "
                               "and the checklist")
    assert names_of(ICLR).startswith("ethics statements, reproducibility statements, author-contribution statements")
    assert "limitations" not in unnamed_kinds(AXIOM) and "ethics" in unnamed_kinds(AXIOM)
    assert "ethics" not in unnamed_kinds(ICLR)
