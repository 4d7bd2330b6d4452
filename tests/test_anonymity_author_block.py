"""AX301 anonymous-author-block and AX310 camera-ready-anonymous on synthetic papers, and the
structure's `anonymous` field (no author name printed, an empty block included). AX301 errors
only when the structure says names are printed; every other finding of it is a warning."""

from __future__ import annotations

import pytest
from docmaker import CAMERA_READY_NOTICE, SUBMITTED_NOTICE, Paper, run_rule

from axiomcheck.model import Severity
from axiomcheck.rules.anonymity.author_block import anonymous_author_block, camera_ready_anonymous

ICML_NOTICE = ("Preliminary work. Under review by the International Conference on Machine Learning (ICML). "
               "Do not distribute.")
ICML_ANONYMOUS_FOOTNOTE = ("1Anonymous Institution, Anonymous City, Anonymous Region, Anonymous Country.",
                           "Correspondence to: Anonymous Author <anon.email@domain.com>.")


def paper(authors: tuple[str, ...] | None = None, notice: str = SUBMITTED_NOTICE) -> Paper:
    """A short paper whose author block is the template's anonymous block, or `authors`."""
    start = Paper().title("Sparse Features Under a Budget")
    start = start.anonymous_authors() if authors is None else start.authors(*authors) if authors else start
    return start.abstract(4).notice(notice).heading("1 Introduction").text(20).heading("References").text(4)


def icml(author_line: str = "Anonymous Authors1", footnote: tuple[str, ...] = ICML_ANONYMOUS_FOOTNOTE) -> Paper:
    result = paper((author_line,), notice=ICML_NOTICE)
    for index, text in enumerate(footnote):
        result.footnote(text, baseline=700.0 + 9 * index, page=1)
    return result


def test_the_template_block_passes_and_is_anonymous() -> None:
    doc = paper().build()
    assert doc.author_block.anonymous and doc.author_block.template_anonymous
    assert run_rule(anonymous_author_block, doc) == []


def test_names_instead_of_the_block_are_an_error() -> None:
    doc = paper(("Jane Doe", "Graz University of Technology")).build()
    assert not doc.author_block.anonymous
    [finding] = run_rule(anonymous_author_block, doc)
    assert "missing" in finding.message and "Jane Doe" in finding.evidence
    assert finding.page == 1 and finding.bbox is not None and finding.severity is None  # the rule's error


def test_an_empty_block_is_anonymous_but_not_the_template_block() -> None:
    doc = paper(()).build()
    assert doc.author_block.lines == ()
    assert doc.author_block.anonymous and not doc.author_block.template_anonymous
    [finding] = run_rule(anonymous_author_block, doc)
    assert "empty" in finding.message and finding.severity == Severity.WARNING and finding.bbox is not None


def test_a_line_typed_under_the_anonymous_block_is_a_warning_while_the_block_reads_anonymous() -> None:
    doc = paper(("Anonymous Author(s)", "Affiliation", "Jane Doe, Graz University of Technology")).build()
    findings = run_rule(anonymous_author_block, doc)
    assert [f.evidence for f in findings] == ["Jane Doe, Graz University of Technology"]
    assert doc.author_block.anonymous and findings[0].severity == Severity.WARNING


def test_a_placeholder_that_lost_its_ligature_names_nobody() -> None:
    doc = paper(("Anonymous Author(s)", "A liation", "Address", "email")).build()
    assert run_rule(anonymous_author_block, doc) == []


def test_the_placeholder_lines_alone_pass() -> None:
    doc = paper(("Anonymous Author(s)", "Affiliation", "Address", "email")).build()
    assert run_rule(anonymous_author_block, doc) == []


def test_icml_review_block_with_its_anonymous_footnote_passes() -> None:
    doc = icml().build()
    assert doc.template.name.family == "icml"
    assert run_rule(anonymous_author_block, doc) == []


def test_icml_block_without_the_anonymous_footnote_is_anonymous_and_a_template_warning() -> None:
    doc = icml(footnote=()).build()
    assert doc.author_block.anonymous
    [finding] = run_rule(anonymous_author_block, doc)
    assert "footnote" in finding.message and "missing" not in finding.message.split(",")[0]
    assert finding.severity == Severity.WARNING and finding.bbox is not None


def test_icml_footnote_naming_the_corresponding_author_is_an_error() -> None:
    footnote = ("1Anonymous Institution, Anonymous City, Anonymous Region, Anonymous Country.",
                "Correspondence to: Jane Doe <jane.doe@tugraz.at>.")
    [finding] = run_rule(anonymous_author_block, icml(footnote=footnote).build())
    assert "Jane Doe" in finding.message


def test_camera_ready_with_authors_passes() -> None:
    doc = paper(("Jane Doe", "Graz University of Technology", "jane.doe@tugraz.at"),
                notice=CAMERA_READY_NOTICE).build()
    assert run_rule(camera_ready_anonymous, doc, stage="camera-ready") == []


