"""Benchmark axiomcheck against pdftotext (the floor) and aclpubcheck (the field's checker).

Every measurement is a whole process: wall time from fork to exit, and peak resident
memory (ru_maxrss as wait4 reports it for that one child), both taken by bench/spawn.py.
Also start-up, warm per-file cost in a batch and memory on hostile files (measures.py).
See bench/README.md.

    python bench/run.py [--quick] [--repeat N] [--json OUT] [--skip-aclpubcheck] [--skip-hostile]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

import measures

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
FIXTURES = REPO / "fixtures"
MANIFEST = REPO.parent / "shared" / "corpus" / "papers" / "manifest.yaml"
SPAWN = BENCH / "spawn.py"

CHECK_ARGS = ("--venue", "axiom-2026", "--track", "paper", "--format", "json")
LONG_PAPER_PAGES = 20
QUICK_PAPERS = 3

ACL_VENV = BENCH / ".venv-aclpubcheck"
ACL_STAMP = ACL_VENV / "bench-pins.txt"
# bibtexparser 2.x dropped the bwriter module that rebiber (an aclpubcheck dependency)
# imports; pandas<2, which aclpubcheck requires, is binary-incompatible with numpy 2.
ACL_PINS = ("aclpubcheck==0.2.0", "bibtexparser==1.4.4", "numpy==1.26.4")
# `--paper_type long` crashes (TypeError) on any non-A4 paper over 9 pages: every page is
# excluded as a size error, so the page-limit scan finds no marker and compares None.
ACL_ARGS = ("--paper_type", "other")

# Each tool's arguments after its command, PDF standing for the file under test.
PDF = object()
TOOL_ARGS = {
    "pdftotext": ("-bbox-layout", PDF, os.devnull),
    "axiomcheck": ("check", PDF, *CHECK_ARGS),
    "aclpubcheck": (*ACL_ARGS, PDF),
}
# Exit codes that mean "the tool ran to completion" (axiomcheck: 0 clean, 1 violations).
OK_CODES = {"pdftotext": {0}, "axiomcheck": {0, 1}, "aclpubcheck": {0}}
TRACEBACK = b"Traceback (most recent call last)"


@dataclass
class Run:
    """One finished child process."""

    seconds: float
    maxrss_kib: int
    exit_code: int
    stderr_tail: str
    traceback: bool


@dataclass
class Stats:
    """Repeated runs of one command: median wall time and peak RSS over the runs."""

    median_ms: float
    peak_rss_mb: float
    runs_ms: list[float]
    exit_codes: list[int]
    ok: bool
    stderr_tail: str = ""


@dataclass
class Tool:
    """A command under test; `prefix` is None when the tool is unavailable."""

    name: str
    prefix: list[str] | None
    note: str = ""

    def argv(self, pdf: Path) -> list[str]:
        """The full command line that checks one PDF."""
        return [*self.prefix, *(str(pdf) if arg is PDF else arg for arg in TOOL_ARGS[self.name])]


@dataclass
class FileResult:
    """All tools' statistics for one PDF."""

    file: str
    pages: int | None
    tools: dict[str, Stats] = field(default_factory=dict)


# ---------------------------------------------------------------- process measurement


def run_once(argv: list[str], timeout: float) -> Run:
    """Run argv (argv[0] an absolute path) through spawn.py; its wall time and peak RSS."""
    with tempfile.TemporaryFile() as err:
        done = subprocess.run(
            [sys.executable, "-I", "-S", str(SPAWN), str(timeout), *argv],
            stdout=subprocess.PIPE, stderr=err, text=True, check=True,
        )
        err.seek(0)
        stderr = err.read()
    tail = stderr[-1500:].decode(errors="replace")
    seconds, maxrss_kib, code = done.stdout.split()
    if int(code) == -signal.SIGKILL and float(seconds) >= timeout:
        tail = f"killed after the {timeout:g} s timeout\n{tail}"
    return Run(float(seconds), int(maxrss_kib), int(code), tail, TRACEBACK in stderr)


