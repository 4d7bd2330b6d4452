"""Rule documentation for people: `axiomcheck rules explain` and docs/rules.md.

Both come from the rule docstrings (and the verdict texts), so they cannot drift apart.
"""

from __future__ import annotations

import dataclasses
import typing

from .rules import REGISTRY, Rule, find_rule
from .verdicts import VERDICTS

REQUIRED_SECTIONS = ("What it checks:", "Why:", "How to fix:")


def _options_lines(rule: Rule) -> list[str]:
    fields = dataclasses.fields(rule.options)
    if not fields:
        return ["Options: none."]
    types = typing.get_type_hints(rule.options)
    lines = ["Options:"]
    for field in fields:
        type_name = getattr(types[field.name], "__name__", str(types[field.name])).replace("typing.", "")
        lines.append(f"  {field.name} ({type_name}, default {field.default!r})")
    return lines


def explain_text(key: str) -> str | None:
    """Plain-text documentation of a rule or verdict, by id or name; None when unknown."""
    rule = find_rule(key)
    if rule is not None:
        header = (f"{rule.id} {rule.name} (group {rule.group}, default severity {rule.severity.value}, "
                  f"confidence {rule.confidence})")
        return "\n".join([header, "", rule.doc, "", *_options_lines(rule)])
    verdict = next((v for v in VERDICTS.values() if key.lower() in (v.id.lower(), v.name)), None)
    if verdict is None:
        return None
    return "\n".join([f"{verdict.id} {verdict.name} (input verdict, severity {verdict.severity})", "",
                      verdict.summary, "", verdict.doc, "", f"How to fix: {verdict.hint}"])


def rules_markdown() -> str:
    """docs/rules.md, generated: one section per rule, then the verdicts."""
    out = ["# Rules", "", "Generated from the rule docstrings by `python -m axiomcheck.docs > docs/rules.md`;",
           "a test keeps this file current.", "", "| id | name | group | severity | summary |", "|---|---|---|---|---|"]
    rules = sorted(REGISTRY.values(), key=lambda r: r.id)
    for rule in rules:
        out.append(f"| {rule.id} | {rule.name} | {rule.group} | {rule.severity.value} | {rule.summary} |")
    for verdict in sorted(VERDICTS.values(), key=lambda v: v.id):
        out.append(f"| {verdict.id} | {verdict.name} | input | {verdict.severity} | {verdict.summary} |")
    for rule in rules:
        out += ["", f"## {rule.id} {rule.name}", "", f"Group `{rule.group}`, default severity "
                f"`{rule.severity.value}`, confidence `{rule.confidence}`.", "", rule.doc, "", *_options_lines(rule)]
    out += ["", "## Input verdicts", ""]
    for verdict in sorted(VERDICTS.values(), key=lambda v: v.id):
        out += [f"### {verdict.id} {verdict.name}", "", verdict.doc, "", f"How to fix: {verdict.hint}", ""]
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    print(rules_markdown(), end="")
