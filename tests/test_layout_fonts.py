"""Font rules on synthetic documents: body font family (AX207), embedded fonts (AX208) and
Type 3 fonts (AX209)."""

from __future__ import annotations

from axiomcheck.model import Font, Severity
from axiomcheck.rules import REGISTRY
from docmaker import block_document, run_rule

FAMILY = REGISTRY["body-font-family"]
EMBEDDED = REGISTRY["fonts-embedded"]
TYPE3 = REGISTRY["type3-fonts"]
TIMES = Font(name="NimbusRomNo9L-Regu", subtype="Type1", embedded=True, pages=(1, 2))


def test_times_body_passes_and_another_family_is_a_warning() -> None:
    assert run_rule(FAMILY, block_document()) == []
    assert run_rule(FAMILY, block_document(font="TeXGyreTermesX-Regular")) == []
    [finding] = run_rule(FAMILY, block_document(font="CMR10"))
    assert finding.message == "The body text is set in CMR10; the template's body font is Times."
    assert FAMILY.severity is Severity.WARNING and finding.page == 1 and finding.bbox is not None


def test_non_embedded_fonts_are_an_error_naming_them() -> None:
    assert run_rule(EMBEDDED, block_document(fonts=[TIMES])) == []
    missing = Font(name="NimbusRomNo9L-Regu", subtype="Type1", embedded=False, pages=(1, 2))
    [finding] = run_rule(EMBEDDED, block_document(fonts=[missing]))
    assert finding.message == "1 font(s) are not embedded: NimbusRomNo9L-Regu (p. 1, 2)."
    assert finding.page == 1 and finding.bbox is not None  # the first line set in it


def test_bitmap_type3_fonts_are_reported_with_the_cm_super_fix() -> None:
    bitmap = Font(name="F37", subtype="Type3", embedded=True, pages=(2,))
    [finding] = run_rule(TYPE3, block_document(fonts=[TIMES, bitmap]))
    assert finding.message == "1 Type 3 font(s) are used: F37 (p. 2)."
    assert "cm-super" in finding.hint and finding.page == 2
    assert TYPE3.severity is Severity.WARNING


def test_outline_type3_fonts_only_when_asked() -> None:
    matplotlib = Font(name="DejaVuSans", subtype="Type3", embedded=True, pages=(1,))
    doc = block_document(fonts=[TIMES, matplotlib])
    assert run_rule(TYPE3, doc) == []
    [finding] = run_rule(TYPE3, doc, include_outline=True)
    assert "DejaVuSans" in finding.message and "pdf.fonttype 42" in finding.hint