def rss_floor_mb(timeout: float) -> float:
    """Peak RSS that spawn.py reports for `true`: smaller figures are not resolved."""
    return run_once([shutil.which("true") or "/bin/true"], timeout).maxrss_kib / 1024


def completed(tool: str, run: Run) -> bool:
    """Did the run finish its work? axiomcheck never prints a traceback (it exits 3 instead),
    so one means a crash even under exit code 1 (Python's own code for an uncaught error)."""
    if run.exit_code not in OK_CODES[tool]:
        return False
    return tool != "axiomcheck" or not run.traceback


def summarize(runs: list[Run], tool: str) -> Stats:
    """Median wall time and maximum peak RSS of repeated runs of one tool."""
    failed = [r for r in runs if not completed(tool, r)]
    return Stats(
        median_ms=statistics.median(r.seconds for r in runs) * 1000,
        peak_rss_mb=max(r.maxrss_kib for r in runs) / 1024,
        runs_ms=[round(r.seconds * 1000, 1) for r in runs],
        exit_codes=[r.exit_code for r in runs],
        ok=not failed,
        stderr_tail=failed[0].stderr_tail if failed else "",
    )


# ---------------------------------------------------------------- tools


def find_axiomcheck(override: str | None) -> Tool:
    """The axiomcheck command: --axiomcheck, next to sys.executable, on PATH, or -m."""
    if override:
        prefix = shlex.split(override)
        exe = shutil.which(prefix[0])
        if exe:
            return Tool("axiomcheck", [os.path.abspath(exe), *prefix[1:]])
        return Tool("axiomcheck", None, f"{prefix[0]!r} not found")
    sibling = Path(sys.executable).parent / "axiomcheck"
    if os.access(sibling, os.X_OK):
        return Tool("axiomcheck", [str(sibling)])
    on_path = shutil.which("axiomcheck")
    if on_path:
        return Tool("axiomcheck", [on_path])
    if importlib.util.find_spec("axiomcheck") is not None:
        return Tool("axiomcheck", [sys.executable, "-m", "axiomcheck"])
    return Tool("axiomcheck", None, "not installed (pip install -e . in the repo root)")


def byte_compile(axiom: Tool) -> None:
    """Write the bytecode of the axiomcheck package that `axiom` runs, as an installed wheel
    has it. An editable install whose sources changed after their last import (or a machine
    with PYTHONDONTWRITEBYTECODE set) would otherwise compile every changed module again in
    each timed run, and start-up would measure the compiler."""
    if not axiom.prefix:
        return
    python = axiom.prefix[0]
    if not Path(python).name.startswith("python"):
        first = Path(python).read_bytes()[:256].split(b"\n", 1)[0]
        python = first[2:].decode().strip() if first.startswith(b"#!") else sys.executable
    where = subprocess.run([python, "-c", "import axiomcheck, os; print(os.path.dirname(axiomcheck.__file__))"],
                           capture_output=True, text=True)
    if where.returncode == 0:
        subprocess.run([python, "-m", "compileall", "-q", where.stdout.strip()], capture_output=True)


def find_pdftotext() -> Tool:
    """poppler's pdftotext from PATH."""
    exe = shutil.which("pdftotext")
    if exe:
        return Tool("pdftotext", [exe])
    return Tool("pdftotext", None, "not found (apt-get install poppler-utils)")


def find_aclpubcheck(python: str) -> Tool:
    """aclpubcheck from its own venv under bench/, created on demand with ACL_PINS."""
    exe = ACL_VENV / "bin" / "aclpubcheck"
    stamp = venv_stamp(python)
    if not (exe.exists() and ACL_STAMP.exists() and ACL_STAMP.read_text() == stamp):
        print(f"creating {ACL_VENV} with {' '.join(ACL_PINS)} ...", flush=True)
        problem = build_acl_venv(python)
        if problem:
            return Tool("aclpubcheck", None, f"unavailable: {problem}")
        ACL_STAMP.write_text(stamp)
    note = f"{' '.join(ACL_PINS)}; runs with {' '.join(ACL_ARGS)}"
    return Tool("aclpubcheck", [str(exe)], note)


