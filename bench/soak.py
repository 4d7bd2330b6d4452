"""Soak: one long batch through the worker pool, watching what the processes hold.

    python bench/soak.py                        # 10,000 files, 2 workers
    python bench/soak.py --files 500 --sample 10 --json soak.json

The batch mixes every file of the shared corpus (real papers, hostile files, regression files),
the fixtures, and mutants of the fixtures generated here (truncated, bytes flipped, ranges cut
or repeated, numbers made wild), then fills up to `--files` with repeats of the no-pages
regression file and of the mutants, in a seeded shuffled order. It reports:

- files and verdicts: every file must get a result for its own path, none an internal error;
- the parent's and the workers' resident memory and open file descriptors, sampled every
  `--every` files (first sample, last sample, largest), and how many workers were started
  (workers retire after `--max-files-per-worker` files or when what they hold grows);
- a sample of files checked again, each alone in a fresh worker: its JSON must be the same.

Exit status 1 when a file lost its result, got an internal error, or the sample differs.
Only the standard library and axiomcheck are used (Linux: memory and descriptors come from /proc).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from axiomcheck.execution import WorkerPool
from axiomcheck.execution import FileTask
from axiomcheck.execution.worker import MAX_FILES_PER_WORKER
from axiomcheck.packs import resolve

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
FIXTURES = ROOT / "fixtures"
_NUMBER_RE = re.compile(rb"(?<![\w.])\d+(?![\w.])")
NO_PAGES_SHARE = 0.7
"""Of the repeats that fill the batch, this share is the no-pages regression file (the leak it
once caused needs thousands of opens in one worker); the others are mutants. Full papers
appear once each: on a shared 2-core machine, 10,000 of them would take hours."""


def _mutate(data: bytes, rng: random.Random) -> bytes:
    """One seeded structure-blind damage of a PDF's bytes."""
    kind = rng.randrange(5)
    size = len(data)
    if kind == 0:  # truncated
        return data[:rng.randrange(16, max(17, size))]
    if kind == 1:  # bytes flipped in a window
        out = bytearray(data)
        start = rng.randrange(size)
        for index in range(start, min(size, start + rng.randrange(1, 64))):
            out[index] = rng.randrange(256)
        return bytes(out)
    if kind == 2:  # a range cut out
        start = rng.randrange(size)
        return data[:start] + data[start + rng.randrange(1, 4096):]
    if kind == 3:  # a range repeated
        start = rng.randrange(size)
        chunk = data[start:start + rng.randrange(1, 2048)]
        return data[:start] + chunk * rng.randrange(2, 20) + data[start:]
    numbers = list(_NUMBER_RE.finditer(data))  # object numbers, lengths, offsets made wild
    out = bytearray(data)
    for match in sorted(rng.sample(numbers, min(len(numbers), rng.randrange(1, 8))), key=lambda m: -m.start()):
        out[match.start():match.end()] = str(rng.choice([0, 1, -1, 2**31, 10**12, rng.randrange(1000)])).encode()
    return bytes(out)


def build_batch(count: int, mutants: int, seed: int, folder: Path) -> tuple[list[str], dict[str, int]]:
    """The batch's paths (shuffled) and how many of each kind it holds."""
    rng = random.Random(seed)
    fixtures = sorted(str(p) for p in FIXTURES.glob("*.pdf"))
    papers = sorted(str(p) for p in (CORPUS / "papers").rglob("*.pdf"))
    hostile = sorted(str(p) for p in (CORPUS / "hostile").glob("*") if p.name != "SOURCES.tsv" and p.is_file())
    regressions = sorted(str(p) for p in (CORPUS / "regressions").glob("*.pdf"))
    made = []
    for index in range(mutants):
        source = Path(rng.choice(fixtures))
        target = folder / f"mutant-{index:05d}-{source.stem}.pdf"
        target.write_bytes(_mutate(source.read_bytes(), rng))
        made.append(str(target))
    unique = papers + hostile + regressions + fixtures + made
    no_pages = [p for p in regressions if p.endswith("no-pages-after-open.pdf")] or fixtures
    fill = [rng.choice(no_pages) if rng.random() < NO_PAGES_SHARE else rng.choice(made)
            for _ in range(max(0, count - len(unique)))]
    paths = (unique + fill)[:count]
    rng.shuffle(paths)
    kinds = {"papers": len(papers), "hostile": len(hostile), "regressions": len(regressions),
             "fixtures": len(fixtures), "mutants": len(made), "repeats": len(fill), "total": len(paths)}
    return paths, kinds


