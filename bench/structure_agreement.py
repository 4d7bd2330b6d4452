"""How often the detected structure and template agree with the corpus labels, per field and
per template family.

    python bench/structure_agreement.py                 # the table
    python bench/structure_agreement.py --misses        # and every disagreement

Each paper of ../shared/corpus/papers is read once; its structure (main body pages, where the
references, appendix and checklist start, anonymity, line numbers) and its template (family and
year, mode) are compared with the manifest's labels as tests/test_corpus_structure.py and
tests/test_template_corpus.py compare them. A label listed under `uncertain` is not counted.
The family is the labelled template's (neurips, icml, iclr, acl, other).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from axiomcheck.analysis.paper import open_document  # noqa: E402
from axiomcheck.analysis.structure import structure_of  # noqa: E402
from axiomcheck.codec import structure_to_json  # noqa: E402
from test_corpus_structure import FIELDS, corpus_entries, label_excludes, uncertain_fields  # noqa: E402
from test_template_corpus import _split, expected_mode, expected_template  # noqa: E402

COLUMNS = (*FIELDS, "template", "mode")


def compared(entry: dict, corpus: Path) -> dict[str, tuple[object, object]]:
    """Field -> (label, found) for one paper, uncertain labels left out."""
    with open_document(str(corpus / entry["file"])) as doc:
        structure = structure_to_json(structure_of(doc, label_excludes(entry)))
        template = doc.template
    pairs: dict[str, tuple[object, object]] = {label: (entry[label], structure[field])
                                               for label, field in FIELDS.items()}
    pairs["template"] = (expected_template(entry), _split(template.name))
    pairs["mode"] = (expected_mode(entry), template.mode)
    uncertain = uncertain_fields(entry)
    return {field: pair for field, pair in pairs.items() if field not in uncertain}


def family_of(entry: dict) -> str:
    name = str(entry["template"]).removeprefix("other: ").lower()
    for family in ("neurips", "nips", "icml", "iclr", "acl", "emnlp"):
        if name.startswith(family):
            return {"nips": "neurips", "emnlp": "acl"}.get(family, family)
    return "other"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "papers")
    parser.add_argument("--misses", action="store_true", help="list every disagreement")
    args = parser.parse_args()
    agree: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    misses = []
    for entry in corpus_entries():
        family = family_of(entry)
        for field, (label, found) in compared(entry, args.corpus).items():
            hit = int(label == found)
            for group in (family, "all"):
                agree[(group, field)][0] += hit
                agree[(group, field)][1] += 1
            if not hit:
                misses.append(f"{entry['id']} {field}: label {label!r}, found {found!r}")
    groups = sorted({group for group, _ in agree} - {"all"}) + ["all"]
    print("| family | " + " | ".join(COLUMNS) + " |")
    print("|---" * (len(COLUMNS) + 1) + "|")
    for group in groups:
        cells = [f"{agree[(group, f)][0]}/{agree[(group, f)][1]}" if (group, f) in agree else "-" for f in COLUMNS]
        print(f"| {group} | " + " | ".join(cells) + " |")
    if args.misses:
        print("\n" + "\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