def venv_stamp(python: str) -> str:
    """What the venv was built from: the interpreter's version and the pins."""
    version = subprocess.run(
        [python, "-c", "import sys; print(sys.version.split()[0])"],
        capture_output=True, text=True, check=False,
    ).stdout.strip()
    return "\n".join([f"python {version}", *ACL_PINS]) + "\n"


def build_acl_venv(python: str) -> str:
    """Create the venv and install ACL_PINS; return an error description, or '' on success.

    Every step's output goes to ACL_VENV/install.log."""
    vpy = str(ACL_VENV / "bin" / "python")
    steps = [
        [python, "-m", "venv", "--clear", str(ACL_VENV)],
        [vpy, "-m", "pip", "install", "--disable-pip-version-check", *ACL_PINS],
        [str(ACL_VENV / "bin" / "aclpubcheck"), "--help"],
    ]
    log_lines = []
    for step in steps:
        try:
            done = subprocess.run(step, capture_output=True, text=True, check=False)
        except OSError as exc:
            return f"{step[0]}: {exc}"
        log_lines += [f"$ {' '.join(step)}", done.stdout, done.stderr]
        (ACL_VENV / "install.log").write_text("\n".join(log_lines))
        if done.returncode != 0:
            return f"`{' '.join(step[:4])} ...` exited {done.returncode}; see {ACL_VENV / 'install.log'}"
    return ""


# ---------------------------------------------------------------- inputs


def read_manifest(path: Path) -> list[dict[str, str]]:
    """The `pdfs:` entries of the corpus manifest, top-level scalar keys only (no PyYAML)."""
    entries: list[dict[str, str]] = []
    in_pdfs = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line.startswith((" ", "-")):
            in_pdfs = line.rstrip() == "pdfs:"
            continue
        if not in_pdfs:
            continue
        if line.startswith("- "):
            entries.append({})
            line = "  " + line[2:]
        match = re.match(r"^  (\w+): (.+)$", line)
        if match and entries:
            entries[-1][match[1]] = match[2].strip().strip("'\"")
    return entries


def corpus_papers() -> list[tuple[Path, int]]:
    """(path, total_pages) of every manifest PDF present on disk, in manifest order."""
    if not MANIFEST.exists():
        return []
    papers = []
    for entry in read_manifest(MANIFEST):
        pdf = MANIFEST.parent / entry.get("file", "")
        if pdf.is_file() and entry.get("total_pages", "").isdigit():
            papers.append((pdf, int(entry["total_pages"])))
    return papers


def page_count(pdf: Path) -> int | None:
    """Page count from pdfinfo, or None when pdfinfo is missing or fails."""
    if not shutil.which("pdfinfo"):
        return None
    out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=False)
    match = re.search(r"^Pages:\s+(\d+)", out.stdout, re.MULTILINE)
    return int(match[1]) if match else None


def file_groups(quick: bool) -> dict[str, tuple[str, list[Path]]]:
    """Groups of PDFs by key: (title, files) for fixtures, 20+ page papers, largest papers."""
    papers = corpus_papers()
    long_papers = [p for p, n in papers if n >= LONG_PAPER_PAGES]
    most = max((n for _, n in papers), default=0)
    return {
        "fixtures": ("fixtures/*.pdf", sorted(FIXTURES.glob("*.pdf"))),
        "long": (f"corpus papers with {LONG_PAPER_PAGES}+ pages",
                 long_papers[:QUICK_PAPERS] if quick else long_papers),
        "memory": (f"memory: the largest corpus papers ({most} pages each)",
                   [p for p, n in papers if n == most]),
    }


# ---------------------------------------------------------------- measurements


def measure_file(pdf: Path, tools: list[Tool], repeat: int, timeout: float, acl_repeat: int) -> FileResult:
    """Run every available tool `repeat` times on pdf (aclpubcheck `acl_repeat` times: it
    takes seconds), interleaved, after warming the page cache."""
    pdf.read_bytes()
    runs: dict[str, list[Run]] = {t.name: [] for t in tools}
    for index in range(repeat):
        for tool in tools:
            if tool.name != "aclpubcheck" or index < acl_repeat:
                runs[tool.name].append(run_once(tool.argv(pdf), timeout))
    result = FileResult(pdf.name, page_count(pdf))
    for name, tool_runs in runs.items():
        result.tools[name] = summarize(tool_runs, name)
    return result


