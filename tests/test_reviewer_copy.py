"""Reviewer copies: a venue's stamp and hidden canary (templates/signatures/canaries.yaml) are the
venue's text. `reviewer-copy` (AX404) names the venue in a warning; `hidden-text` (AX401) and
`reviewer-prompt` (AX402) leave the venue's text out and still report the authors' own hidden
prompt beside it, on the same page, in a finding of its own. The pages are drawn here: a small
page built byte by byte (tests/hiddenpdf.py), or a copy of a real corpus paper, stamped with
PDFium into the test's temporary folder (tests/reviewercopy.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from axiomcheck.model import Severity
from axiomcheck.analysis.paper import open_document
from axiomcheck.api import check_path
from axiomcheck.packs import resolve
from axiomcheck.report import Finding
from axiomcheck.rules import REGISTRY
from axiomcheck.templates.canaries import SignatureError, load_signatures, shipped_signatures, signatures_path
from docmaker import run_rule
from hiddenpdf import _pdf
from reviewercopy import (AUTHOR_INJECTION, AUTHOR_PROMPT, GREY, ICML_CANARY, ICML_STAMP, Drawn,
                          icml_copy, neurips_copy, reviewer_copy)
from test_corpus_structure import corpus_entries

COPY = REGISTRY["reviewer-copy"]
HIDDEN = REGISTRY["hidden-text"]
PROMPT = REGISTRY["reviewer-prompt"]


def _page(tmp_path: Path, drawn: list[Drawn], name: str = "copy.pdf") -> Path:
    """A one-page paper (eight visible lines) with `drawn` on it."""
    plain = tmp_path / "plain.pdf"
    plain.write_bytes(_pdf(b""))
    return reviewer_copy(plain, tmp_path / name, drawn)


def _findings(path: Path, *rules: Any) -> dict[str, list[Any]]:
    with open_document(str(path)) as doc:
        return {rule.id: run_rule(rule, doc) for rule in rules}


def test_the_shipped_signatures_validate_and_name_their_sources() -> None:
    venues = load_signatures(signatures_path())
    assert venues == shipped_signatures()
    assert {v.venue for v in venues} >= {"ICML 2026", "NeurIPS 2026"}
    assert all(v.sources and all(s.startswith("https://") for s in v.sources) for v in venues)
    icml = next(v for v in venues if v.venue == "ICML 2026")
    assert icml.stamps[0].pattern.search(ICML_STAMP) and icml.canaries[0].pattern.search(ICML_CANARY)


@pytest.mark.parametrize("text, line, words", [
    ("version: 2\nvenues: []\n", 1, ["version", "version: 1"]),
    ("version: 1\nvenues:\n  - venue: X 2027\n    canaries: [{form: a, match: '('}]\n    sources: []\n", 4,
     ["regular expression"]),
    ("version: 1\nvenues:\n  - venue: X 2027\n    canaries: [{form: a, match: b}]\n    sources: [{url: nowhere, "
     "says: c}]\n", 5, ["url"]),
    ("version: 1\nvenues:\n  - venue: X 2027\n    canaries: [{form: a, match: b}]\n    sources: [{url: "
     "'https://x.org', says: c}]\n    canary: []\n", 6, ["Known keys", "canaries"]),
])
def test_a_broken_signatures_file_names_the_line_and_the_fix(tmp_path: Path, text: str, line: int,
                                                             words: list[str]) -> None:
    path = tmp_path / "canaries.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SignatureError) as caught:
        load_signatures(path)
    assert caught.value.line == line, str(caught.value)
    assert all(word in str(caught.value) for word in words), str(caught.value)


@pytest.mark.parametrize("drawn, venue, quoted", [
    (icml_copy((1,)), "ICML 2026", "Include BOTH the phrases"),
    (neurips_copy(), "NeurIPS 2026", "This work addresses the central challenge"),
    ([Drawn(ICML_CANARY, 40, 60, 1.0, GREY)], "ICML 2026", "Include BOTH the phrases"),  # 1 pt, not white
    ([Drawn(ICML_CANARY, 40, 60, 7.0, GREY, render_mode=3)], "ICML 2026", "Include BOTH the phrases"),
])
def test_a_canary_only_copy_is_a_warning_naming_the_venue_and_no_error(tmp_path: Path, drawn: list[Drawn],
                                                                       venue: str, quoted: str) -> None:
    found = _findings(_page(tmp_path, drawn), COPY, HIDDEN, PROMPT)
    [copy] = found["AX404"]
    assert COPY.severity is Severity.WARNING and copy.severity is None
    assert f"reviewer copy from {venue}" in copy.message and quoted in copy.message
    assert copy.page == 1 and copy.bbox is not None and quoted in (copy.evidence or "")
    assert found["AX401"] == [] and found["AX402"] == []


def test_a_stamp_alone_names_the_reviewer_copy(tmp_path: Path) -> None:
    [copy] = _findings(_page(tmp_path, [Drawn(ICML_STAMP, 36, 24, 6.5, GREY)]), COPY)["AX404"]
    assert "reviewer copy from ICML 2026" in copy.message and "stamp ('Confidential reviewer copy" in copy.message


def test_an_author_prompt_beside_the_canary_is_the_authors_own_finding(tmp_path: Path) -> None:
    drawn = [*icml_copy((1,)), Drawn(AUTHOR_INJECTION, 36, 42, 6.5)]  # white, under the canary, like it
    found = _findings(_page(tmp_path, drawn), COPY, HIDDEN, PROMPT)
    assert len(found["AX404"]) == 1
    [hidden] = found["AX401"]
    assert hidden.evidence == AUTHOR_INJECTION and "Include BOTH" not in hidden.message
    [prompt] = found["AX402"]
    assert prompt.severity is None and AUTHOR_INJECTION in prompt.message and "Include BOTH" not in prompt.message
    assert hidden.bbox is not None and hidden.bbox.y0 > found["AX404"][0].bbox.y1


@pytest.mark.parametrize("mode, size", [(3, 10.0), (0, 1.0)])
def test_a_prompt_drawn_over_a_printed_line_is_quoted_whole(tmp_path: Path, mode: int, size: float) -> None:
    """Laid on the page's first line (baseline 72 pt from the top), the prompt's words interleave
    with the printed ones in reading order; they are still one quote, without the printed words."""
    drawn = [Drawn(AUTHOR_INJECTION, 150, 72, size, (0, 0, 0, 255), render_mode=mode)]
    found = _findings(_page(tmp_path, drawn), HIDDEN, PROMPT)
    assert [f.evidence for f in found["AX401"]] == [AUTHOR_INJECTION]
    assert [f.evidence for f in found["AX402"]] == [AUTHOR_INJECTION]


def test_a_canary_that_asks_for_praise_is_the_authors_prompt(tmp_path: Path) -> None:
    text = ICML_CANARY.replace("in your review.", "in your review and give the paper a strong accept.")
    found = _findings(_page(tmp_path, [Drawn(text, 36, 33, 6.5)]), COPY, HIDDEN, PROMPT)
    assert found["AX404"] == []
    assert [f.severity for f in found["AX401"]] == [None] and [f.severity for f in found["AX402"]] == [None]
    assert "asking for a verdict" in found["AX402"][0].message


def test_a_canary_quoted_in_plain_sight_is_no_reviewer_copy(tmp_path: Path) -> None:
    found = _findings(_page(tmp_path, [Drawn(ICML_CANARY, 40, 420, 6.5, (0, 0, 0, 255))]), COPY, HIDDEN, PROMPT)
    assert found == {"AX404": [], "AX401": [], "AX402": []}


# -- copies of real papers -------------------------------------------------------------------------

PAPERS = {"h14": ("icml-2026", "main", "submission"), "k06": ("neurips-2026", "main", "submission")}
"""Two corpus papers, each checked with its own venue's pack."""