def _statm_rss(pid: str) -> int | None:
    try:
        with open(f"/proc/{pid}/statm", "rb") as handle:
            return int(handle.read().split()[1]) * 4096
    except (OSError, ValueError, IndexError):
        return None


def _descriptors(pid: str) -> int | None:
    try:
        return len(list(Path(f"/proc/{pid}/fd").iterdir()))
    except OSError:
        return None


class Watch:
    """Samples of resident memory (MiB) and open descriptors of the parent and the workers."""

    def __init__(self) -> None:
        self.samples: list[dict[str, float]] = []

    def sample(self, done: int, pool: WorkerPool) -> None:
        workers = [str(pid) for pid in pool.worker_pids()]
        rss = [r for r in (_statm_rss(p) for p in workers) if r is not None]
        fds = [d for d in (_descriptors(p) for p in workers) if d is not None]
        self.samples.append({"files": done, "parent_mib": (_statm_rss("self") or 0) / 2**20,
                             "parent_fds": _descriptors("self") or 0,
                             "worker_mib_max": max(rss, default=0) / 2**20, "worker_fds_max": max(fds, default=0)})

    def summary(self) -> dict[str, dict[str, float]]:
        keys = ("parent_mib", "parent_fds", "worker_mib_max", "worker_fds_max")
        first, last = self.samples[0], self.samples[-1]
        return {key: {"first": round(first[key], 1), "last": round(last[key], 1),
                      "max": round(max(s[key] for s in self.samples), 1)} for key in keys}


def _comparable(result: dict) -> dict:
    """A file's JSON without what may differ between runs (nothing today: no timing fields)."""
    return {key: value for key, value in result.items() if key not in ("elapsed", "seconds", "timing")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--mutants", type=int, default=600)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sample", type=int, default=40, help="files checked again, each alone")
    parser.add_argument("--every", type=int, default=100, help="files between two samples of memory")
    parser.add_argument("--max-files-per-worker", type=int, default=MAX_FILES_PER_WORKER)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    pack = resolve("axiom-2026", "paper")
    folder = Path(tempfile.mkdtemp(prefix="axiomcheck-soak-"))
    try:
        paths, kinds = build_batch(args.files, args.mutants, args.seed, folder)
        watch = Watch()
        rng = random.Random(args.seed + 1)
        sample = set(rng.sample(range(len(paths)), min(args.sample, len(paths))))
        kept: dict[int, dict] = {}  # only the sample's results: the parent's memory is part of what is measured
        statuses: Counter[str] = Counter()
        verdicts: Counter[str] = Counter()
        lost, internal, largest, results = 0, [], 0, 0
        start = time.monotonic()
        with WorkerPool(pack, jobs=args.jobs, max_files_per_worker=args.max_files_per_worker) as pool:
            for index, result in enumerate(pool.check([FileTask(p) for p in paths])):
                data = result.to_dict()
                results += 1
                lost += data["path"] != paths[index]
                if result.internal_error:
                    internal.append(data["path"])
                statuses[data["status"]] += 1
                verdicts.update(f["rule"] for f in data["findings"] if f["rule"].startswith("AX9"))
                largest = max(largest, len(json.dumps(data, ensure_ascii=False).encode()))
                if index in sample:
                    kept[index] = data
                done = index + 1
                if done % args.every == 0 or done == len(paths):
                    watch.sample(done, pool)
                    print(f"{done:6d} files  {time.monotonic() - start:7.0f} s  {watch.samples[-1]}",
                          file=sys.stderr, flush=True)
            started = pool.workers_started
        seconds = time.monotonic() - start
        differ = []
        for index in sorted(sample):
            with WorkerPool(pack, jobs=1) as alone:
                single = next(iter(alone.check([FileTask(paths[index])]))).to_dict()
            if _comparable(single) != _comparable(kept[index]):
                differ.append(paths[index])
        figures = {"batch": kinds, "jobs": args.jobs, "seconds": round(seconds, 1),
                   "files_per_second": round(len(paths) / seconds, 2), "results": results,
                   "lost": lost, "internal_errors": len(internal), "statuses": dict(statuses),
                   "verdicts": dict(sorted(verdicts.items())), "workers_started": started,
                   "max_files_per_worker": args.max_files_per_worker, "largest_report_bytes": largest,
                   "processes": watch.summary(), "sample_checked_alone": len(sample),
                   "sample_differs": differ}
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    text = json.dumps(figures, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")
    ok = figures["results"] == len(paths) and not figures["lost"] and not figures["internal_errors"] \
        and not figures["sample_differs"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
