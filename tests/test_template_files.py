"""Template files (templates/*.yaml): every shipped file validates, mistakes name the file, the
line and the fix, and a family added as a file alone (ICLR 2026, ACL) is recognised in each mode
of the official styles (../shared/corpus/templates) and its own layout passes its own rules."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from axiomcheck.analysis.paper import open_document
from axiomcheck.engine import run_rules
from axiomcheck.packs import resolve
from axiomcheck.templates import TemplateError, all_templates, families, find_template, load_template
from conftest import SHARED

TEMPLATE_CORPUS = SHARED / "corpus" / "templates"
LAYOUT_RULES = ("text-block", "body-font-size", "leading", "columns", "body-font-family", "page-size")
LABEL_MODES = {"submission": "submission", "review": "submission", "camera-ready": "final", "final": "final",
               "preprint": "preprint"}


def test_every_shipped_template_file_validates() -> None:
    for facts in all_templates():
        assert load_template(facts.path, validate=True).data == facts.data
    names = {t.name for t in all_templates()}
    assert {"neurips-2026", "neurips-2025", "icml-2026", "icml-2025", "iclr-2026", "acl"} <= names
    assert families() == ("acl", "iclr", "icml", "neurips")
    older = find_template("neurips-2025")
    assert older.value("text_block.left") == 108.0 and older.year == 2025  # inherited from neurips-2026
    assert older.value("fingerprint") is None  # a year's fingerprint is its own
    assert find_template("acl").label == "ACL" and find_template("icml-2026").label == "ICML 2026"


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text,line,words", [
    ("template: wrong\nextends: neurips-2026\n", 1, ["must be the file's name", "template: myconf-2027"]),
    ("template: myconf-2027\nextends: neurips-2026\nyear: 2027\ncolumns: two\n", 4, ["columns", "not of type"]),
    ("template: myconf-2027\nextends: neurips-2026\nyear: 2027\npage: b5\n", 4, ["page", "Choose from", "letter"]),
    ("template: myconf-2027\nextends: neurips-2026\nyear: 2027\nbody:\n  size: 10\n", 4,
     ["body", "is a required property"]),
    ("template: myconf-2027\nextends: neurips-2026\nyear: 2027\ntext_blok: {}\n", 4, ["text_blok", "Known keys"]),
    ("template: myconf-2027\nextends: neurips-2026\nyear: 2027\nrecognise:\n  notice:\n    family: ['(']\n"
     "    modes: []\n", 6, ["regex", "regular expression"]),
    ("template: myconf-2027\nextends: nope-2020\n", 2, ["no template named 'nope-2020'", "neurips-2026"]),
    ("template: myconf-2027\nfamily: myconf\n", 1, ["required"]),
])
def test_template_file_errors_name_file_line_and_fix(tmp_path: Path, text: str, line: int, words: list[str]) -> None:
    path = _write(tmp_path, "myconf-2027", text)
    with pytest.raises(TemplateError) as caught:
        load_template(path)
    assert caught.value.path == str(path) and caught.value.line == line, str(caught.value)
    for word in words:
        assert word in str(caught.value)


def _template_corpus() -> list[dict]:
    manifest = TEMPLATE_CORPUS / "manifest.yaml"
    if not manifest.is_file():
        return []
    return yaml.safe_load(manifest.read_text(encoding="utf-8"))["pdfs"]


@pytest.mark.slow
@pytest.mark.skipif(not SHARED.is_dir(), reason="the template corpus (../shared/corpus/templates) is not present")
@pytest.mark.parametrize("entry", _template_corpus(), ids=lambda e: e["file"])
def test_a_family_added_as_a_file_is_recognised_and_passes_its_own_layout(entry: dict, tmp_path: Path) -> None:
    family = entry["template"].split()[0]
    with open_document(str(TEMPLATE_CORPUS / entry["file"])) as doc:
        found = (str(doc.template.name), doc.template.mode)
        assert found == (family, LABEL_MODES[entry["mode"]]), doc.template.evidence
        assert doc.template.option, "the template file says which option made the mode"
        pack = tmp_path / "pack.yaml"
        size = "a4" if family == "acl" else "letter"
        pack.write_text(f"pack: own-layout\ntemplate: {family}\ntracks:\n  paper:\n    rules:\n"
                        + "".join(f"      {name}: {{}}\n" for name in LAYOUT_RULES[:-1])
                        + f"      page-size: {{sizes: [{size}]}}\n", encoding="utf-8")
        findings, crashed = run_rules(doc, resolve(str(pack), "paper"))
    assert not crashed and [f"{f.name}: {f.message}" for f in findings] == []


def test_the_loader_builds_typed_facts_that_know_where_they_were_written() -> None:
    from axiomcheck.templates.facts import Condition

    neurips = find_template("neurips-2026")
    assert neurips.text_block.left == 108.0 and neurips.columns == 1
    assert any(n.key == "final-workshop" and n.track == "workshop" for n in neurips.notices)
    assert neurips.recognise.notice is not None and neurips.recognise.notice.family
    assert neurips.where("notices.final-workshop.text").endswith("neurips-2026.yaml:60")
    older = find_template("neurips-2025")
    line = neurips.where("text_block.left").rsplit(":")[-1]
    assert older.where("text_block.left").endswith("neurips-2026.yaml:" + line)
    assert Condition.NO_LINE_NUMBERS.holds(anonymous=True, line_numbers=False, page_numbers=True)
    assert not Condition.NAMED.holds(anonymous=True, line_numbers=False, page_numbers=True)


def test_a_shipped_files_family_is_the_first_part_of_its_name() -> None:
    """The engine and `families()` read a template's family from its name."""
    for facts in all_templates():
        assert facts.family == facts.name.partition("-")[0], facts.name
    assert families() == tuple(sorted({facts.family for facts in all_templates()}))
