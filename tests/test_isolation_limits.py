"""Limits and their units, the prechecks that need no parser, and how failures are classified."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from axiomcheck.limits import (GIB, KB, MB, MIB, Limits, format_duration, format_size,
                                         parse_duration, parse_size)
from axiomcheck.pdf.prechecks import precheck
from axiomcheck.verdicts import classify
from pdfbuild import text_pdf


@pytest.mark.parametrize("text, expected", [
    ("4096", 4096), ("100MB", 100 * MB), ("100 mb", 100 * MB), ("2GiB", 2 * GIB), ("2gib", 2 * GIB),
    ("512M", 512 * MIB), ("1.5GB", 1_500_000_000), ("64KiB", 64 * 1024), ("10kb", 10 * KB), ("7b", 7),
])
def test_parse_size_accepts_decimal_and_binary_units(text: str, expected: int) -> None:
    assert parse_size(text) == expected


@pytest.mark.parametrize("text", ["", "MB", "-5MB", "2 GiBs", "1e9", "two gigs", "2GiB extra"])
def test_parse_size_rejects_what_it_cannot_read(text: str) -> None:
    with pytest.raises(ValueError):
        parse_size(text)


@pytest.mark.parametrize("text, expected", [
    ("60", 60.0), ("90s", 90.0), ("2m", 120.0), ("1.5 min", 90.0), ("500ms", 0.5), ("1h", 3600.0),
])
def test_parse_duration(text: str, expected: float) -> None:
    assert parse_duration(text) == pytest.approx(expected)


@pytest.mark.parametrize("text", ["", "soon", "5 days", "-3s"])
def test_parse_duration_rejects_what_it_cannot_read(text: str) -> None:
    with pytest.raises(ValueError):
        parse_duration(text)


@given(st.integers(min_value=0, max_value=1 << 50))
def test_formatted_exact_sizes_parse_back(count: int) -> None:
    shown = format_size(count)
    if "." not in shown:
        assert parse_size(shown.replace(" bytes", "")) == count


def test_defaults_are_the_documented_ones() -> None:
    limits = Limits()
    assert (limits.timeout, limits.max_memory, limits.max_size, limits.max_file_pages) == (60.0, 2 * GIB, 100 * MB, 300)
    assert (format_duration(limits.timeout), format_size(limits.max_memory), format_size(limits.max_size)) == \
        ("60 s", "2 GiB", "100 MB")


@pytest.mark.parametrize("field, value", [("timeout", 0), ("max_memory", 64 * MIB), ("max_size", 0),
                                          ("max_file_pages", 0)])
def test_limits_refuse_values_nothing_could_pass(field: str, value: float) -> None:
    with pytest.raises(ValueError):
        Limits(**{field: value})


def _file(tmp_path: Path, data: bytes, name: str = "upload.pdf") -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize("data, words", [
    (b"", "empty"),
    (b"PK\x03\x04" + bytes(100), "ZIP archive"),
    (b"\n<!DOCTYPE html><html><body>Download</body></html>", "web page"),
    (b"\x89PNG\r\n\x1a\n" + bytes(50), "PNG image"),
    (b"\\documentclass{article}", "LaTeX source"),
    (b"hello world", "does not start with '%PDF-'"),
])
def test_non_pdf_bytes_are_named_before_any_parser(tmp_path: Path, data: bytes, words: str) -> None:
    rejection = precheck(_file(tmp_path, data), Limits())
    assert rejection is not None
    assert rejection.verdict == "unreadable"
    assert rejection.message.startswith("Not a PDF") and words in rejection.message


def test_header_found_within_the_first_kib(tmp_path: Path) -> None:
    assert precheck(_file(tmp_path, b" " * 900 + text_pdf()), Limits()) is None
    assert precheck(_file(tmp_path, b" " * 1100 + text_pdf()), Limits()) is not None


def test_too_large_is_refused_by_size_alone(tmp_path: Path) -> None:
    rejection = precheck(_file(tmp_path, text_pdf()), Limits(max_size=500))
    assert rejection is not None and rejection.verdict == "too-complex"
    assert "Too large" in rejection.message and "500 bytes" in rejection.message


def test_missing_and_irregular_files_cannot_be_read(tmp_path: Path) -> None:
    missing = precheck(str(tmp_path / "absent.pdf"), Limits())
    assert missing is not None and missing.message.startswith("Cannot read the file")
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    irregular = precheck(str(fifo), Limits())  # would block forever if it were opened
    assert irregular is not None and "not a regular file" in irregular.message


def _raised(function) -> Exception:
    try:
        function()
    except Exception as error:  # the test wants the exception object with its traceback
        return error
    raise AssertionError("no exception")


def test_library_exceptions_are_damage_not_bugs(tmp_path: Path) -> None:
    import pikepdf

    broken = _file(tmp_path, b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n")
    failure = classify(_raised(lambda: pikepdf.open(broken)))
    assert failure.verdict == "unreadable" and not failure.internal
    assert failure.cause.startswith("Damaged PDF: pikepdf cannot read it")


def test_memory_and_recursion_are_complexity_and_our_exceptions_are_bugs() -> None:
    def recurse(depth: int) -> int:
        return recurse(depth + 1)

    assert classify(MemoryError()).verdict == "too-complex"
    nested = classify(_raised(lambda: recurse(0)))
    assert nested.verdict == "too-complex" and "nested too deeply" in nested.cause
    bug = classify(_raised(lambda: {}["missing"]), "rule-crashed")
    assert bug.verdict == "rule-crashed" and bug.internal
    assert bug.location is not None and "test_isolation_limits.py" in bug.location


def test_password_errors_of_a_library_say_password(tmp_path: Path) -> None:
    import pikepdf

    locked = tmp_path / "locked.pdf"
    with pikepdf.open(_file(tmp_path, text_pdf())) as plain:
        plain.save(locked, encryption=pikepdf.Encryption(user="secret", owner="owner"))
    failure = classify(_raised(lambda: pikepdf.open(locked)))
    assert failure.verdict == "password-protected" and not failure.internal


def test_qpdf_stream_cap_applies_when_a_reader_opens(monkeypatch) -> None:
    settings = pytest.importorskip("pikepdf.settings")
    if not hasattr(settings, "set_qpdf_limits"):
        pytest.skip("pikepdf before 10.18 (Python 3.10) has no qpdf limits: tests/test_stream_data.py holds the cap")
    get_qpdf_limits, set_qpdf_limits = settings.get_qpdf_limits, settings.set_qpdf_limits

    from axiomcheck.pdf import objects, stream_data
    from conftest import FIXTURES

    monkeypatch.setattr(stream_data, "_applied_cap", None)
    before = get_qpdf_limits()
    try:
        stream_data.cap_decoded_streams(5_000_000)
        assert get_qpdf_limits()["flate_max_memory"] != 5_000_000
        objects.open_reader(str(FIXTURES / "refs-midpage.pdf")).close()
        limits = get_qpdf_limits()
        assert limits["flate_max_memory"] == limits["png_max_memory"] == 5_000_000
    finally:
        set_qpdf_limits(**{key: value for key, value in before.items() if key != "dct_throw_on_corrupt_data"})
        monkeypatch.setattr(stream_data, "_stream_cap", stream_data.DEFAULT_STREAM_CAP)