def warm_up(tools: list[Tool], pdf: Path, timeout: float) -> None:
    """One untimed run of each tool, so bytecode compilation and cold caches are not timed."""
    for tool in tools:
        run_once(tool.argv(pdf), timeout)


def measure_batch(axiom: Tool, pdfs: list[Path], args: argparse.Namespace) -> dict:
    """Files per second of one `axiomcheck check <all> --jobs N` process, for N = 1 and 2."""
    if not axiom.prefix or not pdfs:
        return {"skipped": axiom.note if not axiom.prefix else "no corpus PDFs"}
    batch: dict = {"files": len(pdfs)}
    for jobs in (1, 2):
        argv = [*axiom.prefix, "check", *map(str, pdfs), *CHECK_ARGS, "--jobs", str(jobs)]
        runs = [run_once(argv, args.timeout) for _ in range(args.repeat)]
        stats = summarize(runs, "axiomcheck")
        batch[f"jobs{jobs}"] = asdict(stats)
        batch[f"jobs{jobs}"]["files_per_s"] = len(pdfs) / (stats.median_ms / 1000) if stats.ok else None
    fps1, fps2 = batch["jobs1"]["files_per_s"], batch["jobs2"]["files_per_s"]
    batch["speedup"] = fps2 / fps1 if fps1 and fps2 else None
    return batch


# ---------------------------------------------------------------- report


def ratio(num: Stats | None, den: Stats | None) -> float | None:
    """num/den of median times, None unless both ran cleanly."""
    if num and den and num.ok and den.ok and den.median_ms > 0:
        return num.median_ms / den.median_ms
    return None


def file_ratios(result: FileResult) -> tuple[float | None, float | None]:
    """(axiomcheck/pdftotext, aclpubcheck/axiomcheck) for one file."""
    ax = result.tools.get("axiomcheck")
    return ratio(ax, result.tools.get("pdftotext")), ratio(result.tools.get("aclpubcheck"), ax)


def fmt(value: float | None, spec: str, suffix: str = "") -> str:
    """Format a number, or '-' when missing."""
    return "-" if value is None else f"{value:{spec}}{suffix}"


def print_header(title: str, count: int, tools: list[Tool], repeat: int) -> None:
    """A group's title and column names."""
    print(f"\n== {title} ({count} files, median of {repeat} runs) ==")
    if not count:
        print("   (no files)")
        return
    columns = "".join(f" {t.name + ' ms':>15} {'MB':>6}" for t in tools)
    print(f"{'file':34} {'pages':>5}{columns} {'ax/pdftotext':>12} {'acl/ax':>7}")


def print_row(result: FileResult, tools: list[Tool]) -> None:
    """One file: each tool's median time and peak RSS, then the two ratios."""
    cells = "".join(cell(result.tools[t.name]) for t in tools)
    ax_pt, acl_ax = file_ratios(result)
    print(f"{result.file[:34]:34} {fmt(result.pages, 'd'):>5}{cells}"
          f" {fmt(ax_pt, '.2f', 'x'):>12} {fmt(acl_ax, '.1f', 'x'):>7}")


def print_footer(results: list[FileResult], tools: list[Tool]) -> None:
    """The median of each column over the group, then one line per failed tool and file."""
    if len(results) > 1:
        medians = "".join(f" {fmt(column_median(results, t.name, 'median_ms'), '.1f'):>15}"
                          f" {fmt(column_median(results, t.name, 'peak_rss_mb'), '.1f'):>6}" for t in tools)
        ax_pt, acl_ax = (median_or_none(col) for col in zip(*map(file_ratios, results), strict=True))
        print(f"{'median':34} {'':>5}{medians} {fmt(ax_pt, '.2f', 'x'):>12} {fmt(acl_ax, '.1f', 'x'):>7}")
    for r in results:
        for name, stats in r.tools.items():
            if not stats.ok:
                print(f"   ! {name} on {r.file}: exit codes {stats.exit_codes}: {last_line(stats.stderr_tail)}")


