"""Template recognition and layout rules against the labelled real papers (../shared/corpus).

Labels are the corpus manifest's `template` and `mode` strings; LABEL_* below map them to our
names. Where a label states something the PDF itself does not show, the expectation is
written out with the reason (YEAR_NOT_IN_PDF, MODE_NOT_IN_PDF), so a change in recognition
cannot hide behind a loose comparison.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from axiomcheck.engine import run_rules
from axiomcheck.model import TemplateName
from axiomcheck.packs import resolve
from axiomcheck.analysis.paper import open_document
from test_corpus_structure import corpus_params, uncertain_fields

LABEL_TEMPLATE_RE = re.compile(r"^(?:other: )?(neurips|nips|icml|iclr)-(\d{4})")
LABEL_ACL_RE = re.compile(r"^other: acl\b")
"""`nips-2017` is our `neurips-2017` (the conference was renamed in 2018); ICLR and ACL papers are
labelled `other: iclr-<year>` and `other: acl ...` (the *ACL style prints no year, so `acl`);
any other `other: ...` is `unknown`."""
LABEL_MODES = (
    ("submission", "submission"),
    ("workshop submission", "submission"),  # a workshop's submission made with a main track's style
    ("camera-ready", "final"),              # the later labels' word for the final mode
    ("final", "final"),                     # final, final (proceedings version), final footer, ...
    ("accepted option", "final"),           # ICML's `accepted` option is its final mode
    ("workshop camera-ready", "final"),     # a workshop's own notice on a final-mode paper
    ("preprint", "preprint"),
)
"""Label mode prefixes and our mode names; labels of other venues, and `n/a` (no mode: an unfinished
outline, a document set without a venue's style), map to None (no template mode)."""
YEAR_NOT_IN_PDF = {
    **{paper: "the NeurIPS 2020-2025 styles print the same 9 pt 'Preprint. Under review.' notice, which names "
              "no year" for paper in ("p01", "p03", "p04", "p06", "p09", "p10")},
    "p07": "the bundled .sty had its notice commented out: no notice, so no year",
    "f06": "the locally edited .sty prints no notice: no year",
    "w06": "a course style derived from NeurIPS 2020 that prints no notice: no year",
    "w04": "the ICML review notice names no year, and the author's \\hypersetup replaced the style's "
           "PDF Subject fingerprint",
    **{paper: "the 9 pt 'Preprint. Under review.' notice of the 2020-2025 styles names no year"
       for paper in ("p02", "p05", "p08", "p11")},
    "i11": "the bundled icml2020.sty had its notice commented out and the PDF has no Subject: no year",
}
"""Papers whose template year is in the label but nowhere in the PDF: we report the family alone."""
MODE_NOT_IN_PDF = {
    "f06": "label: submission option with notice and \\linenumbers commented out of the .sty; the PDF shows "
           "no notice, no line numbers and named authors, which is no mode of the template",
    "p07": "label: preprint with the notice commented out of the .sty; without a notice a NeurIPS preprint "
           "and a final paper look the same",
    "w06": "label: a course style that forces final mode and prints no notice; without a notice NeurIPS final "
           "and preprint look the same",
    "o05": "label: preprint-ish; the running head 'Submitted as a conference paper at ICLR 2019' is no mode the ICLR "
           "style prints (it prints 'Under review as' or 'Published as')",
}
"""Papers whose label names a mode the PDF does not show: we report no mode (None)."""
MODIFIED_TEMPLATE = {
    "f06": "locally edited neurips_2021.sty",
    "p07": "bundled neurips_2024.sty with the notice commented out",
    "w06": "course style derived from the NeurIPS 2020 style",
}
"""NeurIPS/ICML papers whose notes say the template was modified: layout findings are allowed."""
LAYOUT_RULES = {"page-size", "text-block", "body-font-size", "leading", "columns"}


def _manifest(corpus: Path) -> list[dict]:
    return yaml.safe_load((corpus / "manifest.yaml").read_text(encoding="utf-8"))["pdfs"]


def expected_template(entry: dict) -> tuple[str, int | None]:
    if LABEL_ACL_RE.match(entry["template"]):
        return "acl", None
    match = LABEL_TEMPLATE_RE.match(entry["template"])
    if match is None:
        return "unknown", None
    family = "neurips" if match.group(1) == "nips" else match.group(1)
    return family, None if entry["id"] in YEAR_NOT_IN_PDF else int(match.group(2))


def expected_mode(entry: dict) -> str | None:
    if entry["id"] in MODE_NOT_IN_PDF or expected_template(entry)[0] == "unknown":
        return None
    return next((ours for prefix, ours in LABEL_MODES if entry["mode"].startswith(prefix)), None)


def _split(name: TemplateName) -> tuple[str, int | None]:
    return name.family, name.year


@pytest.mark.slow
@pytest.mark.parametrize("entry", corpus_params())
def test_template_and_mode_match_the_labels(entry: dict, corpus_papers: Path) -> None:
    with open_document(str(corpus_papers / entry["file"])) as doc:
        template = doc.template
    uncertain = uncertain_fields(entry)
    found = (None if "template" in uncertain else _split(template.name), None if "mode" in uncertain else template.mode)
    wanted = (None if "template" in uncertain else expected_template(entry),
              None if "mode" in uncertain else expected_mode(entry))
    assert found == wanted, (f"{entry['id']}: label {entry['template']!r} / {entry['mode']!r} -> expected {wanted}, "
                             f"found {found} ({'; '.join(template.evidence)})")


def _layout_findings(corpus: Path, entry: dict) -> list:
    with open_document(str(corpus / entry["file"])) as doc:
        family = _split(doc.template.name)[0]
        venue = "hild-2026" if family == "icml" else "axiom-2026"
        findings, crashed = run_rules(doc, resolve(venue, "paper", "submission"))
    assert not crashed, f"{entry['id']}: a rule crashed: {[f.message for f in findings if f.rule == 'AX990']}"
    return [f for f in findings if f.name in LAYOUT_RULES]


def _unmodified_template(entry: dict) -> bool:
    return not entry["template"].startswith("other") and entry["id"] not in MODIFIED_TEMPLATE


@pytest.mark.slow
@pytest.mark.parametrize("entry", corpus_params(_unmodified_template))
def test_unmodified_templates_get_no_layout_error(entry: dict, corpus_papers: Path) -> None:
    """NeurIPS papers against AXIOM's NeurIPS 2026 layout, ICML papers against HiLD's ICML layout."""
    findings = _layout_findings(corpus_papers, entry)
    errors = [f"{entry['id']} {f.severity} {f.name} p{f.page}: {f.message}" for f in findings if f.severity == "error"]
    assert not errors, "\n".join(errors)


OWN_LAYOUT_EXCEPTIONS = {
    "o01": "an ACL tutorial-abstracts volume: references fill 6 of its 10 pages, so the dominant type size "
           "(what body-font-size and leading measure) is the references' 10 pt, not the body's 11 pt",
}
"""Papers of a family with a template file whose layout findings come from the paper, not the file."""


@pytest.mark.slow
def test_real_papers_pass_the_layout_of_their_own_template_file(corpus_papers: Path, tmp_path: Path) -> None:
    """ICLR and ACL papers of the corpus, checked against templates/iclr-2026.yaml and acl.yaml."""
    checked, errors = [], []
    for entry in _manifest(corpus_papers):
        family, year = expected_template(entry)
        name = family if year is None else f"{family}-{year}"
        if family not in ("iclr", "acl") or entry["id"] in OWN_LAYOUT_EXCEPTIONS or not (
                Path(__file__).parents[1] / "templates" / f"{name}.yaml").is_file():
            continue
        pack = tmp_path / f"{entry['id']}.yaml"
        pack.write_text(f"pack: own\ntemplate: {name}\ntracks:\n  paper:\n    rules:\n"
                        + "".join(f"      {rule}: {{}}\n" for rule in sorted(LAYOUT_RULES - {"page-size"}))
                        + f"      page-size: {{sizes: [{'a4' if family == 'acl' else 'letter'}]}}\n", encoding="utf-8")
        with open_document(str(corpus_papers / entry["file"])) as doc:
            findings, crashed = run_rules(doc, resolve(str(pack), "paper"))
        assert not crashed
        checked.append(entry["id"])
        errors += [f"{entry['id']} {f.name}: {f.message}" for f in findings]
    assert len(checked) >= 3 and not errors, (checked, errors)
