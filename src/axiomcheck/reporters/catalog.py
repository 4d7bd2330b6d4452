"""What the outputs say about a rule or verdict by its id: name, summary, documentation and
where docs/rules.md documents it (SARIF's rule descriptors, JUnit's test names, the HTML
page's per-rule counts)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache, cache
from importlib import metadata

from ..model import Severity
from ..rules import find_rule
from ..verdicts import VERDICTS

RULES_DOC = "docs/rules.md"
"""The generated rule reference (`python -m axiomcheck.docs`), relative to the project root."""


@dataclass(frozen=True)
class RuleText:
    id: str
    name: str
    summary: str
    doc: str
    """What it checks, why, and how to fix (a verdict: its explanation and its fix)."""
    severity: Severity
    """The default severity."""
    group: str
    """The rule's group, or `input` for a verdict."""

    @property
    def anchor(self) -> str:
        """The heading anchor of the rule's section in docs/rules.md (`ax101-page-limit`)."""
        return re.sub(r"[^a-z0-9 -]", "", f"{self.id} {self.name}".lower()).replace(" ", "-")

    @property
    def doc_reference(self) -> str:
        """docs/rules.md#anchor, relative to the project's root."""
        return f"{RULES_DOC}#{self.anchor}"

    @property
    def help_uri(self) -> str | None:
        """The absolute URL of the rule's section in docs/rules.md, when the installed package
        declares where its documentation is published (`docs_url`); None otherwise."""
        base = docs_url()
        return f"{base}/rules.md#{self.anchor}" if base else None


@lru_cache(maxsize=1)
def docs_url() -> str | None:
    """Where the docs/ folder is published: the `Documentation` URL of the installed package's
    metadata (`[project.urls]` in pyproject.toml), without a trailing slash; None when absent."""
    try:
        urls = metadata.metadata("axiomcheck").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return None
    for entry in urls:
        label, _, url = str(entry).partition(",")
        if label.strip().lower() in ("documentation", "docs") and url.strip().startswith(("https://", "http://")):
            return url.strip().rstrip("/")
    return None


@cache
def describe(rule_id: str, name: str = "") -> RuleText:
    """The text of a rule or verdict by id; an id no longer known (a report read back from an
    older run) keeps its name and an empty documentation."""
    rule = find_rule(rule_id)
    if rule is not None:
        return RuleText(rule.id, rule.name, rule.summary, rule.doc, rule.severity, rule.group)
    verdict = next((v for v in VERDICTS.values() if v.id == rule_id), None)
    if verdict is not None:
        return RuleText(verdict.id, verdict.name, verdict.summary,
                        f"{verdict.summary}\n\n{verdict.doc}\n\nHow to fix: {verdict.hint}", verdict.severity, "input")
    return RuleText(rule_id, name or rule_id, name or rule_id, "", Severity.ERROR, "unknown")
