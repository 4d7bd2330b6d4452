"""Interrupted runs say so: every output of a run stopped by Ctrl-C or an error says
"partial: N of M files"; the store shows a run whose process is gone as interrupted, the
next run marks it so and says it resumes it, and removes the members it left staged."""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Generator, Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from axiomcheck.batch.store_runs import KILLED, STILL_RUNNING
from axiomcheck.batch.inputs import Item
from axiomcheck.batch.plan import PackSpec, RunPlan
from axiomcheck.batch.run import RunSettings, run_items
from axiomcheck.batch.store import SCHEMA_VERSION, Store
from axiomcheck.batch.work import Work
from axiomcheck.cli import main
from axiomcheck.codec import report_from_json
from axiomcheck.limits import DEFAULT_LIMITS
from axiomcheck.report import FileResult, FileStatus, Report, RunStatus
from axiomcheck.reporters import EMITTERS, REPORTERS, emitter
from batchutil import distinct_pdfs, query

STOPPED = RunStatus(2, 5, "stopped by Ctrl-C")


def _report(status: RunStatus | None) -> Report:
    files = [FileResult(path=f"papers/p{n}.pdf", sha256=f"{n}" * 64, status=FileStatus.PASS, pages=4) for n in range(2)]
    return Report(venue="axiom-2026", track="paper", stage="submission", files=files, run_status=status)


def test_every_format_says_partial_and_how_much() -> None:
    outputs = {name: REPORTERS[name](_report(STOPPED)) for name in REPORTERS}
    for name, text in outputs.items():
        assert "partial: 2 of 5 files (stopped by Ctrl-C)" in text, name
    data = json.loads(outputs["json"])
    assert data["run_status"] == {"state": "partial", "done": 2, "total": 5, "reason": "stopped by Ctrl-C",
                                  "summary": "partial: 2 of 5 files (stopped by Ctrl-C)"}
    assert report_from_json(data).run_status == STOPPED
    rows = list(csv.DictReader(io.StringIO(outputs["csv"])))
    assert len(rows) == 2 and {r["run_status"] for r in rows} == {"partial: 2 of 5 files (stopped by Ctrl-C)"}
    assert '<p class="partial" role="alert">' in outputs["html"]
    run = json.loads(outputs["sarif"])["runs"][0]
    assert run["properties"] | {"runStatus": "partial", "filesDone": 2, "filesTotal": 5} == run["properties"]
    assert run["invocations"][0]["executionSuccessful"] is False
    suites = ET.fromstring(outputs["junit"]).findall("testsuite")
    assert suites[-1].get("name") == "axiomcheck run" and suites[-1].get("errors") == "1"
    assert {p.get("name"): p.get("value") for p in suites[-1].iter("property")}["files_total"] == "5"


def test_a_complete_run_says_complete_and_nothing_partial() -> None:
    outputs = {name: REPORTERS[name](_report(None)) for name in REPORTERS}
    assert not any("partial" in text for name, text in outputs.items() if name != "html")
    assert 'class="partial"' not in outputs["html"]
    assert json.loads(outputs["json"])["run_status"]["state"] == "complete"
    assert json.loads(outputs["sarif"])["runs"][0]["invocations"][0]["executionSuccessful"] is True


class _Stopping:
    """An executor that answers `answers` files, then raises `error` (Ctrl-C, a failure)."""

    def __init__(self, answers: int, error: BaseException) -> None:
        self.answers = answers
        self.error = error

    def run(self, work: Sequence[Work]) -> Generator[tuple[Work, FileResult], None, None]:
        for item in work[:self.answers]:
            yield item, FileResult(path=item.item.display, sha256=None, status=FileStatus.PASS, pages=1)
        raise self.error


def _items(folder: Path, count: int) -> list[Item]:
    return [Item(display=str(p), path=str(p)) for p in distinct_pdfs(folder, count)]


@pytest.mark.parametrize(("error", "reason", "state"), [(KeyboardInterrupt(), "stopped by Ctrl-C", "interrupted"),
                                                         (RuntimeError("cluster lost"), "stopped by an error",
                                                          "failed")])
def test_a_stopped_run_tells_its_streamed_outputs_and_the_store(tmp_path: Path, error: BaseException, reason: str,
                                                                 state: str) -> None:
    items = _items(tmp_path / "p", 5)
    streams = {name: io.StringIO() for name in EMITTERS}
    settings = RunSettings(RunPlan.resolve(PackSpec("axiom-2026", None, None)), DEFAULT_LIMITS)
    with Store(str(tmp_path / "r.sqlite")) as store:
        if isinstance(error, KeyboardInterrupt):
            outcome = run_items(items, settings, _Stopping(2, error), store,
                                emitters=[emitter(n, s) for n, s in streams.items()])
            assert outcome.interrupted and outcome.report.run_status == RunStatus(2, 5, reason)
        else:
            with pytest.raises(RuntimeError):
                run_items(items, settings, _Stopping(2, error), store,
                          emitters=[emitter(n, s) for n, s in streams.items()])
        [run] = store.runs()
        assert (run.state, run.files, run.files_total, run.reason) == (state, 2, 5, reason)
        assert store.report().run_status == RunStatus(2, 5, reason)
    for name, stream in streams.items():
        assert f"partial: 2 of 5 files ({reason})" in stream.getvalue(), name


