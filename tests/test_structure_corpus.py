"""Structure failure classes on the real papers of ../shared/corpus/papers where they were seen."""

from __future__ import annotations

from pathlib import Path

from axiomcheck.analysis.paper import AnalysedPaper, open_document
from axiomcheck.model import DEFAULT_MAIN_BODY_EXCLUDES


def _open(corpus: Path, paper: str) -> AnalysedPaper:
    [pdf] = (corpus / "pdfs").glob(f"{paper}__*.pdf")
    return open_document(str(pdf))


def test_cross_reference_at_a_line_start_is_prose(corpus_papers: Path) -> None:
    """ICML 2026 workshop camera-ready: "(Appendix D.2). Variance-informed routing ..." on page 6."""
    with _open(corpus_papers, "w05") as doc:
        assert not any(h.text.startswith("(") for h in doc.sections.headings)
        assert (doc.sections.appendix.page, doc.sections.appendix.text) == (9, "A. Prompt Templates")
        assert doc.main_body(DEFAULT_MAIN_BODY_EXCLUDES).pages == 8


def test_small_caps_appendix_letters_after_the_references(corpus_papers: Path) -> None:
    with _open(corpus_papers, "o05") as doc:  # ICLR: regular small caps at \large
        assert (doc.sections.appendix.page, doc.sections.appendix.text) == (13, "A PROOF OF PROPOSITION 4.1")
    with _open(corpus_papers, "o14") as doc:  # MLSys: bold small caps, letter apart by a space
        appendix = doc.sections.appendix
        assert (appendix.page, appendix.number) == (5, "A")
        assert appendix.text.startswith("A PLEASE ADD SUPPLEMENTAL")


def test_statement_of_broader_impact_is_not_main_body(corpus_papers: Path) -> None:
    with _open(corpus_papers, "p11") as doc:
        assert (doc.sections.impact.page, doc.sections.impact.text) == (9, "Statement of Broader Impact")
        assert doc.main_body(DEFAULT_MAIN_BODY_EXCLUDES).pages == 8
        assert doc.main_body(("references", "appendix")).pages == 9  # a pack that counts it


def test_acl_review_author_block_is_anonymous(corpus_papers: Path) -> None:
    with _open(corpus_papers, "o02") as doc:
        assert doc.author_block.anonymous and doc.author_block.template_anonymous


def test_headings_exclude_author_lines_table_cells_and_run_in_paragraphs(corpus_papers: Path) -> None:
    with _open(corpus_papers, "f01") as doc:
        texts = [h.text for h in doc.sections.headings]
        assert not {"410M", "1.4B", "2.8B", "Method"} & set(texts)
        assert not any(line.text in texts for line in doc.author_block.lines + doc.author_block.title)
        assert "1 Introduction" in texts
        assert "4.1 Motivation: The Impact of Pairwise Data Quality on β Selection" in texts
    with _open(corpus_papers, "w05") as doc:
        texts = [h.text for h in doc.sections.headings]
        assert "Ryan Lail 1 Luke Markham 1" not in texts
        assert not any(t.startswith(("Method.", "Headline results.")) for t in texts)


def test_captions_are_found_and_appendix_floats_are_not_stray(corpus_papers: Path) -> None:
    with _open(corpus_papers, "n11") as doc:
        labels = {(f.kind, f.number) for f in doc.floats}
        assert ("table", "3") in labels  # at the top of page 13, above Appendix A's heading
        assert doc.main_body(DEFAULT_MAIN_BODY_EXCLUDES).floats == ()
