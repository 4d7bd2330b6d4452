"""AX101 page-limit on synthetic papers: the error's premise (the text past the limit is main
body) and the regions its picture shows (where the limit falls, the text past it)."""

from __future__ import annotations

from docmaker import Paper, run_rule

from axiomcheck.model import Severity
from axiomcheck.rules import REGISTRY

PAGE_LIMIT = REGISTRY["page-limit"]


def _long(tail: tuple[str, ...] = (), heading: str | None = "References") -> Paper:
    """More than four pages of body text, then `tail` lines (under `heading` when given)."""
    paper = Paper().title("Sparse Features Under a Budget").anonymous_authors().heading("1 Introduction").text(300)
    if heading:
        paper.heading(heading)
    for line in tail:
        paper.sentence(line, size=8.97)
    return paper


ENTRIES = ("[1] J. Frankle and M. Carbin. The lottery ticket hypothesis. In ICLR, 2019.",
           "[2] J. Kaplan et al. Scaling laws for neural language models. arXiv, 2020.",
           "[3] E. Frantar and D. Alistarh. SparseGPT: one-shot pruning. In ICML, 2023.",
           "[4] Y. LeCun, J. Denker and S. Solla. Optimal brain damage. In NeurIPS, 1990.")


def test_over_the_limit_before_a_references_heading_is_an_error_with_its_regions() -> None:
    doc = _long(ENTRIES).build()
    [finding] = run_rule(PAGE_LIMIT, doc, main_body_pages=4)
    assert finding.severity is None and finding.page == 5 and finding.bbox is not None
    kinds = [(region.page, region.kind) for region in finding.regions]
    assert (5, "limit") in kinds and (5, "shade") in kinds
    references = doc.sections.references
    assert {page for page, kind in kinds if kind == "shade"} == set(range(5, references.page + 1))
    [last] = [r.bbox for r in finding.regions if r.kind == "shade" and r.page == references.page]
    assert last.y1 <= references.bbox.y0  # the shading stops where References begins


def test_without_references_at_all_the_whole_paper_is_body_and_over_the_limit_is_an_error() -> None:
    [finding] = run_rule(PAGE_LIMIT, _long(heading=None).build(), main_body_pages=4)
    assert finding.severity is None


def test_reference_entries_without_a_recognised_heading_make_it_a_warning() -> None:
    [finding] = run_rule(PAGE_LIMIT, _long(ENTRIES, heading=None).build(), main_body_pages=4)
    assert finding.severity == Severity.WARNING and "no References heading was recognised" in finding.message
