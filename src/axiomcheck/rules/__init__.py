"""Rules: pure checks over the document model, in an explicit registry.

Add a rule by writing it in the module of its subject and listing it in that module's
`RULES`; a module is registered by adding it to `_MODULES` below. Ids are never reused.
Rule modules stand side by side: each imports only the model, `base` and the private helper
modules (`_text`, `_names`, `_places`, `_lines`, `_checklist`, `_prompts`, `_leftover`,
`anonymity._identity`), never
another rule module, and keeps no state between documents (`tests/test_layers.py`).
"""

from __future__ import annotations

from . import (camera_ready, checklist, checklist_answers, floats, fonts, hidden_text, integrity, layout,
               leftover_template, leftovers, pages, required_sections, reviewer_copy, template)
from .anonymity import acknowledgments, author_block, contact, institutions, known_authors, links, metadata, wording
from .base import CheckContext, Rule, Violation

_MODULES = (pages, floats, checklist, checklist_answers, required_sections, template, layout, fonts, author_block,
            contact, acknowledgments, wording, links, metadata, known_authors, institutions, hidden_text, integrity,
            reviewer_copy, leftovers, leftover_template, camera_ready)

REGISTRY: dict[str, Rule] = {}
for _module in _MODULES:
    for _rule in _module.RULES:
        if _rule.name in REGISTRY or any(r.id == _rule.id for r in REGISTRY.values()):
            raise RuntimeError(f"duplicate rule id or name: {_rule.id} {_rule.name}")
        REGISTRY[_rule.name] = _rule

RETIRED_IDS: frozenset[str] = frozenset()
"""Ids of removed rules: never given to a new rule."""


def find_rule(key: str) -> Rule | None:
    """A rule by name (`page-limit`) or id (`AX101`), case-insensitive."""
    key = key.strip()
    if key in REGISTRY:
        return REGISTRY[key]
    return next((r for r in REGISTRY.values() if r.id.lower() == key.lower()), None)


__all__ = ["REGISTRY", "RETIRED_IDS", "CheckContext", "Rule", "Violation", "find_rule"]
