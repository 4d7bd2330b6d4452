"""Each reporter against a golden output, including a file that could not be read."""

from __future__ import annotations

import json
import os

import pytest

from axiomcheck.report import FileResult, Finding, Report
from axiomcheck.reporters import EXTENSIONS, REPORTERS
from axiomcheck.verdicts import verdict_finding
from conftest import ROOT

GOLDEN = ROOT / "tests" / "golden"


def sample_report() -> Report:
    structure = {"main_body_pages": 5, "main_body_end": {"page": 5, "fraction": 0.3}}
    failing = FileResult(
        path="papers/long.pdf", sha256="ab" * 32, status="fail", pages=9, structure=structure,
        findings=[Finding(rule="AX101", name="page-limit", severity="error",
                          message="The main body runs 0.3 pages past the 4-page limit (5 pages).",
                          hint="Cut the main text to 4 pages.", page=5,
                          evidence="main body: 5 pages, ends at 30% of page 5"),
                  Finding(rule="AX302", name="email-address", severity="warning",
                          message="An e-mail address appears in the body: 'jane@uni.edu'.",
                          hint="Remove it.", page=3, bbox=[108.0, 200.5, 240.2, 210.0],
                          evidence="contact jane@uni.edu", confidence="high")])
    passing = FileResult(path="papers/ok.pdf", sha256="cd" * 32, status="pass", pages=6,
                         structure={"main_body_pages": 4, "main_body_end": {"page": 4, "fraction": 1.0}})
    broken = FileResult(path="papers/broken.pdf", sha256="ef" * 32, status="error",
                        findings=[verdict_finding("unreadable", "Not a PDF: the file does not start with '%PDF-'.")])
    return Report(venue="axiom-2026", track="paper", stage="submission", files=[failing, passing, broken])


@pytest.mark.parametrize("name", sorted(REPORTERS))
def test_reporter_matches_golden(name: str) -> None:
    rendered = REPORTERS[name](sample_report())
    golden = GOLDEN / f"report-{name}{EXTENSIONS[name]}"
    if os.environ.get("AXIOMCHECK_UPDATE_GOLDEN"):
        golden.write_text(rendered, encoding="utf-8")
    assert rendered == golden.read_text(encoding="utf-8")


def test_json_report_schema_names() -> None:
    data = json.loads(REPORTERS["json"](sample_report()))
    assert data["schema"] == "axiomcheck.report/1"
    assert {"venue", "track", "stage", "files"} <= set(data)
    first = data["files"][0]
    assert {"path", "sha256", "status", "pages", "structure", "findings"} <= set(first)
    assert {"rule", "name", "severity", "page", "bbox", "message", "hint"} <= set(first["findings"][0])
    assert data["files"][2]["status"] == "error"
    assert data["files"][2]["findings"][0]["name"] == "unreadable"


def test_exit_code_follows_statuses() -> None:
    report = sample_report()
    assert report.exit_code == 1
    report.files = [report.files[1]]
    assert report.exit_code == 0
    report.files[0].internal_error = True
    assert report.exit_code == 3
