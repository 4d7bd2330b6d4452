"""The anonymity rules on the real, labelled papers of ../shared/corpus/papers.

`anonymous` (no author name printed in the author block) must match every label; no paper
labelled anonymous, submitted and without listed leaks may get an anonymity error; an error
about the author block agrees with the structure's `anonymous`; other people's repositories
are not called the authors'; and the leaks the labels list for anonymous papers are found
where the rules cover them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from axiomcheck.engine import run_rules
from axiomcheck.packs import resolve
from axiomcheck.analysis.paper import open_document
from axiomcheck.report import Finding
from test_corpus_structure import corpus_entries, corpus_params

THIRD_PARTY = ("CarperAI", "OpenRLHF", "llm-blender", "RLHFlow", "PKU-Alignment", "wesg52")
"""Accounts of other people's models, tools and posts that corpus papers link."""
CLAIMED = {"f07": "1587causalai", "n04": "self-monitoring", "o03": "self-monitoring"}
"""Anonymous papers whose text claims a linked account ("The code is available at ...", "Our
project website ...")."""


@dataclass(frozen=True)
class Checked:
    entry: dict[str, Any]
    anonymous: bool
    findings: tuple[Finding, ...]
    """Anonymity findings of the AXIOM submission stage."""


UNLISTED_LEAKS = {"h18": ("AX306", "who were funding this work", 5), "q11": ("AX306", "'Acknowledgments'", 12)}
"""Anonymous submissions with a leak their labels do not list: paper -> (rule, what the finding
quotes, its page). h18's Ethics section says "the approach implemented at Adarga (who were
funding this work)" (page 5): its funder, named in prose. q11 prints an unnumbered
"Acknowledgments" section (page 12: "This work was supported by compute resources from cloud
providers ..."), which a NeurIPS-style submission must hide until the camera-ready."""


def compliant_submission(entry: dict[str, Any]) -> bool:
    """Labelled anonymous, submitted, and without any leak (listed, or in `UNLISTED_LEAKS`)."""
    return bool(entry["anonymous"] and not entry.get("deanonymization_leaks") and entry["id"] not in UNLISTED_LEAKS
                and "submission" in str(entry["mode"]))


def check_one(root: Path, entry: dict[str, Any]) -> Checked:
    """One corpus paper: its `anonymous` verdict and anonymity findings (each paper read once)."""
    if entry["id"] not in _CHECKED:
        _CHECKED[entry["id"]] = _check(root, entry)
    return _CHECKED[entry["id"]]


_CHECKED: dict[str, Checked] = {}


def _check(root: Path, entry: dict[str, Any]) -> Checked:
    pack = resolve("axiom-2026", "paper", "submission")
    anonymity = dataclasses.replace(pack, rules=tuple(c for c in pack.rules if c.rule.group == "anonymity"))
    with open_document(str(root / entry["file"])) as doc:
        findings = run_rules(doc, anonymity)[0]
        return Checked(entry, doc.author_block.anonymous, tuple(findings))


@pytest.mark.parametrize("entry", corpus_params())
def test_anonymous_matches_label(entry: dict[str, Any], corpus_papers: Path) -> None:
    with open_document(str(corpus_papers / entry["file"])) as doc:
        assert doc.author_block.anonymous == entry["anonymous"], [l.text for l in doc.author_block.lines]


@pytest.mark.parametrize("entry", corpus_params(compliant_submission))
def test_no_anonymity_error_on_compliant_anonymous_submission(entry: dict[str, Any], corpus_papers: Path) -> None:
    result = check_one(corpus_papers, entry)
    errors = [(f.rule, f.message) for f in result.findings if f.severity == "error"]
    assert errors == []


def test_labelled_leaks_of_anonymous_papers_are_found(corpus_papers: Path) -> None:
    entries = {entry["id"]: entry for entry in corpus_entries()}
    results = {pid: check_one(corpus_papers, entries[pid]) for pid in ("f07", "n04", "o03", "i07", "i08", "h18")}

    def found(pid: str, rule: str, text: str) -> bool:
        return any(f.rule == rule and text in f.message for f in results[pid].findings)

    assert found("f07", "AX307", "1587causalai")  # GitHub user name in the abstract
    assert found("f07", "AX306", "Acknowledgments and Disclosure of Funding")
    assert found("f07", "AX301", "empty")  # looks anonymous, but is a blanked camera-ready
    assert found("n04", "AX307", "PKU-Alignment") and found("o03", "AX307", "PKU-Alignment")
    # "Our project website can be found at self-monitoring.github.io"
    assert found("n04", "AX307", "self-monitoring") and found("o03", "AX307", "self-monitoring")
    assert found("i07", "AX312", "University of Memphis")  # participants recruited there, its review board
    assert [f.severity for f in results["i08"].findings if f.rule == "AX301"] == ["warning"]  # ICML, no footnote
    for paper, (rule, quoted, page) in UNLISTED_LEAKS.items():
        found_pages = [f.page for f in check_one(corpus_papers, entries[paper]).findings
                       if f.rule == rule and f.severity == "error" and quoted in f.message]
        assert found_pages == [page], paper


@pytest.mark.slow
@pytest.mark.parametrize("entry", corpus_params())
def test_author_block_errors_agree_with_the_structure_and_links_say_whose(entry: dict[str, Any],
                                                                          corpus_papers: Path) -> None:
    """An error about the author block says names are printed exactly where the structure says
    the paper is not anonymous; links to other people's accounts are information; in anonymous
    papers only the accounts the text claims are warnings."""
    result = check_one(corpus_papers, entry)
    block_errors = [f.message for f in result.findings if f.rule == "AX301" and f.severity == "error"
                    and "Correspondence" not in f.message]
    assert bool(block_errors) == (not result.anonymous), block_errors
    links = [f for f in result.findings if f.rule == "AX307"]
    assert [f.message for f in links if f.severity != "info" and any(a in f.message for a in THIRD_PARTY)] == []
    if entry["anonymous"]:
        claimed = [f.message for f in links if f.severity != "info"]
        assert len(claimed) == (entry["id"] in CLAIMED) and all(CLAIMED[entry["id"]] in m for m in claimed)


def test_the_templates_example_authors_name_nobody(corpus_papers: Path) -> None:
    """The unmodified ICML and NeurIPS example papers (i13: "Firstname1 Lastname1" in the block
    and the metadata, "first1.last1@xxx.edu"; p03: David S. Hippocampus, hippo@cs.cranberry-lemon.edu)
    checked as submissions: their placeholders are no identity (no e-mail or metadata error);
    the block is still not the anonymous one, and the finding says it shows example authors."""
    entries = {entry["id"]: entry for entry in corpus_entries()}
    for paper in ("i13", "p03"):
        findings = check_one(corpus_papers, entries[paper]).findings
        assert [f.message for f in findings if f.rule in ("AX302", "AX304")] == []
        [block] = [f for f in findings if f.rule == "AX301"]
        assert "the template's example authors" in block.message


def test_a_homepage_that_spells_a_printed_author_says_so(corpus_papers: Path) -> None:
    """o01 (a tutorial proposal by Yang Deng et al.) links dengyang17.github.io in its
    presenters' biographies: the account spells a name its author block prints."""
    entries = {entry["id"]: entry for entry in corpus_entries()}
    links = [f for f in check_one(corpus_papers, entries["o01"]).findings if f.rule == "AX307"]
    [homepage] = [f for f in links if "dengyang17" in f.message]
    assert homepage.severity == "warning" and "'Yang Deng', a name printed in the author block" in homepage.message
    assert all("someone else" not in f.message for f in links)
