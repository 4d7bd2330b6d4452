"""Each reporter against a golden output, including a file that could not be read and a
waived finding; the streaming interface; SARIF against the published 2.1.0 schema; JUnit's
suites and cases; the HTML page's self-containment; the exit-code policies."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import io
import json
import os
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from axiomcheck.codec import report_to_json, result_from_json
from axiomcheck.model import BBox, Confidence, PagePosition, Severity, TemplateName
from axiomcheck.report import FileResult, FileStatus, Finding, FoundTemplate, Report, Structure, SubmissionRef
from axiomcheck.reporters import EMITTERS, EXTENSIONS, REPORTERS, emitter
from axiomcheck.reporters import catalog
from axiomcheck.reporters.base import Emitter
from axiomcheck.reporters.catalog import describe
from axiomcheck.verdicts import verdict_finding
from conftest import FIXTURES, ROOT
from triagepage import page_files

GOLDEN = ROOT / "tests" / "golden"
SARIF_SCHEMA = ROOT / "tests" / "data" / "sarif-schema-2.1.0.json"
RULES_RUN = ("AX101", "AX103", "AX302", "AX306")
WAIVER = "Sponsor requires the funding line (approved by the program chairs)"
SUBMISSION = SubmissionRef("21", "Sparse Features Under a Budget", "https://openreview.net/forum?id=aB3dE")


def _structure(pages: int, end: PagePosition) -> Structure:
    return Structure(main_body_pages=pages, main_body_end=end, main_body_ends_before="References",
                     references_page=end.page, appendix_page=None, checklist_page=None, acknowledgments_page=None,
                     impact_page=None, anonymous=True, line_numbers=True, page_size="letter", columns=1,
                     title="A Paper", authors=("Anonymous Author(s)",), notice=None,
                     template=FoundTemplate(TemplateName.parse("neurips-2026"), "submission", None, None,
                                            ("notice: Submitted to",)),
                     headings=())


def sample_report(evidence_image: str | None = None) -> Report:
    structure = _structure(5, PagePosition(5, 0.3))
    failing = FileResult(
        path="papers/long.pdf", sha256="ab" * 32, status=FileStatus.FAIL, pages=9, structure=structure,
        findings=[Finding(rule="AX101", name="page-limit", severity=Severity.ERROR,
                          message="The main body runs 0.3 pages past the 4-page limit (5 pages).",
                          hint="Cut the main text to 4 pages.", page=5,
                          evidence="main body: 5 pages, ends at 30% of page 5"),
                  Finding(rule="AX302", name="email-address", severity=Severity.WARNING,
                          message="An e-mail address appears in the body: 'jane@uni.edu'.",
                          hint="Remove it.", page=3, bbox=BBox(108.0, 200.5, 240.2, 210.0),
                          evidence="contact jane@uni.edu", confidence=Confidence.HIGH,
                          evidence_image=evidence_image)],
        rules_run=RULES_RUN, submission=SUBMISSION)
    passing = FileResult(path="papers/ok.pdf", sha256="cd" * 32, status=FileStatus.PASS, pages=6,
                         structure=_structure(4, PagePosition(4, 1.0)),
                         findings=[Finding(rule="AX306", name="visible-acknowledgments", severity=Severity.ERROR,
                                           message="The paper thanks a funder: 'supported by grant 1234'.",
                                           hint="Remove the acknowledgments from the submission.", page=4,
                                           bbox=BBox(108.0, 600.0, 504.0, 630.0), evidence="supported by grant 1234",
                                           waiver=WAIVER)],
                         rules_run=RULES_RUN)
    broken = FileResult(path="papers/broken.pdf", sha256="ef" * 32, status=FileStatus.ERROR,
                        findings=[verdict_finding("unreadable", "Not a PDF: the file does not start with '%PDF-'.")])
    return Report(venue="axiom-2026", track="paper", stage="submission", files=[failing, passing, broken],
                  page_limits={"paper": 4})


@pytest.mark.parametrize("name", sorted(REPORTERS))
def test_reporter_matches_golden(name: str) -> None:
    rendered = REPORTERS[name](sample_report())
    golden = GOLDEN / f"report-{name}{EXTENSIONS[name]}"
    if os.environ.get("AXIOMCHECK_UPDATE_GOLDEN"):
        golden.write_text(rendered, encoding="utf-8")
    assert rendered == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(EMITTERS))
def test_streaming_emitter_writes_what_the_renderer_returns(name: str) -> None:
    report = sample_report()
    stream = io.StringIO()
    out = emitter(name, stream)
    out.start(Report(venue=report.venue, track=report.track, stage=report.stage, page_limits=report.page_limits))
    for result in report.files:
        out.file(result)
    out.finish()
    assert stream.getvalue() == REPORTERS[name](report)


@pytest.mark.parametrize("files", [0, 1, 3])
def test_streamed_json_is_the_report_as_json(files: int) -> None:
    report = sample_report()
    report.files = report.files[:files]
    assert REPORTERS["json"](report) == json.dumps(report_to_json(report), indent=2, ensure_ascii=False) + "\n"


def test_json_report_schema_names() -> None:
    data = json.loads(REPORTERS["json"](sample_report()))
    assert data["schema"] == "axiomcheck.report/1"
    assert {"venue", "track", "stage", "files", "page_limits"} <= set(data)
    first = data["files"][0]
    assert {"path", "sha256", "status", "pages", "structure", "findings", "rules_run"} <= set(first)
    assert {"rule", "name", "severity", "page", "bbox", "message", "hint"} <= set(first["findings"][0])
    assert data["files"][1]["findings"][0]["waiver"] == WAIVER
    assert data["files"][2]["status"] == "error"
    assert data["files"][2]["findings"][0]["name"] == "unreadable"
    assert result_from_json(data["files"][0]).rules_run == RULES_RUN


def test_every_format_marks_a_waived_finding_as_waived() -> None:
    report = sample_report()
    text = REPORTERS["text"](report)
    assert re.search(r"waived\s+AX306 visible-acknowledgments", text)
    assert "papers/ok.pdf: PASS (1 waived)" in text
    annotation = "::notice file=papers/ok.pdf,title=AX306 visible-acknowledgments (page 4) waived::"
    assert annotation in REPORTERS["github"](report)
    assert REPORTERS["csv"](report).splitlines()[2].endswith(",0,0,,,1,complete")
    sarif = json.loads(REPORTERS["sarif"](report))
    suppressed = [r for r in sarif["runs"][0]["results"] if r.get("suppressions")]
    assert [r["ruleId"] for r in suppressed] == ["AX306"]
    assert suppressed[0]["suppressions"] == [{"kind": "external", "justification": WAIVER}]
    suite = ET.fromstring(REPORTERS["junit"](report)).findall("testsuite")[1]
    case = next(c for c in suite.iter("testcase") if c.get("name") == "AX306 visible-acknowledgments")
    assert case.find("failure") is None and WAIVER in case.find("skipped").get("message")
    waived = page_files(REPORTERS["html"](report))[1]["findings"][0]
    assert waived["label"] == "waived" and waived["waiver"] == WAIVER and waived["severity"] == "error"


def _sarif_errors(log: dict) -> list:
    jsonschema = pytest.importorskip("jsonschema")
    pytest.importorskip("rfc3986_validator")  # so that the `uri` formats are checked, as code scanning does
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    checker = jsonschema.FormatChecker()  # every format it knows, `uri-reference` included (draft 4 lacks it)
    assert {"uri", "uri-reference"} <= set(checker.checkers)
    return sorted(validator_class(schema, format_checker=checker).iter_errors(log), key=str)


@pytest.mark.parametrize("docs", [None, "https://axiomcheck.example.org/docs"])
def test_sarif_is_valid_against_the_published_schema(docs: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalog, "docs_url", lambda: docs)
    report = sample_report("evidence/long-02-AX302-p3.png")
    report.files[0].path = "papers/my long paper #2 (é).pdf"
    empty = Report(venue="axiom-2026", track="paper", stage="submission")
    for one in (report, empty):
        errors = _sarif_errors(json.loads(REPORTERS["sarif"](one)))
        assert not errors, errors[0]
    log = json.loads(REPORTERS["sarif"](report))
    assert log["runs"][0]["artifacts"][0]["location"]["uri"] == "papers/my%20long%20paper%20%232%20(%C3%A9).pdf"
    assert all(("helpUri" in rule) == (docs is not None) for rule in log["runs"][0]["tool"]["driver"]["rules"])


def test_sarif_rules_results_and_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalog, "docs_url", lambda: "https://axiomcheck.example.org/docs")
    log = json.loads(REPORTERS["sarif"](sample_report()))
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [rule["id"] for rule in rules]
    assert set(RULES_RUN) | {"AX900"} == set(ids)
    headings = {re.sub(r"[^a-z0-9 -]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
                for line in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("#")}
    for rule in rules:
        reference = rule["properties"]["documentation"]
        assert reference.startswith("docs/rules.md#") and reference.split("#")[1] in headings
        assert "How to fix" in rule["help"]["text"] and rule["help"]["text"].endswith(f"Documented in {reference}.")
    assert rules[0]["helpUri"] == "https://axiomcheck.example.org/docs/rules.md#ax101-page-limit"
    for result in run["results"]:
        assert ids[result["ruleIndex"]] == result["ruleId"]
    email = next(r for r in run["results"] if r["ruleId"] == "AX302")
    region = email["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] == 3 and region["properties"] == {"page": 3, "bbox": [108.0, 200.5, 240.2, 210.0]}
    unreadable = next(r for r in run["results"] if r["ruleId"] == "AX900")
    assert "region" not in unreadable["locations"][0]["physicalLocation"]
    assert [a["location"]["uri"] for a in run["artifacts"]] == ["papers/long.pdf", "papers/ok.pdf", "papers/broken.pdf"]
    assert run["artifacts"][0]["hashes"] == {"sha-256": "ab" * 32}


def test_junit_one_suite_per_file_one_case_per_rule_run() -> None:
    root = ET.fromstring(REPORTERS["junit"](sample_report()))
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == ["#21 Sparse Features Under a Budget (papers/long.pdf)",
                                               "papers/ok.pdf", "papers/broken.pdf"]
    long, ok, broken = suites
    assert [c.get("name").split()[0] for c in long.findall("testcase")] == list(RULES_RUN)
    assert (long.get("tests"), long.get("failures"), long.get("skipped")) == ("4", "1", "0")
    failure = long.find("testcase[@name='AX101 page-limit']/failure")
    assert "page 5" in failure.text and "Cut the main text" in failure.text
    email = long.find("testcase[@name='AX302 email-address']")
    assert email.find("failure") is None and "jane@uni.edu" in email.find("system-out").text
    assert (ok.get("failures"), ok.get("skipped")) == ("0", "1")
    assert [c.get("name") for c in broken.findall("testcase")] == ["AX900 unreadable"]
    assert broken.get("errors") == "1"


class _Page(HTMLParser):
    """Collects what a browser would fetch, the CSP, and the inline style, script and data."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.csp = ""
        self.inline: dict[str, str] = {}
        self._open: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.urls += [v or "" for k, v in attrs if k in ("src", "href", "action", "srcset")]
        if values.get("http-equiv") == "Content-Security-Policy":
            self.csp = values["content"] or ""
        if tag in ("style", "script"):
            assert "src" not in values
            self._open = "data" if values.get("type") == "application/json" else tag

    def handle_data(self, data: str) -> None:
        if self._open:
            self.inline[self._open] = self.inline.get(self._open, "") + data

    def handle_endtag(self, tag: str) -> None:
        self._open = None


