"""The HTML triage page at conference scale: its size, and how long Chromium takes to load and filter it.

    python bench/triage.py [--files 3000] [--db STORE] [--keep DIR] [--cycled-texts]

The page's files are real results: those of the latest run of STORE, or, without --db, of a
`batch` of the corpus papers (../shared/corpus/papers/pdfs against axiom-2026, into a fresh
store). They are repeated to --files files, each its own submission (number, title, forum,
a path like `submissions/0a1b2c3d4e.pdf`). A message or evidence that only one of the source
papers has (an e-mail address, a quoted line) is that paper's own: each copy gets its own
version of it (the copy's number appended), as papers of a real conference would, so that
the page's table of distinct texts holds as many as a real one (`--cycled-texts` repeats the
texts as they are, which flatters the page). The pages are rendered twice: without pictures, and with
the evidence pictures a `--evidence` run links (one per finding with a page, as names only:
the page links them, it never embeds them). Chromium (Debian's, headless, through Selenium
and chromedriver) then opens each page from disk, three times, and reports the median of:

- load: navigation start to the end of the load event (`PerformanceNavigationTiming`), to
  the first paint, and to the moment the page's script has written every file's findings
  (its `axiomcheck-sections-written` performance mark: it writes them from the page's data
  block, in one step right after the load event);
- filter, once every section is written: typing a rule's name into the filter box (every
  finding of every file searched, the first search reads the files' texts), choosing a rule
  in the rule filter, and clearing both, each until the table is laid out again.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from axiomcheck.batch.store import Store
from axiomcheck.report import FileResult, Report, SubmissionRef
from axiomcheck.reporters import REPORTERS

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "papers" / "pdfs"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", "--window-size=1280,900")
WRITTEN = """
const done = arguments[arguments.length - 1];
(function wait() {
  const mark = performance.getEntriesByName('axiomcheck-sections-written')[0];
  if (mark) { done(mark.startTime); } else { setTimeout(wait, 20); }
}());
"""
TIMED = """
const started = performance.now();
const done = arguments[arguments.length - 1];
const control = document.getElementById(arguments[0]);
control.value = arguments[1];
control.dispatchEvent(new Event(arguments[0] === 'filter-text' ? 'input' : 'change'));
document.body.offsetHeight;
requestAnimationFrame(() => done([performance.now() - started,
                                  document.getElementById('filter-count').textContent]));
