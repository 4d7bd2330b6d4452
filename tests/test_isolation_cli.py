"""The command line's limits, verdicts, exit codes (0/1/3) and batch manifests."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from axiomcheck.cli import main
from axiomcheck.rules import REGISTRY
from conftest import FIXTURES
from pdfbuild import blank_pdf, no_pages_pdf, text_pdf

OK = str(FIXTURES / "refs-midpage.pdf")


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def check_json(*args: str) -> tuple[int, dict]:
    result = run("check", *args, "--venue", "axiom-2026", "--format", "json")
    return result.exit_code, json.loads(result.output)


def _write(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def test_each_verdict_class_has_its_finding_and_status_error(tmp_path: Path) -> None:
    import pikepdf

    locked = tmp_path / "locked.pdf"
    with pikepdf.open(_write(tmp_path, "plain.pdf", text_pdf())) as plain:
        plain.save(locked, encryption=pikepdf.Encryption(user="secret", owner="owner"))
    files = {
        "not-pdf": (_write(tmp_path, "a.pdf", b"PK\x03\x04zip"), "AX900", "Not a PDF"),
        "password": (str(locked), "AX901", "password"),
        "damaged": (_write(tmp_path, "d.pdf", b"%PDF-1.7\n1 0 obj << /Type /Cat"), "AX900", "Damaged PDF"),
        "no-pages": (_write(tmp_path, "n.pdf", no_pages_pdf()), "AX902", "no pages"),
        "no-text": (_write(tmp_path, "b.pdf", blank_pdf()), "AX904", "no extractable text"),
    }
    code, report = check_json(*(path for path, _, _ in files.values()))
    assert code == 1
    for (path, rule, words), result in zip(files.values(), report["files"], strict=True):
        assert result["path"] == path and result["status"] == "error"
        assert result["findings"][0]["rule"] == rule and words in result["findings"][0]["message"]


def test_too_large_and_too_many_pages(tmp_path: Path) -> None:
    code, report = check_json(OK, "--max-size", "10KB")
    assert code == 1 and "Too large" in report["files"][0]["findings"][0]["message"]
    code, report = check_json(_write(tmp_path, "long.pdf", text_pdf(5)), "--max-pages", "3")
    assert code == 1
    assert report["files"][0]["findings"][0]["message"].startswith("Too many pages: the file has 5 pages")


def test_text_output_names_the_class_for_a_person(tmp_path: Path) -> None:
    result = run("check", _write(tmp_path, "notes.pdf", b"<html>download</html>"), "--venue", "axiom-2026")
    assert result.exit_code == 1
    assert "NOT CHECKED" in result.output and "Not a PDF: the file looks like a web page (HTML)" in result.output


@pytest.mark.parametrize("option, value, words", [
    ("--timeout", "soon", "not a duration"), ("--timeout", "0", "more than 0 seconds"),
    ("--max-memory", "12 parsecs", "unknown size unit"), ("--max-memory", "64MiB", "at least 256 MiB"),
    ("--max-size", "0", "at least 1 byte"), ("--max-pages", "0", "0"),
])
def test_bad_limits_are_usage_errors(option: str, value: str, words: str) -> None:
    result = CliRunner().invoke(main, ["check", OK, "--venue", "axiom-2026", option, value])
    assert result.exit_code == 2
    assert words in result.output


def test_inspect_takes_the_limits_too(tmp_path: Path) -> None:
    result = run("inspect", _write(tmp_path, "long.pdf", text_pdf(5)), "--max-pages", "2", "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.output)[0]["findings"][0]["rule"] == "AX903"


def test_exit_codes_0_1_and_3_with_every_file_still_reported(monkeypatch, tmp_path: Path) -> None:
    assert run("check", OK, "--venue", "axiom-2026").exit_code == 0
    junk = _write(tmp_path, "junk.pdf", b"junk")
    assert run("check", OK, junk, "--venue", "axiom-2026").exit_code == 1

    def broken(doc, options, context):
        raise RuntimeError("a bug")

    rule = REGISTRY["page-size"]
    monkeypatch.setitem(REGISTRY, "page-size", dataclasses.replace(rule, check=broken))
    code, report = check_json(OK, junk, "--jobs", "2")
    assert code == 3
    first, second = report["files"]
    assert first["status"] == "error" and first["findings"][0]["rule"] == "AX990"
    assert "not in your paper" in first["findings"][0]["hint"]
    assert second["findings"][0]["rule"] == "AX900"


def test_manifest_csv_gives_each_file_its_authors(tmp_path: Path) -> None:
    (tmp_path / "papers").mkdir()
    _write(tmp_path / "papers", "one.pdf", text_pdf(text="Work by Ada Lovelace"))
    _write(tmp_path / "papers", "two.pdf", text_pdf(text="Work by Alan Turing"))
    manifest = tmp_path / "batch.csv"
    manifest.write_text("path,authors\n# a comment\npapers/one.pdf,Alan Turing\n"
                        "papers/two.pdf,Alan Turing; Grace Hopper\n")
    code, report = check_json("--manifest", str(manifest))
    assert code == 1
    assert [f["path"] for f in report["files"]] == [str(tmp_path / "papers" / "one.pdf"),
                                                    str(tmp_path / "papers" / "two.pdf")]
    named = [[f for f in result["findings"] if "Turing" in f["message"]] for result in report["files"]]
    assert not named[0] and named[1]


def test_manifest_entries_carry_id_title_and_affiliations(tmp_path: Path) -> None:
    from axiomcheck.manifest import read_manifest

    csv_manifest = tmp_path / "batch.csv"
    csv_manifest.write_text("path,id,title,authors,affiliations\na.pdf,17,Curvature,Ada Lovelace; Alan Turing,"
                            "University of London\nb.pdf,,,,\n")
    first, second = read_manifest(str(csv_manifest))
    assert first.submission.id == "17" and first.submission.title == "Curvature"
    assert first.submission.authors == ("Ada Lovelace", "Alan Turing")
    assert first.submission.affiliations == ("University of London",)
    assert second.submission.title is None and second.submission.authors == ()
    yaml_manifest = tmp_path / "batch.yaml"
    yaml_manifest.write_text("- path: a.pdf\n  id: 17\n  title: Curvature\n  affiliations: [MIT, ETH]\n")
    (entry,) = read_manifest(str(yaml_manifest))
    assert entry.submission.id == "17" and entry.submission.affiliations == ("MIT", "ETH")
    assert entry.path == str(tmp_path / "a.pdf")


def test_manifest_yaml_and_missing_files(tmp_path: Path) -> None:
    _write(tmp_path, "one.pdf", text_pdf())
    manifest = tmp_path / "batch.yaml"
    manifest.write_text("- path: one.pdf\n  authors: [Ada Lovelace]\n- gone.pdf\n")
    code, report = check_json("--manifest", str(manifest))
    assert code == 1
    assert report["files"][1]["findings"][0]["message"].startswith("Cannot read the file")


@pytest.mark.parametrize("name, text, words", [
    ("m.csv", "file,who\na.pdf,x\n", "`path` column"),
    ("m.csv", "path,authors\n,Ada\n", "line 2: no path"),
    ("m.yaml", "path: a.pdf\n", "list of entries"),
    ("m.yaml", "- path: a.pdf\n  author: Ada\n", "unknown key 'author'"),
    ("m.yaml", "- path: a.pdf\n  authors: {a: 1}\n", "`authors` must be"),
    ("m.yaml", "- path: a.pdf\n  affiliations: {a: 1}\n", "`affiliations` must be"),
    ("m.yaml", "- path: a.pdf\n  title: [a]\n", "`title` must be a text"),
])
def test_bad_manifests_are_usage_errors(tmp_path: Path, name: str, text: str, words: str) -> None:
    manifest = tmp_path / name
    manifest.write_text(text)
    result = CliRunner().invoke(main, ["check", "--manifest", str(manifest), "--venue", "axiom-2026"])
    assert result.exit_code == 2 and words in result.output


def test_no_files_at_all_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["check", "--venue", "axiom-2026"])
    assert result.exit_code == 2 and "--manifest" in result.output
