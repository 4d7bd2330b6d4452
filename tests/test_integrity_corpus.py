"""The integrity rules on the real papers of ../shared/corpus/papers: none of them hides text,
so none gets a hidden-text error; the overfull lines some of them have are layout overflows."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import pytest
import yaml

from axiomcheck.analysis import open_document
from axiomcheck.engine import run_rules
from axiomcheck.packs import resolve
from axiomcheck.report import Finding


@functools.lru_cache(maxsize=1)
def integrity_findings(root: Path) -> dict[str, tuple[Finding, ...]]:
    pack = resolve("axiom-2026", "paper", "submission")
    integrity = dataclasses.replace(pack, rules=tuple(c for c in pack.rules if c.rule.group == "integrity"))
    found = {}
    for entry in yaml.safe_load((root / "manifest.yaml").read_text())["pdfs"]:
        with open_document(str(root / entry["file"])) as doc:
            found[entry["id"]] = tuple(run_rules(doc, integrity)[0])
    return found


@pytest.mark.slow
def test_no_paper_of_the_corpus_gets_an_integrity_error(corpus_papers: Path) -> None:
    findings = integrity_findings(corpus_papers)
    assert len(findings) == 68
    assert [(pid, f.message) for pid, fs in findings.items() for f in fs if f.severity == "error"] == []


@pytest.mark.slow
def test_a_table_running_off_the_page_is_an_overflow_with_its_box_on_the_page(corpus_papers: Path) -> None:
    overflows = {f.page: f for f in integrity_findings(corpus_papers)["n05"] if f.name == "page-overflow"}
    assert 19 in overflows  # the table whose rows run past the right edge, once 'text outside the page'
    finding = overflows[19]
    assert finding.severity == "warning" and "right edge" in finding.message
    assert 0 <= finding.bbox[0] < finding.bbox[2] <= 612.0
