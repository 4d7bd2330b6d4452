"""The rule registry: stable unique ids, documented rules, generated docs."""

from __future__ import annotations

import re

from axiomcheck.docs import REQUIRED_SECTIONS, rules_markdown
from axiomcheck.rules import REGISTRY, RETIRED_IDS
from axiomcheck.verdicts import VERDICTS
from conftest import ROOT

def test_ids_and_names_are_unique_and_well_formed() -> None:
    ids = [r.id for r in REGISTRY.values()] + [v.id for v in VERDICTS.values()]
    names = list(REGISTRY) + list(VERDICTS)
    assert len(ids) == len(set(ids))
    assert len(names) == len(set(names))
    assert not set(ids) & RETIRED_IDS
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
