"""Worker processes: every way a worker can end becomes a verdict, and the batch goes on.

Misbehaviour is planted with a rule that reads the file name: the workers are forked from
this process, so they inherit the rule (and any monkeypatching) without pickling. Timeouts
are measured by a clock the test controls: it jumps past any limit once the worker has
surely reached the stage under test, so a busy machine cannot stop a file earlier or later.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from axiomcheck.model import Severity
from axiomcheck.api import check_path
from axiomcheck.execution import FileTask, WorkerPool, check_paths, iter_results
from axiomcheck.codec import to_json
from axiomcheck.limits import MIB, Limits
from axiomcheck.packs import ConfiguredRule, ResolvedPack, resolve
from axiomcheck.rules import Rule
from axiomcheck.rules.base import NoOptions
from conftest import FIXTURES
from pdfbuild import text_pdf

FAST = Limits(timeout=60.0, max_memory=768 * MIB)
LONG = Limits(timeout=600.0)
"""A timeout no check reaches on its own: only the jumping clock makes it pass."""


def started(pdf: str | Path) -> Path:
    """The file a misbehaving check creates once it has begun its misbehaviour."""
    return Path(pdf).with_suffix(".started")


def jumping_clock(marker: Path) -> Callable[[], float]:
    """A monotonic clock that jumps an hour ahead once `marker` exists."""
    return lambda: time.monotonic() + (3600.0 if marker.exists() else 0.0)


def _misbehave(doc, options, context):
    """What it checks: nothing; it misbehaves as the file name asks. Why: tests. How to fix: n/a."""
    name = Path(doc.source.path).stem
    if name.startswith("sleep"):
        started(doc.source.path).touch()
        time.sleep(3600)
    elif name.startswith("hog"):
        hoard = bytearray(2 * 1024 * MIB)
        hoard[-1] = 1
    elif name.startswith("abort"):
        os.abort()
    elif name.startswith("segv"):
        os.kill(os.getpid(), signal.SIGSEGV)
    elif name.startswith("exit"):
        os._exit(7)
    elif name.startswith("raise"):
        raise ValueError("a bug in a rule")
    return iter(())


MISBEHAVE = Rule(id="AX899", name="misbehave", group="test", check=_misbehave, options=NoOptions,
                 severity=Severity.ERROR, confidence="high", needs_text=False)
PACK = ResolvedPack(venue="test", name="test", track="paper", stage="submission", main_body_excludes=(),
                    rules=(ConfiguredRule(MISBEHAVE, NoOptions(), Severity.ERROR),))


@pytest.fixture
def papers(tmp_path: Path):
    def make(*names: str) -> list[str]:
        paths = []
        for name in names:
            path = tmp_path / f"{name}.pdf"
            path.write_bytes(text_pdf(2))
            paths.append(str(path))
        return paths
    return make


def _verdicts(result) -> list[str]:
    return [f.rule for f in result.findings if f.rule.startswith("AX9")]


def test_a_file_that_never_finishes_is_stopped_at_the_timeout(papers) -> None:
    [path] = papers("sleep")
    with WorkerPool(PACK, LONG, clock=jumping_clock(started(path))) as pool:
        [result] = pool.check([FileTask(path)])
    assert result.status == "error" and _verdicts(result) == ["AX903"]
    assert "Too slow" in result.findings[0].message and "600 s limit (--timeout)" in result.findings[0].message
    assert "while running the rules" in result.findings[0].message
    assert not result.internal_error


def test_memory_over_the_limit_is_too_complex_and_the_worker_is_replaced(papers) -> None:
    hog, after = papers("hog", "after")
    report = check_paths([hog, after], PACK, limits=FAST)
    first, second = report.files
    assert first.status == "error" and _verdicts(first) == ["AX903"]
    assert "Too much memory" in first.findings[0].message and not first.internal_error
    assert second.status == "pass"


def test_an_abort_is_read_as_running_out_of_memory(papers) -> None:
    [result] = check_paths(papers("abort"), PACK, limits=FAST).files
    assert _verdicts(result) == ["AX903"]
    assert "SIGABRT" in result.findings[0].message and "768 MiB limit (--max-memory)" in result.findings[0].message


def test_a_crashing_reader_is_damage_and_the_batch_goes_on(papers) -> None:
    paths = papers("ok1", "segv", "ok2", "ok3")
    report = check_paths(paths, PACK, jobs=2, limits=FAST)
    assert [f.path for f in report.files] == paths
    assert [f.status for f in report.files] == ["pass", "error", "pass", "pass"]
    assert _verdicts(report.files[1]) == ["AX900"] and "crashed (SIGSEGV)" in report.files[1].findings[0].message
    assert report.exit_code == 1


def test_a_worker_that_exits_on_its_own_is_our_bug(papers) -> None:
    report = check_paths(papers("exit", "fine"), PACK, limits=FAST)
    assert _verdicts(report.files[0]) == ["AX999"] and report.files[0].internal_error
    assert "exited with code 7" in report.files[0].findings[0].message
    assert report.files[1].status == "pass"
    assert report.exit_code == 3


def test_a_rule_bug_is_reported_as_ours(papers) -> None:
    [result] = check_paths(papers("raise"), PACK, limits=FAST).files
    assert _verdicts(result) == ["AX990"] and result.internal_error
    assert "rule AX899 misbehave could not run" in result.findings[0].message
    assert "not in your paper" in result.findings[0].hint


def test_results_come_in_the_order_given_and_stream(papers) -> None:
    paths = papers("a", "b", "c", "d", "e")
    seen = [result.path for result in iter_results([FileTask(p) for p in paths], PACK, FAST, jobs=3)]
    assert seen == paths


@pytest.mark.parametrize("pause", [0.0, 0.5])
def test_a_worker_that_died_idle_costs_its_next_file_nothing(papers, pause: float) -> None:
    """Killed between two files, noticed at once or only when the next file is handed out."""
    paths = papers(*(f"file{n}" for n in range(6)))
    with WorkerPool(PACK, FAST) as pool:
        assert next(pool.check([FileTask(paths[0])])).status == "pass"
        for number, path in enumerate(paths[1:], start=2):
            [pid] = pool.worker_pids()
            os.kill(pid, signal.SIGKILL)
            time.sleep(pause)
            assert [r.status for r in pool.check([FileTask(path)])] == ["pass"]
            assert pool.workers_started == number


def test_text_that_cannot_be_read_in_time_leaves_the_page_rules(monkeypatch, tmp_path: Path) -> None:
    from axiomcheck.pdf.source import PdfSource

    path = tmp_path / "paper.pdf"

    def stuck(self, index):
        started(path).touch()
        time.sleep(3600)

    monkeypatch.setattr(PdfSource, "page_words", stuck)  # inherited by the forked worker
    path.write_bytes(text_pdf(3))
    with WorkerPool(resolve("axiom-2026", "paper"), LONG, clock=jumping_clock(started(path))) as pool:
        [result] = pool.check([FileTask(str(path))])
    assert result.status == "error" and result.pages == 3
    verdict = next(f for f in result.findings if f.rule == "AX903")
    assert "while reading the text" in verdict.message and "text rules were skipped" in verdict.message
    assert not any(f.rule == "AX904" for f in result.findings)


def test_isolated_and_in_process_results_are_the_same() -> None:
    pack = resolve("axiom-2026", "paper")
    paths = [str(FIXTURES / "refs-midpage.pdf"), str(FIXTURES / "over-limit.pdf")]
    isolated = to_json(check_paths(paths, pack, jobs=2))["files"]
    assert isolated == [to_json(check_path(path, pack)) for path in paths]


PARENT_SCRIPT = """
import json, sys
from axiomcheck.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
libraries = {"pypdfium2", "pypdfium2_raw", "pypdf", "pdfplumber", "pdfminer", "pikepdf"}
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in libraries)), file=sys.stderr)
"""


@pytest.mark.parametrize("command", ["check", "inspect"])
def test_the_command_line_never_loads_a_pdf_library_itself(tmp_path: Path, command: str) -> None:
    import json
    import subprocess
    import sys

    out = tmp_path / "out.txt"
    args = [str(FIXTURES / "refs-midpage.pdf"), "--venue", "axiom-2026", "--format", "json"]
    args += ["-o", str(out), "--jobs", "2"] if command == "check" else []
    done = subprocess.run([sys.executable, "-c", PARENT_SCRIPT, command, *args], capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert json.loads(done.stderr.strip().splitlines()[-1]) == []
    report = json.loads(out.read_text() if command == "check" else done.stdout)
    assert (report["files"][0] if command == "check" else report[0])["pages"] == 4


def test_a_file_is_prechecked_and_hashed_once_on_its_way_to_a_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """The run loop's hash and the pool's prechecks are handed down: the worker (forked from
    this process, so the planted failures reach it) works neither out again."""
    from axiomcheck import pipeline

    def worked_out_again(*args: object) -> None:
        raise AssertionError("worked out again")

    path = str(FIXTURES / "refs-midpage.pdf")
    known = "0" * 64
    pack = resolve("axiom-2026", "paper")
    plain = check_path(path, pack)
    with WorkerPool(pack, FAST, jobs=1) as pool:
        monkeypatch.setattr(pipeline, "file_sha256", worked_out_again)
        monkeypatch.setattr(pipeline, "precheck", lambda path, limits: None)  # the pool's prechecks pass
        (result,) = pool.check([FileTask(path, sha256=known)])
    assert result.sha256 == known and result.status != "error", result.findings
    assert plain.sha256 != known and to_json(result)["findings"] == to_json(plain)["findings"]


def test_a_file_the_caller_prechecked_is_not_prechecked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server runs the prechecks on an upload and hashes it as it saves it: the pool and
    its worker take both as they are."""
    from axiomcheck import pipeline

    def worked_out_again(*args: object) -> None:
        raise AssertionError("worked out again")

    path = str(FIXTURES / "refs-midpage.pdf")
    known = "1" * 64
    with WorkerPool(resolve("axiom-2026", "paper"), FAST, jobs=1) as pool:
        monkeypatch.setattr(pipeline, "file_sha256", worked_out_again)
        monkeypatch.setattr(pipeline, "precheck", worked_out_again)
        (result,) = pool.check([FileTask(path, sha256=known, prechecked=True)])
    assert result.sha256 == known and result.status != "error", result.findings
