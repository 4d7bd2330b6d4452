"""Template rules on synthetic documents: template-notice (AX201), template-family (AX202)
and template-unverifiable (AX211)."""

from __future__ import annotations

from axiomcheck.model import Severity
from axiomcheck.rules import REGISTRY
from docmaker import ICML_REVIEW_NOTICE, SUBMITTED_NOTICE, Paper, block_document, run_rule

NOTICE = REGISTRY["template-notice"]
FAMILY = REGISTRY["template-family"]
UNVERIFIABLE = REGISTRY["template-unverifiable"]
SUBMISSION_OPTIONS = {"notice": "submission", "option_hint": "\\usepackage[dblblindworkshop]{neurips_2026}"}
NEURIPS_2025 = ("Submitted to 39th Conference on Neural Information Processing Systems (NeurIPS 2025). "
                "Do not distribute.")


def _paper(notice: str | None) -> Paper:
    paper = Paper().title("Sparse Features Under a Budget").anonymous_authors().abstract(4).heading("1 Introduction")
    if notice:
        paper.notice(notice)
    return paper.text(30)


def test_notice_of_the_right_template_and_mode_passes() -> None:
    assert run_rule(NOTICE, _paper(SUBMITTED_NOTICE).build(), **SUBMISSION_OPTIONS) == []


def test_wrong_mode_says_which_option_made_the_pdf_and_which_is_required() -> None:
    doc = block_document(notice="Preprint.")  # a justified NeurIPS text block: recognised by its geometry
    assert (str(doc.template.name), doc.template.mode) == ("neurips-2026", "preprint")
    [finding] = run_rule(NOTICE, doc, **SUBMISSION_OPTIONS)
    assert "made with the `preprint` option" in finding.message
    assert "submissions must use \\usepackage[dblblindworkshop]{neurips_2026}" in finding.message
    assert finding.page == 1 and finding.bbox is not None and finding.evidence == "Preprint."
    assert finding.severity is None  # the configured severity: an error in the shipped packs


def test_another_tracks_final_notice_is_the_wrong_options_not_an_edit() -> None:
    main = "40th Conference on Neural Information Processing Systems (NeurIPS 2026)."
    [finding] = run_rule(NOTICE, block_document(notice=main), stage="camera-ready", notice="final-workshop",
                         workshop_title="AXIOM Foundations of Efficient Deep Learning")
    assert finding.message.startswith("This PDF was made with the `main,final` options")
    assert finding.severity is None


def test_edited_notice_is_a_warning_saying_so() -> None:
    edited = "Submitted to the AXIOM Workshop at NeurIPS 2026. Do not distribute."
    [finding] = run_rule(NOTICE, block_document(notice=edited), **SUBMISSION_OPTIONS)
    assert "edited by hand" in finding.message and edited in finding.message
    assert finding.severity is Severity.WARNING
    [other] = run_rule(NOTICE, _paper("Proceedings of the 61st Annual Meeting of the ACL.").build(),
                       **SUBMISSION_OPTIONS)
    assert other.message.startswith("The page-1 notice reads 'Proceedings of the 61st Annual Meeting of the ACL.'; "
                                    "the venue's template prints")
    assert other.severity is None


def test_another_years_notice_is_left_to_template_family() -> None:
    doc = _paper(NEURIPS_2025).build()
    assert run_rule(NOTICE, doc, **SUBMISSION_OPTIONS) == []
    [finding] = run_rule(FAMILY, doc)
    assert finding.message == "This PDF was made with the NeurIPS 2025 style; the venue requires NeurIPS 2026."
    assert finding.severity is None  # the configured severity: an error in the shipped packs


def test_family_passes_for_the_required_template() -> None:
    assert run_rule(FAMILY, _paper(SUBMITTED_NOTICE).build()) == []
    assert run_rule(FAMILY, _paper(NEURIPS_2025).build(), expected="neurips", label="NeurIPS") == []


def test_other_family_and_unknown_template() -> None:
    icml = block_document(left=55.44, right=541.44, columns=2, leading=11.96, notice=ICML_REVIEW_NOTICE,
                          info={"Subject": "Proceedings of the International Conference on Machine Learning 2026"})
    [finding] = run_rule(FAMILY, icml)
    assert finding.message.startswith("This PDF was made with the ICML 2026 template")
    wide = block_document(left=72, right=540, notice=None)
    [unknown] = run_rule(FAMILY, wide, facts="icml-2026")
    assert unknown.message == ("This PDF was not made with a template axiomcheck recognises (no known notice, "
                               "text block or metadata); the venue requires ICML 2026.")


def test_a_year_the_pdf_does_not_state_is_a_warning() -> None:
    doc = block_document(notice=None)
    assert str(doc.template.name) == "neurips"
    [finding] = run_rule(FAMILY, doc)
    assert finding.severity is Severity.WARNING and "does not state the year" in finding.message


def test_unverifiable_style_is_one_info_finding() -> None:
    [finding] = run_rule(UNVERIFIABLE, _paper(SUBMITTED_NOTICE).build(),
                         style="the HiLD 2026 workshop's own style file")
    assert UNVERIFIABLE.severity is Severity.INFO
    assert "HiLD 2026 workshop's own style file" in finding.message and "cannot verify" in finding.message


def test_a_missing_notice_and_an_unknown_template_point_at_the_foot_of_page_one() -> None:
    doc = _paper(None).build()
    [missing] = run_rule(NOTICE, doc, **SUBMISSION_OPTIONS)
    assert missing.message.startswith("No template notice was found at the foot of page 1")
    [family] = run_rule(FAMILY, doc, expected="neurips-2026")
    for finding in (missing, family):
        assert finding.page == 1 and finding.bbox is not None
        assert finding.bbox.y0 >= 0.8 * doc.pages[0].height - 0.01


def test_a_paper_in_another_style_is_one_error_naming_the_style_with_its_symptoms() -> None:
    from axiomcheck.api import check_path
    from axiomcheck.packs import resolve
    from conftest import FIXTURES

    result = check_path(str(FIXTURES / "acl-anonymous-submission.pdf"), resolve("axiom-2026", "paper", "submission"))
    errors = [f for f in result.findings if f.severity == "error"]
    assert [f.name for f in errors] == ["template-family"] and "ACL template" in errors[0].message
    evidence = errors[0].evidence or ""
    for symptom in ("page-size: Page 1 is 210 x 297 mm (a4)", "template-notice:", "line-numbers:", "text-block:",
                    "columns:"):
        assert symptom in evidence, evidence


def test_only_a_named_style_folds_its_symptoms() -> None:
    from axiomcheck.model import Severity
    from axiomcheck.report import Finding
    from axiomcheck.wrong_style import fold_wrong_style

    def finding(name: str, severity: Severity = Severity.ERROR) -> Finding:
        return Finding(rule="AX000", name=name, severity=severity, message=f"{name} says so.", hint="")

    style, size, limit = finding("template-family"), finding("page-size"), finding("page-limit")
    folded = fold_wrong_style([style, size, limit])
    assert [f.name for f in folded] == ["template-family", "page-limit"]
    assert folded[0].evidence == "Symptoms of that style: page-size: page-size says so"
    assert fold_wrong_style([size, limit]) == [size, limit]