def cell(stats: Stats) -> str:
    """Time and memory cells of one tool; FAIL when a run exited abnormally."""
    if not stats.ok:
        return f" {'FAIL':>15} {'':>6}"
    return f" {stats.median_ms:>15.1f} {stats.peak_rss_mb:>6.1f}"


def column_median(results: list[FileResult], tool: str, attr: str) -> float | None:
    """Median of one Stats attribute over the files where the tool ran cleanly."""
    return median_or_none([getattr(r.tools[tool], attr) for r in results if r.tools[tool].ok])


def median_or_none(values) -> float | None:
    """Median of the non-None values, None when there are none."""
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def last_line(text: str) -> str:
    """The last non-empty line of a process's stderr."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "(no stderr)"


def print_batch(batch: dict) -> None:
    """The --jobs 1 vs --jobs 2 throughput figure."""
    print("\n== batch: one `axiomcheck check <all corpus pdfs>` process ==")
    if "skipped" in batch:
        print(f"   (skipped: {batch['skipped']})")
        return
    for jobs in (1, 2):
        run = batch[f"jobs{jobs}"]
        if run["ok"]:
            print(f"   --jobs {jobs}: {batch['files']} files in {run['median_ms'] / 1000:.2f} s"
                  f" = {run['files_per_s']:.2f} files/s, peak RSS {run['peak_rss_mb']:.1f} MB (largest process)")
        else:
            print(f"   --jobs {jobs}: FAIL, exit codes {run['exit_codes']}: {last_line(run['stderr_tail'])}")
    print(f"   throughput ratio jobs2/jobs1: {fmt(batch['speedup'], '.2f', 'x')}")


def evaluate_targets(groups: dict[str, list[FileResult]], batch: dict, extra: dict) -> list[dict]:
    """The README's targets, judged on the worst file of each group (and the median where
    a target names one)."""
    ax_pt = [file_ratios(r)[0] for r in groups["long"]]
    acl_ax = [file_ratios(r)[1] for r in groups["long"]]
    rss = [axiom_rss(r) for r in groups["long"] + groups["memory"]]
    warm = [row["warm_ms"] / row["pdftotext_ms"] if row else None for row in extra.get("warm", {}).values()]
    over = extra.get("startup", {}).get("over_python_ms", {})
    hostile = [row["peak_rss_mb"] for row in extra.get("bombs", [])]
    if "peak_rss_mb" in extra.get("hostile", {}):
        hostile.append(extra["hostile"]["peak_rss_mb"])
    targets = [
        ("axiomcheck/pdftotext time, 20+ page papers (worst)", worst(ax_pt, max), "<=", 3.0, "x"),
        ("axiomcheck/pdftotext time, 20+ page papers (median)", median_or_none(ax_pt) if all(
            v is not None for v in ax_pt) else None, "<=", 2.5, "x"),
        ("aclpubcheck/axiomcheck time, 20+ page papers (worst)", worst(acl_ax, min), ">=", 6.0, "x"),
        ("axiomcheck --version over python -c pass", over.get("axiomcheck --version"), "<=", 40.0, " ms"),
        ("axiomcheck packs over python -c pass", over.get("axiomcheck packs"), "<=", 80.0, " ms"),
        ("warm per-file in a batch / pdftotext (worst)", worst(warm, max), "<=", 1.5, "x"),
        ("axiomcheck peak RSS, corpus papers (worst)", worst(rss, max), "<=", 150.0, " MB"),
        ("axiomcheck peak RSS, hostile files and bombs (worst)", worst(hostile, max), "<=", 600.0, " MB"),
        ("batch throughput --jobs 2 / --jobs 1", batch.get("speedup"), ">=", 1.8, "x"),
    ]
    return [judge(*t) for t in targets]


def axiom_rss(result: FileResult) -> float | None:
    """axiomcheck's peak RSS on one file, None unless it ran cleanly."""
    stats = result.tools.get("axiomcheck")
    return stats.peak_rss_mb if stats and stats.ok else None


