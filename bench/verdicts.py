"""Every verdict on the shipped fixtures and the shared corpus, one line per file and run.

    python bench/verdicts.py > verdicts-before.txt     # on one checkout
    python bench/verdicts.py > verdicts-after.txt      # on another
    diff verdicts-before.txt verdicts-after.txt
    python bench/verdicts.py --full --hostile          # and a digest of each whole report, hostile files too

Each line is `file | pack/track/stage | status | rule:severity:page ...`, sorted, so that a
change of behaviour shows as a diff of lines. Files are checked in this process
(`axiomcheck.api.check_file`) with both workshop packs, paper track, both stages, and each corpus
paper also with the pack of the venue it was made for (tests/corpus_venues.py). `--full` ends each
line with a digest of the file's whole JSON result (every message, box and the structure), so that
"byte-identical" can be checked, not only the verdicts. `--hostile` adds every file of
../shared/corpus/hostile and ../shared/corpus/regressions, checked in worker processes under the
default limits (a hostile file may loop or exhaust memory), against axiom-2026 at submission.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from axiomcheck.report import FileResult

ROOT = Path(__file__).resolve().parent.parent
RUNS = [("axiom-2026", "paper", "submission"), ("axiom-2026", "paper", "camera-ready"),
        ("hild-2026", "paper", "submission"), ("hild-2026", "paper", "camera-ready")]


def files(corpus: Path) -> list[Path]:
    found = sorted((ROOT / "fixtures").glob("*.pdf"))
    papers = corpus / "papers" / "pdfs"
    if papers.is_dir():
        found += sorted(papers.glob("*.pdf"))
    return found


def own_venues(corpus: Path) -> dict[str, tuple[str, str, str]]:
    """Corpus file name -> the (pack, track, stage) of the venue it was made for."""
    manifest = corpus / "papers" / "manifest.yaml"
    if not manifest.is_file():
        return {}
    import yaml

    sys.path.insert(0, str(ROOT / "tests"))
    from corpus_venues import venue_of

    entries = yaml.safe_load(manifest.read_text(encoding="utf-8"))["pdfs"]
    return {Path(entry["file"]).name: venue_of(entry) for entry in entries}


def line(name: str, run: tuple[str, str, str], result: FileResult, full: bool) -> str:
    from axiomcheck.codec import result_to_json

    findings = " ".join(sorted(f"{f.rule}:{f.severity}:{f.page}" for f in result.findings))
    text = f"{name} | {'/'.join(run)} | {result.status} | {findings}"
    if full:
        data = result_to_json(result)
        data.pop("path", None)
        digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]
        text += f" | {digest}"
    return text


def hostile_lines(corpus: Path, full: bool) -> list[str]:
    from axiomcheck.execution import check_paths
    from axiomcheck.packs import resolve

    paths = sorted(p for folder in ("hostile", "regressions") for p in (corpus / folder).glob("*")
                   if p.suffix.lower() != ".tsv" and p.suffix.lower() != ".md" and p.is_file())
    run = ("axiom-2026", "paper", "submission")
    report = check_paths([str(p) for p in paths], resolve(*run), jobs=2)
    return [line(f"{Path(r.path).parent.name}/{Path(r.path).name}", run, r, full) for r in report.files]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--full", action="store_true", help="end each line with a digest of the whole JSON result")
    parser.add_argument("--hostile", action="store_true", help="also the hostile and regression files, isolated")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    from axiomcheck.api import check_file

    venues = own_venues(args.corpus)
    for path in files(args.corpus):
        runs = list(RUNS)
        own = venues.get(path.name)
        if own is not None and own not in runs:
            runs.append(own)
        for run in runs:
            result = check_file(str(path), *run).files[0]
            print(line(path.name, run, result, args.full), flush=True)
    if args.hostile:
        for text in hostile_lines(args.corpus, args.full):
            print(text, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
