"""Every real corpus paper checked against its own venue, as a table to review.

    python bench/venue_corpus.py                        # the table, per pack
    python bench/venue_corpus.py --evidence DIR         # and a picture of every finding
    python bench/venue_corpus.py --json results.json    # the reports, for a closer look

Each paper of ../shared/corpus/papers is checked with the pack of the venue it was made for, at
the stage its mode calls for (tests/corpus_venues.py says which). The output gives, per pack,
the papers checked and passing, then every error (and integrity warning) with its rule, page and
message, so that each can be looked at on its picture and judged true or false.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

import yaml  # noqa: E402

from axiomcheck.packs import resolve  # noqa: E402
from axiomcheck.execution import FileTask, check_tasks  # noqa: E402
from corpus_venues import venue_of  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "papers")
    parser.add_argument("--evidence", type=Path, help="write a PNG of every finding's page into this folder")
    parser.add_argument("--json", type=Path, help="write every paper's result here")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    entries = yaml.safe_load((args.corpus / "manifest.yaml").read_text(encoding="utf-8"))["pdfs"]
    groups: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    for entry in entries:
        groups[venue_of(entry)].append(entry)
    results = {}
    for (venue, track, stage), members in sorted(groups.items()):
        pack = resolve(venue, track, stage)
        tasks = [FileTask(str(args.corpus / entry["file"])) for entry in members]
        evidence = str(args.evidence) if args.evidence else None
        report = check_tasks(tasks, pack, jobs=args.jobs, evidence_dir=evidence)
        for entry, result in zip(members, report.files, strict=True):
            results[entry["id"]] = (venue, track, stage, result)
    _print_table(results)
    if args.json:
        args.json.write_text(json.dumps({paper: {"venue": v, "track": t, "stage": s, "result": r.to_dict()}
                                         for paper, (v, t, s, r) in results.items()}, indent=1), encoding="utf-8")
    return 0


def _print_table(results: dict) -> None:
    per_pack: dict[str, list[str]] = defaultdict(list)
    for paper, (venue, _, _, _) in sorted(results.items()):
        per_pack[venue].append(paper)
    print("| pack | checked | passing | papers that fail |")
    print("|---|---|---|---|")
    for venue, papers in sorted(per_pack.items()):
        failing = [p for p in papers if results[p][3].status != "pass"]
        print(f"| {venue} | {len(papers)} | {len(papers) - len(failing)} | {', '.join(failing) or '-'} |")
    print()
    for paper, (venue, track, stage, result) in sorted(results.items()):
        shown = [f for f in result.findings if f.severity == "error" or f.rule.startswith("AX4")]
        if not shown:
            continue
        print(f"{paper} ({venue} {track} {stage}, {result.status})")
        for finding in shown:
            picture = f" [{finding.evidence_image}]" if finding.evidence_image else ""
            print(f"  {finding.rule} {finding.severity} p{finding.page}: {finding.message}{picture}")


if __name__ == "__main__":
    sys.exit(main())
