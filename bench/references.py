"""The reference index at scale: building from a synthetic DBLP-size dump, a look-up, and what
looking a 60-entry paper up adds to a check.

    python bench/references.py [--records 7000000] [--sizes 250000,500000,1000000] [--paper ID] [--keep DIR]
    python bench/references.py --share f01,k01,i01,n08,o10    # the bibliography's share of a check

1. **Building is linear and flat in memory.** A synthetic dump in DBLP's form (gzipped XML,
   `dblp.dtd` entities, CoRR records with arXiv ids, DOI links, a few `www` pages) is written
   for each size in `--sizes` and for `--records` (default 7 million works, DBLP's size), and
   `axiomcheck references index` builds an index from it in a process of its own
   (bench/spawn.py: wall seconds and peak resident memory). Linear: the seconds per 100,000
   works stay the same as the dump grows; flat: the peak memory does not grow with it.
2. **A look-up**: in the full-size index, entries whose title the index has as printed (found by
   the title's key), printed a little otherwise (found by the title's words), and made up (not
   found): milliseconds per entry, each kind apart.
3. **What looking up adds to a check**: the look-up of a corpus paper's bibliography (default
   n01, 59 entries) in the full-size index, in one process; and `axiomcheck check PAPER` with
   and without `--references INDEX`, whole processes, alternated, the median of seven each.

Only the standard library and axiomcheck; the dumps and indexes go to a temporary folder
(`--keep DIR` keeps them).
"""

from __future__ import annotations

import argparse
import gzip
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
SPAWN = BENCH / "spawn.py"
CORPUS = REPO.parent / "shared" / "corpus" / "papers"
SYLLABLES = ("ka ne ro li ta mi so ve du ra pe lo zi gu ba te fo ni sa mu re ko vi la di no ge hu ri ma "
             "tu bo ze ly qua stra ph ing ex con tion ment ive al net work learn").split()
ENTITIES = ("&uuml;", "&ouml;", "&eacute;", "&aacute;", "&ccedil;", "&oslash;")
LOOKUPS = 300


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))


def _vocabulary(rng: random.Random, size: int) -> list[str]:
    return [_word(rng) for _ in range(size)]


def write_dump(path: Path, records: int, seed: int = 7) -> list[tuple[str, str, int]]:
    """A gzipped dump of `records` works in DBLP's form; returns a sample of (title, first author's
    family name, year) to look up."""
    rng = random.Random(seed)
    words = _vocabulary(rng, 60000)
    names = [_word(rng).capitalize() for _ in range(40000)]
    sample: list[tuple[str, str, int]] = []
    with gzip.open(path, "wt", encoding="iso-8859-1", compresslevel=1) as out:
        out.write('<?xml version="1.0" encoding="ISO-8859-1"?>\n<!DOCTYPE dblp SYSTEM "dblp.dtd">\n<dblp>\n')
        for number in range(records):
            title = " ".join(rng.choice(words) for _ in range(rng.randint(4, 12))).capitalize()
            authors = [f"{rng.choice(names)} {rng.choice(names)}{rng.choice(ENTITIES) if number % 9 == 0 else ''}"
                       for _ in range(rng.randint(1, 8))]
            year = rng.randint(1970, 2025)
            if number % 23 == 0 and "&" not in authors[0] and len(sample) < 3 * LOOKUPS:
                sample.append((title, authors[0].split()[-1], year))
            people = "".join(f"<author>{author}</author>" for author in authors)
            if number % 4 == 0:
                ident = f"{year % 100:02d}{rng.randint(1, 12):02d}.{rng.randint(1, 29999):05d}"
                out.write(f'<article key="journals/corr/x{number}">{people}<title>{title}.</title><journal>CoRR'
                          f"</journal><volume>abs/{ident}</volume><year>{year}</year>"
                          f"<ee>http://arxiv.org/abs/{ident}</ee></article>\n")
            else:
                out.write(f'<inproceedings key="conf/x/x{number}">{people}<title>{title}.</title><year>{year}'
                          f"</year><booktitle>CONF</booktitle><ee>https://doi.org/10.1000/x.{number}</ee>"
                          "</inproceedings>\n")
            if number % 500 == 0:
                out.write(f'<www key="homepages/x/{number}"><author>{authors[0]}</author><title>Home Page</title>'
                          "</www>\n")
        out.write("</dblp>\n")
    return sample


