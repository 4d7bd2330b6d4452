"""The rule registry: stable unique ids, documented rules, generated docs, every rule and
report format registered as an entry point."""

from __future__ import annotations

import ast
import re

from axiomcheck.docs import REQUIRED_SECTIONS, rules_markdown
from axiomcheck.plugins import entry_points
from axiomcheck.reporters import REPORTERS_GROUP
from axiomcheck.rules import REGISTRY, RETIRED_IDS, RULES_GROUP
from axiomcheck.verdicts import VERDICTS
from conftest import ROOT

SHIPPED_IDS = ROOT / "tests" / "golden" / "rule-ids.txt"
"""Every rule id ever shipped, with its rule's name: an id keeps its rule for good."""


def test_ids_and_names_are_unique_and_well_formed() -> None:
    ids = [r.id for r in REGISTRY.values()] + [v.id for v in VERDICTS.values()]
    names = list(REGISTRY) + list(VERDICTS)
    assert len(ids) == len(set(ids))
    assert len(names) == len(set(names))
    for rule in REGISTRY.values():
        assert re.fullmatch(r"AX[1-8]\d\d", rule.id), rule.id
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.name), rule.name
        assert rule.confidence in ("high", "heuristic")


def test_every_rule_documents_what_why_and_fix() -> None:
    for rule in REGISTRY.values():
        for section in REQUIRED_SECTIONS:
            assert section in rule.doc, f"{rule.id} {rule.name} lacks '{section}'"


def test_docs_rules_md_is_current() -> None:
    current = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert current == rules_markdown(), "regenerate with: python -m axiomcheck.docs > docs/rules.md"


def test_an_id_once_shipped_keeps_its_rule_or_is_retired() -> None:
    """An id never moves to another rule: each shipped id is still its rule's, or retired
    (and then given to no rule); a new rule's id is added to the list."""
    shipped = dict(line.split() for line in SHIPPED_IDS.read_text(encoding="utf-8").splitlines() if line.strip())
    registered = {rule.id: rule.name for rule in REGISTRY.values()}
    moved = {rule_id: (name, registered.get(rule_id)) for rule_id, name in shipped.items()
             if rule_id not in RETIRED_IDS and registered.get(rule_id) != name}
    assert moved == {}, "an id left its rule (add it to rules.RETIRED_IDS when the rule is removed)"
    assert not RETIRED_IDS & set(registered), "a retired id was given to a rule again"
    assert set(registered) <= set(shipped), f"add the new rules to {SHIPPED_IDS.name}"


def _modules_defining(folder: str, name: str) -> set[str]:
    """The modules of src/axiomcheck/FOLDER (subfolders too) that bind `name` at their top."""
    found = set()
    base = ROOT / "src" / "axiomcheck" / folder
    for path in base.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets = [target.id for node in tree.body if isinstance(node, (ast.Assign, ast.ClassDef))
                   for target in (node.targets if isinstance(node, ast.Assign) else [ast.Name(node.name)])
                   if isinstance(target, ast.Name)]
        if any(re.fullmatch(name, target) for target in targets):
            module = ".".join(("axiomcheck", folder, *path.relative_to(base).with_suffix("").parts))
            found.add(module)
    return found


def test_every_rule_module_and_report_format_is_an_entry_point() -> None:
    """A rule module (one with `RULES`) or an emitter class that is not registered would
    silently never run: each is an entry point of its group."""
    rule_modules = set(entry_points(RULES_GROUP).values())
    assert _modules_defining("rules", "RULES") == rule_modules
    emitters = {target.partition(":")[0] for target in entry_points(REPORTERS_GROUP).values()}
    assert _modules_defining("reporters", r"[A-Z]\w+Emitter") - {"axiomcheck.reporters.base"} == emitters
