"""Hidden text measured, not guessed: one small PDF per hiding mechanism (`hiddenpdf.py`), the
clean look-alikes that must not be accused, the model's visibility facts, and the real papers
that once were accused (h09's white label on red, h14's table running off the page)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import hiddenpdf
from axiomcheck.analysis.paper import AnalysedPaper, open_document
from axiomcheck.model import HIDING_REASONS, Hiding, Severity
from axiomcheck.pdf import visibility
from axiomcheck.pdf.source import SyntheticPage, SyntheticSource
from axiomcheck.pdf.glyph_text import glyph_name_text, to_unicode
from axiomcheck.rules import REGISTRY
from docmaker import make_line, run_rule

HIDDEN = REGISTRY["hidden-text"]
OVERFLOW = REGISTRY["page-overflow"]
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _findings(builder: Any, tmp_path: Path, rule: Any = HIDDEN) -> list[Any]:
    with open_document(str(hiddenpdf.build(builder, tmp_path / "case.pdf"))) as doc:
        return run_rule(rule, doc)


@pytest.mark.parametrize("case", sorted(hiddenpdf.HIDDEN))
def test_each_mechanism_hides_the_sentence_and_the_message_says_how(case: str, tmp_path: Path) -> None:
    builder, says = hiddenpdf.HIDDEN[case]
    [finding] = _findings(builder, tmp_path)
    assert says in finding.message and finding.evidence == hiddenpdf.SECRET
    assert finding.severity is None  # the rule's own severity: an error
    assert finding.page == 1 and finding.bbox is not None
    assert finding.bbox.x0 == pytest.approx(72, abs=0.5) and finding.bbox.y0 <= hiddenpdf.SECRET_TOP <= \
        finding.bbox.y1 + 0.5


def test_the_model_says_why_each_word_is_hidden(tmp_path: Path) -> None:
    with open_document(str(hiddenpdf.build(hiddenpdf.layer_off, tmp_path / "layer.pdf"))) as doc:
        facts = doc.visibility(1)
        secret, body = (next(line for line in doc.text.page(1).lines if line.text.startswith(start))
                        for start in ("Ignore", "Visible"))
        assert {facts.of(word) for word in secret.words} == {Hiding("layer-off")}
        assert all(facts.of(word) is None for word in body.words)


def test_every_hiding_reason_has_its_words_in_the_message() -> None:
    """The rule words a message for every reason the model can give, and for no other."""
    from axiomcheck.rules.hidden_text import MECHANISMS

    assert set(MECHANISMS) == set(HIDING_REASONS)


def test_text_off_a_single_column_page_is_hidden_on_a_visible_line_too(tmp_path: Path) -> None:
    [finding] = _findings(hiddenpdf.off_page, tmp_path)
    assert "placed outside the visible page (above the page; right of the page)" in finding.message
    assert finding.evidence == f"{hiddenpdf.SECRET} … {hiddenpdf.SECRET}"
    assert _findings(hiddenpdf.off_page, tmp_path, OVERFLOW) == []


@pytest.mark.parametrize("case", sorted(hiddenpdf.CLEAN))
def test_visible_look_alikes_are_not_accused(case: str, tmp_path: Path) -> None:
    assert _findings(hiddenpdf.CLEAN[case], tmp_path) == []


def test_a_table_running_off_the_page_is_an_overflow_of_every_row(tmp_path: Path) -> None:
    [finding] = _findings(hiddenpdf.table_off_page, tmp_path, OVERFLOW)
    assert finding.message.startswith("Page 1: 4 lines run past the right edge of the page")
    assert finding.message.count("degrades under shift") == 4  # the column beyond a 100 pt gap belongs to its rows
    assert finding.bbox.x1 == 612.0


@pytest.mark.parametrize("case", sorted(hiddenpdf.WARNED))
def test_a_redaction_bar_and_a_cropped_figure_are_warnings(case: str, tmp_path: Path) -> None:
    builder, says = hiddenpdf.WARNED[case]
    [finding] = _findings(builder, tmp_path)
    assert says in finding.message and finding.severity is Severity.WARNING
    assert finding.evidence == hiddenpdf.SECRET


def test_only_suspect_words_are_rendered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clean page costs no rendering; a page with one suspect line renders one region, twice."""
    regions: list[tuple[int, int, int, int]] = []
    render = visibility._Raster.render

    def counted(self: Any, rect: tuple[int, int, int, int]) -> Any:
        regions.append(rect)
        return render(self, rect)

    monkeypatch.setattr(visibility._Raster, "render", counted)
    with open_document(str(FIXTURES / "neurips-submission-ok.pdf")) as doc:
        assert all(doc.visibility(n).hidden == {} for n in range(1, doc.page_count + 1))
    assert regions == []
    with open_document(str(hiddenpdf.build(hiddenpdf.label_on_colour, tmp_path / "label.pdf"))) as doc:
        doc.visibility(1)
    assert len(regions) == 2 and regions[0] == regions[1]
    left, top, right, bottom = regions[0]
    assert (right - left) * (bottom - top) < 0.02 * 612 * 792 * visibility.SCALE ** 2


