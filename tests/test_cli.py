"""The command line through click's CliRunner: every command and every exit code."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from axiomcheck.cli import main
from axiomcheck.rules import REGISTRY
from conftest import FIXTURES

OK = str(FIXTURES / "refs-midpage.pdf")
LONG = str(FIXTURES / "over-limit.pdf")


def run(*args: str) -> object:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_check_compliant_paper_exits_0() -> None:
    result = run("check", OK, "--venue", "axiom-2026", "--track", "paper")
    assert result.exit_code == 0, result.output
    assert "PASS" in result.output


def test_check_over_limit_exits_1_and_says_by_how_much() -> None:
    result = run("check", LONG, "--venue", "axiom-2026", "--track", "paper")
    assert result.exit_code == 1
    assert "AX101 page-limit" in result.output
    assert "past the 4-page limit" in result.output


def test_json_report_to_file(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    result = run("check", OK, LONG, "--venue", "axiom-2026", "--format", "json", "-o", str(out))
    assert result.exit_code == 1
    data = json.loads(out.read_text())
    assert data["schema"] == "axiomcheck.report/1"
    assert [f["status"] for f in data["files"]] == ["pass", "fail"]
    assert data["files"][0]["structure"]["main_body_pages"] == 4
    assert len(data["files"][0]["sha256"]) == 64


def test_unreadable_file_gets_a_verdict_and_the_batch_goes_on(tmp_path: Path) -> None:
    junk = tmp_path / "notes.pdf"
    junk.write_text("this is not a pdf")
    result = run("check", str(junk), OK, "--venue", "axiom-2026", "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["files"][0]["status"] == "error"
    assert data["files"][0]["findings"][0]["name"] == "unreadable"
    assert data["files"][1]["status"] == "pass"


def test_a_missing_file_is_a_usage_error_like_a_directory(tmp_path: Path) -> None:
    for command in (["check", "--venue", "axiom-2026"], ["inspect"]):
        missing = run(*command, str(tmp_path / "absent.pdf"))
        assert missing.exit_code == 2 and f"no such file: {tmp_path / 'absent.pdf'}" in missing.output
        assert "Export the PDF again" not in missing.output
        assert run(*command, str(tmp_path)).exit_code == 2


def test_inspect_does_not_say_pass_when_no_rule_ran() -> None:
    result = run("inspect", OK, "--format", "json")
    assert result.exit_code == 0
    [entry] = json.loads(result.output)
    assert entry["status"] == "read" and entry["findings"] == []


def test_usage_and_pack_errors_exit_2(tmp_path: Path) -> None:
    assert run("check", OK, "--venue", "nope").exit_code == 2
    assert run("check", OK, "--venue", "axiom-2026", "--track", "nope").exit_code == 2
    assert run("check", str(FIXTURES / "poster-a1.pdf")).exit_code == 2  # no venue, and no template to tell it
    bad = tmp_path / "bad.yaml"
    bad.write_text("pack: bad\ntracks:\n  paper:\n    rules:\n      page-limit: {pages: 4}\n")
    result = CliRunner().invoke(main, ["check", OK, "--venue", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:5" in result.output and "main_body_pages" in result.output


def test_crashing_rule_exits_3_and_other_rules_still_run(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(doc, options, context):
        raise ValueError("kaboom")
        yield  # pragma: no cover

    crashing = dataclasses.replace(REGISTRY["line-numbers"], check=boom)
    monkeypatch.setitem(REGISTRY, "line-numbers", crashing)
    result = run("check", LONG, "--venue", "axiom-2026", "--format", "json")
    assert result.exit_code == 3
    names = [f["name"] for f in json.loads(result.output)["files"][0]["findings"]]
    assert "rule-crashed" in names and "page-limit" in names


def test_rules_list_and_explain() -> None:
    listing = run("rules")
    assert listing.exit_code == 0
    assert "AX101  page-limit" in listing.output
    explained = run("rules", "explain", "AX101")
    assert "How to fix:" in explained.output and "main_body_pages" in explained.output
    assert "How to fix" in run("rules", "explain", "unreadable").output
    assert run("rules", "explain", "AX000").exit_code == 2


def test_rules_explain_says_how_a_venue_runs_the_rule() -> None:
    neurips = run("rules", "explain", "AX101", "--venue", "neurips-2026")
    assert neurips.exit_code == 0 and "In neurips-2026, track main, stage submission" in neurips.output
    assert "main_body_pages = 9" in neurips.output
    final = run("rules", "explain", "page-limit", "--venue", "iclr-2026", "--stage", "camera-ready")
    assert "main_body_pages = 10" in final.output
    assert "does not run AX104" in run("rules", "explain", "AX104", "--venue", "axiom-2026").output
    assert run("rules", "explain", "AX101", "--venue", "no-such-venue").exit_code == 2
    assert run("rules", "explain", "AX101", "--track", "main").exit_code == 2


def test_packs_lists_tracks_and_stages() -> None:
    result = run("packs")
    assert result.exit_code == 0
    assert "axiom-2026" in result.output
    assert "track grand-challenge" in result.output and "camera-ready" in result.output


def test_inspect_shows_structure() -> None:
    result = run("inspect", OK, LONG, "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert [entry["structure"]["references_page"] for entry in data] == [4, 5]
    text = run("inspect", OK)
    assert "references:" in text.output and "page 4" in text.output


def test_python_dash_m_entry_point() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "axiomcheck", "rules"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "AX101" in done.stdout


def test_known_authors_from_a_file_and_a_manifest(tmp_path: Path) -> None:
    names = tmp_path / "authors.txt"
    names.write_text("Jonathan Frankle\n")
    result = run("check", OK, "--venue", "axiom-2026", "--authors", str(names), "--format", "json")
    findings = json.loads(result.output)["files"][0]["findings"]
    cited = [f for f in findings if f["name"] == "known-author"]
    assert cited and all(f["severity"] == "info" for f in cited), "a reference by a known author is information"
    assert result.exit_code == 0
    manifest = tmp_path / "batch.csv"
    named = FIXTURES / "named-authors-submission.pdf"
    manifest.write_text(f"path,authors\n{named},Jane Doe\n{OK},\n")
    result = run("check", "--manifest", str(manifest), "--venue", "axiom-2026", "--format", "json")
    files = json.loads(result.output)["files"]
    errors = [f for f in files[0]["findings"] if f["name"] == "known-author" and f["severity"] == "error"]
    assert errors and errors[0]["page"] == 1
    assert not [f for f in files[1]["findings"] if f["name"] == "known-author"]


def test_the_command_list_says_what_each_commands_own_help_says() -> None:
    """`axiomcheck --help` lists the commands from a table, without importing them: each summary
    is the first paragraph of the command's own help."""
    import click

    from axiomcheck.cli import COMMANDS

    context = click.Context(main)
    for name, entry in COMMANDS.items():
        command = main.get_command(context, name)
        assert command is not None and command.help is not None
        assert " ".join(command.help.split("\n\n")[0].split()) == entry.summary, name
