"""Rule selection from the command line: `--select`, `--ignore`, `--extend-select`, as in ruff.

A selector is a rule id (`AX301`), a rule name (`email-address`), an id prefix (`AX3`, `AX`),
a group as `axiomcheck rules` lists it (`anonymity`: as specific as a three-character prefix)
or `ALL`, case-insensitive; each option takes several, separated by commas or by repeating
it. A `Selection` is an input of resolution (`resolve.resolve`), applied to the rules the
pack runs for the track and stage:

- without `--select`, the pack's own rules run; with it, only the rules it matches;
- `--extend-select` adds to either; `--ignore` removes;
- when selectors disagree about a rule, the most specific wins (an exact id or name beats a
  longer prefix, which beats a shorter one); on a tie, `--ignore` wins. So
  `--select AX3 --ignore AX302` runs AX3 without AX302, and `--ignore AX3 --select AX302`
  runs AX302 alone among the AX3 rules;
- prefixes choose among the pack's rules; a rule named exactly (id or name) that the pack
  does not run for this track and stage is added with its default options and severity,
  its template options read from the pack's template file.

Verdicts (AX9xx) are not rules: files that cannot be read always say so; an id that is no
rule and no verdict is said to be unknown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from ..rules import Rule

ALL = "ALL"
EXACT = 1000
"""The specificity of a selector that names one rule (an id or a name)."""
VERDICT_GROUP = "input"
"""The group `axiomcheck rules` lists the verdicts in."""
GROUP = 3
"""The specificity of a group (`anonymity`): that of an id prefix of one hundred rules (`AX3`)."""


class SelectionError(ValueError):
    """A selector matches no rule; the message says which and how to find the right one."""


@dataclass(frozen=True)
class Selector:
    """One selector as given, and how specific it is."""

    text: str
    exact: Rule | None
    prefix: str | None
    group: str | None = None

    @property
    def specificity(self) -> int:
        if self.exact is not None:
            return EXACT
        if self.group is not None:
            return GROUP
        return 0 if self.prefix == "" else len(self.prefix or "")

    def matches(self, rule: Rule, in_pack: bool) -> bool:
        if self.exact is not None:
            return self.exact.id == rule.id
        if self.group is not None:
            return in_pack and rule.group == self.group
        return in_pack and rule.id.upper().startswith(self.prefix or "")


@dataclass(frozen=True)
class Selection:
    """The command line's selectors, as given (each value may hold several, comma-separated)."""

    select: tuple[str, ...] | None = None
    """None: the pack's own rules; otherwise only the rules these match."""
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()

    @classmethod
    def of(cls, select: Iterable[str] | None = None, ignore: Iterable[str] = (),
           extend_select: Iterable[str] = ()) -> Selection:
        """A selection from option values; an empty `select` is no `--select` at all."""
        chosen = tuple(select or ())
        return cls(chosen or None, tuple(ignore), tuple(extend_select))

    @property
    def empty(self) -> bool:
        """True when the selection keeps the pack as it is."""
        return self.select is None and not self.ignore and not self.extend_select

    def check(self) -> None:
        """Raise SelectionError for a selector that matches no rule (before any pack is read)."""
        for values in (self.select or (), self.ignore, self.extend_select):
            parse_selectors(values)


NO_SELECTION = Selection()
"""The pack's own rules, as the pack runs them."""


def parse_selectors(values: Iterable[str]) -> list[Selector]:
    """Selectors from option values (each may hold several, separated by commas)."""
    selectors = []
    for value in values:
        for text in (part.strip() for part in value.split(",")):
            if text:
                selectors.append(_selector(text))
    return selectors


def _selector(text: str) -> Selector:
    from ..rules import REGISTRY  # noqa: PLC0415 - the rules load when a pack is resolved

    if text.upper() == ALL:
        return Selector(text, None, "")
    for rule in REGISTRY.values():
        if text.lower() in (rule.id.lower(), rule.name):
            return Selector(text, rule, None)
    from ..verdicts import VERDICT_IDS  # noqa: PLC0415 - with the rules

    prefix = text.upper()
    if any(rule.id.startswith(prefix) for rule in REGISTRY.values()):
        return Selector(text, None, prefix)
    if any(rule.group == text.lower() for rule in REGISTRY.values()):
        return Selector(text, None, None, text.lower())
    named_verdicts = text.lower() == VERDICT_GROUP or (len(prefix) > len("AX") and any(
        verdict.startswith(prefix) for verdict in VERDICT_IDS))
    if named_verdicts:
        raise SelectionError(f"'{text}' names a verdict, not a rule: verdicts say why a file could not be "
                             "checked and cannot be selected or ignored.")
    groups = sorted({rule.group for rule in REGISTRY.values()})
    raise SelectionError(f"no rule id, name, id prefix or group '{text}'; `axiomcheck rules` lists them "
                         f"(e.g. AX301, email-address, AX3, {groups[0]}, ALL; groups: {', '.join(groups)}).")


Configured = TypeVar("Configured")


def choose(configured: dict[Rule, Configured], selection: Selection,
           add: Callable[[Rule], Configured]) -> list[Configured]:
    """The configured rules `selection` keeps from the pack's (`configured`, by rule), in
    the order of rule ids; `add` configures a rule named exactly that the pack does not run.
    Raises SelectionError for an unknown selector."""
    if selection.empty:
        return [configured[rule] for rule in sorted(configured, key=lambda r: r.id)]
    chosen = parse_selectors(selection.select) if selection.select is not None else None
    added = parse_selectors(selection.extend_select)
    removed = parse_selectors(selection.ignore)
    candidates = dict(configured)
    for selector in (chosen or []) + added:
        if selector.exact is not None and selector.exact not in candidates:
            candidates[selector.exact] = add(selector.exact)
    kept = []
    for rule in sorted(candidates, key=lambda r: r.id):
        in_pack = rule in configured
        best: tuple[int, bool] | None = None  # (specificity, ignored): an ignore wins a tie
        for selector in (chosen or []) + added:
            if selector.matches(rule, in_pack):
                best = max(best or (-1, False), (selector.specificity, False))
        for selector in removed:
            if selector.matches(rule, in_pack):
                best = max(best or (-1, False), (selector.specificity, True))
        keep = (chosen is None and in_pack) if best is None else not best[1]
        if keep:
            kept.append(candidates[rule])
    return kept
