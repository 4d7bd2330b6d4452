"""Rule selection from the command line: `--select`, `--ignore`, `--extend-select`, as in ruff.

A selector is a rule id (`AX301`), a rule name (`email-address`), an id prefix (`AX3`, `AX`)
or `ALL`, case-insensitive; each option takes several, separated by commas or by repeating
it. Applied to a resolved pack:

- without `--select`, the pack's own rules run; with it, only the rules it matches;
- `--extend-select` adds to either; `--ignore` removes;
- when selectors disagree about a rule, the most specific wins (an exact id or name beats a
  longer prefix, which beats a shorter one); on a tie, `--ignore` wins. So
  `--select AX3 --ignore AX302` runs AX3 without AX302, and `--ignore AX3 --select AX302`
  runs AX302 alone among the AX3 rules;
- prefixes choose among the pack's rules; a rule named exactly (id or name) that the pack
  does not run for this track and stage is added with its default options and severity.

Verdicts (AX9xx) are not rules: files that cannot be read always say so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from ..rules import REGISTRY, Rule
from .resolve import ConfiguredRule, ResolvedPack, configure

ALL = "ALL"
EXACT = 1000
"""The specificity of a selector that names one rule (an id or a name)."""


class SelectionError(ValueError):
    """A selector matches no rule; the message says which and how to find the right one."""


@dataclass(frozen=True)
class Selector:
    """One selector as given, and how specific it is."""

    text: str
    exact: Rule | None
    prefix: str | None

    @property
    def specificity(self) -> int:
        if self.exact is not None:
            return EXACT
        return 0 if self.prefix == "" else len(self.prefix or "")

    def matches(self, rule: Rule, in_pack: bool) -> bool:
        if self.exact is not None:
            return self.exact.id == rule.id
        return in_pack and rule.id.upper().startswith(self.prefix or "")


def parse_selectors(values: Iterable[str]) -> list[Selector]:
    """Selectors from option values (each may hold several, separated by commas)."""
    selectors = []
    for value in values:
        for text in (part.strip() for part in value.split(",")):
            if text:
                selectors.append(_selector(text))
    return selectors


def _selector(text: str) -> Selector:
    if text.upper() == ALL:
        return Selector(text, None, "")
    for rule in REGISTRY.values():
        if text.lower() in (rule.id.lower(), rule.name):
            return Selector(text, rule, None)
    prefix = text.upper()
    if any(rule.id.startswith(prefix) for rule in REGISTRY.values()):
        return Selector(text, None, prefix)
    if prefix.startswith("AX9"):
        raise SelectionError(f"'{text}' names a verdict, not a rule: verdicts say why a file could not be "
                             "checked and cannot be selected or ignored.")
    raise SelectionError(f"no rule id, name or id prefix '{text}'; `axiomcheck rules` lists them "
                         "(e.g. AX301, email-address, AX3, ALL).")


def select_rules(pack: ResolvedPack, select: Iterable[str] | None = None, ignore: Iterable[str] = (),
                 extend_select: Iterable[str] = ()) -> ResolvedPack:
    """`pack` with the rules the selectors choose (see the module's docstring); `select`
    None means "the pack's own rules". Raises SelectionError for an unknown selector."""
    chosen = parse_selectors(select) if select is not None else None
    added = parse_selectors(extend_select)
    removed = parse_selectors(ignore)
    if chosen is None and not added and not removed:
        return pack
    configured = {c.rule.id: c for c in pack.rules}
    candidates = dict(configured)
    for selector in (chosen or []) + added:
        if selector.exact is not None and selector.exact.id not in candidates:
            rule = selector.exact
            candidates[rule.id] = ConfiguredRule(rule, _options_of(rule, pack), rule.severity)
    kept = []
    for rule_id, entry in sorted(candidates.items()):
        in_pack = rule_id in configured
        best: tuple[int, bool] | None = None  # (specificity, ignored): an ignore wins a tie
        for selector in (chosen or []) + added:
            if selector.matches(entry.rule, in_pack):
                best = max(best or (-1, False), (selector.specificity, False))
        for selector in removed:
            if selector.matches(entry.rule, in_pack):
                best = max(best or (-1, False), (selector.specificity, True))
        if best is None:
            keep = chosen is None and in_pack
        else:
            keep = not best[1]
        if keep:
            kept.append(entry)
    return dataclasses.replace(pack, rules=tuple(kept))



def _options_of(rule: Rule, pack: ResolvedPack) -> object:
    """The options of a rule the pack does not run: its defaults, with what they read from
    the pack's template file filled in, as the pack would configure it."""
    from ..templates import TemplateError, find_template

    try:
        facts = find_template(pack.template) if pack.template else None
        return configure(rule, facts)
    except (TemplateError, ValueError) as error:
        raise SelectionError(f"{rule.id} {rule.name} reads its options from a template file, and the pack's "
                             f"{pack.track} track has none it can use ({error}). Fix: choose a track with a "
                             "template, or add the rule to the pack.") from error
