"""The HiLD 2026 pack, the template and layout settings of the AXIOM pack, and the organizer
example that extends HiLD (docs/examples/my-workshop.yaml)."""

from __future__ import annotations

from axiomcheck.packs import resolve, validate_pack
from axiomcheck.rules import REGISTRY
from conftest import ROOT

EXAMPLE = ROOT / "docs" / "examples" / "my-workshop.yaml"
ANONYMITY = {name for name, rule in REGISTRY.items() if rule.group == "anonymity"} - {
    "camera-ready-anonymous", "leftover-anonymization"}


def _rules(venue: str, track: str, stage: str) -> dict:
    return {c.rule.name: c for c in resolve(venue, track, stage).rules}


def test_hild_submission_follows_the_call_for_papers() -> None:
    info = validate_pack("hild-2026")
    assert set(info.tracks) == {"paper"} and info.stages == ("submission", "camera-ready")
    resolved = resolve("hild-2026", "paper", "submission")
    assert set(resolved.main_body_excludes) >= {"references", "appendix"}
    rules = {c.rule.name: c for c in resolved.rules}
    assert rules["page-limit"].options.main_body_pages == 5
    assert ANONYMITY <= set(rules), "every anonymity rule for a double-blind submission"
    family = rules["template-family"]
    assert family.options.expected == "icml-2026" and family.severity.value == "warning"
    assert resolved.template == "icml-2026"
    assert rules["columns"].options.columns == 2 and rules["columns"].applies_to == ("icml",)
    assert (rules["text-block"].options.left, rules["text-block"].options.right) == (55.44, 541.44)
    assert rules["leading"].options.leading == 11.96
    severities = {name: rules[name].severity.value for name in ("leading", "type3-fonts", "hidden-text")}
    assert severities == {"leading": "warning", "type3-fonts": "warning", "hidden-text": "error"}
    assert "template-unverifiable" not in rules and "line-numbers" not in rules


def test_hild_camera_ready_is_de_anonymized_and_notes_the_unverifiable_style() -> None:
    rules = _rules("hild-2026", "paper", "camera-ready")
    assert {"camera-ready-anonymous", "template-unverifiable"} <= set(rules)
    assert rules["template-unverifiable"].severity.value == "info"
    assert "HiLD" in rules["template-unverifiable"].options.style
    assert not ANONYMITY & set(rules)
    assert "text-block" not in rules and "template-family" not in rules


def test_axiom_layout_is_neurips_2026() -> None:
    rules = _rules("axiom-2026", "paper", "submission")
    block = rules["text-block"].options
    assert (block.left, block.right, block.top, block.bottom) == (108.0, 504.0, 72.0, 720.0)
    assert rules["body-font-size"].options.size == 9.96 and rules["leading"].options.leading == 11.0
    assert rules["columns"].options.columns == 1 and rules["checklist"].options.presence == "optional"
    assert rules["template-family"].options.expected == "neurips-2026"
    assert rules["template-notice"].options.template == "neurips-2026"
    severities = {name: rules[name].severity.value for name in ("leading", "type3-fonts", "hidden-text")}
    assert severities == {"leading": "warning", "type3-fonts": "warning", "hidden-text": "error"}
    poster = _rules("axiom-2026", "poster", "camera-ready")
    assert {"page-size", "page-count"} <= set(poster)
    assert not {"template-family", "text-block", "columns", "leading", "checklist"} & set(poster)


def test_the_organizer_example_extends_hild() -> None:
    info = validate_pack(str(EXAMPLE))
    assert info.id == "my-workshop-2026" and set(info.tracks) == {"paper", "extended-abstract"}
    submission = _rules(str(EXAMPLE), "paper", "submission")
    assert submission["page-limit"].options.main_body_pages == 4
    assert submission["template-family"].severity.value == "error"
    assert submission["template-family"].options.expected == "icml-2026"  # inherited
    assert "self-reference" not in submission
    assert submission["hidden-text"].options.allow == ("My Workshop review copy",)
    camera = _rules(str(EXAMPLE), "paper", "camera-ready")
    assert "template-unverifiable" not in camera
    assert camera["template-notice"].options.template == "icml-2026"
    abstract = _rules(str(EXAMPLE), "extended-abstract", "submission")
    assert abstract["page-limit"].options.main_body_pages == 2 and "appendix-forbidden" in abstract