def _sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_html_page_is_self_contained_and_links_pictures_beside_it(tmp_path: Path) -> None:
    pictures = tmp_path / "evidence"
    pictures.mkdir()
    picture = pictures / "long 02-AX302-p3.png"
    picture.write_bytes(b"\x89PNG picture")
    page = REPORTERS["html"](sample_report(str(picture)), str(tmp_path / "out" / "triage.html"))
    parser = _Page()
    parser.feed(page)
    assert [url for url in parser.urls if not url.startswith("#")] == []  # the sections come from the data
    files = page_files(page)
    assert files[0]["submission"] == ["21", "Sparse Features Under a Budget", "https://openreview.net/forum?id=aB3dE"]
    assert files[0]["findings"][1]["picture"] == "../evidence/long%2002-AX302-p3.png"  # relative, percent-encoded
    assert "data:" not in page
    assert "default-src 'none'" in parser.csp and "img-src 'self';" in parser.csp
    assert _sha(parser.inline["style"]) in parser.csp and _sha(parser.inline["script"]) in parser.csp
    assert not re.search(r"<[^>]*\s(?:style|on[a-z]+)=", page)  # nothing the CSP would block
    for text in ("papers/long.pdf", "papers/broken.pdf", "AX101 The main body runs 0.3 pages",
                 "limit 4 pages", "#21 Sparse Features Under a Budget"):
        assert text in page
    assert page.count('<tr data-status=') == 3 and [f["path"] for f in files] == [
        "papers/long.pdf", "papers/ok.pdf", "papers/broken.pdf"]
    assert files[2]["findings"][0]["message"] == "Not a PDF: the file does not start with '%PDF-'."
    assert '<form id="filters" class="filters" hidden>' in page  # the controls appear only with the script
    assert "<noscript>" in page  # without the script, the page says where the findings are


