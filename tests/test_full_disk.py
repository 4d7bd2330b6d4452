"""A place that fills up while a report is written (a full disk, here the `/dev/full` device
that refuses every write with ENOSPC) is the user's to fix, not a bug in axiomcheck: the
command exits 2 with one line on standard error that names the place, whichever door wrote
to it (`check -o`, `check`'s standard output, `batch -o`, `report -o`, `report`'s standard
output)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES

FULL = Path("/dev/full")
PAPER = str(FIXTURES / "a4-paper.pdf")

pytestmark = pytest.mark.skipif(not FULL.exists(), reason="needs the /dev/full device (Linux)")


def axiomcheck(cwd: Path, *args: str, stdout_full: bool = False) -> subprocess.CompletedProcess[str]:
    with open(FULL if stdout_full else os.devnull, "w") as out:
        return subprocess.run([sys.executable, "-m", "axiomcheck", *args], cwd=cwd, stdout=out,
                              stderr=subprocess.PIPE, text=True, timeout=300, check=False)


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if "No space left" in line]
    assert len(lines) == 1, done.stderr
    assert "bug in axiomcheck" not in done.stderr
    return lines[0]


def test_check_to_a_full_file_names_the_file(tmp_path: Path) -> None:
    line = one_line(axiomcheck(tmp_path, "check", PAPER, "--venue", "axiom-2026", "-o", f"json:{FULL}"))
    assert line.startswith(f"axiomcheck: cannot write {FULL}: No space left on device")


def test_check_to_a_full_standard_output_says_so(tmp_path: Path) -> None:
    line = one_line(axiomcheck(tmp_path, "check", PAPER, "--venue", "axiom-2026", stdout_full=True))
    assert line.startswith("axiomcheck: cannot write standard output: No space left on device")


def test_batch_and_report_name_the_full_place_and_keep_the_results(tmp_path: Path) -> None:
    db = str(tmp_path / "r.sqlite")
    line = one_line(axiomcheck(tmp_path, "batch", PAPER, "--venue", "axiom-2026", "--progress", "none", "--db", db,
                               "-o", f"json:{FULL}"))
    assert f"cannot write {FULL}" in line and f"the results are kept in {db}" in line
    assert f"cannot write {FULL}" in one_line(axiomcheck(tmp_path, "report", "--db", db, "-o", str(FULL)))
    assert "cannot write standard output" in one_line(axiomcheck(tmp_path, "report", "--db", db, stdout_full=True))
