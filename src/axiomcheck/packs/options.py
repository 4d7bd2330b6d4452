"""A rule's options as the pack configures them: what the pack gives, the rest from the template.

An option declared `from_template("text_block.left")` (`rules.base`) takes its value from the
template file the pack names, unless the pack gives it. A path may hold another option's
value in braces (`notices.{notice}.text`); a text read from the template may too
(`"... Workshop: {workshop_title}."`), and a text whose braces nothing fills is refused when
the pack is loaded, never checked against papers with the braces in it.
"""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..rules import Rule
    from ..templates import TemplateFacts


class OptionError(ValueError):
    """An option cannot be filled: `problem` says why, `fix` what to write."""

    def __init__(self, problem: str, fix: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.fix = fix


_NO_TEMPLATE_FIX = "Name the template with `template:` (docs/templates.md), or give the option in the rule's entry."


def _placeholders(text: str) -> list[str]:
    """The names in braces in `text` (`{workshop_title}`), in order."""
    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


def _fill(text: str, values: Mapping[str, Any]) -> str | None:
    """`text` with its placeholders filled from `values`; None when one of them is empty."""
    names = _placeholders(text)
    if any(not values.get(name) for name in names):
        return None
    return text.format(**{name: values[name] for name in names})


def configure(rule: Rule, facts: TemplateFacts | None, **given: Any) -> Any:
    """`rule`'s options: `given`, then what its `from_template` options read in `facts`.

    Raises OptionError when an option has to come from a template and none is named, the
    template file lacks it, or a text it reads names an option the pack leaves empty (the
    values a pack gives were checked when it was read: `schema.py`)."""
    from ..rules.base import TEMPLATE_KEY, TEMPLATE_OPTIONAL_KEY  # noqa: PLC0415 - the rules load with a pack's rules

    options = rule.options(**given)
    filled: dict[str, Any] = {}
    for field in dataclasses.fields(rule.options):
        path = field.metadata.get(TEMPLATE_KEY)
        if path is None or field.name in given:
            continue
        values = {**{f.name: getattr(options, f.name) for f in dataclasses.fields(rule.options)}, **filled}
        if "{" in path:
            chosen = _fill(path, values)
            if chosen is None:
                continue  # e.g. no `notice` chosen: the option stays empty
            path = chosen
            _check_entry(facts, path.rsplit(".", 1)[0])
        value = facts.value(path) if facts else None
        if value is None:
            if field.metadata.get(TEMPLATE_OPTIONAL_KEY):  # left empty: the rule does without
                continue
            raise OptionError(f"option '{field.name}' comes from the template ({path}), but "
                              + (f"{facts.name} has no '{path}'." if facts else "the pack names no template."),
                              _NO_TEMPLATE_FIX)
        if isinstance(value, str) and "{" in value:  # e.g. "Workshop: {workshop_title}."
            value = _filled_text(rule, field.name, value, values, facts, path)
        filled[field.name] = tuple(value) if isinstance(value, list) else value
    return dataclasses.replace(options, **filled)


def _check_entry(facts: TemplateFacts | None, entry: str) -> None:
    if facts is not None and facts.value(entry) is None:
        choices = facts.value(entry.rsplit(".", 1)[0])
        raise OptionError(f"{facts.name} has no '{entry}'"
                          + (f" (it has: {', '.join(choices)})." if isinstance(choices, dict) else "."),
                          _NO_TEMPLATE_FIX)


def _filled_text(rule: Rule, option: str, text: str, values: Mapping[str, Any], facts: TemplateFacts | None,
                 path: str) -> str:
    filled = _fill(text, values)
    if filled is not None:
        return filled
    missing = next(name for name in _placeholders(text) if not values.get(name))
    where = facts.where(path) if facts is not None else path
    known = {f.name for f in dataclasses.fields(rule.options)}
    if missing in known:
        fix = f"Give `{missing}:` in the rule's entry (e.g. `{rule.name}: {{{missing}: ...}}`)."
    else:
        fix = f"The template's text names '{{{missing}}}', which is no option of '{rule.name}': correct it there."
    raise OptionError(f"option '{option}' reads \"{text}\" from {where}, and nothing fills its "
                      f"{{{missing}}}: the rule would expect the braces in the paper.", fix)