def test_the_data_block_keeps_every_finding_and_cannot_end_its_script() -> None:
    report = sample_report()
    hostile = "Ends early: </script><script>alert(1)</script> & <!-- more"
    report.files[0].findings[0] = dataclasses.replace(report.files[0].findings[0], message=hostile,
                                                      evidence="x" * 400, count=3)
    page = REPORTERS["html"](report)
    assert "<script>alert" not in page
    files = page_files(page)
    first = files[0]["findings"][0]
    assert first["message"] == hostile and first["count"] == 3 and first["page"] == 5
    assert first["evidence"] == "x" * 159 + "…"  # cut to 160 characters
    assert first["fix"] == "Cut the main text to 4 pages." and first["shared_fix"] is None
    second = files[0]["findings"][1]
    assert second["evidence"] == "contact jane@uni.edu" and second["label"] == "warning"
    assert files[0]["main_body"] == "main body 5 pages, ending 30% into page 5 (limit 4)"
    assert [len(f["findings"]) for f in files] == [len(r.findings) for r in report.files]


def test_a_fix_several_findings_share_is_written_once_and_linked() -> None:
    report = sample_report()
    twin = dataclasses.replace(report.files[0], path="papers/long-2.pdf")
    report.files.insert(1, twin)
    page = REPORTERS["html"](report)
    files = page_files(page)
    anchor = files[0]["findings"][0]["shared_fix"]
    assert anchor and files[1]["findings"][0]["shared_fix"] == anchor
    assert f'<p class="fix" id="{anchor}">Cut the main text to 4 pages.</p>' in page
    assert page.count("Cut the main text to 4 pages.") == 2  # in the rules table and the data's texts


