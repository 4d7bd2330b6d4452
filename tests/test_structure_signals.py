"""Structure from every signal: the PDF's own outline and tag tree beside the headings' look,
statements as section kinds of their own, where the main text resumes and where it can never
resume, and what precedes a heading judged per column."""

from __future__ import annotations

import pytest
import pypdfium2 as pdfium

from axiomcheck.analysis.paper import open_document
from axiomcheck.analysis.main_body import stop_heading
from axiomcheck.analysis.reading_place import preceding
from axiomcheck.analysis.section_titles import title_kind
from axiomcheck.analysis.structure import structure_of
from axiomcheck.model import DEFAULT_MAIN_BODY_EXCLUDES, BBox, Heading, Line, OutlineEntry
from axiomcheck.pdf.outline import is_tagged, read_outline, read_tagged_headings
from conftest import FIXTURES
from docmaker import BODY, LEADING, SUBMITTED_NOTICE, Paper, make_line

NEURIPS_2026_EXCLUDES = ("acknowledgments", "funding", "references", "appendix", "checklist")
ICLR_2026_EXCLUDES = ("ethics", "reproducibility", "contributions", "acknowledgments", "funding", "references",
                      "appendix", "checklist")


@pytest.mark.parametrize("title,kind", [
    ("Use of AI-Assisted Tools", "ai_use"), ("The Use of Large Language Models (LLMs)", "ai_use"),
    ("LLM Usage Statement", "ai_use"), ("LLM/Agent Usage Disclosure", "ai_use"), ("Declaration of LLM usage", "ai_use"),
    ("Use of AI assistance", "ai_use"), ("Generative AI Disclosure", "ai_use"),
    ("Data Availability", "data_availability"), ("Code and Data Availability Statement", "data_availability"),
    ("Availability of Data and Materials", "data_availability"),
    ("Broader Impacts & Ethics Statement", "impact"), ("Broader Impact and Ethics", "impact"),
    ("Ethics, Risks and AI Assistants", "ethics"), ("Reproducibility and use of AI assistance", "reproducibility"),
    ("Limitation and broader impact", "limitations"), ("Ethics", "ethics"),
    ("Use of LLMs for data annotation", None), ("LLMs", None), ("Ethics and Fairness Metrics", None),
    ("Data and Methods", None), ("Impact of the learning rate", None), ("References and Notes", "references"),
])
def test_statement_titles_name_their_kind(title: str, kind: str | None) -> None:
    assert title_kind(title) == kind


def _heading(text: str, kind: str = "body", number: str | None = None, page: int = 1, y: float = 100.0) -> Heading:
    return Heading(page=page, text=text, kind=kind, number=number, bbox=BBox(108.0, y, 300.0, y + 12.0),
                   top_of_page=False)


def test_the_main_text_resumes_after_a_statement_numbered_inside_it() -> None:
    headings = [_heading("4.6 Compute", number="4.6"), _heading("4.7 Broader Impacts", "impact", "4.7"),
                _heading("4.8 Limitations", "limitations", "4.8"), _heading("5 Conclusion", number="5"),
                _heading("References", "references")]
    assert stop_heading(headings, DEFAULT_MAIN_BODY_EXCLUDES) is headings[-1]
    # a pack that leaves limitations out too: still the main text resumes with "5 Conclusion"
    assert stop_heading(headings, (*DEFAULT_MAIN_BODY_EXCLUDES, "limitations")) is headings[-1]


def test_a_statement_s_own_subsections_and_unnumbered_headings_resume_nothing() -> None:
    statement = _heading("8 Broader Impact", "impact", "8")
    headings = [_heading("7 Discussion", number="7"), statement, _heading("8.1 Positive impacts", number="8.1"),
                _heading("Negative impacts"), _heading("References", "references")]
    assert stop_heading(headings, DEFAULT_MAIN_BODY_EXCLUDES) is statement
    resumed = [*headings[:4], _heading("9 Conclusion", number="9"), headings[-1]]
    assert stop_heading(resumed, DEFAULT_MAIN_BODY_EXCLUDES) is resumed[-1]


def test_nothing_after_the_references_resumes_the_main_text() -> None:
    references = _heading("References", "references")
    headings = [_heading("5 Conclusion", number="5"), references, _heading("6 Supplement", "appendix", "6")]
    assert stop_heading(headings, DEFAULT_MAIN_BODY_EXCLUDES) is references


def _line(text: str, x: float, baseline: float, size: float = BODY, bold: bool = False) -> Line:
    words = tuple(make_line(text, x, baseline, size, bold))
    box = words[0].bbox
    for word in words[1:]:
        box = box.union(word.bbox)
    return Line(page=1, words=words, bbox=box, baseline=baseline)


