"""Chaos: workers, helpers and web checkers killed at random moments, and every file answered.

`check` (several files with `-j 2`, and single files, whose workers fork helpers), `batch -j 2`
into a results store, and `serve` with two checkers run while a thread kills random
processes below them (`chaos.Killer`). Every run must end normally (exit 0 or 1, every page
200), every file must be answered, each with the result it gets without chaos or, when its
check was lost twice, the verdict that says so; the store must hold one row per file. Runs
go on until the killer has killed enough processes (however fast the machine checks): a few
in the fast suite, a hundred per door in the slow one. The figures are written to
test-artifacts/chaos-<door>.json.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import urllib.request
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from axiomcheck.execution import check_paths
from axiomcheck.packs import resolve
from axiomcheck.codec import to_json
from batchutil import query
from chaos import Killer
from conftest import FIXTURES, ROOT
from webserver import running_server_process

if not Path("/proc/self/stat").is_file():
    pytest.skip("the chaos tests find processes in /proc", allow_module_level=True)

KINDS = ("over-limit.pdf", "refs-midpage.pdf", "metadata-author.pdf", "white-text.pdf", "type3-font.pdf",
         "email-in-body.pdf", "github-user-link.pdf", "wide-text-block.pdf")
"""Fixtures that exercise text, metadata, fonts, rendering and pictures."""
LOST_TWICE = "Killed from outside"
"""What the verdict of a file whose check was killed twice says."""
CHECKER_LOST_TWICE = "checking process was lost twice"
RUN_SECONDS = 600
"""A run that takes longer than this has hung."""
FAST_KILLS = 3
"""Kills per door in the fast suite."""
SLOW_KILLS = 100
"""Kills per door in the slow suite."""
MOST_RUNS_PER_KILL = 4
"""Runs of `check` or `batch` allowed per kill wanted before the chaos counts as failed."""
MOST_UPLOADS_PER_KILL = 10
"""Uploads allowed per kill wanted before the web page's chaos counts as failed: an upload is
one file, answered in a fraction of the killer's pause on an idle machine, so a loaded one sees
about one kill in four uploads."""


@dataclass
class Figures:
    """What a chaos test did, for its report."""

    door: str
    runs: int = 0
    files: int = 0
    kills: Counter[str] = field(default_factory=Counter)
    lost_twice: int = 0
    failures: list[str] = field(default_factory=list)

    def write(self) -> None:
        folder = ROOT / "test-artifacts"
        folder.mkdir(exist_ok=True)
        data = {"door": self.door, "runs": self.runs, "files": self.files, "kills": dict(self.kills),
                "kills_total": sum(self.kills.values()), "lost_twice": self.lost_twice, "failures": self.failures}
        (folder / f"chaos-{self.door}.json").write_text(json.dumps(data, indent=2) + "\n")
        print(f"\nchaos {self.door}: {json.dumps(data)}")

    def judge(self, name: str, result: dict[str, Any], expected: dict[str, Any]) -> None:
        """A result is the one without chaos, or the verdict of a check lost twice."""
        self.files += 1
        if _comparable(result) == expected:
            return
        if any(LOST_TWICE in f["message"] or CHECKER_LOST_TWICE in f["message"] for f in result["findings"]
               if f["rule"].startswith("AX9")):
            self.lost_twice += 1
            return
        self.failures.append(f"{name}: {[(f['rule'], f['message']) for f in result['findings']][:3]}")


def _comparable(result: dict[str, Any]) -> dict[str, Any]:
    findings = [{k: v for k, v in f.items() if k != "evidence_image"} for f in result["findings"]]
    return {**{k: v for k, v in result.items() if k not in ("path", "findings")}, "findings": findings}


@pytest.fixture(scope="module")
def papers(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], dict[str, dict[str, Any]]]:
    """Distinct copies of the fixtures, and each one's result without chaos."""
    folder = tmp_path_factory.mktemp("chaos-papers")
    paths = []
    for number in range(16):
        source = FIXTURES / KINDS[number % len(KINDS)]
        target = folder / f"{number:02d}-{source.name}"
        target.write_bytes(source.read_bytes() + f"\n% copy {number}\n".encode())
        paths.append(target)
    report = check_paths([str(p) for p in paths], resolve("axiom-2026", "paper"), jobs=2)
    return paths, {Path(r.path).name: _comparable(to_json(r)) for r in report.files}


