"""Exit codes that keep their promise: a bug in the program's own process is exit 3 with one
line that says where the details are, never exit 1 with a traceback; Ctrl-C is 130 with the
report written for the files done."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from batchutil import distinct_pdfs
from conftest import FIXTURES

CRASHING = """
import sys
import axiomcheck.batch.run as run

def broken(*args, **kwargs):
    raise RuntimeError("a bug in the run loop")

run.run_items = broken
sys.argv = ["axiomcheck", *sys.argv[1:]]
from axiomcheck.cli import run as program
program()
"""


def test_a_bug_in_the_program_is_exit_3_with_one_line_and_a_log(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", CRASHING, "check", str(FIXTURES / "refs-midpage.pdf"),
                           "--venue", "axiom-2026"], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "XDG_STATE_HOME": str(tmp_path)})
    assert done.returncode == 3
    [line] = done.stderr.splitlines()
    assert line.startswith("axiomcheck: internal error (RuntimeError: a bug in the run loop)")
    assert "issue tracker" in line and "Traceback" not in done.stderr
    [log] = (tmp_path / "axiomcheck" / "crashes").glob("axiomcheck-crash-*.log")
    assert str(log) in line
    details = log.read_text()
    assert "Traceback" in details and "a bug in the run loop" in details and "check" in details


def test_without_a_folder_for_the_log_the_traceback_is_printed(tmp_path: Path) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    script = f"import axiomcheck.cli.crash as crash\ncrash.crash_folders = lambda: [crash.Path({str(blocked)!r})]\n"
    done = subprocess.run([sys.executable, "-c", script + CRASHING, "check", str(FIXTURES / "refs-midpage.pdf"),
                           "--venue", "axiom-2026"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 3
    assert done.stderr.splitlines()[0].endswith("the traceback is below.")
    assert "Traceback" in done.stderr and "a bug in the run loop" in done.stderr


def test_a_report_that_cannot_be_written_is_a_usage_error_before_any_check(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "axiomcheck", "check", str(FIXTURES / "refs-midpage.pdf"),
                           "--venue", "axiom-2026", "-o", str(tmp_path / "missing" / "report.json")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    missing = tmp_path / "missing"
    assert done.stderr.strip().splitlines() == [f"axiomcheck: cannot write {missing / 'report.json'}: the folder "
                                                f"{missing} does not exist; create it (mkdir -p {missing}) or give "
                                                "another path."]


@pytest.mark.slow
def test_ctrl_c_stops_a_check_with_the_report_of_the_files_done(tmp_path: Path) -> None:
    papers = distinct_pdfs(tmp_path / "papers", 30)
    out = tmp_path / "report.json"
    process = subprocess.Popen([sys.executable, "-m", "axiomcheck", "check", *map(str, papers), "--venue",
                                "axiom-2026", "--format", "json", "-o", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while '"path"' not in (out.read_text() if out.exists() else ""):  # the first file is written
        assert process.poll() is None and time.monotonic() < deadline, "no file was checked"
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    files = json.loads(out.read_text())["files"]
    assert 1 <= len(files) < len(papers)
    assert [f["path"] for f in files] == [str(p) for p in papers[:len(files)]]
