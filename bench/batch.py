"""Batch throughput and the cost of the results store, on a folder of PDFs (the corpus).

    python bench/batch.py [FOLDER]      (default ../shared/corpus/papers/pdfs)

Measures, with the command line in a subprocess (what an organizer runs):
- `batch -j 1` and `batch -j 2` into a fresh store: files per second, and the speed-up;
- the same files checked again unchanged: its time as a fraction of the first run;
and in-process, the store's own cost per file: hashing the file, looking its key up and
writing its result in its own transaction (the real results of the run, written again).
Reports ratios and per-file costs; the machine's load changes absolute numbers.
"""

from __future__ import annotations

import json
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from axiomcheck.batch.inputs import Item, Staging
from axiomcheck.batch.store import ResultKey, Store
from axiomcheck.codec import result_from_json
from axiomcheck.limits import DEFAULT_LIMITS
from axiomcheck.model import Submission

ROOT = Path(__file__).resolve().parents[1]


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def batch(folder: Path, db: Path, jobs: int, *extra: str) -> tuple[float, float]:
    """Wall and CPU seconds (the command and its workers) of one `axiomcheck batch`."""
    start, cpu = time.perf_counter(), _cpu()
    subprocess.run([sys.executable, "-m", "axiomcheck", "batch", str(folder), "--venue", "axiom-2026", "--db", str(db),
                    "-j", str(jobs), "--progress", "none", *extra], check=False, capture_output=True)
    return time.perf_counter() - start, _cpu() - cpu


def check(folder: Path, jobs: int) -> tuple[float, float]:
    """The same files through `axiomcheck check` (no store), for the store's end-to-end cost."""
    start, cpu = time.perf_counter(), _cpu()
    subprocess.run([sys.executable, "-m", "axiomcheck", "check", *map(str, sorted(folder.rglob("*.pdf"))),
                    "--venue", "axiom-2026", "-j", str(jobs), "--format", "csv"], check=False, capture_output=True)
    return time.perf_counter() - start, _cpu() - cpu


def store_cost(db: Path, folder: Path) -> dict[str, float]:
    """Per-file milliseconds of hashing, looking up and recording, on a copy of real results."""
    with sqlite3.connect(db) as source:
        results = [result_from_json(json.loads(r)) for (r,) in source.execute("SELECT result FROM results")]
    paths = sorted(folder.glob("*.pdf"))
    with tempfile.TemporaryDirectory() as scratch, Store(str(Path(scratch) / "cost.sqlite")) as store:
        run = store.start_run("axiom-2026", "paper", "submission", "bench", "bench", ())
        start = time.perf_counter()
        with Staging(DEFAULT_LIMITS) as staging:
            shas = [staging.hash(Item(display=str(p), path=str(p)))[1] for p in paths]
        hashed = time.perf_counter()
        keys = [ResultKey(sha or "", "axiom-2026", "h", "paper", "submission", "bench", "s") for sha in shas]
        for key in keys:
            store.known(key)
        looked = time.perf_counter()
        repeated = results * (len(keys) // max(len(results), 1) + 1)
        for position, (key, result) in enumerate(zip(keys, repeated, strict=False)):
            store.record(run, position, result.path, key, Submission(), result)
        written = time.perf_counter()
    count = len(paths)
    return {"hash_ms": (hashed - start) / count * 1000, "lookup_ms": (looked - hashed) / count * 1000,
            "record_ms": (written - looked) / count * 1000}


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "corpus" / "papers" / "pdfs"
    files = len(list(folder.rglob("*.pdf")))
    with tempfile.TemporaryDirectory() as scratch:
        one = batch(folder, Path(scratch) / "one.sqlite", 1)
        two_db = Path(scratch) / "two.sqlite"
        two = batch(folder, two_db, 2)
        again = batch(folder, two_db, 2)
        plain = check(folder, 1)
        cost = store_cost(two_db, folder)
    print(f"{files} files (wall seconds, then CPU seconds of the command and its workers)")
    print(f"batch -j 1: {one[0]:.1f} s, {files / one[0]:.2f} files/s; CPU {one[1]:.1f} s = {one[1] / files:.2f} s/file")
    print(f"batch -j 2: {two[0]:.1f} s, {files / two[0]:.2f} files/s (speed-up {one[0] / two[0]:.2f}x); "
          f"CPU {two[1]:.1f} s")
    print(f"check -j 1 (no store): {plain[0]:.1f} s; CPU {plain[1]:.1f} s "
          f"(batch -j 1 / check -j 1: wall {one[0] / plain[0]:.2f}, CPU {one[1] / plain[1]:.2f})")
    print(f"unchanged re-run: {again[0]:.2f} s = {again[0] / two[0]:.1%} of the first run "
          f"(CPU {again[1]:.2f} s = {again[1] / two[1]:.1%})")
    print(f"store per file: hash {cost['hash_ms']:.2f} ms, lookup {cost['lookup_ms']:.2f} ms, "
          f"record {cost['record_ms']:.2f} ms (one transaction each)")
    total = sum(cost.values()) / 1000 * files
    print(f"store share of the -j 1 run: {total / one[0]:.2%} of its wall time")


if __name__ == "__main__":
    main()