def _check_run(paths: list[Path], jobs: int, rng: random.Random, pause: tuple[float, float],
               expected: dict[str, dict[str, Any]], figures: Figures) -> None:
    process = subprocess.Popen([sys.executable, "-m", "axiomcheck", "check", *map(str, paths), "--venue",
                                "axiom-2026", "--format", "json", "-j", str(jobs)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    killer = Killer(process.pid, rng, pause, {1: "worker", 2: "helper"})
    killer.start()
    out, err = process.communicate(timeout=RUN_SECONDS)
    figures.kills += killer.stop()
    figures.runs += 1
    if process.returncode not in (0, 1) or err:
        figures.failures.append(f"check exited {process.returncode}: {err[-500:]}")
        return
    files = json.loads(out)["files"]
    if [f["path"] for f in files] != [str(p) for p in paths]:
        figures.failures.append("check did not answer every file in order")
    for result in files:
        figures.judge(Path(result["path"]).name, result, expected[Path(result["path"]).name])


def _enough(figures: Figures, kills: int) -> bool:
    return sum(figures.kills.values()) >= kills or figures.runs >= kills * MOST_RUNS_PER_KILL


def chaos_check(papers: tuple[list[Path], dict[str, dict[str, Any]]], kills: int, seed: int) -> Figures:
    paths, expected = papers
    rng = random.Random(seed)
    figures = Figures("check")
    while not _enough(figures, kills):
        _check_run(rng.sample(paths, 8), 2, rng, (0.05, 0.4), expected, figures)
        for single in rng.sample(paths, 3):  # one file: its worker forks helpers for the spare core
            _check_run([single], 1, rng, (0.02, 0.2), expected, figures)
    return figures


def chaos_batch(papers: tuple[list[Path], dict[str, dict[str, Any]]], kills: int, seed: int,
                scratch: Path) -> Figures:
    paths, expected = papers
    rng = random.Random(seed)
    figures = Figures("batch")
    while not _enough(figures, kills):
        number = figures.runs
        db, out = scratch / f"run{number}.sqlite", scratch / f"run{number}.json"
        process = subprocess.Popen([sys.executable, "-m", "axiomcheck", "batch", str(paths[0].parent), "--venue",
                                    "axiom-2026", "--db", str(db), "-j", "2", "--progress", "none", "-o",
                                    f"json:{out}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        killer = Killer(process.pid, rng, (0.05, 0.3), {1: "worker"})
        killer.start()
        _, err = process.communicate(timeout=RUN_SECONDS)
        figures.kills += killer.stop()
        figures.runs += 1
        if process.returncode not in (0, 1):
            figures.failures.append(f"batch exited {process.returncode}: {err[-500:]}")
            continue
        rows = query(db, "SELECT COUNT(*), COUNT(DISTINCT position) FROM run_files")
        if rows != [(len(paths), len(paths))]:
            figures.failures.append(f"the store holds {rows} rows for {len(paths)} files")
        for result in json.loads(out.read_text())["files"]:
            figures.judge(Path(result["path"]).name, result, expected[Path(result["path"]).name])
    return figures


def _upload(base: str, pdf: Path) -> tuple[int, dict[str, Any]]:
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{pdf.name}\"\r\n"
            "Content-Type: application/pdf\r\n\r\n").encode() + pdf.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
    request = urllib.request.Request(base + "/api/check", data=body, method="POST",
                                     headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    try:
        with urllib.request.urlopen(request, timeout=RUN_SECONDS) as reply:
            return reply.status, json.load(reply)
    except urllib.error.HTTPError as error:
        return error.code, {}


def chaos_serve(papers: tuple[list[Path], dict[str, dict[str, Any]]], kills: int, seed: int,
                scratch: Path) -> Figures:
    """Two clients upload papers, one at a time each, until the killer has killed `kills`
    processes below the server."""
    paths, expected = papers
    rng = random.Random(seed)
    figures = Figures("serve")
    with running_server_process("--venue", "axiom-2026", "--workers", "2", log=scratch / "serve.log") as (base, server):
        killer = Killer(server.pid, rng, (0.1, 0.5), {1: "checker", 2: "worker", 3: "helper"})
        killer.start()
        lock = threading.Lock()

        def client(seed: int) -> None:
            choose = random.Random(seed)
            while True:
                with lock:
                    if sum(killer.kills.values()) >= kills or figures.files >= kills * MOST_UPLOADS_PER_KILL:
                        return
                pdf = choose.choice(paths)
                status, report = _upload(base, pdf)
                with lock:
                    if status != 200:
                        figures.failures.append(f"{pdf.name}: HTTP {status}")
                        figures.files += 1
                        continue
                    figures.judge(pdf.name, report["files"][0], expected[pdf.name])

        clients = [threading.Thread(target=client, args=(seed * 10 + n,)) for n in range(2)]
        for thread in clients:
            thread.start()
        for thread in clients:
            thread.join(RUN_SECONDS * kills)
        figures.kills += killer.stop()
    figures.runs = 1
    return figures


def _holds(figures: Figures, kills: int) -> None:
    figures.write()
    assert figures.failures == []
    assert sum(figures.kills.values()) >= kills, "the runs ended before the chaos killed enough"


def test_check_answers_every_file_while_its_workers_and_helpers_are_killed(papers) -> None:
    _holds(chaos_check(papers, FAST_KILLS, seed=1), FAST_KILLS)


def test_batch_keeps_a_row_for_every_file_while_its_workers_are_killed(papers, tmp_path: Path) -> None:
    _holds(chaos_batch(papers, FAST_KILLS, seed=2, scratch=tmp_path), FAST_KILLS)


def test_serve_answers_every_upload_while_its_checkers_workers_and_helpers_are_killed(papers,
                                                                                      tmp_path: Path) -> None:
    _holds(chaos_serve(papers, FAST_KILLS, seed=3, scratch=tmp_path), FAST_KILLS)


@pytest.mark.slow
def test_check_survives_a_hundred_kills(papers) -> None:
    _holds(chaos_check(papers, SLOW_KILLS, seed=11), SLOW_KILLS)


@pytest.mark.slow
def test_batch_survives_a_hundred_kills(papers, tmp_path: Path) -> None:
    _holds(chaos_batch(papers, SLOW_KILLS, seed=12, scratch=tmp_path), SLOW_KILLS)


@pytest.mark.slow
def test_serve_survives_a_hundred_kills(papers, tmp_path: Path) -> None:
    _holds(chaos_serve(papers, SLOW_KILLS, seed=13, scratch=tmp_path), SLOW_KILLS)
