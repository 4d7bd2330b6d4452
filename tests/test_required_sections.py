"""A section the venue requires (AX108): ICML's impact statement, ARR's Limitations section;
found by its kind, before the references, and when missing a finding that says which headings
were read and points where the section belongs."""

from __future__ import annotations

import pytest

from axiomcheck.analysis.paper import open_document
from axiomcheck.packs import PackError, resolve
from axiomcheck.rules import REGISTRY
from conftest import SHARED, shared
from docmaker import Paper, run_rule

REQUIRED = REGISTRY["required-section"]


def _paper(*back_matter: str, after_references: tuple[str, ...] = ()) -> Paper:
    paper = Paper().title("Sparse Features Under a Budget").anonymous_authors().abstract(3)
    paper.heading("1 Introduction").text(12).heading("2 Method").text(12).heading("3 Conclusion").text(4)
    for title in back_matter:
        paper.heading(title).text(3)
    paper.heading("References").text(4)
    for title in after_references:
        paper.heading(title).text(3)
    return paper


@pytest.mark.parametrize("title,kind", [("Limitations", "limitations"), ("Impact Statement", "impact"),
                                        ("Broader Impact", "impact"), ("Ethics Statement", "ethics")])
def test_a_section_of_the_required_kind_before_the_references_passes(title: str, kind: str) -> None:
    assert run_rule(REQUIRED, _paper(title).build(), kind=kind, name=title) == []


def test_a_missing_section_says_where_it_looked_and_points_where_it_belongs() -> None:
    doc = _paper("Acknowledgments").build()
    [finding] = run_rule(REQUIRED, doc, kind="limitations", name="Limitations")
    references = doc.sections.references
    assert finding.message.startswith("The paper has no Limitations section: none of the ")
    assert "before the references" in finding.message and "'Acknowledgments'" in finding.message
    assert (finding.page, finding.bbox) == (references.page, references.bbox)
    assert finding.evidence and "3 Conclusion" in finding.evidence
    assert finding.regions and all(region.kind == "shade" for region in finding.regions)


def test_a_section_after_the_references_is_in_the_wrong_place() -> None:
    doc = _paper(after_references=("Impact Statement",)).build()
    [finding] = run_rule(REQUIRED, doc, kind="impact", name="Impact Statement")
    assert finding.message.startswith("The Impact Statement section (page ")
    assert "comes after the references" in finding.message
    assert finding.regions[0].kind == "limit"
    assert run_rule(REQUIRED, doc, kind="impact", name="Impact Statement", before="") == []


def test_without_references_the_section_belongs_at_the_end() -> None:
    paper = Paper().title("A Study").anonymous_authors().abstract(3).heading("1 Introduction").text(10)
    [finding] = run_rule(REQUIRED, paper.build(), kind="limitations", name="Limitations")
    assert "at the end of the text" in finding.message and finding.bbox is not None


def test_a_kind_the_structure_does_not_know_is_a_pack_error(tmp_path) -> None:
    pack = tmp_path / "bad.yaml"
    pack.write_text("pack: bad\ntracks:\n  paper:\n    rules:\n      required-section: {kind: conclusions}\n")
    with pytest.raises(PackError) as caught:
        resolve(str(pack), "paper")
    assert "option 'kind' must be one of" in str(caught.value) and "limitations" in str(caught.value)


@pytest.mark.parametrize("paper,kind,name", [("h18", "limitations", "Limitations"),
                                             ("h15", "impact", "Impact Statement")])
@pytest.mark.slow
def test_two_column_pages_are_read_column_by_column(paper: str, kind: str, name: str) -> None:
    """h18 (ARR): Limitations in the left column of page 5, References at the top of the right
    column; h15 (ICML 2025): the Impact Statement likewise before References on page 9. Both
    stand before the references in reading order, though lower on the page."""
    pdfs = sorted(shared(SHARED / "corpus" / "papers" / "pdfs", "the shared paper corpus").glob(f"{paper}__*.pdf"))
    assert pdfs, f"corpus paper {paper} is missing"
    with open_document(str(pdfs[0])) as doc:
        section = next(h for h in doc.sections.headings if h.kind == kind)
        references = doc.sections.references
        assert section.page == references.page and section.bbox.y0 > references.bbox.y0  # lower on the page
        assert run_rule(REQUIRED, doc, kind=kind, name=name) == []


def _iclr_options() -> dict[str, object]:
    entry = next(r for r in resolve("iclr-2026", "main", "submission").rules if r.rule is REQUIRED)
    assert entry.severity == "warning"
    return {field: getattr(entry.options, field) for field in ("kind", "name", "before")}


@pytest.mark.parametrize("title", ["The Use of Large Language Models (LLMs)", "LLM Usage Statement",
                                   "M LLMs Usage Statement", "LLM Usage Disclosure"])
def test_iclrs_llm_usage_statement_may_stand_anywhere_even_in_the_appendix(title: str) -> None:
    assert run_rule(REQUIRED, _paper(after_references=(title,)).build(), **_iclr_options()) == []
    assert run_rule(REQUIRED, _paper(title).build(), **_iclr_options()) == []


def test_an_iclr_paper_without_an_llm_usage_statement_is_warned() -> None:
    [finding] = run_rule(REQUIRED, _paper(after_references=("A Proofs",)).build(), **_iclr_options())
    assert finding.message.startswith("The paper has no LLM usage statement section")
    assert finding.hint.endswith("at the end of the paper or in its appendix.")
