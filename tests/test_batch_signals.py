"""A batch stopped from outside: SIGKILL loses only the files in flight, `report --list` shows
the killed run interrupted, and the next run resumes it to the same results without
duplicates; Ctrl-C (SIGINT) exits 130 with outputs that say they are partial."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from batchutil import distinct_pdfs, query

pytestmark = pytest.mark.slow
FILES = 14


def start(folder: Path, db: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "axiomcheck", "batch", str(folder), "--venue", "axiom-2026",
                             "--db", str(db), "-j", "1", "--progress", "lines", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_results(process: subprocess.Popen, db: Path, count: int) -> int:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert process.poll() is None, "the batch ended before it could be stopped"
        try:
            done = query(db, "SELECT COUNT(*) FROM results")[0][0]
        except sqlite3.OperationalError:  # not created yet
            done = 0
        if done >= count:
            return done
        time.sleep(0.05)
    raise AssertionError("the batch made no progress")


def outcome(db: Path) -> list[tuple]:
    """(path, status, rules) of the latest run, in order."""
    rows = query(db, "SELECT f.path, r.status, r.result FROM run_files f JOIN results r USING "
                     "(sha256, pack, pack_hash, track, stage, axiomcheck_version, settings) "
                     "WHERE f.run_id = (SELECT MAX(id) FROM runs) ORDER BY f.position")
    return [(path, status, sorted(f["rule"] for f in json.loads(result)["findings"])) for path, status, result in rows]


def test_a_killed_batch_resumes_to_the_same_results_without_duplicates(tmp_path: Path) -> None:
    folder = tmp_path / "papers"
    distinct_pdfs(folder, FILES)
    reference = tmp_path / "reference.sqlite"
    assert start(folder, reference).wait(timeout=300) == 1
    killed = tmp_path / "killed.sqlite"
    process = start(folder, killed)
    done = wait_for_results(process, killed, 3)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    kept = query(killed, "SELECT COUNT(*) FROM results")[0][0]
    assert done <= kept < FILES
    assert query(killed, "SELECT state FROM runs") == [("running",)]
    listed = subprocess.run([sys.executable, "-m", "axiomcheck", "report", "--db", str(killed), "--list"],
                            capture_output=True, text=True, timeout=60)
    assert " interrupted " in listed.stdout and "running" not in listed.stdout, listed.stdout
    resumed = start(folder, killed)
    _, err = resumed.communicate(timeout=300)
    assert resumed.returncode == 1, err
    assert f"{FILES - kept} checked, {kept} known from the store" in err and "resuming run 1" in err
    assert outcome(killed) == outcome(reference)
    assert query(killed, "SELECT COUNT(*) FROM results") == [(FILES,)]
    assert query(killed, "PRAGMA integrity_check") == [("ok",)]


def test_ctrl_c_stops_cleanly_keeps_what_is_done_and_writes_the_outputs(tmp_path: Path) -> None:
    folder = tmp_path / "papers"
    distinct_pdfs(folder, FILES)
    db = tmp_path / "r.sqlite"
    out = tmp_path / "partial.csv"
    process = start(folder, db, "-o", f"csv:{out}", "-o", f"json:{tmp_path / 'partial.json'}")
    wait_for_results(process, db, 2)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "stopped by Ctrl-C" in err and "Traceback" not in err
    rows = out.read_text().splitlines()[1:]
    stored = query(db, "SELECT COUNT(*) FROM run_files")[0][0]
    assert 2 <= len(rows) == stored < FILES
    assert all(row.endswith(f",partial: {stored} of {FILES} files (stopped by Ctrl-C)") for row in rows)
    status = json.loads((tmp_path / "partial.json").read_text())["run_status"]
    assert (status["state"], status["done"], status["total"]) == ("partial", stored, FILES)
    assert query(db, "SELECT state FROM runs") == [("interrupted",)]
    again = start(folder, db)
    _, err = again.communicate(timeout=300)
    assert again.returncode == 1 and f"{stored} known from the store" in err


def test_ctrl_c_from_a_terminal_stops_a_dask_batch_and_its_cluster(tmp_path: Path) -> None:
    """A terminal's Ctrl-C reaches every process of the run: the cluster's processes leave it
    to the batch, which stops them, writes its outputs and exits 130."""
    pytest.importorskip("distributed")
    import os

    folder = tmp_path / "papers"
    distinct_pdfs(folder, 8)
    db = tmp_path / "r.sqlite"
    out = tmp_path / "partial.csv"
    process = subprocess.Popen([sys.executable, "-m", "axiomcheck", "batch", str(folder), "--venue", "axiom-2026",
                                "--db", str(db), "-j", "1", "--progress", "lines", "--executor", "dask",
                                "-o", f"csv:{out}"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    wait_for_results(process, db, 1)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "stopped by Ctrl-C" in err
    assert len(out.read_text().splitlines()) - 1 == query(db, "SELECT COUNT(*) FROM run_files")[0][0] >= 1
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # nothing of the run is left (once init has reaped what it inherited)
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.2)
    else:
        raise AssertionError("processes of the stopped run are still alive")
