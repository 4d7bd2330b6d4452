"""What determinism and retirement cost: the same batch with and without each, as ratios.

    python bench/retirement.py [--rounds 3] [--files 40]

Runs one batch of fixtures (one worker) in alternating rounds:

- `retire every 10`: workers retire after 10 files (100 times more often than the default
  1,000), against never retiring: the cost of one retirement is the difference over the
  retirements done, and the default's cost per file is that divided by 1,000;
- `PDFium kept`: the pipeline without starting PDFium afresh before each file (what it
  did before), against the default.

Reports the median processor time (parent and workers, user and system) of each variant over
the rounds and its ratio to the default: on a shared machine wall time mostly measures the
neighbours. Linux and macOS (`RUSAGE_CHILDREN` counts the workers once they are reaped).
"""

from __future__ import annotations

import argparse
import resource
import statistics
from pathlib import Path

import axiomcheck.pdf.pdfium_library as pdfium_library
from axiomcheck.execution import WorkerPool
from axiomcheck.execution import FileTask
from axiomcheck.execution.worker import MAX_FILES_PER_WORKER
from axiomcheck.packs import resolve

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _batch(tasks: list[FileTask], max_files: int) -> float:
    """Processor seconds the batch took, its workers' included."""
    pack = resolve("axiom-2026", "paper")
    start = _cpu()
    with WorkerPool(pack, jobs=1, max_files_per_worker=max_files) as pool:
        for _ in pool.check(tasks):
            pass
    return _cpu() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--files", type=int, default=40)
    args = parser.parse_args()
    paths = sorted(FIXTURES.glob("*.pdf"))[:args.files]
    tasks = [FileTask(str(p)) for p in paths]
    fresh = pdfium_library.fresh_library
    times: dict[str, list[float]] = {"default": [], "retire every 10": [], "PDFium kept": []}
    for _ in range(args.rounds):
        times["default"].append(_batch(tasks, MAX_FILES_PER_WORKER))
        times["retire every 10"].append(_batch(tasks, 10))
        pdfium_library.fresh_library = lambda: False  # the workers fork from here and inherit it
        try:
            times["PDFium kept"].append(_batch(tasks, MAX_FILES_PER_WORKER))
        finally:
            pdfium_library.fresh_library = fresh
    base = statistics.median(times["default"])
    print(f"{len(tasks)} fixtures, one worker, processor time, median of {args.rounds} rounds")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"  {name:16s} {median:7.2f} s   ratio {median / base:5.3f}")
    retirements = len(tasks) // 10
    per_retirement = (statistics.median(times["retire every 10"]) - base) / max(retirements, 1)
    print(f"  one retirement costs about {per_retirement * 1000:.0f} ms: "
          f"{per_retirement * 1000 / MAX_FILES_PER_WORKER:.2f} ms per file at the default of {MAX_FILES_PER_WORKER}")


if __name__ == "__main__":
    main()
