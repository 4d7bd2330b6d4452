"""Heading recognition: normalisation, numbering, and titles matched by structure."""

from __future__ import annotations

import pytest

from axiomcheck.analysis.headings import classify_title, heading_candidate, normalise, split_number, title_key
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
    ("Broader Impact", "impact"), ("Impact Statement", "impact"), ("Ethics Statement", "impact"),
    ("Introduction", None), ("Limitations", None), ("Conclusion", None),
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