def _axiomcheck() -> list[str]:
    here = Path(sys.executable).parent / "axiomcheck"
    return [str(here)] if here.exists() else [sys.executable, "-m", "axiomcheck"]


def _spawn(command: list[str], timeout: float = 36000) -> tuple[float, int, int]:
    """(wall seconds, peak resident KiB, exit code) of `command` in a process of its own."""
    done = subprocess.run([sys.executable, "-I", "-S", str(SPAWN), str(timeout), *command], capture_output=True,
                          text=True, check=True)
    seconds, peak, code = done.stdout.split()
    return float(seconds), int(peak), int(code)


def build(folder: Path, records: int) -> tuple[Path, list[tuple[str, str, int]]]:
    dump = folder / f"dblp-{records}.xml.gz"
    started = time.monotonic()
    sample = write_dump(dump, records)
    print(f"  dump of {records:,} works: {dump.stat().st_size / 1e6:,.0f} MB gzipped, "
          f"written in {time.monotonic() - started:.0f} s")
    database = folder / f"refs-{records}.sqlite"
    seconds, peak, code = _spawn([*_axiomcheck(), "references", "index", str(dump), "--db", str(database), "-q"])
    assert code == 0, f"references index exited {code}"
    print(f"  built in {seconds:,.1f} s: {seconds / records * 1e5:.2f} s per 100,000 works, peak memory "
          f"{peak / 1024:,.0f} MB, index {database.stat().st_size / 1e6:,.0f} MB")
    return database, sample


def lookups(database: Path, sample: list[tuple[str, str, int]]) -> None:
    from axiomcheck.analysis.reference_parts import parse
    from axiomcheck.model import BBox, EntryPart
    from axiomcheck.references.local import LocalIndex
    from axiomcheck.references.lookup import judge
    from axiomcheck.references.store import ReferenceIndex

    part = (EntryPart(1, BBox(0, 0, 1, 1)),)
    rng = random.Random(11)
    words = _vocabulary(rng, 60000)
    kinds = {
        "as printed": [f"A. {name}. {{{title.upper()}}}. In CONF, {year}." for title, name, year in sample[:LOOKUPS]],
        "printed otherwise": [f"A. {name}. {title}, {year}. In CONF." for title, name, year in
                              sample[LOOKUPS:2 * LOOKUPS]],
        "made up": [f"A. {name}. {' '.join(rng.choice(words) for _ in range(7)).capitalize()}. In CONF, {year}."
                    for _, name, year in sample[2 * LOOKUPS:3 * LOOKUPS]],
    }
    with ReferenceIndex(database) as index:
        source = LocalIndex(index)
        for kind, texts in kinds.items():
            entries = [parse(n, None, text, part) for n, text in enumerate(texts, 1)]
            started = time.perf_counter()
            verdicts = [judge(entry, source).verdict.value for entry in entries]
            per = (time.perf_counter() - started) / len(entries) * 1000
            counts = {verdict: verdicts.count(verdict) for verdict in sorted(set(verdicts))}
            print(f"  {kind:<18} {per:6.2f} ms per look-up  {counts}")


