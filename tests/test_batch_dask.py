"""The Dask executor gives the same results as the local one (a local cluster here)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from axiomcheck.batch.inputs import expand
from axiomcheck.batch.local import LocalExecutor
from axiomcheck.batch.plan import PackSpec, RunPlan
from axiomcheck.batch.progress import NoProgress
from axiomcheck.batch.run import RunSettings, run_items
from axiomcheck.batch.store import Store
from axiomcheck.limits import DEFAULT_LIMITS
from axiomcheck.codec import to_json
from batchutil import distinct_pdfs
from conftest import FIXTURES

pytest.importorskip("distributed")
pytestmark = pytest.mark.slow


def results(tmp_path: Path, name: str, executor) -> list[dict]:
    items = expand([str(tmp_path / "papers"), str(tmp_path / "export.zip")], DEFAULT_LIMITS)
    plan = RunPlan.resolve(PackSpec("axiom-2026", "paper", None, None, ("AX210",), ())).including(items)
    settings = RunSettings(plan, DEFAULT_LIMITS)
    with Store(str(tmp_path / f"{name}.sqlite")) as store:
        outcome = run_items(items, settings, executor, store, NoProgress())
    assert outcome.checked == len(items) - 1 and not outcome.interrupted  # the unsafe member is not checked
    return [json.loads(json.dumps(to_json(f))) for f in outcome.report.files]


def test_dask_local_cluster_gives_the_local_executors_results(tmp_path: Path) -> None:
    from axiomcheck.batch.dask_executor import DaskExecutor

    distinct_pdfs(tmp_path / "papers", 5)
    (tmp_path / "papers" / "junk.pdf").write_text("not a pdf")
    with zipfile.ZipFile(tmp_path / "export.zip", "w") as zf:
        zf.writestr("a/paper.pdf", (FIXTURES / "email-in-body.pdf").read_bytes())
        zf.writestr("../evil.pdf", b"%PDF-1.4")
    local = results(tmp_path, "local", LocalExecutor(DEFAULT_LIMITS, 2))
    dask = results(tmp_path, "dask", DaskExecutor(DEFAULT_LIMITS, 2, processes=False))
    assert dask == local
    assert [f["status"] for f in local] == ["pass", "fail", "pass", "pass", "fail", "error", "pass", "error"]


def test_batch_command_runs_on_a_scheduler_and_streams_into_the_store(tmp_path: Path) -> None:
    from click.testing import CliRunner
    from distributed import LocalCluster

    from axiomcheck.cli import main

    distinct_pdfs(tmp_path / "papers", 3)
    outputs = {}
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        for name, extra in (("local", []), ("dask", ["--executor", "dask", "--scheduler", cluster.scheduler_address])):
            out = tmp_path / f"{name}.json"
            result = CliRunner().invoke(main, ["batch", str(tmp_path / "papers"), "--venue", "axiom-2026",
                                               "--db", str(tmp_path / f"{name}.sqlite"), "--progress", "none",
                                               "-o", f"json:{out}", *extra], catch_exceptions=False)
            assert result.exit_code == 1, result.output
            outputs[name] = json.loads(out.read_text())
        again = CliRunner().invoke(main, ["batch", str(tmp_path / "papers"), "--venue", "axiom-2026", "--db",
                                          str(tmp_path / "dask.sqlite"), "--progress", "none", "--executor", "dask",
                                          "--scheduler", cluster.scheduler_address])
        assert "0 checked, 3 known from the store" in again.output
    assert outputs["dask"] == outputs["local"]
    refused = CliRunner().invoke(main, ["batch", str(tmp_path / "papers"), "--venue", "axiom-2026",
                                        "--scheduler", "tcp://127.0.0.1:1"])
    assert refused.exit_code == 2 and "--executor dask" in refused.output