def test_a_picture_that_is_not_there_is_named_not_shown(tmp_path: Path) -> None:
    missing = tmp_path / "moved" / "long-02-AX302-p3.png"
    finding = page_files(REPORTERS["html"](sample_report(str(missing))))[0]["findings"][1]
    assert finding["picture"] is None and finding["missing"] == str(missing)


def test_html_chart_marks_lengths_past_the_limit() -> None:
    page = REPORTERS["html"](sample_report())
    assert page.count('class="bar over"') == 1 and page.count('class="bar"') == 1
    assert "1 past the 4-page limit" in page


def test_catalog_knows_rules_and_verdicts() -> None:
    assert describe("AX101").anchor == "ax101-page-limit"
    assert describe("AX900").group == "input" and "How to fix" in describe("AX900").doc
    assert describe("AX000", "retired").name == "retired"


def test_exit_code_follows_statuses_and_policy() -> None:
    report = sample_report()
    assert report.exit_code == 1 and report.exit_code_for("never") == 0
    report.files = [report.files[1]]
    assert report.exit_code == 0
    assert report.exit_code_for("warning") == 0  # its only finding is a waived error
    report.files = [_passing_with_a_warning(sample_report().files[0])]
    assert report.exit_code_for("error") == 0 and report.exit_code_for("warning") == 1
    report.files[0].internal_error = True
    assert report.exit_code == 3 and report.exit_code_for("never") == 3
    with pytest.raises(ValueError):
        report.exit_code_for("sometimes")


def _passing_with_a_warning(result: FileResult) -> FileResult:
    """`result` with its errors removed: only its warning stands, so it passes."""
    return FileResult(path=result.path, sha256=result.sha256, status=FileStatus.PASS, pages=result.pages,
                      findings=[f for f in result.findings if f.severity != Severity.ERROR])


def _cli(*args: str) -> object:
    from click.testing import CliRunner

    from axiomcheck.cli import main

    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_fail_on_sets_the_exit_code() -> None:
    warned = str(FIXTURES / "email-in-body.pdf")  # passes with one warning
    assert _cli("check", warned, "--venue", "axiom-2026").exit_code == 0
    assert _cli("check", warned, "--venue", "axiom-2026", "--fail-on", "warning").exit_code == 1
    failing = str(FIXTURES / "over-limit.pdf")
    assert _cli("check", failing, "--venue", "axiom-2026", "--fail-on", "never").exit_code == 0
    assert _cli("check", failing, "--venue", "axiom-2026", "--fail-on", "sometimes").exit_code == 2