"""


def corpus_report(db: Path | None, work: Path) -> Report:
    """The latest run of `db`, or of a fresh batch of the corpus papers."""
    if db is None:
        db = work / "corpus.sqlite"
        subprocess.run([sys.executable, "-m", "axiomcheck", "batch", str(CORPUS), "--venue", "axiom-2026",
                        "--db", str(db), "--progress", "none"], check=False, capture_output=True)
    with Store(str(db)) as store:
        return store.report()


def own_texts(report: Report) -> set[str]:
    """The messages and evidence that only one file of `report` has."""
    papers = Counter(text for result in report.files
                     for text in {t for f in result.findings for t in (f.message, f.evidence) if t})
    return {text for text, count in papers.items() if count == 1}


def scaled(report: Report, files: int, pictures: bool, own: set[str]) -> Report:
    """`files` results cycled from `report`'s, each its own submission, the texts in `own` made
    each copy's own; with `pictures`, each finding with a page names an evidence picture
    beside the page."""
    def copy(text: str | None, number: int) -> str | None:
        return f"{text} ({number})" if text in own else text

    results: list[FileResult] = []
    for number in range(1, files + 1):
        source = report.files[(number - 1) % len(report.files)]
        name = hashlib.sha256(f"{number}".encode()).hexdigest()[:10]
        title = source.structure.title if source.structure is not None and source.structure.title else None
        findings = [dataclasses.replace(f, message=copy(f.message, number) or "", evidence=copy(f.evidence, number),
                                        evidence_image=f"evidence/{name}-{i + 1:02d}-{f.rule}-p{f.page}.png"
                                        if pictures and f.page else None) for i, f in enumerate(source.findings)]
        results.append(dataclasses.replace(
            source, path=f"submissions/{name}.pdf", findings=findings,
            submission=SubmissionRef(str(number), title, f"https://openreview.net/forum?id={name}")))
    return dataclasses.replace(report, files=results, run_status=None)


def browser():  # type: ignore[no-untyped-def]
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    driver.set_page_load_timeout(120)
    driver.set_script_timeout(120)
    return driver


def measure(driver, page: Path, rule: str, name: str, repeat: int) -> dict[str, object]:  # type: ignore[no-untyped-def]
    loads, paints, written, texts, rules, clears, counts = [], [], [], [], [], [], {}
    for _ in range(repeat):
        driver.get("about:blank")
        began = time.monotonic()
        driver.get(page.as_uri())
        wall = time.monotonic() - began
        navigation = driver.execute_script(
            "const n = performance.getEntriesByType('navigation')[0];"
            "const p = performance.getEntriesByName('first-contentful-paint')[0];"
            "return [n.loadEventEnd, p ? p.startTime : null];")
        loads.append(navigation[0] / 1000)
        paints.append((navigation[1] or 0) / 1000)
        written.append(driver.execute_async_script(WRITTEN) / 1000)
        texts.append(driver.execute_async_script(TIMED, "filter-text", name))
        driver.execute_async_script(TIMED, "filter-text", "")
        rules.append(driver.execute_async_script(TIMED, "filter-rule", rule))
        clears.append(driver.execute_async_script(TIMED, "filter-rule", ""))
        counts = {"text": texts[-1][1], "rule": rules[-1][1], "cleared": clears[-1][1], "wall_load_s": round(wall, 2)}
    return {"load_s": round(statistics.median(loads), 2), "first_paint_s": round(statistics.median(paints), 2),
            "sections_written_s": round(statistics.median(written), 2),
            "filter_text_s": round(statistics.median(t[0] for t in texts) / 1000, 3),
            "filter_rule_s": round(statistics.median(r[0] for r in rules) / 1000, 3),
            "clear_s": round(statistics.median(c[0] for c in clears) / 1000, 3), **counts}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=3000, help="files on the page (default 3000)")
    parser.add_argument("--db", type=Path, help="a results store whose latest run gives the results")
    parser.add_argument("--repeat", type=int, default=3, help="page loads in Chromium (default 3)")
    parser.add_argument("--keep", type=Path, help="write the pages into this folder and keep them")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--cycled-texts", action="store_true",
                        help="repeat every text as the source files have it (one paper's own texts too)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="axiomcheck-triage-") as temporary:
        work = args.keep or Path(temporary)
        work.mkdir(parents=True, exist_ok=True)
        report = corpus_report(args.db, work)
        if not report.files:
            parser.error("no results to build the page from")
        findings = sum(len(f.findings) for f in report.files) / len(report.files)
        own = set() if args.cycled_texts else own_texts(report)
        figures: dict[str, object] = {"files": args.files, "source_files": len(report.files),
                                      "findings_per_file": round(findings, 1), "own_texts": len(own)}
        common = max(((f.rule, f.name) for r in report.files for f in r.findings),
                     key=lambda rn: sum(1 for r in report.files for f in r.findings if f.rule == rn[0]))
        driver = browser()
        try:
            for label, pictures in (("without_pictures", False), ("with_linked_pictures", True)):
                page = work / f"triage-{label}.html"
                began = time.monotonic()
                results = scaled(report, args.files, pictures, own)
                page.write_text(REPORTERS["html"](results, str(page)), encoding="utf-8")
                figures[label] = {"bytes": page.stat().st_size, "render_s": round(time.monotonic() - began, 2),
                                  **measure(driver, page, common[0], common[1], args.repeat)}
        finally:
            driver.quit()
    figures["load_average"] = [round(load, 2) for load in os.getloadavg()]
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
