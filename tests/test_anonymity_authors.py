"""AX309 known-author: the organizers' author list against the author area, the metadata, the
text (errors) and the references (information)."""

from __future__ import annotations

import pytest
from docmaker import paper_with, run_rule

from axiomcheck.model import Severity
from axiomcheck.rules.anonymity.known_authors import known_author

AUTHORS = ("Jane Doe", "Jürgen Müller")


def test_without_an_author_list_nothing_is_checked() -> None:
    assert run_rule(known_author, paper_with("We thank Jane Doe for the data.").build()) == []


def test_a_name_in_the_author_block_is_an_error() -> None:
    doc = paper_with(authors=("Jane Doe", "Graz University of Technology")).build()
    [finding] = run_rule(known_author, doc, authors=AUTHORS)
    assert "title and author area" in finding.message and finding.severity is None and finding.page == 1


def test_a_name_in_the_text_is_an_error_across_line_breaks() -> None:
    doc = paper_with("We thank Jürgen", "Müller for the calibration data.").build()
    [finding] = run_rule(known_author, doc, authors=AUTHORS)
    assert "Jürgen Müller" in finding.message and "in the text" in finding.message


def test_a_self_citation_in_the_references_is_information() -> None:
    doc = paper_with(refs=("[1] J. Doe and K. Lee. Curvature-aware pruning. In ICML, 2025.",)).build()
    [finding] = run_rule(known_author, doc, authors=AUTHORS)
    assert finding.severity is Severity.INFO and "J. Doe" in finding.message


def test_a_name_in_the_metadata_is_an_error() -> None:
    doc = paper_with().with_metadata(info={"Author": "Doe, Jane"}).build()
    [finding] = run_rule(known_author, doc, authors=AUTHORS)
    assert "/Author" in finding.message and finding.severity is None


def test_initials_can_be_switched_off() -> None:
    doc = paper_with(refs=("[1] J. Doe. Curvature-aware pruning. In ICML, 2025.",)).build()
    assert run_rule(known_author, doc, authors=AUTHORS, initials=False) == []


@pytest.mark.parametrize("line, printed", [
    ("We thank Juergen Mueller for the calibration data.", "Juergen Mueller"),
    ("We thank J. Müller for the calibration data.", "J. Müller"),
    ("Data by Jurgen M\u00a8 uller, with thanks.", "Jurgen M\u00a8 uller"),
    ("Footnote: Jane Q. Doe1 leads the project.", "Jane Q. Doe"),
])
def test_names_are_matched_as_printed(line: str, printed: str) -> None:
    """The names module's forms (rules._names): transliterations, initials, separate accents,
    middle initials and affiliation marks."""
    [finding] = run_rule(known_author, paper_with(line).build(), authors=AUTHORS)
    assert f"('{printed}')" in finding.message and "in the text" in finding.message

