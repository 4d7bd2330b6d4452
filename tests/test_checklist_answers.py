"""The checklist answered as that year's checklist asks (AX107): every question of the template
file's list, an accepted answer and a justification each, after the references, no question of
an earlier year's list; on synthetic checklists built from that mechanism and on real papers."""

from __future__ import annotations

import pytest

from axiomcheck.analysis.paper import open_document
from axiomcheck.rules import REGISTRY
from axiomcheck.templates import find_template
from conftest import SHARED, shared
from docmaker import Paper, run_rule

ANSWERS = REGISTRY["checklist-answers"]
QUESTIONS = find_template("neurips-2026").value("checklist.questions")
WORDINGS = find_template("neurips-2026").value("checklist.wordings")
PAPERS = SHARED / "corpus" / "papers" / "pdfs"


def _paper(items: list[tuple[str, str, str | None]], before_references: bool = False,
           extra: tuple[str, ...] = ()) -> Paper:
    """A short paper with a checklist of `items` (title, answer line text, justification text
    or None for no `Justification:` line), after the references unless `before_references`;
    `extra` lines are printed after the last item."""
    paper = Paper().title("Sparse Features Under a Budget").anonymous_authors().abstract(3)
    paper.heading("1 Introduction").text(20)
    if not before_references:
        paper.heading("References").text(4).new_page()
    paper.heading("NeurIPS Paper Checklist")
    for number, (title, answer, justification) in enumerate(items, start=1):
        paper.line(f"{number}. {title}", x=120.0)
        paper.line("Question: Does the paper do what it says?", x=133.0)
        paper.line(f"Answer: {answer}", x=133.0)
        if justification is not None:
            paper.line(f"Justification: {justification}".rstrip(), x=133.0)
        paper.line("Guidelines:", x=133.0)
    for line in extra:
        paper.line(line, x=133.0)
    if before_references:
        paper.new_page().heading("References").text(4)
    return paper


def _all() -> list[tuple[str, str, str | None]]:
    return [(title, "[Yes]", "Section 4 reports it.") for title in QUESTIONS]


def test_the_full_2026_checklist_answered_and_justified_passes() -> None:
    assert len(QUESTIONS) == 16
    assert run_rule(ANSWERS, _paper(_all()).build()) == []
    answers = ["[Yes]", "[No]", "[N/A]", "[NA]"] * 4
    mixed = [(title, answer, "Because.") for title, answer in zip(QUESTIONS, answers, strict=True)]
    assert run_rule(ANSWERS, _paper(mixed).build()) == []


def test_missing_questions_are_named_with_where_the_checklist_was_read() -> None:
    doc = _paper(_all()[:4]).build()
    [finding] = run_rule(ANSWERS, doc)
    assert "asks 4 of the 16 questions of the NeurIPS 2026 checklist" in finding.message
    assert "5 'Open access to data and code'" in finding.message and "and 6 more" in finding.message
    assert finding.page == doc.sections.checklist.page and finding.bbox == doc.sections.checklist.bbox
    assert finding.regions and all(region.kind == "shade" for region in finding.regions)


def test_a_wrapped_title_is_its_question() -> None:
    items = _all()
    items[14] = ("Institutional review board (IRB) approvals or equivalent for research with human sub-", "[N/A]",
                 "No human subjects.")
    assert run_rule(ANSWERS, _paper(items).build()) == []


def test_an_answer_the_checklist_does_not_accept_is_an_error() -> None:
    items = _all()
    items[2] = (items[2][0], "[Partially]", "Only the main bound is proved.")
    items[5] = (items[5][0], "", "See Section 4.")
    found = run_rule(ANSWERS, _paper(items).build())
    assert [f.message for f in found] == [
        "Checklist question 3 ('Theory assumptions and proofs') has the answer '[Partially]'; the checklist accepts "
        "[Yes], [No], [N/A], [NA].",
        "Checklist question 6 ('Experimental setting/details') has an empty answer; the checklist accepts "
        "[Yes], [No], [N/A], [NA]."]
    assert all(f.bbox is not None and f.evidence for f in found)


