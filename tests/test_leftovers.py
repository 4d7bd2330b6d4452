"""Leftovers: each defect of the NeurIPS 2026 leftover builds (fixtures/leftover-*.pdf, one defect
each) is a warning on its page that quotes its text and boxes it, the clean build and a paper
that quotes such text as examples get none, and the look-alikes a real paper prints (an
anonymized "XXX University", a version "4.x", a model's answer shown after its name, TODO
comments as a subject) are not accused."""

from __future__ import annotations

import pytest

from axiomcheck.model import Severity
from axiomcheck.api import check_file
from axiomcheck.report import Finding
from axiomcheck.rules import REGISTRY
from conftest import FIXTURES
from docmaker import Paper, run_rule

LEFTOVER_RULES = ("unresolved-reference", "placeholder-text", "llm-chatter", "template-text", "stale-header")
NEURIPS = {"venue": "neurips-2026", "track": "main", "stage": "submission"}


def _findings(case: str, venue: str = "neurips-2026") -> list[Finding]:
    run = {**NEURIPS, "venue": venue}
    return list(check_file(str(FIXTURES / f"{case}.pdf"), **run).files[0].findings)


@pytest.mark.parametrize("case, rule, page, quoted", [
    ("leftover-undefined-ref", "unresolved-reference", 2, ["Figure ??", "Section ??"]),
    ("leftover-undefined-cite", "unresolved-reference", 2, ["[?]"]),
    ("leftover-todo-note", "placeholder-text", 2, ["TODO: add ablation results here"]),
    ("leftover-xxx-cell", "placeholder-text", 2, ["Ours | XXX | 78.3"]),
    ("leftover-chatter-certainly", "llm-chatter", 2,
     ["Certainly! Here is a revised version of the related work section:"]),
    ("leftover-chatter-ai", "llm-chatter", 2, ["As an AI language model, I cannot verify"]),
    ("leftover-template-instructions", "template-text", 2,
     ["Please read the instructions below carefully and follow them faithfully.", "NeurIPS template"]),
    ("leftover-stale-header", "stale-header", 2, ["Published at ICLR 2025"]),
])
def test_each_leftover_is_a_warning_on_its_page_quoting_it(case: str, rule: str, page: int,
                                                           quoted: list[str]) -> None:
    findings = _findings(case)
    [found] = [f for f in findings if f.name == rule]
    assert found.severity == Severity.WARNING and found.page == page and found.bbox is not None
    assert all(text in found.message for text in quoted), found.message
    assert [f.name for f in findings if f.severity in ("error", "warning")] == [rule]


def test_a_published_header_on_a_submission_is_quoted_beside_the_templates_year() -> None:
    findings = _findings("leftover-iclr-published-header", "iclr-2026")
    [stale] = [f for f in findings if f.name == "stale-header"]
    assert "'Published as a conference paper at ICLR 2025'" in stale.message and stale.page == 1
    assert "camera-ready header" in stale.message
    assert [f.name for f in findings if f.severity == "error"] == ["template-family"]


@pytest.mark.parametrize("case", ["neurips2026-main-submission", "leftover-quoted-examples"])
def test_the_clean_build_and_quoted_examples_get_no_warning(case: str) -> None:
    assert [f"{f.name}: {f.message}" for f in _findings(case) if f.severity != "info"] == []


def _paper(*lines: str) -> Paper:
    paper = Paper().title("Sparse Training").anonymous_authors().heading("1 Introduction").text(4)
    for line in lines:
        paper.line("The paragraph before ends here.").line(line)
    return paper.text(4)


@pytest.mark.parametrize("rule, line", [
    ("placeholder-text", "This work was funded by grant XXX of the XXX Foundation."),
    ("placeholder-text", "We evaluate Anthropic 4.x and Python 3.x models on the benchmark."),
    ("placeholder-text", "We mine TODO comments from open-source repositories."),
    ("placeholder-text", "A request for package XXXX, where XXXX is a name that does not exist."),
    ("llm-chatter", "LLaDA Certainly! Here is a poem about life choices, each line starting with C."),
    ("llm-chatter", "Typical refusals, e.g. As an AI language model I cannot answer, were removed."),
    ("unresolved-reference", "We ask whether the gain is real? It is, and the question matters."),
    ("placeholder-text", "Each token [CLS: the class token] and [NB: see above] is kept."),
])
def test_look_alikes_are_not_leftovers(rule: str, line: str) -> None:
    assert run_rule(REGISTRY[rule], _paper(line).build()) == []


@pytest.mark.parametrize("rule, line, quoted", [
    ("placeholder-text", "Our method reaches XX.X% accuracy on ImageNet.", "XX.X%"),
    ("placeholder-text", "FIXME: the baseline numbers are from an older run.", "FIXME:"),
    ("placeholder-text", "Details are given in Section XXX of the appendix.", "Section XXX"),
    ("placeholder-text", "The gain holds for sentence [YRM: add sentence number 1 here].", "[YRM: add"),
    ("unresolved-reference", "Prior work (?) studied the same question.", "(?)"),
    ("llm-chatter", "I hope this helps with the revision of your paper.", "I hope this helps"),
])
def test_leftovers_in_running_text_are_found(rule: str, line: str, quoted: str) -> None:
    [found] = run_rule(REGISTRY[rule], _paper(line).build())
    assert quoted in found.message and found.page == 1 and found.bbox is not None


def test_stale_headers_are_read_on_submissions_only() -> None:
    doc = Paper().title("Sparse Training").anonymous_authors().text(70).build()
    assert run_rule(REGISTRY["stale-header"], doc) == []
    assert all(REGISTRY[name].severity is Severity.WARNING for name in LEFTOVER_RULES)
    assert run_rule(REGISTRY["stale-header"], doc, stage="camera-ready") == []


def test_chatter_opening_a_list_item_is_found() -> None:
    doc = Paper().title("Sparse Training").anonymous_authors().heading("1 Introduction").text(4) \
        .line("Our contributions are:").line("• As an AI language model, I cannot list them for you.").text(4).build()
    [found] = run_rule(REGISTRY["llm-chatter"], doc)
    assert "'As an AI language model" in found.message
