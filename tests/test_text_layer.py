"""The text layer analysis builds once: every line with its role, region and doctop, and the
views rules read (`model.TextLayer`), on a synthetic paper with every kind of line."""

from __future__ import annotations

import pytest
from docmaker import BODY, LEFT, SUBMITTED_NOTICE, Paper, make_line

from axiomcheck.analysis.paper import AnalysedPaper
from axiomcheck.model import FURNITURE, OUTSIDE_TEXT, BBox, Line, Role
from axiomcheck.rules._lines import body_size_lines

RUNNING_HEAD = "Under review at a workshop"


def _paper() -> AnalysedPaper:
    """Three pages: front matter; a body with a table row, marks, a figure and a footnote on
    page 2; references on page 3; a running head and folios on pages 2 and 3."""
    paper = Paper().title("Sparse Features Under a Budget").anonymous_authors().abstract(4)
    paper.notice(SUBMITTED_NOTICE).heading("1 Introduction").fill_page().new_page().text(3)
    y = paper.y + 6.0
    paper.pages[-1] += make_line("Method", LEFT, y) + make_line("410M", 260.0, y) + make_line("1.4B", 380.0, y)
    paper.y = y + 12.0
    paper.pages[-1] += make_line("•", 300.0, paper.y + 4.0)
    paper.y += 12.0
    paper.text(10).line("2", x=300.0, numbered=False).line("0.5", x=350.0, numbered=False)
    paper.line("Figure 1: Sparse features under a fixed budget of parameters.", size=8.97, numbered=False)
    paper.text(4).heading("2 Method").text(10)
    paper.footnote("1Our code is released with the camera-ready version.")
    paper.fill_page().new_page().heading("References").text(6)
    for page in range(2, len(paper.pages) + 1):
        paper.pages[page - 1] += make_line(RUNNING_HEAD, 220.0, 50.0, 8.97) + make_line(str(page), 300.0, 760.0)
    return paper.build()


@pytest.fixture(scope="module")
def doc() -> AnalysedPaper:
    built = _paper()
    assert built.page_count == 3
    return built


def _line(doc: AnalysedPaper, start: str, page: int | None = None) -> Line:
    """The first line whose text is `start`, or else starts with it."""
    lines = doc.text.lines(page)
    return next((line for line in lines if line.text == start), None) or \
        next(line for line in lines if line.text.startswith(start))


@pytest.mark.parametrize("start, page, role, region", [
    ("Sparse Features Under a Budget", 1, Role.BODY, "title"),
    ("Anonymous Author(s)", 1, Role.BODY, "authors"),
    ("Affiliation", 1, Role.BODY, "authors"),
    ("Abstract", 1, Role.HEADING, "abstract"),
    ("Submitted to 40th", 1, Role.NOTICE, "body"),
    ("1 Introduction", 1, Role.HEADING, "body"),
    ("Method", None, Role.TABLE_CELL, "body"),
    ("410M", None, Role.TABLE_CELL, "body"),
    ("•", None, Role.MARKS, "body"),
    ("2", 2, Role.MARKS, "body"),
    ("0.5", None, Role.FLOAT_TEXT, "body"),
    ("Figure 1:", None, Role.CAPTION, "body"),
    ("2 Method", None, Role.HEADING, "body"),
    ("1Our code", None, Role.FOOTNOTE, "body"),
    ("References", None, Role.HEADING, "references"),
    ("the model", 3, Role.REFERENCE_ENTRY, "references"),
    (RUNNING_HEAD, 2, Role.RUNNING_HEAD, "body"),
    (RUNNING_HEAD, 3, Role.RUNNING_HEAD, "body"),
    ("3", 3, Role.FOLIO, "references"),
])
def test_every_line_carries_its_role_and_region(doc: AnalysedPaper, start: str, page: int | None, role: Role,
                                                region: str) -> None:
    line = _line(doc, start, page)
    assert (line.role, line.region) == (role, region), line.text


