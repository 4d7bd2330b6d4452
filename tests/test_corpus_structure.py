"""Detected structure against the hand-made labels of the real paper corpus (../shared).

One test case per paper, so a regression names the paper and the field.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from axiomcheck.analysis.paper import open_document
from axiomcheck.analysis.structure import structure_of
from axiomcheck.codec import structure_to_json
from axiomcheck.model import DEFAULT_MAIN_BODY_EXCLUDES
from conftest import CORPUS_PAPERS

FIELDS = {
    "main_body_pages": "main_body_pages",
    "references_start_page": "references_page",
    "appendix_start_page": "appendix_page",
    "checklist_start_page": "checklist_page",
    "anonymous": "anonymous",
    "line_numbers": "line_numbers",
}
UNDEFINED_WHEN_NULL = {"main_body_pages"}
"""Labels the corpus leaves null where the field has no meaning (a document that is not a paper,
such as a slide deck, has no main text to count): not held. A null label of any other field
means "absent" and is held."""


ICLR_LABEL_EXCLUDES = (*DEFAULT_MAIN_BODY_EXCLUDES, "reproducibility")
"""The labels of papers made with an ICLR style count as ICLR does: its reproducibility
statement, which ICLR exempts, is left out besides the corpus convention's back matter."""


def label_excludes(entry: dict[str, Any]) -> tuple[str, ...]:
    """The section kinds the paper's `main_body_pages` label leaves out."""
    return ICLR_LABEL_EXCLUDES if "iclr" in entry["template"] else DEFAULT_MAIN_BODY_EXCLUDES


def corpus_entries() -> list[dict[str, Any]]:
    """The manifest's papers, or none when the shared corpus is absent."""
    manifest = CORPUS_PAPERS / "manifest.yaml"
    if not manifest.is_file():
        return []
    return yaml.safe_load(manifest.read_text(encoding="utf-8"))["pdfs"]


def uncertain_fields(entry: dict[str, Any]) -> set[str]:
    """The labels no test may hold the product to: the first word of each `uncertain` entry."""
    return {text.split()[0] for text in entry.get("uncertain") or []}


def corpus_params(select: Callable[[dict[str, Any]], bool] = lambda entry: True) -> list[Any]:
    """One pytest param per selected paper (id = paper id); one param that skips when the
    corpus is absent."""
    entries = [entry for entry in corpus_entries() if select(entry)]
    if not entries:
        return [pytest.param(None, id="corpus-absent")]
    return [pytest.param(entry, id=entry["id"]) for entry in entries]


@pytest.mark.slow
@pytest.mark.parametrize("entry", corpus_params())
def test_structure_matches_labels(entry: dict[str, Any], corpus_papers: Path) -> None:
    with open_document(str(corpus_papers / entry["file"])) as doc:
        structure = structure_to_json(structure_of(doc, label_excludes(entry)))
    misses = [f"{field}: label {entry[label]!r}, found {structure[field]!r}"
              for label, field in FIELDS.items()
              if structure[field] != entry[label] and not (label in UNDEFINED_WHEN_NULL and entry[label] is None)
              and label not in uncertain_fields(entry)]
    assert not misses, f"{entry['id']} ({entry['template']}):\n" + "\n".join(misses)