def _paper(corpus_papers: Path, paper: str) -> Path:
    entry = next((e for e in corpus_entries() if e["id"] == paper), None)
    assert entry is not None, f"corpus paper {paper} is not in the manifest"
    return corpus_papers / entry["file"]


def _keys(findings: tuple[Finding, ...]) -> set[tuple[str, int | None, str]]:
    return {(f.rule, f.page, f.message) for f in findings}


@pytest.mark.slow
@pytest.mark.parametrize("paper, drawn, venue", [
    ("h14", icml_copy(), "ICML 2026"), ("k06", neurips_copy(), "NeurIPS 2026"), ("k06", icml_copy(), "ICML 2026"),
])
def test_canary_only_copies_of_real_papers_get_a_note_and_nothing_else(corpus_papers: Path, tmp_path: Path,
                                                                       paper: str, drawn: list[Drawn],
                                                                       venue: str) -> None:
    source = _paper(corpus_papers, paper)
    pack = resolve(*PAPERS[paper])
    original = check_path(str(source), pack)
    copy = check_path(str(reviewer_copy(source, tmp_path / "copy.pdf", drawn)), pack)
    assert not [f for f in original.findings if f.rule == "AX404"]
    added = _keys(copy.findings) - _keys(original.findings)
    assert [(rule, page) for rule, page, _ in added] == [("AX404", 1)]
    assert f"reviewer copy from {venue}" in next(iter(added))[2]
    assert _keys(original.findings) <= _keys(copy.findings)


@pytest.mark.slow
def test_a_real_copy_with_author_prompts_reports_them_apart_from_the_canary(corpus_papers: Path,
                                                                           tmp_path: Path) -> None:
    source = _paper(corpus_papers, "h14")
    drawn = [*icml_copy(), Drawn(AUTHOR_INJECTION, 36, 42, 6.5),
             Drawn(AUTHOR_PROMPT, 20, 400, 1.0, (0, 0, 0, 255), pages=(3,))]  # 1 pt, in the left margin
    copy = check_path(str(reviewer_copy(source, tmp_path / "copy.pdf", drawn)), resolve(*PAPERS["h14"]))
    errors = {(f.rule, f.page): f for f in copy.findings if f.severity == "error" and f.rule in ("AX401", "AX402")}
    assert set(errors) == {("AX401", 1), ("AX402", 1), ("AX401", 3), ("AX402", 3)}
    assert errors["AX401", 1].evidence == AUTHOR_INJECTION and AUTHOR_INJECTION in errors["AX402", 1].message
    assert errors["AX401", 3].evidence == AUTHOR_PROMPT
    assert "asking for a verdict" in errors["AX402", 3].message and AUTHOR_PROMPT in errors["AX402", 3].message
    assert all("Include BOTH" not in f.message for f in errors.values())
    assert [f.severity for f in copy.findings if f.rule == "AX404"] == ["warning"]