def test_an_answer_without_justification_is_an_error_and_todo_is_left_to_the_checklist_rule() -> None:
    items = _all()
    items[0] = (items[0][0], "[Yes]", "")  # the label, nothing after it
    items[1] = (items[1][0], "[N/A]", None)  # no label at all
    items[3] = (items[3][0], "[TODO]", "[TODO]")
    found = run_rule(ANSWERS, _paper(items).build())
    assert [f.message.split(";")[0] for f in found] == [
        "Checklist question 1 ('Claims') is answered [Yes] without a justification",
        "Checklist question 2 ('Limitations') is answered [N/A] without a justification"]
    assert run_rule(ANSWERS, _paper(items).build(), justification=False) == []


def test_a_justification_on_the_answer_line_counts() -> None:
    items = [(title, "[Yes] See Section 4.", None) for title, _, _ in _all()]
    assert run_rule(ANSWERS, _paper(items).build()) == []


def test_questions_of_an_earlier_years_list_are_reported_once() -> None:
    extra = ("1. For all authors...",
             "(a) Do the main claims made in the abstract and introduction accurately reflect the paper's",
             "(b) Did you describe the limitations of your work? [Yes]",
             "(c) Did you discuss any potential negative societal impacts of your work? [N/A]")
    found = run_rule(ANSWERS, _paper(_all(), extra=extra).build())
    [finding] = found
    assert "2 question(s) of an earlier year's list" in finding.message
    assert "Did you describe the limitations of your work?" in finding.message and finding.bbox is not None


def test_a_checklist_before_the_references_is_reported_where_it_stands() -> None:
    doc = _paper(_all(), before_references=True).build()
    [finding] = run_rule(ANSWERS, doc)
    references = doc.sections.references
    assert finding.message.startswith(f"The checklist (page 1) comes before the references (page {references.page})")
    assert finding.regions[0].kind == "limit" and finding.regions[0].page == references.page


def test_no_checklist_is_left_to_the_checklist_rule() -> None:
    paper = Paper().title("A Study").anonymous_authors().abstract(3).heading("1 Introduction").text(10)
    assert run_rule(ANSWERS, paper.heading("References").text(3).build()) == []


@pytest.mark.slow
@pytest.mark.parametrize("paper,missing", [("n02", 0), ("h05", 0), ("h07", 0), ("n01", 1), ("f01", 1)])
def test_real_checklists_against_the_2026_list(paper: str, missing: int) -> None:
    """NeurIPS 2026 submissions ask all 16 questions; a 2024-style list (n01 in a 2025
    submission, f01 a 2024 camera-ready) misses only the 2025 addition, "Declaration of LLM usage"."""
    pdfs = sorted(shared(PAPERS, "the shared paper corpus").glob(f"{paper}__*.pdf"))
    assert pdfs, f"corpus paper {paper} is missing"
    with open_document(str(pdfs[0])) as doc:
        found = [f for f in run_rule(ANSWERS, doc) if "questions of the NeurIPS 2026 checklist" in f.message]
    assert len(found) == missing
    if missing:
        assert "missing: 16 'Declaration of LLM usage'." in found[0].message


def test_questions_answered_in_prose_are_one_warning_not_unanswered_questions() -> None:
    paper = Paper().title("Sparse Features Under a Budget").anonymous_authors().abstract(3)
    paper.heading("1 Introduction").text(20).heading("References").text(4).new_page()
    paper.heading("NeurIPS Paper Checklist")
    for number, title in enumerate(QUESTIONS, start=1):
        paper.line(f"{number}. {title}. Does the paper do what it says? Yes. Section 4 reports it.", x=120.0)
    [finding] = run_rule(ANSWERS, paper.build())
    assert finding.severity == "warning"
    assert finding.message.startswith("Checklist questions 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 "
                                      "are answered in prose ('Yes.') without the checklist's answer field")
    assert "has no answer" not in finding.message
