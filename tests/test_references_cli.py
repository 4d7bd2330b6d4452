"""References from outside: `axiomcheck references index` builds an index from a DBLP-format XML
file and a BibTeX file (fixtures/references/), and `axiomcheck check --references` finds the
fabricated entry, the wrong arXiv id and the malformed one of a paper, and every real entry;
without `--references` the report says the references were not checked. Each command runs as
its own process, as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES

FABRICATED = FIXTURES / "references-fabricated.pdf"
AUTHOR_YEAR = FIXTURES / "references-author-year.pdf"
SOURCES = [FIXTURES / "references" / "dblp-sample.xml", FIXTURES / "references" / "venue-sample.bib"]


def axiomcheck(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "axiomcheck", *map(str, args)], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    database = tmp_path_factory.mktemp("index") / "refs.sqlite"
    built = axiomcheck("references", "index", *SOURCES, "--db", database)
    assert built.returncode == 0, built.stderr
    assert built.stdout.strip() == f"{database}: 13 works; 13 added from 2 sources."
    assert "dblp-sample.xml (dblp): " in built.stderr and built.stderr.rstrip().endswith("works added, done")
    return database


def _json(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_the_fabricated_entry_is_not_found_on_its_page_and_the_wrong_id_is_a_mismatch(index: Path) -> None:
    done = axiomcheck("check", FABRICATED, "--isolated", "--venue", "axiom-2026", "--track", "paper",
                      "--references", index, "--format", "json")
    assert done.returncode == 0, done.stderr
    report = _json(done)
    assert report["references"] == {"checked": True, "source": f"the index {index}"}
    findings = report["files"][0]["findings"]
    by_rule = {rule: [f for f in findings if f["rule"] == rule] for rule in ("AX703", "AX706", "AX707", "AX708")}
    [missing] = by_rule["AX706"]
    assert missing["severity"] == "warning" and missing["page"] == 3 and missing["bbox"]
    assert "'Quantum gradient folding for sparse transformer distillation'" in missing["message"]
    assert missing["message"].endswith("a person should confirm that this work exists.")
    assert missing["evidence"].startswith("M. Albrecht and T. Okonkwo. Quantum gradient folding")
    [wrong] = by_rule["AX707"]
    assert wrong["message"] == ("Entry [8] 'Language models are few-shot learners' (Brown et al., 2020): its arXiv id "
                                "1706.03762 names another work, 'Attention Is All You Need' (Ashish Vaswani et al., "
                                "2017).")
    [malformed] = by_rule["AX703"]
    assert "2006.1123" in malformed["message"] and "[9]" in malformed["message"]
    assert by_rule["AX708"] == []


def test_every_real_entry_is_found(index: Path) -> None:
    done = axiomcheck("check", AUTHOR_YEAR, "--isolated", "--venue", "hild-2026", "--stage", "camera-ready",
                      "--references", index, "--format", "json")
    assert done.returncode == 0, done.stderr
    rules = {f["rule"] for f in _json(done)["files"][0]["findings"]}
    assert not rules & {"AX706", "AX707", "AX708"}


def test_without_an_index_the_report_says_the_references_were_not_checked() -> None:
    done = axiomcheck("check", FABRICATED, "--isolated", "--venue", "axiom-2026", "--track", "paper")
    assert done.returncode == 0
    header = done.stdout.splitlines()[:3]
    assert "references: not checked (give --references INDEX or --references online to look each entry up)" in header
    assert done.stdout.count("references: not checked") == 1
    assert "AX706" not in done.stdout and "AX703 impossible-arxiv-id" in done.stdout
    report = _json(axiomcheck("check", FABRICATED, "--isolated", "--venue", "axiom-2026", "--format", "json"))
    assert report["references"] == {"checked": False, "source": None}


def test_an_index_that_cannot_be_read_is_a_usage_error_before_any_work(tmp_path: Path) -> None:
    done = axiomcheck("check", FABRICATED, "--isolated", "--venue", "axiom-2026", "--references",
                      tmp_path / "missing.sqlite")
    assert done.returncode == 2
    assert done.stdout == "" and done.stderr.count("\n") == 1
    assert "no such reference index" in done.stderr
    bad = axiomcheck("references", "index", tmp_path / "nothing.xml", "--db", tmp_path / "refs.sqlite")
    assert bad.returncode == 2 and "no such file or folder" in bad.stderr


def test_a_settings_file_names_the_index_relative_to_itself(index: Path, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "refs.sqlite").write_bytes(index.read_bytes())
    (project / "axiomcheck.toml").write_text('venue = "axiom-2026"\nreferences = "refs.sqlite"\n', encoding="utf-8")
    done = axiomcheck("check", FABRICATED, "--format", "json", cwd=project)
    assert done.returncode == 0, done.stderr
    report = _json(done)
    assert report["references"]["source"] == f"the index {project / 'refs.sqlite'}"
    assert any(f["rule"] == "AX706" for f in report["files"][0]["findings"])


def test_batch_looks_references_up_too(index: Path, tmp_path: Path) -> None:
    done = axiomcheck("batch", FABRICATED, AUTHOR_YEAR, "--isolated", "--venue", "axiom-2026", "--track", "paper",
                      "--references", index, "--db", tmp_path / "results.sqlite", "--progress", "none",
                      "-o", f"json:{tmp_path / 'report.json'}")
    assert done.returncode == 1, done.stderr  # the author-year paper fails axiom-2026's layout rules
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    rules = {Path(f["path"]).name: {finding["rule"] for finding in f["findings"]} for f in report["files"]}
    assert {"AX706", "AX707", "AX703"} <= rules[FABRICATED.name]
    assert not rules[AUTHOR_YEAR.name] & {"AX706", "AX707", "AX708"}