def _gone_owner(db: Path, run: int) -> None:
    """Make run `run` look started by a process that is gone (a killed batch)."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    owner = json.dumps({"host": os.uname().nodename, "pid": int(dead.stdout), "started": "gone"})
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE runs SET state = 'running', finished_at = NULL, stop_reason = NULL, owner = ? "
                           "WHERE id = ?", (owner, run))


def test_a_killed_run_is_shown_interrupted_and_the_next_run_resumes_it(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    folder = tmp_path / "papers"
    distinct_pdfs(folder, 3)
    args = ["batch", str(folder), "--venue", "axiom-2026", "--db", str(db), "--progress", "none"]
    assert CliRunner().invoke(main, args).exit_code == 1
    with sqlite3.connect(db) as connection:  # as if it was killed after its first file
        connection.execute("DELETE FROM run_files WHERE position > 0")
        connection.execute("DELETE FROM results WHERE sha256 NOT IN (SELECT sha256 FROM run_files)")
    _gone_owner(db, 1)
    staged = Path(f"{db}-staging") / "run-1"
    staged.mkdir(parents=True)
    (staged / "member-0a1b.pdf").write_bytes(b"%PDF-1.4 left by the killed run")
    listed = CliRunner().invoke(main, ["report", "--db", str(db), "--list"])
    assert "interrupted" in listed.output and "1 of 3 files" in listed.output and "running" not in listed.output
    assert query(db, "SELECT state FROM runs") == [("running",)]  # --list changes nothing
    partial = CliRunner().invoke(main, ["report", "--db", str(db), "--format", "json"])
    assert json.loads(partial.output)["run_status"]["reason"] == KILLED
    again = CliRunner().invoke(main, args)
    assert "2 checked, 1 known from the store" in again.output
    assert "resuming run 1 (1 of 3 files done)" in again.output
    assert query(db, "SELECT id, state, resumes FROM runs") == [(1, "interrupted", None), (2, "done", 1)]
    assert not Path(f"{db}-staging").exists()
    done = CliRunner().invoke(main, ["report", "--db", str(db), "--list"]).output.splitlines()
    assert "3 of 3 files (resumes run 1)" in done[1]


def test_a_live_run_keeps_its_staging_folder_and_its_state(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    with Store(str(db)) as first, Store(str(db)) as second:
        live = first.start_run("axiom-2026", "paper", "submission", "0", "batch x", (), files_total=4)
        folder = Path(first.staging_folder(live.id))
        folder.mkdir(parents=True)
        later = second.start_run("axiom-2026", "paper", "submission", "0", "batch x", (), files_total=4)
        assert later.resumes is None and folder.is_dir()
        assert [r.state for r in second.runs()] == ["running", "running"]
        assert second.report(live.id).run_status == RunStatus(0, 4, STILL_RUNNING)


def test_a_version_1_store_gains_the_run_columns(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as connection:
        connection.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        connection.execute("INSERT INTO schema_version VALUES (1)")
        connection.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, started_at TEXT NOT NULL, "
                           "finished_at TEXT, state TEXT NOT NULL, venue TEXT NOT NULL, track TEXT NOT NULL, "
                           "stage TEXT NOT NULL, axiomcheck_version TEXT NOT NULL, command TEXT NOT NULL, "
                           "waivers TEXT NOT NULL, page_limits TEXT NOT NULL)")
        connection.execute("INSERT INTO runs VALUES (1, '2026-01-01T00:00:00+00:00', "
                           "'2026-01-01T00:01:00+00:00', 'done', 'axiom-2026', 'paper', 'submission', '0.1.0', "
                           "'batch x', '[]', '{}')")
    with Store(str(db)) as store:
        [run] = store.runs()
        assert (run.state, run.files_total, run.status) == ("done", None, None)
    assert query(db, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]


def test_a_batch_stages_archive_members_beside_its_store_never_in_the_temp_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import zipfile

    from axiomcheck.batch import inputs

    def no_temp(*args: object, **kwargs: object) -> str:
        raise AssertionError("a batch staged archive members in the system's temp folder")

    monkeypatch.setattr(inputs.tempfile, "mkdtemp", no_temp)
    staged: list[str] = []
    replace = inputs.os.replace
    monkeypatch.setattr(inputs.os, "replace", lambda src, dst: (staged.append(str(dst)), replace(src, dst))[1])
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for number, pdf in enumerate(distinct_pdfs(tmp_path / "p", 2)):
            zf.write(pdf, f"Submission{number}/paper.pdf")
    db = tmp_path / "r.sqlite"
    result = CliRunner().invoke(main, ["batch", str(archive), "--venue", "axiom-2026", "--db", str(db),
                                       "--progress", "none", "-j", "1"])
    assert result.exit_code in (0, 1), result.output
    assert len(staged) == 2 and all(path.startswith(f"{db}-staging/run-1/") for path in staged)
    assert not Path(f"{db}-staging").exists()
