"""The NeurIPS Paper Checklist rule (AX105): required, optional or forbidden, and answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from axiomcheck.model import Severity
from axiomcheck.packs import PackError, resolve
from axiomcheck.rules import REGISTRY
from docmaker import Paper, run_rule

CHECKLIST = REGISTRY["checklist"]
ITEMS = ("Claims", "Limitations", "Theory assumptions and proofs", "Experimental result reproducibility",
         "Open access to data and code", "Experimental setting/details", "Experiment statistical significance")


def _paper(answers: list[str] | None) -> Paper:
    """A short paper; with `answers`, a checklist whose item k is answered answers[k]."""
    paper = Paper().title("Sparse Features Under a Budget").anonymous_authors().abstract(3)
    paper.heading("1 Introduction").text(20).heading("References").text(4)
    if answers is None:
        return paper
    paper.new_page().heading("NeurIPS Paper Checklist")
    for number, answer in enumerate(answers, start=1):
        paper.line(f"{number}. {ITEMS[number - 1]}", x=120.0)
        paper.line("Question: Does the paper do what it says?", x=133.0, bold=True)
        paper.line(f"Answer: {answer}", x=133.0, bold=True)
        paper.line("Justification: See the experiments section.", x=133.0, bold=True)
    return paper


def test_answered_checklist_passes_in_every_presence_but_forbidden() -> None:
    doc = _paper(["[Yes]", "[No]", "[N/A]"]).build()
    assert doc.sections.checklist is not None
    assert run_rule(CHECKLIST, doc, presence="required") == []
    assert run_rule(CHECKLIST, doc, presence="optional") == []
    [forbidden] = run_rule(CHECKLIST, doc, presence="forbidden")
    assert "does not allow it" in forbidden.message and forbidden.bbox is not None


def test_missing_checklist_only_matters_when_required() -> None:
    doc = _paper(None).build()
    [missing] = run_rule(CHECKLIST, doc, presence="required")
    assert "no 'NeurIPS Paper Checklist' section" in missing.message
    assert run_rule(CHECKLIST, doc, presence="optional") == []


def test_unanswered_item_names_its_number() -> None:
    doc = _paper(["[Yes]", "[Yes]", "[TODO]", "[Yes]"]).build()
    [required] = run_rule(CHECKLIST, doc, presence="required")
    assert required.message == \
        "Checklist item 3 ('3. Theory assumptions and proofs') is unanswered: it still shows [TODO]."
    assert required.severity is None and required.bbox is not None  # the configured severity: error
    [optional] = run_rule(CHECKLIST, doc, presence="optional")
    assert optional.severity is Severity.WARNING


def test_many_unanswered_items_are_one_finding() -> None:
    doc = _paper(["[TODO]"] * 7).build()
    [finding] = run_rule(CHECKLIST, doc, presence="required")
    assert finding.message == "7 checklist items are unanswered (still [TODO]): items 1-7."


def test_a_pack_with_a_bad_presence_names_the_rule_and_the_choices(tmp_path: Path) -> None:
    pack = tmp_path / "pack.yaml"
    pack.write_text("pack: x\nrules:\n  checklist: {presence: sometimes}\ntracks:\n  paper: {}\n", encoding="utf-8")
    with pytest.raises(PackError, match="rule 'checklist': option 'presence' must be one of required, optional, "
                                        "forbidden, not 'sometimes'") as caught:
        resolve(str(pack), "paper")
    assert caught.value.line == 3
