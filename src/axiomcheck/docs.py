"""Rule documentation for people: `axiomcheck rules explain` and docs/rules.md.

Both come from the rule docstrings (and the verdict texts), so they cannot drift apart.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import inspect
import textwrap
import typing
from typing import Any, NamedTuple

from .packs import resolve
from .rules import REGISTRY, Rule, find_rule
from .rules.base import ALLOWED_KEY, TEMPLATE_KEY, Allowed
from .verdicts import VERDICTS

REQUIRED_SECTIONS = ("What it checks:", "Why:", "How to fix:")


@functools.cache
def option_docs(options: type) -> dict[str, str]:
    """The docstring written under each field of an options dataclass, by field name."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(options)))
    except (OSError, TypeError):  # no source (e.g. a frozen build): options without prose
        return {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    docs: dict[str, str] = {}
    for field, after in zip(body, body[1:], strict=False):
        if isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name) \
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) \
                and isinstance(after.value.value, str):
            docs[field.target.id] = " ".join(inspect.cleandoc(after.value.value).split())
    return docs


def _type_name(annotation: object) -> str:
    if typing.get_origin(annotation) is not None:
        return str(annotation).replace("typing.", "")
    return getattr(annotation, "__name__", str(annotation))


def _allowed_words(field: dataclasses.Field[Any]) -> str:
    """What a pack may write for the option besides its type (`rules.base.Allowed`), in words."""
    allowed: Allowed | None = field.metadata.get(ALLOWED_KEY)
    if allowed is None:
        return ""
    words = [f"at least {allowed.minimum:g}" if allowed.minimum is not None else "",
             f"at most {allowed.maximum:g}" if allowed.maximum is not None else "",
             "regular expressions" if allowed.regex else "",
             *(f"naming the group (?P<{group}>...)" for group in allowed.groups)]
    return "; ".join(word for word in words if word)


class _OptionRow(NamedTuple):
    name: str
    type: str
    template_path: str | None
    """Where the option's value comes from in the template file, when it does."""
    default: str
    meaning: str


def _option_rows(rule: Rule) -> list[_OptionRow]:
    """A rule's options in declaration order, with their types, defaults and documentation."""
    types = typing.get_type_hints(rule.options)
    docs = option_docs(rule.options)
    return [_OptionRow(field.name, "; ".join(filter(None, (_type_name(types[field.name]), _allowed_words(field)))),
                       field.metadata.get(TEMPLATE_KEY), repr(field.default), docs.get(field.name, ""))
            for field in dataclasses.fields(rule.options)]


def _options_lines(rule: Rule) -> list[str]:
    rows = _option_rows(rule)
    if not rows:
        return ["Options: none."]
    lines = ["Options:"]
    for row in rows:
        default = f"from the template: {row.template_path}" if row.template_path else f"default {row.default}"
        lines.append(f"  {row.name} ({row.type}, {default})")
        lines += ["      " + line for line in textwrap.wrap(row.meaning, 88)]
    return lines


def _options_markdown(rule: Rule) -> list[str]:
    rows = _option_rows(rule)
    if not rows:
        return ["Options: none."]
    lines = ["| option | type | default | meaning |", "|---|---|---|---|"]
    for row in rows:
        default = f"from the template: `{row.template_path}`" if row.template_path else f"`{row.default}`"
        meaning = row.meaning.replace("|", "\\|")
        lines.append(f"| `{row.name}` | `{row.type}` | {default} | {meaning} |")
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


def in_pack_text(key: str, venue: str, track: str | None = None, stage: str | None = None) -> str:
    """How the pack of `venue` (its `track` and `stage`, by default the pack's own) runs the
    rule or verdict `key`: its severity and option values, or that it does not run it.
    Raises PackError for a venue, track or stage that does not exist."""
    pack = resolve(venue, track, stage)
    where = f"In {pack.venue}, track {pack.track}, stage {pack.stage}"
    rule = find_rule(key)
    if rule is None:
        return f"{where}: verdicts apply to every file, whatever the pack."
    configured = next((c for c in pack.rules if c.rule.id == rule.id), None)
    if configured is None:
        return f"{where}: the pack does not run {rule.id} (--extend-select {rule.id} adds it)."
    lines = [f"{where}: {rule.id} runs with severity {configured.severity.value}."]
    options = configured.options
    if dataclasses.is_dataclass(options) and not isinstance(options, type):
        lines += [f"  {field.name} = {getattr(options, field.name)!r}" for field in dataclasses.fields(options)]
    return "\n".join(lines)


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
                f"`{rule.severity.value}`, confidence `{rule.confidence}`.", "", rule.doc, "", *_options_markdown(rule)]
    out += ["", "## Input verdicts", ""]
    for verdict in sorted(VERDICTS.values(), key=lambda v: v.id):
        out += [f"### {verdict.id} {verdict.name}", "", verdict.doc, "", f"How to fix: {verdict.hint}", ""]
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    print(rules_markdown(), end="")
