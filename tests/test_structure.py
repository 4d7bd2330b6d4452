"""Section detection and main-body counting on synthetic papers (the edge cases, pinned)."""

from __future__ import annotations

from docmaker import BODY, LEADING, LEFT, SUBMITTED_NOTICE, Paper, make_line, submission
from axiomcheck.analysis.paper import AnalysedPaper
from axiomcheck.analysis.main_body import find_main_body
from axiomcheck.analysis.sections import find_sections
from axiomcheck.analysis.structure import structure_of
from axiomcheck.codec import structure_to_json

EXCLUDED = ("acknowledgments", "impact", "references", "appendix", "checklist")


def _paper() -> Paper:
    return Paper().title("Sparse Features Under a Budget").anonymous_authors().abstract(6).notice(SUBMITTED_NOTICE)


def test_references_mid_page_counts_that_page() -> None:
    doc = submission(3.5).build()
    body = doc.main_body(EXCLUDED)
    assert doc.sections.references.page == 4
    assert not doc.sections.references.top_of_page
    assert body.pages == 4
    assert 0.3 < body.end.fraction < 0.9


def test_references_at_top_of_page_do_not_count_it() -> None:
    paper = _paper().heading("1 Introduction").text(30).fill_page().new_page()
    doc = paper.heading("References").text(5).build()
    assert doc.sections.references.page == 2
    assert doc.sections.references.top_of_page
    body = doc.main_body(EXCLUDED)
    assert body.pages == 1
    assert body.end.page == 1 and body.end.fraction > 0.9


def test_appendix_before_references_ends_the_body() -> None:
    paper = _paper().heading("1 Introduction").text(70).heading("2 Method").text(20)
    paper.heading("A Proofs").text(30).heading("References").text(10)
    doc = paper.build()
    assert doc.sections.appendix.text == "A Proofs"
    kinds = [h.kind for h in doc.sections.headings]
    assert kinds.index("appendix") < kinds.index("references")
    assert doc.main_body(EXCLUDED).excluded_start.kind == "appendix"
    assert doc.main_body(EXCLUDED).pages == doc.sections.appendix.page


def test_no_references_counts_every_page_with_text() -> None:
    doc = _paper().heading("1 Introduction").text(80).build()
    assert doc.sections.references is None
    body = doc.main_body(EXCLUDED)
    assert body.excluded_start is None
    assert body.pages == doc.page_count == 2


def test_unnumbered_headings_are_found() -> None:
    paper = _paper().heading("Introduction").text(20).heading("Appendix").text(10).heading("References").text(5)
    doc = paper.build()
    assert [h.kind for h in doc.sections.headings if h.kind != "body"] == ["appendix", "references"]


def test_checklist_after_appendix_and_its_items_are_not_sections() -> None:
    paper = _paper().heading("1 Introduction").text(20).heading("References").text(5)
    paper.new_page().heading("A Additional results").text(10)
    paper.new_page().heading("NeurIPSPaperChecklist").text(3).heading("10. Broader Impacts").text(3)
    doc = paper.build()
    assert doc.sections.appendix.page == 2
    assert doc.sections.checklist.page == 3
    assert doc.sections.impact is None


def test_small_caps_references_heading() -> None:
    doc = _paper().heading("1 Introduction").text(10).heading("R EFERENCES", bold=False).text(5).build()
    assert doc.sections.references is not None


def test_reference_word_inside_sentence_is_not_a_heading() -> None:
    paper = _paper().heading("1 Introduction").text(5)
    paper.sentence("We list the References and the Appendix material below in the usual order for readers")
    paper.text(5).heading("References").text(3)
    doc = paper.build()
    assert len([h for h in doc.sections.headings if h.kind == "references"]) == 1
    assert doc.sections.references.text == "References"


def test_acknowledgments_and_impact_are_excluded_but_only_when_asked() -> None:
    paper = _paper().heading("1 Introduction").text(70).heading("Broader Impact").text(30)
    paper.heading("References").text(5)
    doc = paper.build()
    assert doc.sections.impact.page == 2
    assert doc.main_body(EXCLUDED).excluded_start.kind == "impact"
    assert doc.main_body(("references",)).excluded_start.kind == "references"


def test_line_numbers_and_anonymous_block_are_detected() -> None:
    doc = submission(2).build()
    assert doc.line_numbers
    assert doc.author_block.anonymous
    assert doc.text.page(1).line_number_words
    assert not any(w.text.isdigit() and w.bbox.x0 < 100 for line in doc.text.page(1).lines for w in line.words)
    plain = Paper(line_numbers=False).title("A Named Paper").authors("Jane Doe", "Example University").abstract(3)
    doc = plain.heading("1 Introduction").text(10).build()
    assert not doc.line_numbers
    assert not doc.author_block.anonymous


def test_two_column_reading_order_left_column_first() -> None:
    paper = _paper()
    left_x, right_x = 55.0, 310.0
    for index in range(20):
        paper.line(f"left column line {index} with words", x=left_x, numbered=False)
    paper.y -= 20 * 11.0
    for index in range(12):
        paper.line(f"right column line {index} with words", x=right_x, numbered=False)
    paper.line("References", x=right_x, bold=True, size=11.96, numbered=False)
    doc = paper.build()
    lines = doc.text.page(1).lines
    texts = [line.text for line in lines]
    assert texts.index("left column line 19 with words") < texts.index("right column line 0 with words")
    assert doc.sections.references is not None and not doc.sections.references.top_of_page