def test_the_abstract_s_text_and_the_reference_list(doc: AnalysedPaper) -> None:
    abstract = doc.text.lines(regions=("abstract",), without=OUTSIDE_TEXT)
    assert abstract[0].text == "Abstract" and len(abstract) == 5
    assert {line.role for line in abstract[1:]} == {Role.BODY}
    entries = doc.text.lines(regions=("references",), roles=(Role.REFERENCE_ENTRY,))
    assert len(entries) == 6 and all(line.page == doc.sections.references.page for line in entries[:1])


def test_the_ruler_s_numbers_are_lines_apart_from_the_text(doc: AnalysedPaper) -> None:
    page = doc.text.page(1)
    assert page.ruler and {line.role for line in page.ruler} == {Role.LINE_NUMBER}
    assert [word.text for word in page.line_number_words[:3]] == ["1", "2", "3"]
    assert not any(line.role is Role.LINE_NUMBER for line in doc.text.lines())
    assert all(line.bbox.x1 < LEFT for line in page.ruler)


def test_doctop_runs_on_across_pages(doc: AnalysedPaper) -> None:
    heights = [page.height for page in doc.pages]
    for number, page in enumerate(doc.text.pages, start=1):
        offset = sum(heights[:number - 1])
        assert all(line.doctop == pytest.approx(offset + line.bbox.y0) for line in page.lines + page.ruler)
    body = doc.text.body_lines()
    assert all(a.doctop < b.doctop for a, b in zip(body, body[1:], strict=False) if a.page != b.page)
    assert doc.text.page(2).lines[0].doctop > doc.pages[0].height


def test_views(doc: AnalysedPaper) -> None:
    text = doc.text
    assert not any(line.role in FURNITURE for line in text.text_lines())
    assert {line.role for line in text.body_lines()} == {Role.BODY}
    assert [line.text for line in text.footnotes()] == ["1Our code is released with the camera-ready version."]
    assert text.lines(2, roles=(Role.RUNNING_HEAD,))[0].text == RUNNING_HEAD
    assert len(text.all_lines) == sum(len(page.lines) for page in text.pages)
    assert text.lines(1, without=(Role.NOTICE,)) == tuple(line for line in text.page(1).lines
                                                          if line.role is not Role.NOTICE)


def test_passages_leave_out_furniture_and_the_notice(doc: AnalysedPaper) -> None:
    passages = doc.text.passages
    assert [p.region for p in passages][:4] == ["title", "authors", "abstract", "body"]
    assert not any(line.role in FURNITURE or line.role is Role.NOTICE for p in passages for line in p.lines)
    caption = _line(doc, "Figure 1:")
    passage, index = doc.text.passage_of(caption)
    assert passage.lines[index] is caption and passage.text.splitlines()[index] == caption.text
    assert doc.text.passage_of(_line(doc, RUNNING_HEAD, 2)) is None
    assert doc.text.line_under(caption.page, BBox(caption.bbox.x0 + 1, caption.bbox.y0, caption.bbox.x0 + 20,
                                                  caption.bbox.y1)) is caption
    assert doc.text.line_under(1, BBox(0, 0, 1, 1)) is None and doc.text.line_under(9, caption.bbox) is None


def test_the_author_block_is_made_of_the_layer_s_lines(doc: AnalysedPaper) -> None:
    block = doc.author_block
    assert block.anonymous and [line.text for line in block.lines][:2] == ["Anonymous Author(s)", "Affiliation"]
    page_one = doc.text.page(1).lines
    assert all(any(line is other for other in page_one) for line in block.lines + block.title)
    assert block.footnotes == ()


def test_the_author_footnotes_of_page_one_are_the_author_block_s() -> None:
    paper = Paper().title("Sparse Features Under a Budget").authors("Jane Doe", "Example University").abstract(4)
    paper.heading("1 Introduction").text(30)
    paper.pages[0] += make_line("Correspondence to: Jane Doe <jane@example.org>.", LEFT, 700.0, 8.97)
    paper.notice(SUBMITTED_NOTICE)
    doc = paper.build()
    [footnote] = doc.author_block.footnotes
    assert footnote.text.startswith("Correspondence to") and footnote.role is Role.FOOTNOTE
    assert footnote.region == "authors"
    assert doc.text.footnotes(1) == (footnote,)


