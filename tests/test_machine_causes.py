"""Verdicts the machine caused are never the paper's: a file whose worker is killed from outside
twice (SIGKILL), or that runs out of time while it hardly got a processor (a loaded machine),
is "not checked" with the `machine-stopped` verdict (AX907) saying which, never "too much
memory" or "too slow"; a results store keeps it with the run only, so the next run checks the
file again without --force and ends with the file's calm verdict. Trouble is planted by monkeypatching the worker's
pipeline before the workers are forked from this process."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from axiomcheck.cli import main
from axiomcheck.execution import FileTask, WorkerPool
from axiomcheck.execution import worker
from axiomcheck.limits import Limits
from axiomcheck.packs import resolve
from axiomcheck.report import FileResult
from axiomcheck.verdicts import machine_caused
from batchutil import distinct_pdfs

PACK = ("axiom-2026", "paper", "submission")
STORM = "storm"
"""A file beside the papers whose presence makes the planted trouble happen."""


@pytest.fixture
def troubled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Papers where `killed-*` has its worker killed from outside and `starved-*` waits without
    a processor, while the file `storm` is beside them."""
    real = worker.check_document

    def check_document(path: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        name = Path(path).name
        if (Path(path).parent / STORM).exists():
            if name.startswith("killed"):
                os.kill(os.getpid(), signal.SIGKILL)
            elif name.startswith("starved"):
                time.sleep(3600)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(worker, "check_document", check_document)
    folder = tmp_path / "papers"
    distinct_pdfs(folder, 3, ("refs-midpage.pdf",))
    for index, name in enumerate(("fine", "killed", "starved")):
        os.rename(folder / f"{index:03d}-refs-midpage.pdf", folder / f"{name}.pdf")
    (folder / STORM).touch()
    return folder


def checked(paths: list[Path], timeout: float) -> list[FileResult]:
    with WorkerPool(resolve(*PACK), Limits(timeout=timeout), 2) as pool:
        return list(pool.check([FileTask(str(p)) for p in paths]))


def test_killed_from_outside_and_starved_are_the_machines(troubled: Path) -> None:
    """(A file that burns its processor until the timeout stays "too slow", AX903: held by
    tests/test_isolation_pool.py, whose clock jumps so that no machine's load can decide.)"""
    fine, killed, starved = (troubled / f"{n}.pdf" for n in ("fine", "killed", "starved"))
    results = checked([fine, killed, starved], timeout=6.0)  # "fine" ends well within it on a loaded machine
    assert [r.status for r in results] == ["pass", "error", "error"]
    assert [machine_caused(r.findings) for r in results] == [False, True, True]
    [kill], [starve] = (r.findings for r in results[1:])
    assert kill.rule == "AX907" and "Killed from outside" in kill.message and "(SIGKILL" in kill.message
    assert starve.rule == "AX907" and "Out of time on a busy machine" in starve.message
    assert not any(r.internal_error for r in results)


def test_the_next_calm_run_checks_what_the_machine_stopped_without_force(troubled: Path, tmp_path: Path) -> None:
    def batch() -> str:
        result = CliRunner().invoke(main, ["batch", str(troubled), "--venue", PACK[0], "--db",
                                           str(tmp_path / "r.sqlite"), "--progress", "none", "-j", "2",
                                           "--timeout", "6s"], catch_exceptions=False)
        return result.output

    stormy = batch()
    assert "1 pass, 0 fail, 2 not checked (3 checked, 0 known from the store" in stormy, stormy
    (troubled / STORM).unlink()
    calm = batch()
    assert "3 pass, 0 fail, 0 not checked (2 checked, 1 known from the store" in calm, calm
