"""The JSON Schema every rule-pack file must satisfy, and what each mistake means in words.

The schema is built from the rule registry: each rule's entry lists its options with the
JSON type of the option's annotation (`bool`, `int`, `float`, `str`, `tuple[str, ...]`, the
last also written as one text; a `Literal` is its list of words), what the option allows
besides (`rules.base.Allowed`: a range, a regular expression with the groups the rule
reads), and the keys every entry accepts (`severity`, `enabled`, `applies_to`). An option
renamed since (`option(formerly=...)`) is accepted under its former key too.
`problem_and_fix` turns the first schema error into the sentence and the fix a person
editing the pack reads (docs/rule-packs.md shows them).
"""

from __future__ import annotations

import dataclasses
import functools
import re
import types
import typing
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from ..model import SECTION_KINDS, TEMPLATE_MODES

if TYPE_CHECKING:
    from ..rules import Rule
    from ..rules.base import Allowed
    from ..yamldata import SchemaProblem

SEVERITIES = ("error", "warning", "info")

OPTION_DEPTH = 3
"""A schema path at least this far past its last `rules` is inside one rule's entry: [rules, <rule>, <key>, ...]."""
_TEXT = {"type": "string"}
_JSON_TYPES: dict[Any, dict[str, Any]] = {
    bool: {"type": "boolean"},
    int: {"type": "integer"},
    float: {"type": "number"},
    str: _TEXT,
}
"""The JSON type of each option annotation a rule may use, or of each item of a tuple option
(a test keeps every rule within them; a `Literal` is its words)."""
_NO_METADATA: Mapping[str, Any] = types.MappingProxyType({})
_TYPE_WORDS = {"boolean": ("true or false", "`{key}: true` or `{key}: false`"),
               "integer": ("a whole number", "e.g. `{key}: 4`"),
               "number": ("a number", "e.g. `{key}: 1.5`"),
               "string": ("text", 'a quoted text: `{key}: "..."`'),
               "array": ("a list", "e.g. `{key}: [..]`")}


def option_schema(annotation: Any, metadata: Mapping[str, Any] = _NO_METADATA) -> dict[str, Any]:
    """The JSON Schema of an option annotated `annotation` whose field carries `metadata`:
    its type, and what it allows besides (its `Allowed`); a tuple may be written as one
    item, and an optional option is never null in a pack."""
    from ..rules.base import ALLOWED_KEY  # noqa: PLC0415 - the rules load when a pack is read, not listed

    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        annotation = next(arg for arg in typing.get_args(annotation) if arg is not type(None))
    allowed: Allowed | None = metadata.get(ALLOWED_KEY)
    if typing.get_origin(annotation) is not tuple:
        return _item_schema(annotation, allowed)
    item = _item_schema(typing.get_args(annotation)[0], allowed)
    if item == _TEXT:
        return {"type": ["array", "string"], "items": _TEXT}
    return {"if": {"type": "string"}, "then": item, "else": {"type": "array", "items": item}}


def _item_schema(annotation: Any, allowed: Allowed | None) -> dict[str, Any]:
    """The schema of one value: a `Literal`'s words, or a JSON type with the range, the regular
    expression and the groups `allowed` asks for."""
    if typing.get_origin(annotation) is Literal:
        return {"enum": list(typing.get_args(annotation))}
    try:
        schema = dict(_JSON_TYPES[annotation])
    except (KeyError, TypeError):
        raise TypeError(f"an option of type {annotation!r} cannot be written in a pack") from None
    if allowed is None:
        return schema
    bounds = {"minimum": allowed.minimum, "maximum": allowed.maximum}
    schema |= {keyword: bound for keyword, bound in bounds.items() if bound is not None}
    if allowed.regex:
        schema["format"] = "regex"
    if allowed.groups:
        schema["allOf"] = [{"pattern": re.escape(f"(?P<{group}>"), "x-group": group} for group in allowed.groups]
    return schema


def option_keys(rule: Rule) -> dict[str, str]:
    """Pack key -> option field of `rule`, former keys of renamed options included."""
    from ..rules.base import FORMERLY_KEY  # noqa: PLC0415 - the rules load when a pack is read, not listed

    keys = {}
    for field in dataclasses.fields(rule.options):
        keys[field.name] = field.name
        if field.metadata.get(FORMERLY_KEY):
            keys[field.metadata[FORMERLY_KEY]] = field.name
    return keys


