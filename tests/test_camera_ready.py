"""AX501 author-list and AX502 title-match: synthetic papers for each way a camera-ready can
differ from the submission system, and the fixtures built with pdfLaTeX (accents kept as
glyphs of their own, a hyphenated surname, initials, two rows of authors)."""

from __future__ import annotations

import dataclasses

import pytest
from docmaker import CAMERA_READY_NOTICE, Paper, make_line

from axiomcheck.api import check_path
from axiomcheck.model import DEFAULT_MAIN_BODY_EXCLUDES, Severity, Submission
from axiomcheck.packs import resolve
from axiomcheck.rules import CheckContext, Rule, Violation
from axiomcheck.rules.camera_ready import author_list, title_key, title_match
from conftest import FIXTURES

TITLE = "Sparse Features Under a Budget"
AUTHORS = ("Jane Doe", "John Roe", "Ana García-Ruiz")
VARIANTS = FIXTURES / "camera-ready-author-variants.pdf"
VARIANT_AUTHORS = ("Zoë Müller-Lüdenscheidt", "Jean-Pierre Dupont", "Ana María García Ruiz", "Björn Åström")


def paper(*rows: tuple[str, ...], info: dict[str, str] | None = None, title: str = TITLE) -> Paper:
    """A camera-ready whose author block has `rows` of names set side by side, each name over
    its affiliation."""
    start = Paper(line_numbers=False).title(title)
    start.y += 20
    for row in rows:
        width = (504.0 - 108.0) / len(row)
        for index, name in enumerate(row):
            start.pages[0].extend(make_line(name, 120.0 + index * width, start.y))
            start.pages[0].extend(make_line("Graz University of Technology", 120.0 + index * width, start.y + 11))
        start.y += 30
    result = start.abstract(4).notice(CAMERA_READY_NOTICE).heading("1 Introduction").text(20)
    result = result.heading("References").text(4)
    return result.with_metadata(info) if info is not None else result


def findings(rule: Rule, doc_paper: Paper, authors: tuple[str, ...] = (), title: str | None = None,
             **options: object) -> list[Violation]:
    context = CheckContext(venue="axiom-2026", track="paper", stage="camera-ready",
                           main_body_excludes=DEFAULT_MAIN_BODY_EXCLUDES,
                           submission=Submission(authors=authors, title=title))
    return list(rule.check(doc_paper.build(), dataclasses.replace(rule.default_options(), **options), context))


def test_the_listed_authors_in_order_pass() -> None:
    assert findings(author_list, paper(AUTHORS), AUTHORS) == []
    assert findings(author_list, paper(AUTHORS[:2], AUTHORS[2:]), AUTHORS) == []


@pytest.mark.parametrize("printed", [
    ("JANE DOE", "John Roe", "Ana Garcia Ruiz"),      # case, accents, hyphen as a space
    ("J. Doe", "John Roe", "A. García-Ruiz"),          # initials
    ("Jane Q. Doe∗", "John Roe†", "Ana Garcia-Ruiz1,2"),  # a middle initial, footnote marks
])
def test_names_match_whatever_their_case_accents_hyphens_and_initials(printed: tuple[str, ...]) -> None:
    assert findings(author_list, paper(printed), AUTHORS) == []


def test_initials_can_be_refused() -> None:
    missing, extra = findings(author_list, paper(("J. Doe", "John Roe", "Ana García-Ruiz")), AUTHORS, initials=False)
    assert "'Jane Doe'" in missing.message and missing.severity is None
    assert "'J. Doe'" in extra.message and extra.severity is Severity.WARNING


def test_a_missing_author_is_an_error_with_the_block_box() -> None:
    [missing] = findings(author_list, paper(AUTHORS[:2]), AUTHORS)
    assert missing.message == "The listed author 'Ana García-Ruiz' is not printed in the author block."
    assert missing.severity is None and missing.page == 1 and missing.bbox is not None
    assert missing.bbox.y0 < 120 < missing.bbox.y1


def test_another_spelling_is_another_person() -> None:
    kinds = findings(author_list, paper(("Jane Doe", "Jon Roe", "Ana García-Ruiz")), AUTHORS)
    assert [(v.severity, v.message.split("'")[1]) for v in kinds] == [(None, "John Roe"), (Severity.WARNING, "Jon Roe")]


def test_a_different_order_is_an_error() -> None:
    [order] = findings(author_list, paper(("John Roe", "Jane Doe", "Ana García-Ruiz")), AUTHORS)
    assert "printed John Roe, Jane Doe, Ana García-Ruiz; listed Jane Doe, John Roe, Ana García-Ruiz" in order.message


def test_an_unlisted_author_is_a_warning_on_its_row() -> None:
    [extra] = findings(author_list, paper(AUTHORS, ("Max von Power",)), AUTHORS)
    assert extra.severity is Severity.WARNING and "'Max von Power'" in extra.message
    [extra] = findings(author_list, paper(("Jane Doe", "Max Power", "John Roe", "Ana García-Ruiz")), AUTHORS)
    assert "'Max Power'" in extra.message and extra.bbox is not None and extra.bbox.y0 < 135


def test_affiliations_are_not_taken_for_authors() -> None:
    assert findings(author_list, paper(AUTHORS, ("Google DeepMind", "Stanford University")), AUTHORS) == []