def added_cost(database: Path, paper: str) -> None:
    import yaml

    entry = next(p for p in yaml.safe_load((CORPUS / "manifest.yaml").read_text())["pdfs"] if p["id"] == paper)
    pdf = str(CORPUS / entry["file"])
    from axiomcheck.analysis.paper import open_document
    from axiomcheck.references import ReferenceSettings
    from axiomcheck.references.run import look_up

    with open_document(pdf) as doc:
        bibliography = doc.bibliography
        times = []
        for _ in range(5):
            started = time.perf_counter()
            look_up(bibliography, ReferenceSettings(index=str(database)), 30)
            times.append(time.perf_counter() - started)
    print(f"  {paper}: {len(bibliography.entries)} entries looked up in {statistics.median(times):.3f} s "
          "(in one process, median of 5)")
    base = [*_axiomcheck(), "check", pdf, "--isolated", "--venue", "axiom-2026", "--format", "json"]
    runs: dict[str, list[float]] = {"without": [], "with": []}
    for _ in range(7):  # alternated, so that the machine's load falls on both alike
        runs["without"].append(_spawn(base)[0])
        runs["with"].append(_spawn([*base, "--references", str(database)])[0])
    without, with_ = statistics.median(runs["without"]), statistics.median(runs["with"])
    print(f"  {paper}: check {without:.2f} s, with --references {with_:.2f} s (whole processes, median of 7): "
          f"{with_ - without:+.2f} s")


def share(papers: list[str]) -> None:
    """What reading the bibliography and the rules that need no index cost in a check: CPU time in
    one process, the text layer already built (the check reads it anyway), median of 5."""
    import yaml

    from axiomcheck.analysis.paper import open_document
    from axiomcheck.api import check_path
    from axiomcheck.packs import resolve
    from axiomcheck.rules import REGISTRY
    from axiomcheck.rules import CheckContext

    entries = {p["id"]: p for p in yaml.safe_load((CORPUS / "manifest.yaml").read_text())["pdfs"]}
    pack = resolve("axiom-2026", "paper", "submission")
    rules = [rule for rule in REGISTRY.values() if rule.group == "references" and not rule.needs_references]
    context = CheckContext(venue="axiom-2026", track="paper", stage="submission", main_body_excludes=())
    for paper in papers:
        pdf = str(CORPUS / entries[paper]["file"])
        checks, parts = [], []
        for _ in range(5):
            started = time.process_time()
            check_path(pdf, pack)
            checks.append(time.process_time() - started)
            with open_document(pdf) as doc:
                _ = doc.text
                started = time.process_time()
                found = [v for rule in rules for v in rule.check(doc, rule.default_options(), context)]
                parts.append(time.process_time() - started)
        check, part = statistics.median(checks), statistics.median(parts)
        print(f"  {paper}: {len(doc.bibliography.entries)} entries, {len(found)} warnings: {part * 1000:.0f} ms "
              f"of a {check * 1000:.0f} ms check ({part / check:.1%})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=7_000_000, help="works in the full-size dump")
    parser.add_argument("--sizes", default="250000,500000,1000000", help="smaller dumps, for linearity")
    parser.add_argument("--paper", default="n01", help="the corpus paper whose check is timed (about 60 entries)")
    parser.add_argument("--keep", type=Path, default=None, help="keep the dumps and indexes in this folder")
    parser.add_argument("--share", default="", help="only the share of a check, on these corpus papers (f01,k01)")
    args = parser.parse_args()
    if args.share:
        print("what the bibliography and the rules that need no index cost in a check (CPU, median of 5):")
        share(args.share.split(","))
        return 0
    folder = args.keep or Path(tempfile.mkdtemp(prefix="axiomcheck-refs-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    print("building (a dump of each size, then `axiomcheck references index` in its own process):")
    for size in [int(s) for s in args.sizes.split(",") if s]:
        build(folder, size)
    database, sample = build(folder, args.records)
    print("looking up in the full-size index:")
    lookups(database, sample)
    if (CORPUS / "manifest.yaml").is_file():
        print("what looking up adds to a check:")
        added_cost(database, args.paper)
    print(f"(files in {folder})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
