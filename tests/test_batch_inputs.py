"""Batch inputs: zip archives read without trusting them (bombs and path tricks are verdicts),
and an OpenReview export matched to PDFs by submission number."""

from __future__ import annotations

import json
import stat
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from axiomcheck.batch.archive import MAX_RATIO
from axiomcheck.batch.inputs import Item, archive_items, expand
from axiomcheck.batch.openreview import match, read_export
from axiomcheck.cli import main
from axiomcheck.limits import DEFAULT_LIMITS, Limits
from conftest import FIXTURES

OK = (FIXTURES / "refs-midpage.pdf").read_bytes()
LONG = (FIXTURES / "over-limit.pdf").read_bytes()


def run_batch(tmp_path: Path, *args: str) -> dict:
    out = tmp_path / "out.json"
    result = CliRunner().invoke(main, ["batch", *args, "--venue", "axiom-2026", "--db", str(tmp_path / "r.sqlite"),
                                       "--progress", "none", "-j", "2", "-o", f"json:{out}"],
                                catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    return json.loads(out.read_text())


def test_members_are_checked_under_the_archive_path_and_nothing_is_extracted_beside_it(tmp_path: Path) -> None:
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("Submission1/paper.pdf", OK)
        zf.writestr("Submission2/paper.pdf", LONG)
        zf.writestr("Submission2/supplement.tex", "\\documentclass{article}")
        zf.writestr("__MACOSX/Submission1/._paper.pdf", b"\x00\x05\x16\x07")
    report = run_batch(tmp_path, str(archive))
    assert [(f["path"], f["status"]) for f in report["files"]] == [
        (f"{archive}/Submission1/paper.pdf", "pass"), (f"{archive}/Submission2/paper.pdf", "fail")]
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("r.sqlite")) == [
        "export.zip", "out.json"]


@pytest.mark.filterwarnings("ignore:Duplicate name")
def test_hostile_archives_give_verdicts_not_crashes(tmp_path: Path) -> None:
    archive = tmp_path / "hostile.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("../../escape.pdf", OK)
        zf.writestr("/etc/absolute.pdf", OK)
        link = zipfile.ZipInfo("link.pdf")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        zf.writestr(link, "/etc/passwd")
        zf.writestr("bomb.pdf", b"%PDF-1.4\n" + b"\x00" * (MAX_RATIO * 3 * 1024 * 1024 // 100))
        zf.writestr("twice.pdf", OK)
        zf.writestr("twice.pdf", LONG)
        zf.writestr("fine.pdf", OK)
    report = run_batch(tmp_path, str(archive))
    got = [(f["path"].split("hostile.zip/")[1], f["status"], f["findings"][0]["name"] if f["findings"] else None)
           for f in report["files"]]
    assert got == [("../../escape.pdf", "error", "unreadable"), ("/etc/absolute.pdf", "error", "unreadable"),
                   ("link.pdf", "error", "unreadable"), ("bomb.pdf", "error", "too-complex"),
                   ("twice.pdf", "error", "unreadable"), ("twice.pdf", "error", "unreadable"),
                   ("fine.pdf", "pass", None)]
    by_name = {f["path"].split("hostile.zip/")[1]: f for f in report["files"]}
    assert "leaves the archive" in by_name["../../escape.pdf"]["findings"][0]["message"]
    assert not (tmp_path.parent / "escape.pdf").exists()


def test_a_member_that_lies_about_its_size_is_stopped_at_the_limit(tmp_path: Path) -> None:
    archive = tmp_path / "liar.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr("big.pdf", b"%PDF-1.4\n" + b"x" * 4096)
    small = Limits(max_size=1024)
    items = archive_items(str(archive), small)
    assert items[0].problem is not None and items[0].problem.name == "too-complex"


def test_a_damaged_or_fake_archive_is_one_verdict(tmp_path: Path) -> None:
    fake = tmp_path / "fake.zip"
    fake.write_bytes(b"this is no archive")
    items = expand([str(fake)], DEFAULT_LIMITS)
    assert len(items) == 1 and items[0].problem is not None and "Not a readable zip archive" in items[0].problem.message
    report = run_batch(tmp_path, str(fake))
    assert report["files"][0]["status"] == "error"


def test_openreview_export_matches_by_number_in_both_api_versions(tmp_path: Path) -> None:
    export = tmp_path / "notes.json"
    export.write_text(json.dumps([
        {"id": "x1", "number": 12, "content": {"title": {"value": "Alpha"}, "authors": {"value": ["Ada L", "Alan T"]},
                                               "authorids": {"value": ["~Ada_L1", "~Alan_T1"]},
                                               "pdf": {"value": "/pdf/0a1b.pdf"}}},
        {"id": "x2", "number": 13, "content": {"title": "Beta", "authors": ["Grace H"], "pdf": "/pdf/ffee.pdf"}},
        {"id": "x3", "number": 14, "content": {"title": {"value": "Gamma"}, "authors": {"value": []}}},
    ]))
    notes = read_export(str(export))
    items = [Item("dl/Submission12/paper.pdf", "dl/Submission12/paper.pdf"), Item("dl/ffee.pdf", "dl/ffee.pdf"),
             Item("dl/f01_neurips_2024.pdf", "dl/f01_neurips_2024.pdf")]
    matching = match(items, notes)
    assert [i.submission.id for i in matching.items] == ["12", "13", None]
    assert matching.items[0].submission.authors == ("Ada L", "Alan T") and matching.items[0].submission.title == "Alpha"
    assert [i.submission.forum for i in matching.items] == ["https://openreview.net/forum?id=x1",
                                                          "https://openreview.net/forum?id=x2", None]
    assert matching.unmatched_files == ["dl/f01_neurips_2024.pdf"] and matching.notes_without_pdf == [14]


def test_openreview_export_reaches_the_rules_through_batch(tmp_path: Path) -> None:
    folder = tmp_path / "pdfs"
    folder.mkdir()
    (folder / "7.pdf").write_bytes(OK)
    export = tmp_path / "notes.json"
    export.write_text(json.dumps({"notes": [{"number": 7, "content": {"title": {"value": "T"},
                                                                       "authors": {"value": ["Ann Example"]}}}]}))
    run_batch(tmp_path, str(folder), "--openreview", str(export))
    import sqlite3

    with sqlite3.connect(tmp_path / "r.sqlite") as db:
        (submission,) = db.execute("SELECT submission FROM run_files").fetchone()
    assert json.loads(submission) == {"authors": ["Ann Example"], "title": "T", "affiliations": [], "id": "7",
                                      "forum": None}
    bad = tmp_path / "bad.json"
    bad.write_text('[{"content": {}}]')
    result = CliRunner().invoke(main, ["batch", str(folder), "--venue", "axiom-2026", "--openreview", str(bad),
                                       "--db", str(tmp_path / "r.sqlite")])
    assert result.exit_code == 2 and "note 1: no submission `number`" in result.output


def test_members_sharing_their_data_are_a_zip_bomb(tmp_path: Path) -> None:
    archive = tmp_path / "overlap.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("a.pdf", OK)
        zf.writestr("b.pdf", LONG)
    data = bytearray(archive.read_bytes())
    second = data.index(b"PK\x01\x02", data.index(b"PK\x01\x02") + 4)
    data[second + 42:second + 46] = (0).to_bytes(4, "little")  # b.pdf's data now starts where a.pdf's does
    archive.write_bytes(bytes(data))
    problems = [(item.member, item.problem.name if item.problem else None)
                for item in archive_items(str(archive), DEFAULT_LIMITS)]
    assert problems == [("a.pdf", "too-complex"), ("b.pdf", "too-complex")]