def test_a_section_number_extracted_as_a_line_of_its_own_opens_its_region() -> None:
    """"3.2" and "Acknowledgments. We thank all." are two lines when PDFium extracts the number
    apart: both are the heading, and the acknowledgments start there (a number without a
    full stop inside, such as "7", is a mark of its own, never a heading's)."""
    paper = Paper().title("Sparse Features Under a Budget").anonymous_authors().abstract(4)
    paper.notice(SUBMITTED_NOTICE).heading("1 Introduction").text(30)
    y = paper.y + 12.0
    title = make_line("Acknowledgments.", LEFT + 30.0, y, BODY, bold=True)
    paper.pages[-1] += make_line("3.2", LEFT, y, BODY, bold=True) + title + make_line(
        "We thank all.", title[-1].bbox.x1 + 3.0, y)
    paper.y = y + 12.0
    doc = paper.text(3).heading("References").text(3).build()
    number, heading = _line(doc, "3.2"), _line(doc, "Acknowledgments.")
    assert doc.sections.acknowledgments is not None
    assert (number.role, heading.role) == (Role.HEADING, Role.HEADING)
    acknowledgments = doc.text.lines(regions=("acknowledgments",), without=OUTSIDE_TEXT)
    assert acknowledgments[0] is number and len(acknowledgments) == 5


def test_a_document_without_text_has_an_empty_layer() -> None:
    doc = Paper().build()
    assert doc.text.all_lines == () and doc.text.passages == () and doc.author_block.lines == ()
    assert doc.text.page(1).ruler == ()


def test_body_size_lines_leave_out_the_notice_furniture_and_other_sizes(doc: AnalysedPaper) -> None:
    lines = body_size_lines(doc, 1) + body_size_lines(doc, 2)
    assert lines and all(abs(line.size - BODY) <= 1 for line in lines)
    assert not {Role.NOTICE, Role.RUNNING_HEAD, Role.FOLIO, Role.MARKS} & {line.role for line in lines}
    assert {Role.BODY, Role.CAPTION, Role.TABLE_CELL} <= {line.role for line in lines}


def test_equations_and_prose_cut_by_a_gap_are_not_table_cells() -> None:
    paper = Paper().title("Sparse Features Under a Budget").anonymous_authors().abstract(4)
    paper.notice(SUBMITTED_NOTICE).heading("1 Introduction").text(12)
    rows = [(("x =", LEFT + 100, {}), ("y + z,", LEFT + 200, {}), ("(3)", 480.0, {})),
            (("f(x)", LEFT + 100, {"font": "CMMI10"}), ("≤ g(x)", LEFT + 220, {"font": "CMSY10"})),
            (("Reaches", LEFT, {}), ("∼75%", 260.0, {"font": "CMSY10"}), ("yes", 380.0, {})),
            (("the model learns sparse features from data with", LEFT, {}),
             ("fewer parameters than a dense baseline", 345.0, {})),
            (("Method", LEFT, {}), ("410M", 260.0, {}), ("1.4B", 380.0, {}))]
    for row in rows:
        y = paper.y
        for text, x, options in row:
            paper.pages[-1] += make_line(text, x, y, **options)
        paper.y = y + 12.0
    doc = paper.text(5).build()
    roles = {line.text: line.role for line in doc.text.lines(1)}
    assert {roles["x ="], roles["(3)"], roles["f(x)"], roles["≤ g(x)"]} == {Role.BODY}
    assert roles["fewer parameters than a dense baseline"] is Role.BODY
    assert {roles["Method"], roles["410M"], roles["1.4B"], roles["∼75%"]} == {Role.TABLE_CELL}
