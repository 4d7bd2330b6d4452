"""The bibliography on real papers: entry splitting against hand-counted reference lists.

`tests/data/reference_counts.yaml` holds the number of entries of the reference list of real
corpus papers of every style (numbered, author-year with a hanging indent, ACL, ICML and IEEE
two-column, LLNCS, APA, entries across columns and pages), counted by hand (its header says
how). Each paper's split must give exactly that many entries, the first on the page the corpus
labels as the references' start, and every entry a page and a box on the pages of the references.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from axiomcheck.analysis.paper import open_document
from conftest import CORPUS_PAPERS, ROOT

COUNTS = yaml.safe_load((ROOT / "tests" / "data" / "reference_counts.yaml").read_text(encoding="utf-8"))
MIN_PAPERS = 30
STYLES = {"numbered": ("numbered",), "author-year": ("hanging", "spaced")}
"""The list styles the labels name, and the splitter's styles each may be split as."""


def _entries() -> dict[str, dict[str, Any]]:
    manifest = CORPUS_PAPERS / "manifest.yaml"
    if not manifest.is_file():
        return {}
    return {entry["id"]: entry for entry in yaml.safe_load(manifest.read_text(encoding="utf-8"))["pdfs"]}


def test_the_labels_cover_thirty_papers_of_every_style() -> None:
    assert len(COUNTS) >= MIN_PAPERS
    assert {label["style"] for label in COUNTS.values()} == set(STYLES)
    assert all(isinstance(label["entries"], int) and label["entries"] > 0 for label in COUNTS.values())


@pytest.mark.slow
@pytest.mark.parametrize("paper", sorted(COUNTS))
def test_entry_splitting_agrees_with_the_hand_count(paper: str, corpus_papers: Path) -> None:
    label: dict[str, Any] = COUNTS[paper]
    entry = _entries()[paper]
    with open_document(str(corpus_papers / entry["file"])) as doc:
        bibliography = doc.bibliography
        heading = doc.sections.references
    assert len(bibliography.entries) == label["entries"], (
        f"{paper} ({label['where']}): {len(bibliography.entries)} entries, counted by hand {label['entries']}")
    assert bibliography.style in STYLES[label["style"]]
    assert heading is not None
    start = entry["references_start_page"]  # the labelled page of the heading: the list starts there
    assert bibliography.entries[0].page in (start, start + 1)  # (or on the next page, the heading last on its own)
    assert all(item.page >= heading.page and item.bbox.width > 0 for item in bibliography.entries)
    assert [item.number for item in bibliography.entries] == list(range(1, label["entries"] + 1))
