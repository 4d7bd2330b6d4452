"""The benchmark's other measures: start-up, warm per-file cost in a batch, and memory on
hostile files (bench/README.md). Each returns plain data for the report and the JSON file.

Every figure comes from whole processes run through `run.run_once` (wall time, peak RSS of
that process from wait4), interleaved and repeated, medians.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from collections.abc import Callable

HOSTILE = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "hostile"
WARM_COPIES = 6
"""A warm batch checks the same file this many times; the first two pay the start-up."""
NESTED_BOMB_MIB = 4096


def startup(run_once: Callable, python: str, axiom: list[str], repeat: int, timeout: float) -> dict:
    """Median wall time of `python -c pass`, `axiomcheck --version` and `axiomcheck packs`,
    interleaved; the packs listing is run once first so that its cache is warm."""
    commands = {"python -c pass": [python, "-c", "pass"], "axiomcheck --version": [*axiom, "--version"],
                "axiomcheck packs": [*axiom, "packs"]}
    run_once(commands["axiomcheck packs"], timeout)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(max(repeat, 10)):
        for name, argv in commands.items():
            times[name].append(run_once(argv, timeout).seconds * 1000)
    medians = {name: statistics.median(values) for name, values in times.items()}
    bare = medians["python -c pass"]
    return {"median_ms": medians, "over_python_ms": {name: value - bare for name, value in medians.items()}}


def warm_per_file(run_once: Callable, axiom: list[str], check_args: tuple[str, ...], pdftotext: list[str],
                  pdfs: list[Path], repeat: int, timeout: float) -> dict[str, dict[str, float] | None]:
    """Per file: the cost of one more check in a running batch (`--jobs 1`), in ms, from
    `check F F` and `check F x WARM_COPIES` (no spare-core helpers in a batch), next to
    pdftotext's whole process on F, all interleaved in the same loop."""
    found: dict[str, dict[str, float] | None] = {}
    for pdf in pdfs:
        two = [*axiom, "check", str(pdf), str(pdf), *check_args, "--jobs", "1"]
        many = [*axiom, "check", *[str(pdf)] * WARM_COPIES, *check_args, "--jobs", "1"]
        floor = [*pdftotext, "-bbox-layout", str(pdf), "/dev/null"]
        short, long, text = [], [], []
        for _ in range(repeat):
            short.append(run_once(two, timeout))
            long.append(run_once(many, timeout))
            text.append(run_once(floor, timeout))
        if any(r.exit_code not in (0, 1) for r in short + long):
            found[pdf.name] = None
            continue
        extra = statistics.median(r.seconds for r in long) - statistics.median(r.seconds for r in short)
        found[pdf.name] = {"warm_ms": extra * 1000 / (WARM_COPIES - 2),
                           "pdftotext_ms": statistics.median(r.seconds for r in text) * 1000}
    return found


SPLIT_SCRIPT = """
import sys
from axiomcheck.pdf import page_split
page_split.SPLIT_MIN_PAGES = int(sys.argv[1])
sys.argv = ["axiomcheck", *sys.argv[2:]]
from axiomcheck.cli import main
main()
"""


def split_gain(run_once: Callable, python: str, check_args: tuple[str, ...], pdfs: list[Path], repeat: int,
               timeout: float) -> dict[str, dict[str, float]]:
    """Per file, whole-process median ms of a single-file check with the page split (at any
    length) and without it, interleaved: what `page_split.SPLIT_MIN_PAGES` should be."""
    found = {}
    for pdf in pdfs:
        runs: dict[str, list[float]] = {"split": [], "single": []}
        for _ in range(repeat):
            for name, threshold in (("split", 2), ("single", 1_000_000)):
                argv = [python, "-c", SPLIT_SCRIPT, str(threshold), "check", str(pdf), *check_args]
                runs[name].append(run_once(argv, timeout).seconds * 1000)
        found[pdf.name] = {name: statistics.median(values) for name, values in runs.items()}
    return found


def concatenated(pdfs: list[Path], directory: Path) -> Path | None:
    """One long PDF made of `pdfs` with qpdf (None without qpdf): a file longer than any
    corpus paper, to find where the page split starts to pay."""
    qpdf = shutil.which("qpdf")
    if not qpdf or not pdfs:
        return None
    target = directory / f"concatenated-{len(pdfs)}-papers.pdf"
    done = subprocess.run([qpdf, "--empty", "--pages", *map(str, pdfs), "--", str(target)], capture_output=True,
                          check=False)
    return target if done.returncode in (0, 3) and target.is_file() else None  # 3: qpdf's warnings


