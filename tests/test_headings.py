"""Heading recognition: normalisation, numbering, and titles matched by structure."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from axiomcheck.analysis.headings import Placement, heading_candidate, line_text, normalise, split_number
from axiomcheck.analysis.section_titles import classify_title, title_key
from docmaker import BODY, make_line
from axiomcheck.model import Line


def _line(text: str, size: float = BODY, bold: bool = True) -> Line:
    words = tuple(make_line(text, 108.0, 300.0, size, bold))
    box = words[0].bbox
    for w in words[1:]:
        box = box.union(w.bbox)
    return Line(page=1, words=words, bbox=box, baseline=300.0)


@pytest.mark.parametrize("text,expected", [
    ("R EFERENCES", "REFERENCES"),
    ("A PPENDIX", "APPENDIX"),
    ("References", "References"),
    ("  6   References ", "6 References"),
])
def test_normalise(text: str, expected: str) -> None:
    assert normalise(text) == expected


@pytest.mark.parametrize("text,number,title", [
    ("6 References", "6", "References"),
    ("A Proofs", "A", "Proofs"),
    ("A. Proofs of Theorem 1", "A", "Proofs of Theorem 1"),
    ("Appendix B: Extra experiments", "B", "Extra experiments"),
    ("B.2 Ablations", "B.2", "Ablations"),
    ("References", None, "References"),
    ("A simple baseline", None, "A simple baseline"),
])
def test_split_number(text: str, number: str | None, title: str) -> None:
    assert split_number(text) == (number, title)


@pytest.mark.parametrize("title,kind", [
    ("References", "references"), ("REFERENCES", "references"), ("Bibliography", "references"),
    ("Appendix", "appendix"), ("Appendices", "appendix"), ("Supplementary Material", "appendix"),
    ("Technical Appendices", "appendix"), ("Appendix: Proofs", "appendix"),
    ("NeurIPS Paper Checklist", "checklist"), ("NeurIPSPaperChecklist", "checklist"),
    ("Acknowledgments and Disclosure of Funding", "acknowledgments"), ("Acknowledgements", "acknowledgments"),
    ("Broader Impact", "impact"), ("Impact Statement", "impact"), ("Statement of Broader Impact", "impact"),
    ("Broader Impacts", "impact"), ("Societal Impact", "impact"), ("Potential Negative Societal Impacts", "impact"),
    ("Ethics Statement", "ethics"), ("Reproducibility Statement", "reproducibility"),
    ("Author Contributions", "contributions"), ("Funding", "funding"), ("Limitations", "limitations"),
    ("Introduction", None), ("Conclusion", None), ("Impact of the learning rate", None),
])
def test_classify_title(title: str, kind: str | None) -> None:
    assert classify_title(title_key(title)) == kind


def test_heading_must_be_set_apart() -> None:
    assert heading_candidate(_line("References", bold=False), BODY, space_above=2.0) is None
    assert heading_candidate(_line("References", bold=True), BODY, space_above=2.0).kind == "references"
    assert heading_candidate(_line("References", size=11.96, bold=False), BODY, None).kind == "references"
    assert heading_candidate(_line("REFERENCES", bold=False), BODY, space_above=2.0).kind == "references"
    assert heading_candidate(_line("References", bold=False), BODY, space_above=20.0).kind == "references"


def test_words_in_a_sentence_are_not_headings() -> None:
    sentence = _line("see the References and the Appendix for details of the proofs", bold=False)
    assert heading_candidate(sentence, BODY, space_above=2.0) is None
    starts_with = _line("References to prior work are listed below, grouped by topic", bold=False)
    assert heading_candidate(starts_with, BODY, space_above=2.0) is None


def test_unnumbered_body_heading_is_kept_as_body() -> None:
    candidate = heading_candidate(_line("Related Work", size=11.96), BODY, None)
    assert candidate is not None and candidate.kind is None and candidate.number is None


def test_a_line_that_begins_with_a_section_word_is_not_a_heading_for_it() -> None:
    """Two-column prose whose line starts with a cross-reference, after a table's white space."""
    prose = _line("(Appendix D.2). Variance-informed routing at low budget", bold=False)
    assert heading_candidate(prose, BODY, space_above=22.0, placement=Placement(fills_column=True)) is None
    assert heading_candidate(prose, BODY, space_above=22.0) is None
    sentence = _line("Appendix A lists the hyperparameters", bold=False)
    assert heading_candidate(sentence, BODY, space_above=22.0) is None
    short = _line("Appendix", bold=False)
    assert heading_candidate(short, BODY, space_above=22.0).kind == "appendix"


def test_table_cells_and_run_in_paragraphs_are_not_headings() -> None:
    cell = _line("410M", bold=True)
    assert heading_candidate(cell, BODY, None, Placement(alone=False)) is None
    assert heading_candidate(_line("Method", bold=True), BODY, None, Placement(aligned=False)) is None
    words = make_line("Method.", 108.0, 300.0, BODY, True) + make_line("We extend the base prompt", 140.0, 300.0)
    run_in = Line(page=1, words=tuple(words), bbox=words[0].bbox.union(words[-1].bbox), baseline=300.0)
    assert heading_candidate(run_in, BODY, space_above=20.0) is None
    assert heading_candidate(_line("end for", bold=True), BODY, None) is None


def test_small_caps_rejoin_only_where_the_glyphs_touch() -> None:
    split = make_line("R", 108.0, 300.0, 11.96)
    split.append(split[0]._replace(text="EFERENCES", bbox=split[0].bbox._replace(x0=split[0].bbox.x1 + 0.2,
                                                                                  x1=split[0].bbox.x1 + 60)))
    assert line_text(split) == "REFERENCES"
    lettered = make_line("A PLEASE ADD SUPPLEMENTAL", 308.0, 300.0, 11.96, True)
    assert line_text(lettered) == "A PLEASE ADD SUPPLEMENTAL"
    candidate = heading_candidate(_line("A PLEASE ADD SUPPLEMENTAL", size=9.56), BODY, None)
    assert candidate.number == "A" and candidate.kind is None


def test_placement_given_as_a_function_is_measured_only_for_a_line_that_could_be_a_heading() -> None:
    measured: list[str] = []

    def placement_of(text: str, placement: Placement) -> Callable[[], Placement]:
        def measure() -> Placement:
            measured.append(text)
            return placement
        return measure

    for text in ("12.5 13.1 14.0", "(see below),", "- item"):
        assert heading_candidate(_line(text, bold=True), BODY, None, placement_of(text, Placement())) is None
    assert measured == []
    assert heading_candidate(_line("References", bold=True), BODY, None,
                             placement_of("References", Placement(alone=False))) is None
    assert heading_candidate(_line("References", bold=True), BODY, None,
                             placement_of("References", Placement())).kind == "references"
    assert measured == ["References", "References"]
