"""Waiver files: validated with the line of each mistake; waived findings stay reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from axiomcheck.batch.waivers import Waiver, WaiverError, apply_waivers, read_waivers
from axiomcheck.cli import main
from axiomcheck.model import Severity
from axiomcheck.report import FileResult, Finding
from conftest import FIXTURES

SHA = "a" * 64


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "waivers.yaml"
    path.write_text(text)
    return str(path)


def test_reads_ids_names_and_sha(tmp_path: Path) -> None:
    waivers = read_waivers(write(tmp_path, f"""
waivers:
  - id: "17"
    rule: page-limit
    reason: Extra page granted.
    who: PC chairs
  - sha256: {SHA.upper()}
    rule: AX302
    reason: Contact address required by the track.
    who: J. Doe
"""))
    assert waivers == (Waiver("AX101", "Extra page granted.", "PC chairs", id="17"),
                       Waiver("AX302", "Contact address required by the track.", "J. Doe", sha256=SHA))


@pytest.mark.parametrize("text, line, words", [
    ("- id: 1\n  rule: AX101\n  reason: r\n", 1, "no `who`"),
    ("- id: 1\n  rule: AX101\n  reason: r\n  who: w\n  sha256: " + SHA + "\n", 1, "exactly one of"),
    ("- id: 1\n  rule: AX101\n  reason: r\n  who: w\n- id: 2\n  rule: nonsense\n  reason: r\n  who: w\n", 5, "no rule"),
    ("- id: 1\n  rule: AX900\n  reason: r\n  who: w\n", 1, "cannot be waived"),
    ("- id: 1\n  rule: AX101\n  reason: r\n  who: w\n  by: x\n", 5, "unknown key"),
    ("- sha256: 12ab\n  rule: AX101\n  reason: r\n  who: w\n", 1, "64 hexadecimal"),
    ("- id: [1\n", 2, "YAML syntax"),
    ("id: 1\n", 1, "list of entries"),
])
def test_mistakes_name_the_line_and_the_fix(tmp_path: Path, text: str, line: int, words: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(WaiverError) as error:
        read_waivers(path)
    assert f"{path}:{line}:" in str(error.value) and words in str(error.value) and "Fix:" in str(error.value)


def finding(rule: str, severity: str = "error") -> Finding:
    return Finding(rule=rule, name=rule.lower(), severity=Severity(severity), message="m", hint="h")


def test_a_waived_error_no_longer_decides_the_status() -> None:
    result = FileResult("p.pdf", SHA, "fail", findings=[finding("AX101"), finding("AX302", "warning")])
    waived = apply_waivers(result, [Waiver("AX101", "granted", "chairs", id="17")], "17")
    assert waived.status == "pass" and waived.findings[0].waiver == "granted (chairs)"
    assert apply_waivers(result, [Waiver("AX101", "granted", "chairs", id="18")], "17") is result
    assert apply_waivers(result, [Waiver("AX101", "r", "w", sha256=SHA)], None).status == "pass"
    unreadable = FileResult("p.pdf", SHA, "error", findings=[finding("AX101")])
    assert apply_waivers(unreadable, [Waiver("AX101", "r", "w", sha256=SHA)], None).status == "error"


def test_check_marks_waived_findings_in_the_report(tmp_path: Path) -> None:
    long = FIXTURES / "over-limit.pdf"
    import hashlib

    sha = hashlib.sha256(long.read_bytes()).hexdigest()
    path = write(tmp_path, f"- sha256: {sha}\n  rule: AX101\n  reason: One extra page granted.\n  who: PC chairs\n")
    result = CliRunner().invoke(main, ["check", str(long), "--venue", "axiom-2026", "--format", "json",
                                       "--waivers", path])
    data = json.loads(result.output)
    page_limit = next(f for f in data["files"][0]["findings"] if f["rule"] == "AX101")
    assert page_limit["waiver"] == "One extra page granted. (PC chairs)"
    assert data["files"][0]["status"] == ("pass" if not any(
        f["severity"] == "error" and "waiver" not in f for f in data["files"][0]["findings"]) else "fail")
    assert result.exit_code == (0 if data["files"][0]["status"] == "pass" else 1)
