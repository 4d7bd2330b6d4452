"""A bug in axiomcheck's own reading of PDF objects (its XMP or EXIF parsing) becomes a verdict
(AX990, internal) instead of a finding that silently goes missing; a PDF library's complaint
about a damaged object still only skips that object."""

from __future__ import annotations

from pathlib import Path

import pytest

from axiomcheck.api import check_file
from axiomcheck.pdf import objects
from test_anonymity_metadata import _figure_pdf


def _run(path: Path) -> tuple[list[str], bool]:
    result = check_file(str(path), "axiom-2026", "paper", "submission").files[0]
    return [f.rule for f in result.findings], result.internal_error


def test_our_own_parser_bug_is_a_verdict_not_a_missing_finding(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    pdf = tmp_path / "figure.pdf"
    _figure_pdf(pdf)
    rules, internal = _run(pdf)
    assert "AX990" not in rules and not internal

    def broken(data: str) -> dict[str, list[str]]:
        raise ValueError("a bug in the XMP reader")

    monkeypatch.setattr(objects, "parse_xmp", broken)
    rules, internal = _run(pdf)
    assert "AX990" in rules and internal


def test_a_damaged_object_only_skips_it() -> None:
    class Damaged:
        def get_object(self) -> None:
            from pypdf.errors import PdfReadError

            raise PdfReadError("damaged object")

    class Missing:  # pypdf returns None for an object a damaged file lacks
        def get_object(self) -> None:
            return None

    for resources in (Damaged(), Missing()):
        facts = objects._FigureFacts()
        facts.collect(resources, 1, 0)
        assert facts.paths == [] and facts.authors == []


def test_our_exif_parser_bug_is_raised_through_the_damage_handlers(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(data: bytes) -> list[tuple[str, str]]:
        raise IndexError("a bug in the EXIF reader")

    monkeypatch.setattr(objects, "jpeg_authors", broken)

    class Jpeg(dict):
        def get_object(self) -> "Jpeg":
            return self

        def get_data(self) -> bytes:
            return b"\xff\xd8\xff\xe1"

    image = Jpeg({"/Subtype": "/Image", "/Filter": "/DCTDecode"})
    with pytest.raises(objects.ParserBug, match="a bug in the EXIF reader"):
        objects._FigureFacts().collect(Jpeg({"/XObject": Jpeg({"/Im0": image})}), 1, 0)