def test_what_precedes_a_heading_is_judged_per_column() -> None:
    """Lines of the right column at the heading's height come after a heading that opens the
    left column, whatever order they were read in; the left column precedes a heading in the
    right column, and a line spanning the page parts bands."""
    right_first = _line("continues the list of references", 320.0, 74.0)
    heading = _line("References", 56.0, 76.0, 11.96, bold=True)
    left = [_line("Frankle and Carbin lottery tickets", 56.0, 90.0 + LEADING * i) for i in range(3)]
    right = [_line("entries of the list go on here", 320.0, 90.0 + LEADING * i) for i in range(3)]
    page = [right_first, heading, *left, *right]
    assert list(preceding(page, heading.bbox, 612.0, set())) == []
    right_heading = _line("Appendix", 320.0, 140.0, 11.96, bold=True)
    assert set(map(id, preceding([*page, right_heading], right_heading.bbox, 612.0, set()))) == \
        {id(line) for line in [right_first, heading, *left, *right]}
    spanning = _line("Figure 3: a caption that spans both columns of the page from edge to edge", 56.0, 300.0)
    below = _line("text under the figure in the left column", 56.0, 330.0)
    late_heading = _line("Discussion", 320.0, 330.0, 11.96, bold=True)
    before = set(map(id, preceding([*page, spanning, below, late_heading], late_heading.bbox, 612.0, set())))
    assert id(below) in before and id(spanning) in before


def _paper_with_outline(outline: list[OutlineEntry]) -> Paper:
    paper = Paper().title("Sparse Features Under a Budget").anonymous_authors().abstract(4).notice(SUBMITTED_NOTICE)
    paper.heading("1 Introduction").text(20)
    paper.line("2 Method", size=BODY, space_before=2.0)  # plain type, no space: no heading by its look
    paper.text(10).heading("References").text(4)
    paper.outline = outline
    return paper


def test_the_outline_makes_a_heading_of_a_line_printed_where_it_points() -> None:
    words = _paper_with_outline([]).pages[0]
    method_top = next(w.bbox.y0 for w in words if w.text == "Method")
    introduction_top = next(w.bbox.y0 for w in words if w.text == "Introduction")
    outline = [OutlineEntry("Introduction", 0, 1, introduction_top - 8.0),
               OutlineEntry("Method", 0, 1, method_top - 8.0), OutlineEntry("Related Work", 0, 1, 200.0)]
    assert "2 Method" not in [h.text for h in _paper_with_outline([]).build().sections.headings]
    sections = _paper_with_outline(outline).build().sections
    assert "2 Method" in [h.text for h in sections.headings]
    assert sections.disagreements == ("the outline lists 'Related Work' on page 1, where no heading with that "
                                      "title was found",)
    twice = outline + [OutlineEntry("Introduction", 0, 1, introduction_top - 150.0)]  # a duplicate bookmark
    assert _paper_with_outline(twice).build().sections.disagreements == sections.disagreements
    far = [OutlineEntry("Method", 0, 1, method_top - 200.0)]  # points elsewhere on the page: adds nothing
    assert "2 Method" not in [h.text for h in _paper_with_outline(far).build().sections.headings]


def test_bookmarks_are_read_with_their_page_and_height() -> None:
    pdf = pdfium.PdfDocument(str(FIXTURES / "outline-heading.pdf"))
    try:
        entries = read_outline(pdf, lambda index: pdf[index].get_cropbox()[3])
    finally:
        pdf.close()
    titles = {entry.title: entry for entry in entries}
    assert set(titles) == {"The open question", "Measurement protocol", "Why it matters", "Supporting measurements"}
    appendix = titles["Supporting measurements"]
    assert appendix.page == 3 and appendix.level == 0 and appendix.top is not None and 60.0 < appendix.top < 90.0
    assert titles["Measurement protocol"].page == 1


def test_tagged_headings_are_read_from_the_structure_tree() -> None:
    pdf = pdfium.PdfDocument(str(FIXTURES / "tagged-headings.pdf"))
    try:
        assert is_tagged(pdf)
        entries = read_tagged_headings(pdf, lambda index: 792.0)
        assert read_outline(pdf, lambda index: 792.0) == ()
    finally:
        pdf.close()
    assert [(entry.title, entry.page, entry.source) for entry in entries] == [
        ("The open question", 1, "tags"), ("Why it matters", 1, "tags"), ("Supporting measurements", 3, "tags")]


def test_statements_are_counted_as_the_pack_says() -> None:
    with open_document(str(FIXTURES / "iclr-statements.pdf")) as doc:
        kinds = {h.text: h.kind for h in doc.sections.headings}
        assert kinds["ETHICS STATEMENT"] == "ethics" and kinds["REPRODUCIBILITY STATEMENT"] == "reproducibility"
        assert structure_of(doc, ICLR_2026_EXCLUDES).main_body_pages == 9
        assert structure_of(doc, NEURIPS_2026_EXCLUDES).main_body_pages == 10