@pytest.mark.parametrize("name", ["sarif", "junit", "html"])
def test_check_writes_every_format(name: str, tmp_path: Path) -> None:
    junk = tmp_path / "notes.pdf"
    junk.write_text("this is not a pdf")
    out = tmp_path / f"report{EXTENSIONS[name]}"
    result = _cli("check", str(FIXTURES / "over-limit.pdf"), str(junk), "--venue", "axiom-2026",
                  "--format", name, "-o", str(out))
    assert result.exit_code == 1, result.output
    text = out.read_text(encoding="utf-8")
    if name == "sarif":
        results = json.loads(text)["runs"][0]["results"]
        assert {"AX101", "AX900"} <= {r["ruleId"] for r in results}
    elif name == "junit":
        suites = ET.fromstring(text).findall("testsuite")
        assert [s.get("failures") for s in suites] == ["1", "0"] and suites[1].get("errors") == "1"
        assert int(suites[0].get("tests")) > 10
    else:
        assert "over-limit.pdf" in text and "notes.pdf" in text and "limit 4 pages" in text


@pytest.mark.parametrize("name", sorted(EMITTERS))
def test_each_format_has_an_emitter_with_its_extension(name: str) -> None:
    assert issubclass(EMITTERS[name], Emitter) and EXTENSIONS[name] == EMITTERS[name].EXTENSION.lower()
    assert EXTENSIONS[name].startswith(".")


def test_a_file_left_unchecked_by_a_warning_verdict_shows_it_as_its_error() -> None:
    """No text layer is a warning-severity verdict that leaves the file `error`: the CSV row and
    the HTML table count it and show it as the first error, not errors=0 and nothing."""
    scanned = FileResult(path="papers/scan.pdf", sha256="12" * 32, status=FileStatus.ERROR, pages=3,
                         findings=[verdict_finding("no-text-layer")])
    report = Report(venue="axiom-2026", track="paper", stage="submission", files=[scanned])
    row = REPORTERS["csv"](report).splitlines()[1]
    assert row.startswith("papers/scan.pdf,,,,error,3,,1,0,no-text-layer,The PDF has no extractable text")
    html = REPORTERS["html"](report)
    assert "AX904 The PDF has no extractable text" in html
    assert '<td class="num">1</td><td class="num" data-value="0">0</td>' in html  # 1 error, 0 warnings


def test_every_format_gives_the_main_body_in_whole_pages() -> None:
    report = sample_report()
    assert "main body 5 pages, ending 30% into page 5" in REPORTERS["text"](report)
    assert REPORTERS["csv"](report).splitlines()[1].startswith(
        "papers/long.pdf,21,Sparse Features Under a Budget,https://openreview.net/forum?id=aB3dE,fail,9,5,")
    html = REPORTERS["html"](report)
    assert "main body 5 pages, ending 30% into page 5 (limit 4)" in html and "4.30" not in html


def test_github_annotations_name_the_file_as_the_repository_does(monkeypatch: pytest.MonkeyPatch) -> None:
    from axiomcheck.reporters.github import annotated_path

    monkeypatch.setenv("GITHUB_WORKSPACE", "/home/runner/work/repo/repo")
    assert annotated_path("./paper.pdf") == "paper.pdf"
    assert annotated_path("./papers/../papers/x.pdf") == "papers/x.pdf"
    assert annotated_path("/home/runner/work/repo/repo/papers/x.pdf") == "papers/x.pdf"
    assert annotated_path("/tmp/elsewhere.pdf") == "/tmp/elsewhere.pdf"


def test_the_triage_pages_rule_filter_is_in_id_order_and_a_zero_count_is_not_red() -> None:
    report = sample_report()
    page = REPORTERS["html"](report)
    options = re.findall(r'<option value="(AX\d+)">', page)
    assert options == sorted(options) and len(options) >= 3
    calm = REPORTERS["html"](dataclasses.replace(report, files=report.files[1:2]))
    assert '<span class="badge none">0 not checked</span>' in calm and '<span class="badge none">0 fail</span>' in calm
    assert '<span class="badge error">1 not checked</span>' in page
