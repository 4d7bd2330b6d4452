"""The anonymity rules on the real, labelled papers of ../shared/corpus/papers.

`anonymous` (no author name printed in the author block) must match every label; no paper
labelled anonymous, submitted and without listed leaks may get an anonymity error; every
anonymity error agrees with the structure's `anonymous`; other people's repositories are not
called the authors'; and the leaks the labels list for anonymous papers are found where the
rules cover them.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from axiomcheck.engine import run_rules
from axiomcheck.packs import resolve
from axiomcheck.analysis import open_document
from axiomcheck.report import Finding


@dataclass(frozen=True)
class Checked:
    entry: dict[str, Any]
    anonymous: bool
    findings: tuple[Finding, ...]
    """Anonymity findings of the AXIOM submission stage."""

    @property
    def compliant_submission(self) -> bool:
        return bool(self.entry["anonymous"] and not self.entry["deanonymization_leaks"]
                    and "submission" in str(self.entry["mode"]))


@functools.lru_cache(maxsize=1)
def checked(root: Path) -> dict[str, Checked]:
    """Every corpus paper opened once: its `anonymous` verdict and anonymity findings."""
    pack = resolve("axiom-2026", "paper", "submission")
    anonymity = dataclasses.replace(pack, rules=tuple(c for c in pack.rules if c.rule.group == "anonymity"))
    results = {}
    for entry in yaml.safe_load((root / "manifest.yaml").read_text())["pdfs"]:
        with open_document(str(root / entry["file"])) as doc:
            findings = run_rules(doc, anonymity)[0]
            results[entry["id"]] = Checked(entry, doc.author_block.anonymous, tuple(findings))
    return results


def test_anonymous_matches_every_label(corpus_papers: Path) -> None:
    results = checked(corpus_papers)
    wrong = {pid: r.anonymous for pid, r in results.items() if r.anonymous != r.entry["anonymous"]}
    assert len(results) == 45 and wrong == {}


def test_no_anonymity_error_on_compliant_anonymous_submissions(corpus_papers: Path) -> None:
    compliant = [r for r in checked(corpus_papers).values() if r.compliant_submission]
    assert len(compliant) == 19
    errors = [(r.entry["id"], f.rule, f.message) for r in compliant for f in r.findings if f.severity == "error"]
    assert errors == []


def test_labelled_leaks_of_anonymous_papers_are_found(corpus_papers: Path) -> None:
    results = checked(corpus_papers)

    def found(pid: str, rule: str, text: str) -> bool:
        return any(f.rule == rule and text in f.message for f in results[pid].findings)

    assert found("f07", "AX307", "1587causalai")  # GitHub user name in the abstract
    assert found("f07", "AX306", "Acknowledgments and Disclosure of Funding")
    assert found("f07", "AX301", "empty")  # looks anonymous, but is a blanked camera-ready
    assert found("n04", "AX307", "PKU-Alignment") and found("o03", "AX307", "PKU-Alignment")
    # "Our project website can be found at self-monitoring.github.io"
    assert found("n04", "AX307", "self-monitoring") and found("o03", "AX307", "self-monitoring")
    assert found("i07", "AX312", "University of Memphis")  # participants recruited there, its review board


def test_anonymity_errors_agree_with_the_structure(corpus_papers: Path) -> None:
    """An error about the author block says names are printed exactly where the structure says
    the paper is not anonymous (an anonymous ICML block without its footnote included)."""
    for pid, result in checked(corpus_papers).items():
        block_errors = [f for f in result.findings if f.rule == "AX301" and f.severity == "error"]
        if result.anonymous:
            assert [f.message for f in block_errors if "Correspondence" not in f.message] == [], pid
        else:
            assert block_errors, pid
    assert [f.severity for f in checked(corpus_papers)["i08"].findings if f.rule == "AX301"] == ["warning"]


def test_other_peoples_repositories_are_information(corpus_papers: Path) -> None:
    results = checked(corpus_papers)
    links = [(pid, f) for pid, r in results.items() for f in r.findings if f.rule == "AX307"]
    third_party = ("CarperAI", "OpenRLHF", "llm-blender", "RLHFlow", "PKU-Alignment", "wesg52")
    assert [f.message for _, f in links if f.severity != "info" and any(a in f.message for a in third_party)] == []
    warned = sorted({pid for pid, f in links if f.severity == "warning" and results[pid].entry["anonymous"]})
    assert warned == ["f07", "n04", "o03"]  # "The code is available at ...", "Our project website ..."
