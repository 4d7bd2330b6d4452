"""Draft ledger rows for the findings of corpus papers that the ledger does not record yet.

    python tests/ledger/draft.py h05 o01        # the papers named
    python tests/ledger/draft.py --all          # every corpus paper

Each row is printed with its gist taken from the finding's message and `why` left as TODO: look
at the finding on its picture (`axiomcheck check PDF --venue V --track T --stage S --evidence
DIR`), fix the analysis or the rule if it is false, else write why it
is true and add the row to papers.yaml in its sorted place.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import yaml

from conftest import CORPUS_PAPERS
from ledger.runs import key_of, ledger_rows, run_findings

GIST_LENGTH = 110
"""Characters of the finding's message a drafted gist keeps."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("papers", nargs="*", help="corpus paper ids (h05, o01, ...)")
    parser.add_argument("--all", action="store_true", help="every corpus paper")
    args = parser.parse_args()
    entries = yaml.safe_load((CORPUS_PAPERS / "manifest.yaml").read_text(encoding="utf-8"))["pdfs"]
    chosen = [e for e in entries if args.all or e["id"] in args.papers]
    known = Counter(key_of(row) for row in ledger_rows())
    for entry in chosen:
        for key, finding in run_findings(CORPUS_PAPERS / entry["file"], entry):
            if known[key] > 0:
                known[key] -= 1
                continue
            gist = finding.message if len(finding.message) <= GIST_LENGTH else finding.message[:GIST_LENGTH] + "..."
            row = {"paper": key.paper, "run": key.run, "rule": key.rule, "page": key.page, "gist": gist,
                   "why": "TODO"}
            print("- " + yaml.safe_dump(row, default_flow_style=True, sort_keys=False, width=10_000).strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
