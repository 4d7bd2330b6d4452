"""Corpus papers a test knows it gets wrong today, each with the reason.

A real paper that fails a test is marked `xfail(strict=True)` through this table rather than
hidden or special-cased in the product, so that other work lands while the miss stays visible;
strict, so that the change that fixes the miss must remove its entry here (a fixed paper that
stays listed fails as XPASS).

Keys are `test_file.py::test_name[paper]`, as pytest names the test; values say what is wrong
and which mechanism is at fault. `conftest.pytest_collection_modifyitems` applies the marks.
"""

from __future__ import annotations


KNOWN_FAILURES: dict[str, str] = {
    "test_anonymity_corpus.py::test_author_block_errors_agree_with_the_structure_and_links_say_whose[k04]":
        "an identifying-link finding names a GitHub account its sentence offers as the paper's code; the "
        "test's table of accounts known to be the authors' does not list it yet",
    "test_anonymity_corpus.py::test_author_block_errors_agree_with_the_structure_and_links_say_whose[q16]":
        "a link to a textbook's notation repository (github.com/goodfeli) is offered as a source, not the "
        "authors' own code, and is reported as an identifying link",
    "test_anonymity_corpus.py::test_author_block_errors_agree_with_the_structure_and_links_say_whose[q18]":
        "an identifying-link finding names a GitHub account its sentence offers as the paper's code; the "
        "test's table of accounts known to be the authors' does not list it yet",
    "test_corpus_structure.py::test_structure_matches_labels[q21]":
        "the references heading of an ICML workshop paper is not recognised, so the main body runs on to the "
        "appendix",
    "test_template_corpus.py::test_template_and_mode_match_the_labels[k16]":
        "a home-made style that imitates the NeurIPS text block without its notice is taken for NeurIPS",
    "test_template_corpus.py::test_template_and_mode_match_the_labels[k25]":
        "an ICLR style edited to print 2027 is reported as ICLR 2027 rather than an edited style",
    "test_template_corpus.py::test_template_and_mode_match_the_labels[q01]":
        "a workshop's own notice naming NeurIPS 2026 decides the style's year over the 2024 style's other "
        "marks",
    "test_template_corpus.py::test_template_and_mode_match_the_labels[q14]":
        "an ICLR 2026 submission without its running head is not recognised from its other marks",
    "test_template_corpus.py::test_template_and_mode_match_the_labels[q28]":
        "a COLM style with the NeurIPS text block and no notice is taken for NeurIPS",
    "test_template_corpus.py::test_template_and_mode_match_the_labels[q29]":
        "a home-made style that imitates the NeurIPS text block without its notice is taken for NeurIPS",
    "test_template_corpus.py::test_unmodified_templates_get_no_layout_error[k04]":
        "not a misreading: page 2's figure is taller than the room left, so LaTeX set two body lines below "
        "the block's bottom (y 722 and 733 past 720; an error in the ledger), although the style is unmodified",
    "test_venue_corpus.py::test_the_template_leads_to_the_venue_the_paper_was_made_for[k04]":
        "a submission printed in camera-ready mode (the author's mistake) is checked at the camera-ready "
        "stage, the mode it prints",
}
