"""The integrity rules on the real papers of ../shared/corpus/papers: none of them hides text,
so none gets a hidden-text error; the overfull lines some of them have are layout overflows."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import pytest

from axiomcheck.analysis.paper import open_document
from axiomcheck.engine import run_rules
from axiomcheck.packs import resolve
from axiomcheck.report import Finding
from test_corpus_structure import corpus_params


@functools.cache
def integrity_findings(path: Path) -> tuple[Finding, ...]:
    pack = resolve("axiom-2026", "paper", "submission")
    integrity = dataclasses.replace(pack, rules=tuple(c for c in pack.rules if c.rule.group == "integrity"))
    with open_document(str(path)) as doc:
        return tuple(run_rules(doc, integrity)[0])


@pytest.mark.slow
@pytest.mark.parametrize("entry", corpus_params())
def test_no_integrity_error_on_a_corpus_paper(entry: dict, corpus_papers: Path) -> None:
    findings = integrity_findings(corpus_papers / entry["file"])
    assert [f.message for f in findings if f.severity == "error"] == []


@pytest.mark.slow
def test_a_table_running_off_the_page_is_an_overflow_with_its_box_on_the_page(corpus_papers: Path) -> None:
    paper = next(path for path in (corpus_papers / "pdfs").iterdir() if path.name.startswith("n05__"))
    overflows = {f.page: f for f in integrity_findings(paper) if f.name == "page-overflow"}
    assert 19 in overflows  # the table whose rows run past the right edge, once 'text outside the page'
    finding = overflows[19]
    assert finding.severity == "warning" and "right edge" in finding.message
    assert 0 <= finding.bbox[0] < finding.bbox[2] <= 612.0