def worst(values: list[float | None], pick) -> float | None:
    """max/min of a column; None if any file lacks the value or there are no files."""
    if not values or any(v is None for v in values):
        return None
    return pick(values)


def judge(name: str, value: float | None, op: str, limit: float, unit: str) -> dict:
    """One target's verdict: PASS, FAIL or n/a."""
    checks = {"<=": value is not None and value <= limit, ">=": value is not None and value >= limit,
              "<": value is not None and value < limit}
    verdict = "n/a" if value is None else ("PASS" if checks[op] else "FAIL")
    return {"target": name, "value": value, "limit": f"{op} {limit:g}{unit}", "verdict": verdict}


def print_targets(targets: list[dict]) -> None:
    """The target verdicts as a short list."""
    print("\n== targets ==")
    for t in targets:
        value = fmt(t["value"], ".2f")
        print(f"   {t['verdict']:4}  {t['target']:54} {value:>8}  (target {t['limit']})")


# ---------------------------------------------------------------- main


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Command-line options."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, help="runs per file and tool (default 3)")
    parser.add_argument("--acl-repeat", type=int, default=1,
                        help="runs of aclpubcheck per 20+ page paper (default 1; it is not run on the fixtures)")
    parser.add_argument("--skip-hostile", action="store_true", help="do not measure memory on hostile files")
    parser.add_argument("--quick", action="store_true",
                        help=f"1 run per file and tool, only {QUICK_PAPERS} of the 20+ page papers")
    parser.add_argument("--json", metavar="OUT", type=Path, help="also save all results as JSON")
    parser.add_argument("--skip-aclpubcheck", action="store_true", help="do not build or run aclpubcheck")
    parser.add_argument("--axiomcheck", metavar="CMD",
                        help="command prefix to run instead of the installed axiomcheck, e.g. 'python -m axiomcheck'")
    parser.add_argument("--aclpubcheck-python", metavar="PY", default=default_acl_python(),
                        help="interpreter for aclpubcheck's venv (default: this one if <= 3.11, "
                             "else python3.11 or python3.10 from PATH)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds before a run is killed")
    args = parser.parse_args(argv)
    if args.quick:
        args.repeat = 1
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if args.json:
        args.json = args.json.resolve()  # main() changes directory before saving
    python = shutil.which(args.aclpubcheck_python)
    if not python:
        parser.error(f"--aclpubcheck-python: {args.aclpubcheck_python!r} not found")
    args.aclpubcheck_python = os.path.abspath(python)
    return args


def default_acl_python() -> str:
    """An interpreter that can install aclpubcheck: its pandas<2 has no wheels past 3.11."""
    if sys.version_info < (3, 12):
        return sys.executable
    return shutil.which("python3.11") or shutil.which("python3.10") or sys.executable


def select_tools(args: argparse.Namespace) -> list[Tool]:
    """Locate every tool and print what will run."""
    tools = [find_pdftotext(), find_axiomcheck(args.axiomcheck)]
    if args.skip_aclpubcheck:
        tools.append(Tool("aclpubcheck", None, "skipped (--skip-aclpubcheck)"))
    else:
        tools.append(find_aclpubcheck(args.aclpubcheck_python))
    byte_compile(tools[1])
    for tool in tools:
        where = " ".join(tool.prefix) if tool.prefix else "-"
        print(f"{tool.name:12} {where}" + (f"  [{tool.note}]" if tool.note else ""))
    return tools


def main(argv: list[str] | None = None) -> int:
    """Measure every group, print the tables and targets, optionally save JSON."""
    sys.stdout.reconfigure(line_buffering=True)  # rows appear as they are measured
    args = parse_args(argv)
    tools = select_tools(args)
    if not MANIFEST.exists():
        print(f"corpus manifest {MANIFEST} not found: the corpus groups are empty")
    with tempfile.TemporaryDirectory(prefix="axiomcheck-bench-") as scratch:
        os.chdir(scratch)  # aclpubcheck writes errors-*.json (and PNGs) into its cwd
        floor = rss_floor_mb(args.timeout)
        print(f"peak RSS floor (spawn.py's own memory): {floor:.1f} MB")
        results = measure_groups(file_groups(args.quick), [t for t in tools if t.prefix], args)
        extra = measure_extra(tools[1], results, args)
        batch = measure_batch(tools[1], [p for p, _ in corpus_papers()], args)
    print_batch(batch)
    targets = evaluate_targets(results, batch, extra)
    print_targets(targets)
    if args.json:
        save_json(args, floor, tools, results, batch, targets, extra)
    return 0


