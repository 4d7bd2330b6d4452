"""The submission in every output: a PDF named by a hash, matched to an OpenReview note or a
manifest entry, is traced back to its number, title and forum from the CSV, the JSON, the
HTML page, SARIF, JUnit and text; files are listed by submission number."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

from axiomcheck.cli import main
from axiomcheck.manifest import forum_url, read_manifest
from axiomcheck.report import SubmissionRef, submission_order
from batchutil import distinct_pdfs


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_submission_order_is_by_number_then_other_ids_then_none() -> None:
    refs = [None, SubmissionRef("abc"), SubmissionRef("100"), SubmissionRef(None, "Only a title"),
            SubmissionRef("21"), SubmissionRef("3")]
    ordered = sorted(refs, key=submission_order)
    assert [r.id if r else None for r in ordered] == ["3", "21", "100", "abc", None, None]
    assert SubmissionRef("21", "Sparse").label == "#21 Sparse" and SubmissionRef(None, "T").label == "T"


def test_forum_urls_from_ids_and_addresses() -> None:
    assert forum_url("aB3dE") == "https://openreview.net/forum?id=aB3dE"
    assert forum_url(" https://example.org/s/17 ") == "https://example.org/s/17"
    assert forum_url("") is None and forum_url(None) is None


def test_an_openreview_batch_names_each_submission_in_every_output(tmp_path: Path) -> None:
    pdfs = distinct_pdfs(tmp_path / "dl", 4, ("over-limit.pdf",))
    named = []
    for pdf, name in zip(pdfs, ("abcdef0123.pdf", "9f8e7d6c5b.pdf", "5a5a5a5a5a.pdf", "unmatched.pdf"), strict=True):
        named.append(pdf.rename(pdf.with_name(name)))
    export = tmp_path / "notes.json"
    export.write_text(json.dumps([
        {"id": "noteA", "forum": "forumA", "number": 21,
         "content": {"title": {"value": "Sparse Features Under a Budget"}, "pdf": {"value": "/pdf/abcdef0123.pdf"}}},
        {"id": "noteB", "number": 3, "content": {"title": "Curvature, Again", "pdf": "/pdf/9f8e7d6c5b.pdf"}},
        {"id": "noteC", "number": 100, "content": {"title": "=1+1 Formula Title", "pdf": "/pdf/5a5a5a5a5a.pdf"}},
    ]))
    out = tmp_path / "out"
    result = run("batch", str(tmp_path / "dl"), "--venue", "axiom-2026", "--openreview", str(export),
                 "--db", str(tmp_path / "r.sqlite"), "--progress", "none", "--output-dir", str(out),
                 "-o", "csv", "-o", "json", "-o", "html", "-o", "sarif", "-o", "junit", "-o", "text")
    assert result.exit_code == 1, result.output
    data = json.loads((out / "axiomcheck-results.json").read_text())
    assert [(Path(f["path"]).name, f.get("submission")) for f in data["files"]] == [
        ("9f8e7d6c5b.pdf", {"id": "3", "title": "Curvature, Again", "forum": "https://openreview.net/forum?id=noteB"}),
        ("abcdef0123.pdf", {"id": "21", "title": "Sparse Features Under a Budget",
                            "forum": "https://openreview.net/forum?id=forumA"}),
        ("5a5a5a5a5a.pdf", {"id": "100", "title": "=1+1 Formula Title",
                            "forum": "https://openreview.net/forum?id=noteC"}),
        ("unmatched.pdf", None)]  # by number, then the file no note claims
    rows = list(csv.DictReader(io.StringIO((out / "axiomcheck-results.csv").read_text())))
    assert [(r["submission"], r["title"]) for r in rows] == [
        ("3", "Curvature, Again"), ("21", "Sparse Features Under a Budget"), ("100", "'=1+1 Formula Title"), ("", "")]
    assert rows[1]["forum"] == "https://openreview.net/forum?id=forumA"
    assert all(r["run_status"] == "complete" for r in rows)
    page = (out / "axiomcheck-results.html").read_text()
    assert page.index("#3 Curvature, Again") < page.index("#21 Sparse Features") < page.index("#100 =1+1")
    assert '"https://openreview.net/forum?id=forumA"' in page and '<th data-type="submission">Submission</th>' in page
    sarif = json.loads((out / "axiomcheck-results.sarif").read_text())["runs"][0]
    first = next(r for r in sarif["results"] if "9f8e7d6c5b" in r["locations"][0]["physicalLocation"]
                 ["artifactLocation"]["uri"])
    assert first["properties"]["submission"]["id"] == "3"
    assert sarif["artifacts"][1]["properties"]["submission"]["title"] == "Sparse Features Under a Budget"
    suites = ET.fromstring((out / "axiomcheck-results.xml").read_text()).findall("testsuite")
    assert suites[1].get("name").startswith("#21 Sparse Features Under a Budget (")
    assert suites[3].get("name").endswith("unmatched.pdf")
    assert "[#21 Sparse Features Under a Budget]: FAIL" in (out / "axiomcheck-results.txt").read_text()
    again = run("report", "--db", str(tmp_path / "r.sqlite"), "--format", "json")
    assert json.loads(again.output)["files"] == data["files"]


def test_a_manifest_gives_id_title_and_forum_to_check(tmp_path: Path) -> None:
    pdfs = distinct_pdfs(tmp_path, 2, ("over-limit.pdf",))
    manifest = tmp_path / "m.csv"
    manifest.write_text(f"path,id,title,forum\n{pdfs[0].name},17,Late Paper,https://example.org/17\n"
                        f"{pdfs[1].name},4,Early Paper,xYz\n")
    assert [e.submission.forum for e in read_manifest(str(manifest))] == ["https://example.org/17",
                                                                          "https://openreview.net/forum?id=xYz"]
    result = run("check", "--manifest", str(manifest), "--venue", "axiom-2026", "--format", "json")
    data = json.loads(result.output)
    assert [f["submission"]["id"] for f in data["files"]] == ["4", "17"]
    assert data["files"][1]["submission"] == {"id": "17", "title": "Late Paper", "forum": "https://example.org/17"}
