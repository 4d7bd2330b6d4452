"""Rules: pure checks over the document model, in a registry filled from entry points.

Add a rule by writing it in the module of its subject and listing it in that module's
`RULES`; a module is registered as an entry point of the group `axiomcheck.rules`
(pyproject.toml; another package registers its own the same way: `plugins.py`). Ids are
never reused. Rule modules stand side by side: each imports only the model, `base` and the
private helper modules (`_text`, `_names`, `_places`, `_lines`, `_checklist`, `_prompts`,
`_leftover`, `anonymity._identity`), never another rule module, and keeps no state between
documents (`tests/test_layers.py`).
"""

from __future__ import annotations

from ..plugins import entry_points, load
from .base import CheckContext, Rule, Violation

RULES_GROUP = "axiomcheck.rules"


def _registry() -> dict[str, Rule]:
    """Every rule of the registered modules, by name; a name or id given twice is refused."""
    registry: dict[str, Rule] = {}
    for module in entry_points(RULES_GROUP).values():
        for rule in load(module).RULES:
            if rule.name in registry or any(known.id == rule.id for known in registry.values()):
                raise RuntimeError(f"duplicate rule id or name: {rule.id} {rule.name} ({module})")
            registry[rule.name] = rule
    return registry


REGISTRY: dict[str, Rule] = _registry()

RETIRED_IDS: frozenset[str] = frozenset()
"""Ids of removed rules: never given to a new rule."""


def find_rule(key: str) -> Rule | None:
    """A rule by name (`page-limit`) or id (`AX101`), case-insensitive."""
    key = key.strip()
    if key in REGISTRY:
        return REGISTRY[key]
    return next((r for r in REGISTRY.values() if r.id.lower() == key.lower()), None)


__all__ = ["REGISTRY", "RETIRED_IDS", "RULES_GROUP", "CheckContext", "Rule", "Violation", "find_rule"]