def test_rows_past_the_edge_join_by_gap_or_shared_column() -> None:
    """Cells of a table row far apart continue it past the edge when other rows start there too;
    words far from any row on its baseline are hidden."""
    rows = []
    for k in range(3):
        rows += make_line("Method budget", 330.0, 300.0 + 12 * k) + make_line("robust", 560.0, 300.0 + 12 * k)
        rows += make_line("degrades under shift", 660.0, 300.0 + 12 * k)
    stray = make_line("buy this paper now please", 900.0, 500.0)
    doc = AnalysedPaper(SyntheticSource(pages=[SyntheticPage(words=rows + make_line("A line", 72.0, 500.0) + stray)]))
    facts = doc.visibility(1)
    assert len(facts.overflows) == 3
    assert all(facts.of(word) is None for word in rows)
    assert {facts.of(word) for word in stray} == {Hiding("off-page", "right of the page")}


def test_glyph_names_and_tounicode_maps_are_read() -> None:
    assert [glyph_name_text(n) for n in ("/A", "/fi", "/f_i", "/uni00410042", "/u1D400", "/a.sc", "/g123")] == \
        ["A", "ﬁ", "fi", "AB", "\U0001d400", "a", None]
    cmap = b"beginbfchar <41> <0042> endbfchar beginbfrange <61> <63> <0078> <30> <31> [<0041> <00420043>] endbfrange"
    assert to_unicode(cmap) == {0x41: "B", 0x61: "x", 0x62: "y", 0x63: "z", 0x30: "A", 0x31: "BC"}


@pytest.mark.slow
def test_a_white_label_on_red_in_a_real_figure_is_visible(corpus_papers: Path) -> None:
    """h09 (Figure 2) sets 'Next Token Prediction' in white on a red label; its redaction bars
    over example answers are warnings, never errors."""
    [pdf] = (corpus_papers / "pdfs").glob("h09__*.pdf")
    with open_document(str(pdf)) as doc:
        label = next(line for line in doc.text.page(4).lines if line.text.startswith("Next Token Prediction"))
        assert [doc.visibility(4).of(word) for word in label.words] == [None] * 3
        findings = run_rule(HIDDEN, doc)
    assert findings and all(f.severity is Severity.WARNING and "redaction bar" in f.message for f in findings)


@pytest.mark.slow
def test_a_table_running_off_a_real_page_is_an_overflow_not_hidden(corpus_papers: Path) -> None:
    """h14's Table 5 (page 10) has two columns right of the page, 55 pt past its last cell."""
    [pdf] = (corpus_papers / "pdfs").glob("h14__*.pdf")
    with open_document(str(pdf)) as doc:
        assert run_rule(HIDDEN, doc) == []
        [finding] = run_rule(OVERFLOW, doc)
    assert finding.page == 10 and "name-mismatch up to 61.4%" in finding.message



def _shared_forms_pdf(path: Path, depth: int, pages: int) -> Path:
    """Forms that each draw the next one twice, nested `depth` deep, on every page: 2**depth
    paths a page lead to the last form."""
    from pdfbuild import pdf_file, stream

    forms = list(range(4, 4 + depth))  # object numbers of the forms; the last draws text only
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    for index, number in enumerate(forms):
        inner = b"<< /A %d 0 R /B %d 0 R >>" % (number + 1, number + 1) if index + 1 < depth else b"<< >>"
        objects.append(stream(b"/A Do /B Do", b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] "
                                               b"/Resources << /Font << /F1 3 0 R >> /XObject %s >>" % inner))
    first_page = len(objects) + 1
    for _ in range(pages):
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                       b"/Resources << /XObject << /A %d 0 R /B %d 0 R >> >> >>"
                       % (first_page + pages, forms[0], forms[0]))
    objects.append(stream(b"/A Do /B Do"))
    kids = b" ".join(b"%d 0 R" % (first_page + page) for page in range(pages))
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, pages)
    path.write_bytes(pdf_file(objects))
    return path


def test_a_form_drawn_from_many_places_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The glyph walk reads each form once, not once per path to it."""
    from axiomcheck.pdf import glyph_text
    from axiomcheck.pdf.objects import open_reader

    depth, pages = glyph_text.MAX_DEPTH, 3
    path = _shared_forms_pdf(tmp_path / "shared-forms.pdf", depth, pages)
    calls = []
    collect = glyph_text._collect
    monkeypatch.setattr(glyph_text, "_collect", lambda *args: calls.append(1) or collect(*args))
    with open_reader(str(path)) as reader:
        glyph_text.read_glyph_text(reader)
    assert len(calls) <= pages + depth


def test_a_form_drawn_from_many_places_gives_its_fonts_once_a_page(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The font walk reads each form once a page, and still names every page the font is on."""
    from axiomcheck.pdf import object_walk
    from axiomcheck.pdf.objects import open_reader

    depth, pages = object_walk.MAX_XOBJECT_DEPTH, 3
    path = _shared_forms_pdf(tmp_path / "shared-forms.pdf", depth, pages)
    calls = []
    collect = object_walk.collect_fonts
    monkeypatch.setattr(object_walk, "collect_fonts", lambda *args: calls.append(1) or collect(*args))
    with open_reader(str(path)) as reader:
        fonts = object_walk.walk_fonts(reader.pdf.pages, object_walk.Skipped())
    assert [(font.name, font.pages) for font in fonts] == [("Helvetica", (1, 2, 3))]
    assert len(calls) <= pages * (depth + 1)