def print_split(found: dict[str, dict[str, float]], pages: dict[str, int | None]) -> None:
    print("\n== one file on both cores: the later pages read by a helper, or not (single-file check) ==")
    for name, row in found.items():
        print(f"   {name[:34]:34} {pages.get(name) or 0:4d} pages   split {row['split']:7.1f} ms   "
              f"single reader {row['single']:7.1f} ms   {row['single'] / row['split']:.2f}x")


def nested_bomb(directory: Path) -> Path:
    """A one-page PDF whose content stream inflates to 4 GiB (built like the tests' bombs)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from pdfbuild import bomb_body, pdf_file  # the tests' builder, so the bomb is the tests' bomb

    path = directory / "nested-4gib-flate-bomb.pdf"
    path.write_bytes(pdf_file([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
                               bomb_body(NESTED_BOMB_MIB)]))
    return path


def bomb_files() -> list[Path]:
    """The hostile corpus's resource bombs (SOURCES.tsv category `resource_bomb`)."""
    sources = HOSTILE / "SOURCES.tsv"
    if not sources.is_file():
        return []
    names = [line.split("\t")[0] for line in sources.read_text().splitlines()[1:] if "\tresource_bomb\t" in line]
    return [HOSTILE / name for name in names if (HOSTILE / name).is_file()]


def bombs(run_once: Callable, axiom: list[str], check_args: tuple[str, ...], timeout: float) -> list[dict]:
    """Each bomb checked alone: wall time, peak RSS, exit code."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="axiomcheck-bombs-") as scratch:
        for pdf in [nested_bomb(Path(scratch)), *bomb_files()]:
            run = run_once([*axiom, "check", str(pdf), *check_args], timeout)
            rows.append({"file": pdf.name, "ms": run.seconds * 1000, "peak_rss_mb": run.maxrss_kib / 1024,
                         "exit_code": run.exit_code})
    return rows


def hostile_batch(run_once: Callable, axiom: list[str], check_args: tuple[str, ...], timeout: float) -> dict:
    """One `check` over every hostile file with 2 jobs: the largest process's peak RSS."""
    files = sorted(HOSTILE.glob("*.pdf"))
    if not files:
        return {"skipped": f"{HOSTILE} not found"}
    run = run_once([*axiom, "check", *map(str, files), *check_args, "--jobs", "2"], timeout)
    return {"files": len(files), "seconds": run.seconds, "peak_rss_mb": run.maxrss_kib / 1024,
            "exit_code": run.exit_code}


def print_startup(found: dict) -> None:
    print("\n== start-up (median of interleaved runs) ==")
    for name, value in found["median_ms"].items():
        over = found["over_python_ms"][name]
        extra = "" if name.startswith("python") else f"   (+{over:.1f} ms over python)"
        print(f"   {name:22} {value:7.1f} ms{extra}")


def print_warm(found: dict[str, dict[str, float] | None]) -> None:
    print(f"\n== warm per-file cost in a batch (`check F` x {WARM_COPIES} minus x 2, --jobs 1; "
          "pdftotext interleaved) ==")
    for name, row in found.items():
        if row is None:
            print(f"   {name[:34]:34} {'FAIL':>10}")
            continue
        print(f"   {name[:34]:34} {row['warm_ms']:7.1f} ms   pdftotext {row['pdftotext_ms']:7.1f} ms   "
              f"{row['warm_ms'] / row['pdftotext_ms']:5.2f}x")


def print_memory(bomb_rows: list[dict], batch: dict) -> None:
    print("\n== memory on hostile input ==")
    for row in bomb_rows:
        print(f"   {row['file'][:40]:40} {row['ms']:8.0f} ms  peak {row['peak_rss_mb']:7.1f} MB  "
              f"exit {row['exit_code']}")
    if "skipped" in batch:
        print(f"   all hostile files: skipped ({batch['skipped']})")
    else:
        print(f"   all {batch['files']} hostile files, --jobs 2: {batch['seconds']:.1f} s, "
              f"peak {batch['peak_rss_mb']:.1f} MB in the largest process, exit {batch['exit_code']}")
