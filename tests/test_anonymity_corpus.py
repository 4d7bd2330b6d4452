"""The anonymity rules on the real, labelled papers of ../shared/corpus/papers.

`anonymous` (no author name printed in the author block) must match every label; no paper
labelled anonymous, submitted and without listed leaks may get an anonymity error; and the
leaks the labels list for anonymous papers are found where the rules cover them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from axiomcheck.engine import run_rules
from axiomcheck.packs import resolve
from axiomcheck.analysis import open_document
from axiomcheck.report import Finding
from test_corpus_structure import corpus_entries, corpus_params

KNOWN_ANONYMOUS_MISSES: dict[str, str] = {}
KNOWN_ERRORS_ON_COMPLIANT = {
    "i08": "AX301 reports ICML's missing affiliation footnote as a missing anonymous author block",
}


@dataclass(frozen=True)
class Checked:
    entry: dict[str, Any]
    anonymous: bool
    findings: tuple[Finding, ...]
    """Anonymity findings of the AXIOM submission stage (papers labelled anonymous only)."""


def compliant_submission(entry: dict[str, Any]) -> bool:
    """Labelled anonymous, submitted, and without any listed leak."""
    return bool(entry["anonymous"] and not entry["deanonymization_leaks"] and "submission" in str(entry["mode"]))


def check_one(root: Path, entry: dict[str, Any]) -> Checked:
    """One corpus paper: its `anonymous` verdict and (if labelled anonymous) anonymity findings."""
    pack = resolve("axiom-2026", "paper", "submission")
    anonymity = dataclasses.replace(pack, rules=tuple(c for c in pack.rules if c.rule.group == "anonymity"))
    with open_document(str(root / entry["file"])) as doc:
        findings = run_rules(doc, anonymity)[0] if entry["anonymous"] else []
        return Checked(entry, doc.author_block.anonymous, tuple(findings))


@pytest.mark.parametrize("entry", corpus_params(KNOWN_ANONYMOUS_MISSES))
def test_anonymous_matches_label(entry: dict[str, Any], corpus_papers: Path) -> None:
    with open_document(str(corpus_papers / entry["file"])) as doc:
        assert doc.author_block.anonymous == entry["anonymous"], [l.text for l in doc.author_block.lines]


@pytest.mark.parametrize("entry", corpus_params(KNOWN_ERRORS_ON_COMPLIANT, compliant_submission))
def test_no_anonymity_error_on_compliant_anonymous_submission(entry: dict[str, Any], corpus_papers: Path) -> None:
    result = check_one(corpus_papers, entry)
    errors = [(f.rule, f.message) for f in result.findings if f.severity == "error"]
    assert errors == []


def test_labelled_leaks_of_anonymous_papers_are_found(corpus_papers: Path) -> None:
    entries = {entry["id"]: entry for entry in corpus_entries()}
    results = {pid: check_one(corpus_papers, entries[pid]) for pid in ("f07", "n04", "o03")}

    def found(pid: str, rule: str, text: str) -> bool:
        return any(f.rule == rule and text in f.message for f in results[pid].findings)

    assert found("f07", "AX307", "1587causalai")  # GitHub user name in the abstract
    assert found("f07", "AX306", "Acknowledgments and Disclosure of Funding")
    assert found("f07", "AX301", "empty")  # looks anonymous, but is a blanked camera-ready
    assert found("n04", "AX307", "PKU-Alignment") and found("o03", "AX307", "PKU-Alignment")