def _entry_schema(rule: Rule, families: Sequence[str]) -> dict[str, Any]:
    hints = typing.get_type_hints(rule.options)
    metadata = {field.name: field.metadata for field in dataclasses.fields(rule.options)}
    properties = {key: option_schema(hints[field], metadata[field]) | ({"deprecated": True} if key != field else {})
                  for key, field in option_keys(rule).items()}
    properties |= {"severity": {"enum": list(SEVERITIES)}, "enabled": {"type": "boolean"},
                   "applies_to": {"if": {"type": "string"}, "then": {"enum": list(families)},
                                  "else": {"type": "array", "items": {"enum": list(families)}}}}
    return {"type": ["object", "null"], "properties": properties, "additionalProperties": False,
            "x-rule": rule.name}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema`, also accepting an empty value (`key:` with nothing after it: the key is not given)."""
    kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    return {**schema, "type": [*kinds, "null"]}


def _object(properties: dict[str, Any], what: str) -> dict[str, Any]:
    """A mapping of known keys, each of which may be left empty."""
    return {"type": ["object", "null"], "properties": {key: _nullable(value) for key, value in properties.items()},
            "additionalProperties": False, "x-what": what}


@functools.lru_cache(maxsize=1)
def pack_schema(rule_names: tuple[str, ...], families: tuple[str, ...]) -> dict[str, Any]:
    """The schema of a pack file for the registered rules and the shipped template families."""
    from ..rules import REGISTRY  # noqa: PLC0415 - the rules load when a pack is checked, not when listed

    names = {"type": "array", "items": {"enum": list(rule_names)}}
    rules = {"type": "object", "properties": {name: _entry_schema(REGISTRY[name], families) for name in rule_names},
             "additionalProperties": False, "x-what": "rules"}
    excludes = {"type": "array", "items": {"enum": list(SECTION_KINDS)}}
    common = {"description": _TEXT, "template": _TEXT, "rules": rules, "disable": names, "enable": names}
    stage = _object(dict(common), "stage")
    stages = {"type": "object", "additionalProperties": stage, "x-what": "stages"}
    track = _object({**common, "main_body_excludes": excludes, "only": names, "stages": stages}, "track")
    chosen_for = {"type": "array", "x-what": "chosen_for", "items": {
        "type": "object", "required": ["template", "mode", "stage"], "additionalProperties": False,
        "x-what": "chosen_for entry",
        "properties": {"template": _TEXT, "mode": {"enum": list(TEMPLATE_MODES)}, "track": _TEXT,
                       "workshop_title": _TEXT, "stage": _TEXT, "pack_track": _TEXT}}}
    return _object({
        "pack": _TEXT, "name": _TEXT, "source": _TEXT, "description": _TEXT, "extends": _TEXT, "template": _TEXT,
        "main_body_excludes": excludes, "default_stage": _TEXT, "default_track": _TEXT, "chosen_for": chosen_for,
        "rules": rules, "disable": names, "enable": names,
        "stages": stages, "tracks": {"type": "object", "additionalProperties": track, "x-what": "tracks"},
        "max_findings_per_rule": {"type": "integer", "minimum": 1},
    }, "pack")


def _scope(path: Sequence[Any]) -> str:
    """The part of the pack a schema path points into, in words ("track 'paper'")."""
    words = []
    for index in range(0, len(path) - 1, 2):
        section, name = path[index], path[index + 1]
        if section in ("tracks", "stages"):
            words.append(f"{section[:-1]} '{name}'")
        else:
            break
    return " of ".join(reversed(words)) or "pack"


def _unexpected(error: SchemaProblem) -> str:
    return error.unexpected_key or "?"


def problem_and_fix(error: SchemaProblem, rule_names: Sequence[str], families: Sequence[str]) -> tuple[str, str]:
    """What is wrong, and how to fix it, for a schema error of a pack file."""
    known_rules = f"Known rules: {', '.join(sorted(rule_names))} (`axiomcheck rules` lists them)."
    return (_part_problem(error, known_rules) or _chosen_for_problem(error)
            or _key_problem(error, known_rules, families))


def _part_problem(error: SchemaProblem, known_rules: str) -> tuple[str, str] | None:
    """A mistake in the shape of a part of the pack: its `rules:`, one rule's entry, the pack,
    a track or a stage, the `tracks:` or `stages:` mapping."""
    schema, what = error.schema, error.schema.get("x-what")
    unknown = error.validator == "additionalProperties"
    if what == "rules":  # the `rules:` mapping itself
        if unknown:
            return f"unknown rule '{_unexpected(error)}'.", known_rules
        return ("`rules:` must map rule names to their options.",
                "Write e.g. `rules:\\n  page-limit: {main_body_pages: 4}`.")
    if "x-rule" in schema:  # one rule's entry
        name = schema["x-rule"]
        if unknown:
            keys = ", ".join(key for key, value in schema["properties"].items() if not value.get("deprecated"))
            return f"rule '{name}' has no option '{_unexpected(error)}'.", f"Known keys for '{name}': {keys}."
        return f"rule '{name}' must be given a mapping of options.", f"Write `{name}: {{}}` for the defaults."
    if what in ("pack", "track", "stage"):
        scope = _scope(error.path) if what != "pack" else "pack"
        known = f"Known keys: {', '.join(schema['properties'])}."
        if unknown:
            return f"unknown key '{_unexpected(error)}' in the {scope}.", known
        return f"the {scope} must be a mapping of keys.", known
    if what in ("stages", "tracks"):
        key = error.path[-1]
        return f"`{key}:` must be a mapping by name.", f"Write `{key}:\\n  <name>:\\n    rules: ...`."
    return None


def _chosen_for_problem(error: SchemaProblem) -> tuple[str, str] | None:
    if error.schema.get("x-what") != "chosen_for entry" and "chosen_for" not in error.path:
        return None
    keys = "template, mode, stage, track, workshop_title, pack_track"
    if error.validator == "additionalProperties":
        return f"unknown key '{_unexpected(error)}' in a `chosen_for:` entry.", f"Known keys: {keys}."
    if error.validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else "template"
        return f"a `chosen_for:` entry needs `{missing}:`.", \
            "Write e.g. `{template: neurips-2026, mode: submission, stage: submission}`."
    if error.validator == "enum":
        return f"`mode: {error.value}` is not a template mode.", f"Choose from: {', '.join(TEMPLATE_MODES)}."
    return "`chosen_for:` must be a list of entries.", \
        "Write e.g. `chosen_for:\\n  - {template: neurips-2026, mode: submission, stage: submission}`."


_KEY_PROBLEMS = {
    "main_body_excludes": ("`main_body_excludes:` must list section kinds.",
                           f"Choose from: {', '.join(SECTION_KINDS)}."),
    "extends": ("`extends:` must name one pack.", "Write e.g. `extends: axiom-2026`."),
    "template": ("`template:` must name one template.",
                 "Write e.g. `template: neurips-2026` (docs/templates.md lists them)."),
}
"""The mistake of a key that takes one kind of value, whatever the value."""


def _key_problem(error: SchemaProblem, known_rules: str, families: Sequence[str]) -> tuple[str, str]:
    """A mistake in the value of a key: a rule's option, a list of rules, a pack's setting."""
    path, value = error.path, error.value
    key = next((str(part) for part in reversed(path) if isinstance(part, str)), "")
    if "rules" in path and len(path) - _last_rules(path) >= OPTION_DEPTH:
        return _option_problem(path, key, value, error, families)
    if key in ("enable", "disable", "only"):
        if error.validator == "enum":
            return f"`{key}:` names an unknown rule '{value}'.", known_rules
        return f"`{key}:` must be a list of rule names.", f"Write `{key}: [rule-name, ...]`."
    if key in _KEY_PROBLEMS:
        return _KEY_PROBLEMS[key]
    if key == "max_findings_per_rule":
        return (f"`max_findings_per_rule:` must be a whole number of at least 1, not {value!r}.",
                "Write e.g. `max_findings_per_rule: 50`.")
    return f"`{key}:` must be text, not {value!r}.", f'Write `{key}: "..."`.'


def _last_rules(path: list[Any]) -> int:
    return len(path) - 1 - path[::-1].index("rules")


def _option_problem(path: list[Any], key: str, value: Any, error: SchemaProblem,
                    families: Sequence[str]) -> tuple[str, str]:
    name = str(path[_last_rules(path) + 1])
    if key == "severity":
        return f"rule '{name}': severity must be error, warning or info, not {value!r}.", "Write `severity: warning`."
    if key == "applies_to":
        if error.validator == "enum":
            return (f"rule '{name}': applies_to names an unknown template family '{value}'.",
                    f"Choose from: {', '.join(families)} (docs/templates.md).")
        return f"rule '{name}': applies_to must name template families.", "Write e.g. `applies_to: [neurips]`."
    item = f" (item {path[-1] + 1})" if isinstance(path[-1], int) else ""
    allowed = _allowed_problem(f"rule '{name}': option '{key}'{item}", key, value, error)
    if allowed is not None:
        return allowed
    expected = error.expected if error.validator == "type" else error.schema.get("type", "string")
    word, example = _TYPE_WORDS[expected[0] if isinstance(expected, list) else expected]
    if item:
        word, example = "a list of texts", f'e.g. `{key}: ["..."]`'
    return f"rule '{name}': option '{key}' must be {word}, not {value!r}.", f"Write {example.format(key=key)}."


def _allowed_problem(option: str, key: str, value: Any, error: SchemaProblem) -> tuple[str, str] | None:
    """A value of the right type that the option does not allow (`rules.base.Allowed`, a
    `Literal`): a word outside its list, a number out of range, a text that is no regular
    expression or lacks a group the rule reads."""
    expected = error.expected
    if error.validator == "enum":
        words = ", ".join(str(word) if word else '""' for word in expected)
        return f"{option} must be one of {words}, not {value!r}.", f"Write e.g. `{key}: {expected[0] or expected[-1]}`."
    if error.validator in ("minimum", "maximum"):
        bound = "at least" if error.validator == "minimum" else "at most"
        return f"{option} must be {bound} {expected:g}, not {value!r}.", f"Write a number {bound} {expected:g}."
    if error.validator == "format":
        return (f"{option} is not a regular expression: {_regex_error(value)}.",
                "Correct it in Python's `re` syntax (a literal `(`, `[`, `.`, `?`, `*` or `+` takes a backslash "
                "before it).")
    if error.validator == "pattern":
        group = error.schema.get("x-group", "")
        return (f"{option} must name the group `(?P<{group}>...)` that the rule reads from each match.",
                f"Write the part of the expression that matches the {group} as `(?P<{group}>...)`.")
    return None


def _regex_error(text: Any) -> str:
    try:
        re.compile(str(text))
    except re.error as error:
        return str(error)
    return "it cannot be read"
