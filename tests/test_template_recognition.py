"""Template recognition from the PDF alone: family, year, mode, track and workshop title.

Unit tests call `recognise` with the facts a PDF would give; the fixture test checks every
template fixture (the NeurIPS 2026 options of the template-facts table and the ICML 2026
modes) against the template its sidecar names.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from axiomcheck.model import AuthorBlock, BBox, Line, Notice, TemplateName, Word
from axiomcheck.analysis.template import LayoutFacts, recognise

NEURIPS = LayoutFacts(page_width=612, page_height=792, text_left=108, text_right=504, columns=1,
                      line_numbers=False, notice_size=7.97)
ICML = LayoutFacts(page_width=612, page_height=792, text_left=55.44, text_right=541.44, columns=2,
                   line_numbers=False, notice_size=8.97)
ANONYMOUS = AuthorBlock(lines=(), anonymous=True, template_anonymous=True)
NAMED = AuthorBlock(lines=(), anonymous=False)
ICML_SUBJECT = {"Subject": "Proceedings of the International Conference on Machine Learning 2026"}
ORDINAL = "40th Conference on Neural Information Processing Systems (NeurIPS 2026)."


def _notice(text: str) -> Notice:
    return Notice(text=text, bbox=BBox(108, 733, 500, 742))


def _recognise(text: str | None, layout: LayoutFacts = NEURIPS, authors: AuthorBlock = NAMED,
               info: dict[str, str] | None = None):
    return recognise(_notice(text) if text else None, layout, authors, info or {})


@pytest.mark.parametrize("notice,mode,track,title", [
    ("Submitted to 40th Conference on Neural Information Processing Systems (NeurIPS 2026). Do not distribute.",
     "submission", None, None),
    (ORDINAL, "final", "main", None),
    (f"{ORDINAL} Position Paper Track.", "final", "position", None),
    (f"{ORDINAL} Track on Evaluations and Datasets.", "final", "eandd", None),
    (f"{ORDINAL} Creative AI Track.", "final", "creativeai", None),
    (f"{ORDINAL} Education Track.", "final", "education", None),
    (f"{ORDINAL} Workshop: AXIOM Foundations of Efficient Deep Learning.", "final", "workshop",
     "AXIOM Foundations of Efficient Deep Learning"),
    (f"{ORDINAL} Workshop: .", "final", "workshop", ""),
    ("Preprint.", "preprint", None, None),
])
def test_neurips_2026_options(notice: str, mode: str, track: str | None, title: str | None) -> None:
    found = _recognise(notice)
    assert (str(found.name), found.mode, found.track, found.workshop_title) == ("neurips-2026", mode, track, title)


def test_year_from_the_ordinal_and_last_years_workshop_notice() -> None:
    found = _recognise("39th Conference on Neural Information Processing Systems (NeurIPS 2025) Workshop: X.",
                       replace(NEURIPS, notice_size=8.97))
    assert (str(found.name), found.mode, found.track, found.workshop_title) == \
        ("neurips-2025", "final", "workshop", "X")
    assert _recognise("Submitted to 31st Conference on Neural Information Processing Systems (NIPS 2017). "
                      "Do not distribute.").name == TemplateName("neurips", 2017)


def test_preprint_year_comes_from_the_notice_size_only() -> None:
    """The 2026 style prints "Preprint." in 8 pt; 2020-2025 print "Preprint. Under review." in 9 pt."""
    nine_point = replace(NEURIPS, notice_size=8.97)
    assert str(_recognise("Preprint.").name) == "neurips-2026"
    old = _recognise("Preprint. Under review.", nine_point)
    assert (str(old.name), old.mode) == ("neurips", "preprint")


def test_edited_and_workshop_notices_keep_the_family_from_the_layout() -> None:
    edited = _recognise("Submitted to the AXIOM Workshop at NeurIPS 2026. Do not distribute.", authors=ANONYMOUS)
    assert (str(edited.name), edited.mode) == ("neurips-2026", "submission")
    nine_point = replace(NEURIPS, notice_size=8.97)
    own = _recognise("EurIPS 2025 Workshop on Principles of Generative Modeling (PriGM).", nine_point)
    assert (str(own.name), own.mode, own.track, own.workshop_title) == ("neurips-2025", "final", "workshop", None)


def test_no_notice_mode_from_author_block_and_line_numbers() -> None:
    numbered = replace(NEURIPS, line_numbers=True, notice_size=None)
    assert _recognise(None, numbered, ANONYMOUS).mode == "submission"
    bare = _recognise(None, replace(NEURIPS, notice_size=None))
    assert (str(bare.name), bare.mode) == ("neurips", None)


@pytest.mark.parametrize("notice,layout,authors,name,mode,track", [
    ("Preliminary work. Under review by the International Conference on Machine Learning (ICML). Do not distribute.",
     ICML, ANONYMOUS, "icml-2026", "submission", None),
    ("Proceedings of the 43rd International Conference on Machine Learning, Seoul, South Korea. PMLR 306, 2026. "
     "Copyright 2026 by the author(s).", ICML, NAMED, "icml-2026", "final", "main"),
    ("Preprint. March 3, 2026.", ICML, NAMED, "icml-2026", "preprint", None),
    ("Published at the 4th Workshop on High-dimensional Learning Dynamics (HiLD) at the 43rd International "
     "Conference on Machine Learning, Seoul, South Korea, 2026.", ICML, NAMED, "icml-2026", "final", "workshop"),
    (None, ICML, NAMED, "icml-2026", "final", None),
    (None, replace(ICML, line_numbers=True, padded_line_numbers=True), ANONYMOUS,
     "icml-2026", "submission", None),
])
def test_icml_2026_modes(notice: str | None, layout: LayoutFacts, authors: AuthorBlock, name: str, mode: str,
                         track: str | None) -> None:
    found = _recognise(notice, layout, authors, ICML_SUBJECT)
    assert (str(found.name), found.mode, found.track) == (name, mode, track)


def test_icml_year_from_the_ordinal_without_the_subject() -> None:
    assert _recognise("Proceedings of the 42nd International Conference on Machine Learning, Vancouver, Canada.",
                      ICML).name == TemplateName("icml", 2025)
    assert _recognise("Preliminary work. Under review by the International Conference on Machine Learning (ICML). "
                      "Do not distribute.", ICML).name == TemplateName("icml")


@pytest.mark.parametrize("layout,info", [
    # ICLR without its running head: NeurIPS's text block, but a zero-padded ruler.
    (replace(NEURIPS, line_numbers=True, padded_line_numbers=True, notice_size=None), {}),
    # MLSys: ICML's layout, but its own proceedings notice (checked below with the notice).
    (replace(ICML, text_left=57.0, text_right=553.0, notice_size=None), {}),  # IEEE
    (replace(NEURIPS, text_left=72.0, text_right=540.0, notice_size=None), {}),
])
def test_other_templates_are_unknown(layout: LayoutFacts, info: dict[str, str]) -> None:
    found = _recognise(None, layout, ANONYMOUS, info)
    assert (str(found.name), found.mode) == ("unknown", None)


def test_a_look_alike_notice_rules_out_the_layouts_family() -> None:
    mlsys = _recognise("Proceedings of the 3rd MLSys Conference, Austin, TX, USA, 2020.", ICML)
    assert str(mlsys.name) == "unknown"


ICLR = replace(NEURIPS, notice_size=None)
ACL = LayoutFacts(page_width=595.28, page_height=841.89, text_left=70.9, text_right=524.6, columns=2,
                  line_numbers=False, page_size="a4")


@pytest.mark.parametrize("layout,authors,name,mode,option", [
    (replace(ICLR, line_numbers=True, padded_line_numbers=True,
             header_text="Under review as a conference paper at ICLR 2026"), ANONYMOUS, "iclr-2026", "submission",
     "no `\\iclrfinalcopy` (the default)"),
    (replace(ICLR, header_text="Published as a conference paper at ICLR 2026"), NAMED, "iclr-2026", "final",
     "`\\iclrfinalcopy` in the preamble"),
    (replace(ICLR, header_text="Submitted as a conference paper at ICLR 2019"), NAMED, "iclr-2019", None, None),
    (replace(ACL, line_numbers=True, padded_line_numbers=True, page_numbers=True),
     AuthorBlock(lines=(), anonymous=False), "acl", "submission", "the `review` option"),
    (replace(ACL, page_numbers=True), NAMED, "acl", "preprint", "the `preprint` option"),
    (ACL, NAMED, "acl", "final", "the `final` option (the default)"),
    (replace(ACL, page_size="letter"), NAMED, "unknown", None, None),
])
def test_families_from_template_files_alone(layout: LayoutFacts, authors: AuthorBlock, name: str,
                                            mode: str | None, option: str | None) -> None:
    """ICLR 2026 and ACL are template files (templates/iclr-2026.yaml, acl.yaml) and no code."""
    found = _recognise(None, layout, authors)
    assert (str(found.name), found.mode, found.option) == (name, mode, option)


def test_anonymous_author_block_forms_of_the_template_file() -> None:
    def block(text: str) -> AuthorBlock:
        box = BBox(220, 140, 370, 152)
        word = Word(text, box, 11.96, "NimbusRomNo9L-Medi", True, False)
        return AuthorBlock(lines=(Line(page=1, words=(word,), bbox=box, baseline=151),), anonymous=False)

    assert _recognise(None, ACL, block("Anonymous")).mode == "final"  # not ACL's form
    assert _recognise(None, ACL, block("Anonymous EMNLP submission")).mode == "submission"


def test_a_notice_outweighs_another_venues_running_head() -> None:
    """A NeurIPS 2026 submission that kept the running head of its published ICLR version is
    still made with the NeurIPS style: the head is a leftover (`stale-header`), not the template."""
    layout = replace(NEURIPS, line_numbers=True, header_text="Published as a conference paper at ICLR 2025")
    found = _recognise("Submitted to 40th Conference on Neural Information Processing Systems (NeurIPS 2026). "
                       "Do not distribute.", layout, ANONYMOUS)
    assert (str(found.name), found.mode) == ("neurips-2026", "submission")
    assert str(_recognise(None, layout, ANONYMOUS).name) == "iclr-2025"