def test_structure_object_has_the_report_fields() -> None:
    structure = structure_to_json(structure_of(submission(3.5).build(), EXCLUDED))
    for key in ("main_body_pages", "main_body_end", "references_page", "appendix_page", "checklist_page",
                "acknowledgments_page", "anonymous", "line_numbers", "page_size", "template"):
        assert key in structure
    assert structure["page_size"] == "letter"
    assert structure["template"]["name"] == "neurips-2026"
    assert structure["template"]["mode"] == "submission"
    assert structure["main_body_end"]["page"] == 4


def test_references_spilling_a_line_onto_the_next_page_keep_line_numbers_on() -> None:
    """Judged over the lines: a full numbered page and two numbered lines on page 2."""
    paper = _paper().heading("1 Introduction").fill_page()
    doc = paper.text(2).build()
    assert len(doc.text.page(2).line_number_words) < 3  # too few to form a ruler on page 2 alone
    assert doc.line_numbers


def test_body_float_among_the_references_counts_toward_the_main_body() -> None:
    paper = _paper().heading("1 Introduction").text(20)
    paper.sentence("As Figure 2 shows, the bound holds for every model we measured so far.")
    paper.heading("References").text(3).fill_page().new_page().text(8)
    paper.line("Figure 2: Excess loss against the bound.", numbered=False)
    paper.line("Table A.1: Hyperparameters of every run.", numbered=False)
    paper.line("Figure 3: A figure nobody cites from the body.", numbered=False)
    doc = paper.build()
    body = doc.main_body(EXCLUDED)
    assert [(f.kind, f.number, f.page) for f in body.floats] == [("figure", "2", 2)]
    assert body.pages == 2 and body.end.page == 2
    assert doc.main_body(("appendix",)).floats == ()  # references count anyway: nothing is stray


def test_a_float_on_the_appendix_first_page_is_the_appendix_s_own() -> None:
    paper = _paper().heading("1 Introduction").text(20).sentence("Table 3 lists the results for every model.")
    paper.heading("References").text(3).fill_page().new_page()
    paper.line("Table 3: Numerical verification of the claims.", numbered=False)
    doc = paper.heading("A Numerical verification").text(5).build()
    assert doc.sections.appendix.page == 2
    assert doc.main_body(EXCLUDED).floats == ()


def test_a_run_in_heading_after_a_number_on_its_own_line_ends_the_main_body() -> None:
    """PDFium may extract a section number as a line of its own ("7"); joined to its run-in
    title, the heading is found among the page's lines by the pieces it is made of."""
    paper = Paper().title("Sparse Features Under a Budget").anonymous_authors().abstract(6)
    paper.notice(SUBMITTED_NOTICE).heading("1 Introduction").text(80)
    y = paper.y + 12.0
    title = make_line("Acknowledgments.", LEFT + 20.0, y, BODY, bold=True)
    paper.pages[-1] += make_line("7", LEFT, y, BODY, bold=True) + title + make_line(
        "We thank all.", title[-1].bbox.x1 + 3.0, y)
    paper.y = y + LEADING
    paper.text(4)
    lines = tuple(page.lines for page in paper.build().text.pages)
    widths = [612.0] * len(lines)
    sections = find_sections(lines, widths, BODY, set())  # the number is not taken for a folio here
    [heading] = [h for h in sections.headings if h.kind == "acknowledgments"]
    assert heading.page == 2 and heading.bbox.x0 == LEFT and not heading.top_of_page
    body = find_main_body(lines, widths, sections, set(), ("acknowledgments", "references"))
    assert body.excluded_start == heading and body.end is not None and body.end.page == 2
    assert 0.5 < body.end.fraction < 1.0


def _with_space_below(space_above: float, space_below: float) -> Paper:
    """A body-font, unbolded "Acknowledgments" line (ICLR's `\\subsubsection*` when a font
    package replaces its Times) with `space_above` and `space_below` body sizes of white space
    around it."""
    paper = _paper().heading("1 Introduction").text(40)
    gap = max(LEADING, 1.2 * BODY) - PROSE_BOX * BODY  # white space between two prose lines
    paper.line("Acknowledgments", space_before=space_above * BODY - gap, numbered=False)
    paper.y += space_below * BODY - gap
    return paper.text(3).heading("References").text(5)


PROSE_BOX = 0.97
"""A synthetic line's box is this many body sizes tall."""


def _spaces_around(doc: AnalysedPaper, text: str) -> tuple[float, float]:
    for page in range(1, doc.page_count + 1):
        lines = doc.text.text_lines(page)
        for index, line in enumerate(lines):
            if line.text == text:
                return ((line.bbox.y0 - lines[index - 1].bbox.y1) / BODY,
                        (lines[index + 1].bbox.y0 - line.bbox.y1) / BODY)
    raise AssertionError(text)


def test_a_plain_back_matter_title_set_apart_by_space_above_and_below_is_a_heading() -> None:
    """1.44 body sizes above and 0.97 below, as q11's unnumbered acknowledgments: a heading, and
    the main body ends before it; with prose spacing below (0.23), or too little above, it is not."""
    for above, below, found in ((1.44, 0.97, True), (1.44, 0.23, False), (1.0, 0.97, False), (1.5, 0.23, True)):
        doc = _with_space_below(above, below).build()
        measured = _spaces_around(doc, "Acknowledgments")
        assert abs(measured[0] - above) < 0.02 and abs(measured[1] - below) < 0.02, measured
        kinds = [heading.kind for heading in doc.sections.headings]
        assert ("acknowledgments" in kinds) == found, (above, below, kinds)
        if found:
            assert doc.main_body(EXCLUDED).excluded_start.kind == "acknowledgments"