def test_camera_ready_still_anonymous_is_an_error() -> None:
    [finding] = run_rule(camera_ready_anonymous, paper(notice=CAMERA_READY_NOTICE).build(), stage="camera-ready")
    assert "anonymous author block" in finding.message


def test_camera_ready_without_any_author_is_an_error() -> None:
    [finding] = run_rule(camera_ready_anonymous, paper((), notice=CAMERA_READY_NOTICE).build(), stage="camera-ready")
    assert "No author names" in finding.message


def test_camera_ready_placeholders_are_errors() -> None:
    doc = paper(("Jane Doe", "Graz University of Technology"), notice=CAMERA_READY_NOTICE)
    doc.footnote("Correspondence to: Jane Doe <anon.email@domain.com>.", baseline=700.0, page=1)
    [finding] = run_rule(camera_ready_anonymous, doc.build(), stage="camera-ready")
    assert "anon.email@domain.com" in finding.message and finding.page == 1


def test_camera_ready_template_example_author_is_an_error() -> None:
    doc = paper(("David S. Hippocampus", "Cranberry-Lemon University"), notice=CAMERA_READY_NOTICE).build()
    findings = run_rule(camera_ready_anonymous, doc, stage="camera-ready")
    assert {f.evidence for f in findings} == {"David S. Hippocampus", "Cranberry-Lemon University"}


def test_a_templates_own_placeholders_are_a_pack_option() -> None:
    doc = paper(("Jane Doe", "Acme Research Lab"), notice=CAMERA_READY_NOTICE).build()
    assert run_rule(camera_ready_anonymous, doc, stage="camera-ready") == []
    [finding] = run_rule(camera_ready_anonymous, doc, stage="camera-ready", placeholders=(r"\bAcme Research Lab\b",))
    assert "'Acme Research Lab'" in finding.message


@pytest.mark.parametrize("lines, placeholder", [
    (("Jane Doe", "anonymous@email.com"), "anonymous@email.com"),
    (("Jane Doe", "Graz University of Technology", "first1.last1@xxx.edu"), "first1.last1@xxx.edu"),
    (("Firstname1 Lastname1", "Graz University of Technology"), "Firstname1 Lastname1"),
    (("First Author", "Second Author"), "First Author"),
])
def test_every_placeholder_is_reported_in_a_camera_ready(lines: tuple[str, ...], placeholder: str) -> None:
    findings = run_rule(camera_ready_anonymous, paper(lines, notice=CAMERA_READY_NOTICE).build(), stage="camera-ready")
    assert f"'{placeholder}'" in findings[0].message and all("No author names" not in f.message for f in findings)


def test_a_placeholder_is_reported_once() -> None:
    doc = paper(("Firstname1 Lastname1", "Graz University of Technology"), notice=CAMERA_READY_NOTICE)
    doc.footnote("Correspondence to: Firstname1 Lastname1 <jane.doe@tugraz.at>.", baseline=700.0, page=1)
    [finding] = run_rule(camera_ready_anonymous, doc.build(), stage="camera-ready")
    assert "'Firstname1 Lastname1'" in finding.message


@pytest.mark.parametrize("lines", [
    ("Anonymous Author(s)", "anonymous@email.com"),
    ("Anonymous Author(s)", "Affiliation", "anon.email@domain.com"),
    ("Anonymous Author(s)", "Affiliation", "author1@institution.edu"),
])
def test_placeholder_addresses_in_a_submissions_block_name_nobody(lines: tuple[str, ...]) -> None:
    assert run_rule(anonymous_author_block, paper(lines).build()) == []


def test_a_submission_printing_the_templates_example_authors_says_so() -> None:
    [finding] = run_rule(anonymous_author_block, paper(("Firstname1 Lastname1", "Anonymous Institution")).build())
    assert finding.message.startswith("The anonymous author block is missing: page 1 shows the template's example "
                                      "authors 'Firstname1 Lastname1; Anonymous Institution'")
    [named] = run_rule(anonymous_author_block, paper(("Jane Doe", "Graz University of Technology")).build())
    assert "example authors" not in named.message


def test_a_line_repeating_a_placeholder_shows_its_next_one() -> None:
    doc = paper(("Firstname1 Lastname1", "Graz University of Technology"), notice=CAMERA_READY_NOTICE)
    doc.footnote("Correspondence to: Firstname1 Lastname1 <first1.last1@xxx.edu>.", baseline=700.0, page=1)
    findings = run_rule(camera_ready_anonymous, doc.build(), stage="camera-ready")
    assert [f.message for f in findings] == ["Page 1 still shows the template placeholder 'Firstname1 Lastname1'.",
                                             "Page 1 still shows the template placeholder 'first1.last1@xxx.edu'."]
