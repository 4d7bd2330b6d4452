"""Nothing is skipped silently while reading PDF objects: a PDF library's complaint about a
damaged object skips that object and the report counts it (AX906 partly-read, info); a bug in
axiomcheck's own walking or parsing code (its XMP or EXIF reader, a wrong call on an object)
becomes a verdict (AX990, internal) instead of a finding that silently goes missing."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from axiomcheck.api import check_file
from axiomcheck.pdf import object_walk, objects, xmp
from axiomcheck.pdf.object_walk import FigureFacts, ParserBug, Skipped
from axiomcheck.verdicts import is_verdict, partly_read_finding
from test_anonymity_metadata import _figure_pdf


def _run(path: Path) -> tuple[list[str], bool]:
    result = check_file(str(path), "axiom-2026", "paper", "submission").files[0]
    return [f.rule for f in result.findings], result.internal_error


def test_our_own_parser_bug_is_a_verdict_not_a_missing_finding(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    pdf = tmp_path / "figure.pdf"
    _figure_pdf(pdf)
    rules, internal = _run(pdf)
    assert "AX990" not in rules and "AX906" not in rules and not internal

    def broken(data: str) -> dict[str, list[str]]:
        raise ValueError("a bug in the XMP reader")

    monkeypatch.setattr(xmp, "parse_xmp", broken)
    rules, internal = _run(pdf)
    assert "AX990" in rules and internal


def test_a_type_error_in_our_walking_code_is_our_bug_not_a_damaged_object(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    pdf = tmp_path / "figure.pdf"
    _figure_pdf(pdf)

    def broken(self: FigureFacts, xobject: object, page: int) -> None:
        len(None)  # type: ignore[arg-type]  # a TypeError raised by our own code

    monkeypatch.setattr(FigureFacts, "_read", broken)
    result = check_file(str(pdf), "axiom-2026", "paper", "submission").files[0]
    crashed = [f for f in result.findings if f.rule == "AX990"]
    assert result.internal_error and crashed, result.findings
    assert "AX305 embedded-path" in crashed[0].message and "TypeError" in crashed[0].message
    assert not any(f.rule == "AX906" for f in result.findings)


def test_a_damaged_object_is_skipped_and_counted() -> None:
    pdf = pikepdf.new()
    packet = pikepdf.Stream(pdf, b"not zlib data, though the filter says so")
    packet.Filter = pikepdf.Name.FlateDecode
    form = pikepdf.Stream(pdf, b"")
    form.Subtype, form.Metadata = pikepdf.Name.Form, pdf.make_indirect(packet)
    form = pdf.make_indirect(form)
    skipped = Skipped()
    facts = FigureFacts(skipped)
    facts.collect(pikepdf.Dictionary(XObject=pikepdf.Dictionary(Fm0=form)), 1, 0)
    assert facts.paths == [] and facts.authors == []
    (note,) = skipped.summary()
    assert note.startswith(f"1 damaged figure or image object (object {form.objgen[0]}): DataDecodingError: ")


def test_a_missing_object_is_nothing_to_count() -> None:
    skipped = Skipped()  # qpdf reads a reference to an object a damaged file lacks as null
    FigureFacts(skipped).collect(pikepdf.Dictionary(XObject=pikepdf.Dictionary()), 1, 0)
    FigureFacts(skipped).collect(None, 1, 0)
    assert skipped.summary() == ()


def test_an_object_of_the_wrong_type_is_damage_not_our_bug() -> None:
    skipped = Skipped()
    FigureFacts(skipped).collect(pikepdf.Array([1]), 1, 0)
    assert skipped.summary() == ("1 damaged resource dictionary: an array where a dictionary belongs",)


def test_our_exif_parser_bug_is_raised_through_the_damage_handlers(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(data: bytes) -> list[tuple[str, str]]:
        raise IndexError("a bug in the EXIF reader")

    monkeypatch.setattr(xmp, "jpeg_authors", broken)
    pdf = pikepdf.new()
    image = pikepdf.Stream(pdf, b"\xff\xd8\xff\xe1")
    image.Subtype, image.Filter = pikepdf.Name.Image, pikepdf.Name.DCTDecode
    resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=pdf.make_indirect(image)))
    with pytest.raises(ParserBug, match="a bug in the EXIF reader"):
        FigureFacts(Skipped()).collect(resources, 1, 0)


def test_partly_read_is_one_info_finding_that_keeps_the_status() -> None:
    finding = partly_read_finding(["2 damaged fonts (objects 7, 9): PdfError: x",
                                   f"{objects.XMP_UNREADABLE} (DataDecodingError: y)"])
    assert finding is not None and finding.rule == "AX906" and finding.severity == "info"
    assert finding.message.startswith("The XMP metadata cannot be read: the metadata check could not look at it")
    assert "2 damaged fonts (objects 7, 9)" in finding.message
    assert not is_verdict(finding)
    assert partly_read_finding([]) is None


def test_is_damage_tells_library_errors_from_ours() -> None:
    pdf = pikepdf.new()
    broken = pikepdf.Stream(pdf, b"not zlib data")
    broken.Filter = pikepdf.Name.FlateDecode
    with pytest.raises(pikepdf.PdfError) as raised:
        broken.read_bytes()
    assert object_walk.is_damage(raised.value)
    assert not object_walk.is_damage(TypeError("ours"))
    assert not object_walk.is_damage(ParserBug("ours"))


def test_a_name_of_bytes_in_no_encoding_is_read_not_our_bug() -> None:
    """A damaged name (bytes that are not UTF-8) reads as GBK or Latin-1, as a key or a value;
    pikepdf itself refuses to turn it into text."""
    name = pikepdf.Object.parse(b"/caf#e9")
    with pytest.raises(UnicodeDecodeError):
        str(name)
    assert object_walk.text(name) == "/café"
    table = pikepdf.Object.parse(b"<< /Nam#e9 (Jane Doe) >>")
    assert [object_walk.key_text(key) for key in table] == ["/Namé"]


def test_an_object_qpdf_reads_as_null_is_counted_as_skipped(tmp_path: Path) -> None:
    """qpdf reads an object it cannot parse (a reference to an object number past 32 bits) as
    null and repairs what pointed at it (an empty resource dictionary): the fonts read from
    the repaired file miss nothing visibly, so the reading says what was lost."""
    from pdfbuild import pdf_file, stream

    objects_ = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources 5 0 R /Contents 4 0 R >>",
                stream(b"BT /F1 11 Tf 72 700 Td (Sparse models.) Tj ET"),
                b"<< /Font << /F1 6 0 R /F2 2147483648 0 R >> >>",
                b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    path = tmp_path / "nulled.pdf"
    path.write_bytes(pdf_file(objects_))
    with objects.open_reader(str(path)) as reader:
        facts = objects.read_fonts(reader)
    assert any("qpdf read as null or replaced" in note for note in facts.unread), facts
