"""Output habits of `check` and `batch`: -q lists only the files that do not pass, -v adds
info findings and timings, colour on a terminal (NO_COLOR, FORCE_COLOR, pipes), a folder
given to `check`, and the same -o FORMAT[:PATH] and --format for both commands."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from axiomcheck.cli import main
from axiomcheck.model import Severity
from axiomcheck.report import FileResult, FileStatus, Finding, Report
from axiomcheck.reporters.text import TextEmitter, TextStyle, wants_colour
from conftest import FIXTURES

ESCAPE = "\x1b["


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, list(args), catch_exceptions=False, env=env)


@pytest.fixture
def papers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a paper that passes, one that fails (in a subfolder) and a note."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "papers"
    (folder / "late").mkdir(parents=True)
    shutil.copy(FIXTURES / "neurips-submission-ok.pdf", folder / "good.pdf")
    shutil.copy(FIXTURES / "over-limit.pdf", folder / "late" / "long.pdf")
    (folder / "notes.txt").write_text("not a paper")
    return folder


def test_check_on_a_folder_checks_the_pdfs_in_it(papers: Path) -> None:
    result = run("check", "papers", "--venue", "axiom-2026", "--format", "json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert [(f["path"], f["status"]) for f in report["files"]] == [
        ("papers/good.pdf", "pass"), ("papers/late/long.pdf", "fail")]


def test_quiet_lists_only_the_files_that_do_not_pass(papers: Path) -> None:
    quiet = run("check", "papers", "--venue", "axiom-2026", "-q")
    assert quiet.exit_code == 1
    assert quiet.stdout.startswith("papers/late/long.pdf: FAIL (1 error)")
    assert "good.pdf" not in quiet.stdout and "axiomcheck: axiom-2026" not in quiet.stdout
    assert quiet.stdout.rstrip().endswith("2 files: 1 pass, 1 fail, 0 not checked")
    full = run("check", "papers", "--venue", "axiom-2026")
    assert "papers/good.pdf: PASS" in full.stdout and full.stdout.startswith("axiomcheck: axiom-2026")


def test_quiet_batch_prints_no_progress_and_no_hint(papers: Path, tmp_path: Path) -> None:
    result = run("batch", "papers", "--venue", "axiom-2026", "--db", str(tmp_path / "r.sqlite"), "-q",
                 "--format", "text")
    assert result.exit_code == 1
    assert result.stdout.startswith("papers/late/long.pdf: FAIL") and "good.pdf" not in result.stdout
    (summary,) = result.stderr.strip().splitlines()
    assert summary.startswith("axiomcheck: 2 files: 1 pass, 1 fail, 0 not checked")
    again = run("report", "--db", str(tmp_path / "r.sqlite"), "-q")  # `report` takes -q as batch does
    assert again.exit_code == 1 and again.stdout == result.stdout


def test_quiet_and_verbose_together_are_a_usage_error(papers: Path) -> None:
    result = run("check", "papers", "--venue", "axiom-2026", "-q", "-v")
    assert result.exit_code == 2 and "-q/--quiet and -v/--verbose do not go together" in result.stderr


def _report_with_a_note() -> Report:
    note = Finding(rule="AX906", name="partly-read", severity=Severity.INFO,
                   message="Some objects are damaged and were skipped.", hint="Nothing to do.", page=None)
    error = Finding(rule="AX101", name="page-limit", severity=Severity.ERROR, message="Too long.", hint="Cut it.",
                    page=5)
    return Report(venue="axiom-2026", track="paper", stage="submission",
                  files=[FileResult(path="a.pdf", sha256=None, status=FileStatus.FAIL, pages=5,
                                    findings=[error, note], seconds=1.25)])


def _text(style: TextStyle) -> str:
    out = io.StringIO()
    emitter = TextEmitter(out, style=style)
    report = _report_with_a_note()
    emitter.start(report)
    for result in report.files:
        emitter.file(result)
    emitter.finish()
    return out.getvalue()


def test_info_findings_and_timings_only_when_asked() -> None:
    terminal = _text(TextStyle(info=False))
    assert "a.pdf: FAIL (1 error, 1 info (-v shows it)) - 5 pages\n" in terminal
    assert "AX906" not in terminal and "AX101" in terminal
    verbose = _text(TextStyle(info=True, timings=True))
    assert "AX906 partly-read" in verbose and "(-v shows" not in verbose
    assert verbose.splitlines()[2].endswith(" [1.25 s]")  # the headline ends with the file's own time
    assert re.fullmatch(r"\d+\.\d s, \d+\.\d files/s", verbose.rstrip().split(" in ")[-1])  # time and rate
    assert "AX906 partly-read" in _text(TextStyle())  # a report file keeps everything, without timings
    assert " s]" not in _text(TextStyle())


def test_verbose_check_shows_each_files_own_time(papers: Path) -> None:
    result = run("check", "papers/good.pdf", "papers/late/long.pdf", "--venue", "axiom-2026", "-v")
    times = [float(re.search(r" \[(\d+\.\d+) s\]$", line).group(1))  # type: ignore[union-attr]
             for line in result.stdout.splitlines() if line.startswith("papers/")]
    total = float(re.search(r" in (\d+\.\d+) s,", result.stdout).group(1))  # type: ignore[union-attr]
    assert len(times) == 2 and sum(times) <= total + 0.05  # each file's own, not the time since the run began


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_follows_the_terminal_no_color_and_force_color(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert wants_colour(_Terminal()) and not wants_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_colour(_Terminal())
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert wants_colour(io.StringIO())
    monkeypatch.delenv("FORCE_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not wants_colour(_Terminal())
    monkeypatch.setenv("TERM", "xterm")
    painted = _text(TextStyle(colour=True))
    assert ESCAPE in painted and painted.count("\n") == _text(TextStyle()).count("\n")


def test_colour_on_the_command_line(papers: Path) -> None:
    plain = run("check", "papers", "--venue", "axiom-2026", env={"NO_COLOR": "", "FORCE_COLOR": ""})
    assert ESCAPE not in plain.stdout  # not a terminal
    forced = run("check", "papers", "--venue", "axiom-2026", env={"FORCE_COLOR": "1", "TERM": "xterm"})
    assert ESCAPE in forced.stdout
    refused = run("check", "papers", "--venue", "axiom-2026", env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert ESCAPE not in refused.stdout
    json_forced = run("check", "papers", "--venue", "axiom-2026", "--format", "json", env={"FORCE_COLOR": "1"})
    assert ESCAPE not in json_forced.stdout and json.loads(json_forced.stdout)["files"]


def test_check_and_batch_take_the_same_outputs(papers: Path, tmp_path: Path) -> None:
    check = run("check", "papers", "--venue", "axiom-2026", "-o", "json:r.json", "-o", "csv", "--output-dir", "out")
    assert check.exit_code == 1 and "papers/late/long.pdf: FAIL" in check.stdout  # text still printed
    assert json.loads((tmp_path / "out" / "r.json").read_text())["files"][1]["status"] == "fail"
    assert (tmp_path / "out" / "axiomcheck-results.csv").read_text().count("\n") == 3
    to_file = run("check", "papers", "--venue", "axiom-2026", "--format", "json", "-o", "report.json")
    assert to_file.stdout == "" and len(json.loads((tmp_path / "report.json").read_text())["files"]) == 2
    only_sarif = run("check", "papers", "--venue", "axiom-2026", "-o", "sarif:-")
    assert json.loads(only_sarif.stdout)["version"] == "2.1.0"
    batch = run("batch", "papers", "--venue", "axiom-2026", "--db", str(tmp_path / "r.sqlite"), "--format", "json",
                "-o", "html:triage.html", "--progress", "none")
    assert batch.exit_code == 1 and len(json.loads(batch.stdout)["files"]) == 2
    assert (tmp_path / "triage.html").is_file()


def test_check_on_a_folder_refuses_a_link_out_of_it(papers: Path) -> None:
    (papers / "evil.pdf").symlink_to("/etc/passwd")
    result = run("check", "papers", "--venue", "axiom-2026", "--format", "json")
    refused = next(f for f in json.loads(result.stdout)["files"] if f["path"] == "papers/evil.pdf")
    assert refused["status"] == "error" and "symbolic link to a file outside" in refused["findings"][0]["message"]


def test_verbose_batch_shows_info_findings_without_per_file_times(papers: Path, tmp_path: Path) -> None:
    result = run("batch", "papers", "--venue", "axiom-2026", "--db", str(tmp_path / "r.sqlite"), "-v",
                 "--format", "text", "--progress", "none")
    assert "papers/good.pdf: PASS" in result.stdout and " s]" not in result.stdout


def test_quiet_under_fail_on_warning_shows_what_fails_the_run() -> None:
    """`-q --fail-on warning` exits 1 for a file that passes with a warning: it is listed, and
    the summary says why the run fails although nothing is `fail`."""
    result = run("check", str(FIXTURES / "email-in-body.pdf"), str(FIXTURES / "acknowledgments-hidden.pdf"),
                 "--venue", "axiom-2026", "-q", "--fail-on", "warning")
    assert result.exit_code == 1
    assert "email-in-body.pdf: PASS (1 warning)" in result.stdout and "acknowledgments-hidden" not in result.stdout
    assert result.stdout.rstrip().endswith("2 files: 2 pass, 0 fail, 0 not checked (1 of the passes with warnings, "
                                           "which fail under --fail-on warning)")
    plain = run("check", str(FIXTURES / "email-in-body.pdf"), "--venue", "axiom-2026", "-q")
    assert plain.exit_code == 0 and "email-in-body" not in plain.stdout
