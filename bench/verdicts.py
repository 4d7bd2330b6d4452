"""Every verdict on the shipped fixtures and the shared corpus, one line per file and run.

    python bench/verdicts.py > verdicts-before.txt     # on one checkout
    python bench/verdicts.py > verdicts-after.txt      # on another
    diff verdicts-before.txt verdicts-after.txt

Each line is `file | pack/track/stage | status | rule:severity:page ...`, sorted, so that a
change of behaviour shows as a diff of lines. Files are checked in this process
(`axiomcheck.api.check_file`) with both shipped packs, paper track, both stages.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = [("axiom-2026", "paper", "submission"), ("axiom-2026", "paper", "camera-ready"),
        ("hild-2026", "paper", "submission"), ("hild-2026", "paper", "camera-ready")]


def files(corpus: Path) -> list[Path]:
    found = sorted((ROOT / "fixtures").glob("*.pdf"))
    papers = corpus / "papers" / "pdfs"
    if papers.is_dir():
        found += sorted(papers.glob("*.pdf"))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    from axiomcheck.api import check_file

    for path in files(args.corpus):
        for venue, track, stage in RUNS:
            result = check_file(str(path), venue, track, stage).files[0]
            findings = " ".join(sorted(f"{f.rule}:{f.severity}:{f.page}" for f in result.findings))
            print(f"{path.name} | {venue}/{track}/{stage} | {result.status} | {findings}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