def test_nothing_is_checked_without_a_list_or_in_an_anonymous_block() -> None:
    assert findings(author_list, paper(AUTHORS)) == []
    anonymous = Paper(line_numbers=False).title(TITLE).anonymous_authors().abstract(4).heading("1 Introduction").text(5)
    assert findings(author_list, anonymous, AUTHORS) == []


def test_no_listed_name_found_is_an_error_that_quotes_the_block() -> None:
    [error] = findings(author_list, paper(("Someone Else", "Graz University of Technology")), AUTHORS)
    assert error.severity is None  # the rule's error: the list is given and does not match
    assert error.message.startswith("None of the 3 listed authors is printed in the author block, which shows "
                                    "'Someone Else; Graz University of Technology")
    [one] = findings(author_list, paper(("Someone Else",)), AUTHORS[:1])
    assert one.message == f"The listed author '{AUTHORS[0]}' is not printed in the author block, which shows " \
        "'Someone Else; Graz University of Technology'."


def test_two_authors_cannot_share_one_printed_name() -> None:
    [missing] = findings(author_list, paper(("J. Smith",)), ("Jane Smith", "John Smith"))
    assert "'John Smith'" in missing.message


def test_title_differing_from_the_submission_is_a_warning() -> None:
    [changed] = findings(title_match, paper(AUTHORS), title="Dense Features Under a Budget")
    assert "printed 'Sparse Features Under a Budget', submitted 'Dense Features Under a Budget'" in changed.message
    assert changed.page == 1 and changed.bbox is not None and changed.bbox.y1 < 110


def test_title_tolerates_case_punctuation_and_line_breaks() -> None:
    assert title_key("Sparse Features: Under a Bud-\nget") == title_key("sparse features under a budget")
    assert findings(title_match, paper(AUTHORS), title="SPARSE FEATURES — UNDER A BUDGET") == []


def test_metadata_title_leftover_from_the_template() -> None:
    info = {"Title": "Formatting Instructions For NeurIPS 2026"}
    [leftover] = findings(title_match, paper(AUTHORS, info=info), title=TITLE)
    assert "leftover template title" in leftover.message


def test_metadata_title_differing_from_the_printed_one() -> None:
    [stale] = findings(title_match, paper(AUTHORS, info={"Title": "Sparse Features"}))
    assert "metadata 'Sparse Features', printed 'Sparse Features Under a Budget'" in stale.message
    assert findings(title_match, paper(AUTHORS, info={"Title": TITLE.upper()})) == []
    assert findings(title_match, paper(AUTHORS, info={"Title": ""})) == []


def _check(path: str, authors: tuple[str, ...], title: str | None = None) -> list[tuple[str, str, str]]:
    pack = resolve("axiom-2026", "paper", "camera-ready")
    result = check_path(str(path), pack, Submission(authors=authors, title=title))
    return [(f.name, f.severity, f.message) for f in result.findings if f.name in ("author-list", "title-match")]


def test_fixture_authors_with_accents_hyphens_initials_and_two_rows() -> None:
    title = "Pruning with Curvature - Second-order Saliency at Scale"
    assert _check(VARIANTS, VARIANT_AUTHORS, title) == [
        ("title-match", "warning", "The PDF's metadata title is a leftover template title: "
                                   "'Formatting Instructions For NeurIPS 2026'.")]
    assert _check(VARIANTS, ("Zoe Mueller-Luedenscheidt", "J. Dupont", "Ana Garcia-Ruiz", "Bjorn Astrom"))[:-1] == []


def test_fixture_reordered_missing_and_extra_authors() -> None:
    reordered = VARIANT_AUTHORS[1::-1] + VARIANT_AUTHORS[2:]
    [(_, severity, message), _] = _check(VARIANTS, reordered)
    assert severity == "error" and "printed Zoë Müller-Lüdenscheidt, Jean-Pierre Dupont" in message
    found = _check(VARIANTS, VARIANT_AUTHORS[:3] + ("Max Power",))
    assert [(name, severity) for name, severity, _ in found] == [
        ("author-list", "error"), ("author-list", "warning"), ("title-match", "warning")]
    assert "'Max Power'" in found[0][2] and "'Bjorn Astrom'" in found[1][2]


def test_fixture_camera_ready_ok_against_its_list() -> None:
    title = "Predicting the Cost of Compression from the Curvature Spectrum"
    path = FIXTURES / "camera-ready-ok.pdf"
    assert _check(path, ("Jane Doe", "John Roe"), title) == []
    [(_, severity, message)] = _check(path, ("John Roe", "Jane Doe"), title)
    assert severity == "error" and "another order" in message


def stacked(*names: str) -> Paper:
    """ICML-like: each author on a bold line of their own, over a plain affiliation line."""
    start = Paper(line_numbers=False).title(TITLE)
    start.y += 20
    for name in names:
        start.pages[0].extend(make_line(name, 150.0, start.y, bold=True))
        start.pages[0].extend(make_line("Inria Paris", 150.0, start.y + 11))
        start.y += 22
    return start.abstract(4).notice(CAMERA_READY_NOTICE).heading("1 Introduction").text(20)


def test_bold_name_lines_of_their_own_are_read_as_names() -> None:
    assert findings(author_list, stacked(*AUTHORS), AUTHORS) == []
    [extra] = findings(author_list, stacked("Jane Doe", "Max Power", "John Roe", "Ana García-Ruiz"), AUTHORS)
    assert "'Max Power'" in extra.message and extra.bbox is not None and extra.bbox.y0 < extra.bbox.y1 < 160