def measure_extra(axiom: Tool, results: dict[str, list[FileResult]], args: argparse.Namespace) -> dict:
    """Start-up, warm per-file cost on the 20+ page papers, memory on hostile files."""
    if not axiom.prefix:
        return {}
    extra: dict = {"startup": measures.startup(run_once, sys.executable, axiom.prefix, args.repeat, args.timeout)}
    measures.print_startup(extra["startup"])
    names = {r.file for r in results["long"]}
    long_papers = [pdf for pdf, _ in corpus_papers() if pdf.name in names]
    pdftotext = find_pdftotext().prefix or ["pdftotext"]
    extra["warm"] = measures.warm_per_file(run_once, axiom.prefix, CHECK_ARGS, pdftotext, long_papers,
                                           1 if args.quick else 2, args.timeout)
    measures.print_warm(extra["warm"])
    pages = {r.file: r.pages for r in results["long"] + results["memory"]}
    by_length = sorted((pdf for pdf, _ in corpus_papers() if pdf.name in pages), key=lambda p: -(pages[p.name] or 0))
    with tempfile.TemporaryDirectory(prefix="axiomcheck-split-") as scratch:
        long_file = measures.concatenated(by_length[:4], Path(scratch))
        if long_file is not None:
            pages[long_file.name] = page_count(long_file)
        extra["split"] = measures.split_gain(run_once, sys.executable, CHECK_ARGS,
                                             by_length[:4] + ([long_file] if long_file else []), args.repeat,
                                             args.timeout)
    measures.print_split(extra["split"], pages)
    if not args.skip_hostile:
        extra["bombs"] = measures.bombs(run_once, axiom.prefix, CHECK_ARGS, args.timeout)
        extra["hostile"] = {} if args.quick else measures.hostile_batch(run_once, axiom.prefix, CHECK_ARGS,
                                                                        args.timeout)
        measures.print_memory(extra["bombs"], extra["hostile"] or {"skipped": "--quick"})
    return extra


def measure_groups(groups: dict, tools: list[Tool], args: argparse.Namespace) -> dict[str, list[FileResult]]:
    """Measure each file once (groups may share files) and print each group's table."""
    all_pdfs = [p for _, files in groups.values() for p in files]
    if all_pdfs and tools:
        warm_up(tools, all_pdfs[0], args.timeout)
    cache: dict[Path, FileResult] = {}
    results = {}
    for key, (title, files) in groups.items():
        group_tools = [t for t in tools if t.name != "aclpubcheck" or key != "fixtures"]
        print_header(title, len(files), group_tools, args.repeat)
        for pdf in files:
            if pdf not in cache:
                cache[pdf] = measure_file(pdf, group_tools, args.repeat, args.timeout, args.acl_repeat)
            print_row(cache[pdf], group_tools)
        results[key] = [cache[p] for p in files]
        print_footer(results[key], group_tools)
    return results


def save_json(args: argparse.Namespace, floor: float, tools: list[Tool], results: dict, batch: dict,
              targets: list[dict], extra: dict) -> None:
    """Write every number behind the tables to args.json."""
    payload = {
        "repeat": args.repeat,
        "quick": args.quick,
        "host": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
        "rss_floor_mb": floor,
        "tools": {t.name: {"command": t.prefix, "note": t.note} for t in tools},
        "groups": {key: [asdict(r) for r in rs] for key, rs in results.items()},
        "batch": batch,
        "extra": extra,
        "targets": targets,
    }
    args.json.write_text(json.dumps(payload, indent=2) + "\n")
    print(f"\nresults saved to {args.json}")


if __name__ == "__main__":
    sys.exit(main())
