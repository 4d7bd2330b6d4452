"""Turn a rule pack, a track and a stage into the configured rules to run.

A pack is YAML data (see docs/rule-packs.md):

    pack: axiom-2026
    extends: neurips-2026            # optional: a shipped pack id or a path
    template: neurips-2026           # the template file the layout, font and notice rules read
    main_body_excludes: [...]        # sections that do not count toward page limits
    default_stage: submission
    default_track: main              # the track when none is given (else `paper`, else the first)
    chosen_for: [...]                # PDFs checked with this pack when no venue is given (choice.py)
    rules: {page-size: {sizes: [letter]}}
    disable: [rule-name, ...]
    stages: {submission: {rules: ..., disable: ...}, camera-ready: {...}}
    tracks: {paper: {description: ..., only: [...], rules: ..., disable: ..., stages: {...}}}

Configuring and enabling are separate. Options merge key by key through every layer, in
order, for each pack from the base of the `extends` chain to the pack itself: its `rules`,
then the stage's, then the track's, then the track's stage's. Whether a rule runs is decided
by `enable:`, `disable:` and `enabled:` in the same order, and by a rule entry in the pack
that is the first of the chain to name the rule; in a pack that extends one which already
names it, an entry only changes options, unless it stands in a track or stage the extended
packs do not have. A track's `only:` lists every rule it may run.
`severity:`, `enabled:` and `applies_to:` (template families) are accepted on every rule entry.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model import DEFAULT_MAIN_BODY_EXCLUDES, SECTION_KINDS
from ..yamldata import locate
from .loader import Located, PackError, load_yaml

if TYPE_CHECKING:  # the rules and templates load when a pack is resolved, not when its identity is read
    from ..rules import Rule, Severity
    from ..templates import TemplateFacts

PACK_KEYS = ("pack", "name", "source", "description", "extends", "template", "main_body_excludes",
             "default_stage", "default_track", "chosen_for", "rules", "disable", "enable", "stages", "tracks",
             "max_findings_per_rule")
TRACK_KEYS = ("description", "template", "main_body_excludes", "only", "rules", "disable", "enable", "stages")
STAGE_KEYS = ("description", "template", "rules", "disable", "enable")
RULE_ENTRY_KEYS = ("severity", "enabled", "applies_to")
MAX_EXTENDS_DEPTH = 8
DEFAULT_MAX_FINDINGS_PER_RULE = 50
"""A rule reports at most this many findings per file unless the pack says otherwise."""


def packs_directory() -> Path:
    """Where the shipped packs are: inside the installed package, or `rules/` in a checkout."""
    installed = Path(__file__).resolve().parent / "data"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[3] / "rules"


def shipped_packs() -> list[str]:
    """Ids of the packs that ship with axiomcheck."""
    return sorted(p.stem for p in packs_directory().glob("*.yaml"))


@dataclass(frozen=True)
class ConfiguredRule:
    rule: Rule
    options: Any
    severity: Severity
    applies_to: tuple[str, ...] = ()
    """Template families the rule checks (the engine skips PDFs of other families); empty: all."""


@dataclass(frozen=True)
class PackInfo:
    """A pack's identity, tracks and stages (for `axiomcheck packs`)."""

    id: str
    name: str
    path: Path
    tracks: dict[str, str]
    stages: tuple[str, ...]
    default_stage: str
    default_track: str = "paper"
    """The track checked when none is given: the pack's `default_track`, else `paper`, else its first."""
    source: str = ""
    """Where the pack's numbers and requirements come from (the venue's pages), as the pack says."""


@dataclass(frozen=True)
class ResolvedPack:
    """The rules to run for one venue, track and stage."""

    venue: str
    name: str
    track: str
    stage: str
    main_body_excludes: tuple[str, ...]
    rules: tuple[ConfiguredRule, ...]
    template: str | None = None
    """The template file the pack names for this track and stage."""
    max_findings_per_rule: int = DEFAULT_MAX_FINDINGS_PER_RULE
    """The most findings one rule reports per file (see `_max_findings`)."""


def _locate(venue: str, relative_to: Path | None = None) -> Path:
    found = locate(venue, packs_directory(), relative_to)
    if found is not None:
        return found
    raise PackError(venue, None, f"no rule pack named '{venue}'.",
                    f"Use one of: {', '.join(shipped_packs())}, or a path to a .yaml pack.")


def chain_paths(venue: str) -> list[Path]:
    """The files of a pack and of the packs it extends, base first."""
    return [path for path, _ in _chain(venue)]


def _chain(venue: str) -> list[tuple[Path, Located]]:
    """The pack and the packs it extends, base first."""
    chain: list[tuple[Path, Located]] = []
    path = _locate(venue)
    seen: set[Path] = set()
    while True:
        if path.resolve() in seen or len(chain) >= MAX_EXTENDS_DEPTH:
            raise PackError(path, None, "the `extends:` chain loops or is too deep.",
                            "Make each pack extend a different, more general pack.")
        seen.add(path.resolve())
        data = load_yaml(path).data
        _check_keys(path, data, PACK_KEYS, "pack")
        chain.append((path, data))
        parent = data.get("extends")
        if parent is None:
            break
        if not isinstance(parent, str):
            raise PackError(path, data.line_of("extends"), "`extends:` must name one pack.",
                            "Write e.g. `extends: axiom-2026`.")
        try:
            path = _locate(parent, relative_to=path)
        except PackError as error:
            raise PackError(path, data.line_of("extends"), error.problem, error.fix) from error
    chain.reverse()
    return chain


def _check_keys(path: Path, data: Any, allowed: tuple[str, ...], what: str, line: int | None = None) -> None:
    if not isinstance(data, Located):
        raise PackError(path, line, f"the {what} must be a mapping of keys.",
                        f"Known keys: {', '.join(allowed)}.")
    for key in data:
        if key not in allowed:
            raise PackError(path, data.line_of(key), f"unknown key '{key}' in the {what}.",
                            f"Known keys: {', '.join(allowed)}.")


def _stages(chain: list[tuple[Path, Located]]) -> tuple[str, ...]:
    stages: list[str] = []
    for path, data in chain:
        for stage in (data.get("stages") or {}):
            if stage not in stages:
                stages.append(stage)
    return tuple(stages) or ("submission",)


def _tracks(chain: list[tuple[Path, Located]]) -> dict[str, str]:
    tracks: dict[str, str] = {}
    for path, data in chain:
        for name, track in (data.get("tracks") or {}).items():
            description = track.get("description") if isinstance(track, dict) else None
            tracks[name] = str(description or tracks.get(name, ""))
    return tracks


def pack_info(venue: str) -> PackInfo:
    """Identity, tracks and stages of a pack, validated."""
    chain = _chain(venue)
    path, data = chain[-1]
    stages = _stages(chain)
    default = next((d.get("default_stage") for _, d in reversed(chain) if d.get("default_stage")), stages[0])
    tracks = _tracks(chain)
    track = next((str(d["default_track"]) for _, d in reversed(chain) if d.get("default_track")),
                 "paper" if "paper" in tracks or not tracks else next(iter(tracks)))
    if tracks and track not in tracks:
        line = next((d.line_of("default_track") for _, d in reversed(chain) if d.get("default_track")), None)
        raise PackError(path, line, f"`default_track: {track}` names no track of the pack.",
                        f"Choose one of: {', '.join(tracks)}.")
    return PackInfo(id=str(data.get("pack") or path.stem), name=str(data.get("name") or ""), path=path,
                    tracks=tracks, stages=stages, default_stage=default, default_track=track,
                    source=str(next((d.get("source") for _, d in reversed(chain) if d.get("source")), "")))


def _coerce(value: Any, annotation: Any, where: tuple[Path, int, str, str]) -> Any:
    path, line, rule_name, key = where
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _coerce(value, inner[0], where)
    if origin is tuple:
        if not isinstance(value, list):
            value = [value] if isinstance(value, (str, int, float)) else value
        if not isinstance(value, list):
            raise PackError(path, line, f"rule '{rule_name}': option '{key}' must be a list.",
                            f"Write e.g. `{key}: [..]`.")
        item_type = args[0]
        return tuple(_coerce(v, item_type, where) for v in value)
    if annotation is bool:
        if not isinstance(value, bool):
            raise PackError(path, line, f"rule '{rule_name}': option '{key}' must be true or false, not {value!r}.",
                            f"Write `{key}: true` or `{key}: false`.")
        return value
    if annotation is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise PackError(path, line, f"rule '{rule_name}': option '{key}' must be a whole number, not {value!r}.",
                            f"Write e.g. `{key}: 4`.")
        return value
    if annotation is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise PackError(path, line, f"rule '{rule_name}': option '{key}' must be a number, not {value!r}.",
                            f"Write e.g. `{key}: 1.5`.")
        return float(value)
    if annotation is str:
        if not isinstance(value, str):
            raise PackError(path, line, f"rule '{rule_name}': option '{key}' must be text, not {value!r}.",
                            f"Quote it: `{key}: \"...\"`.")
        return value
    return value


def _option_types(rule: Rule) -> dict[str, Any]:
    return typing.get_type_hints(rule.options)


def _apply_rules_layer(path: Path, layer: Any, line: int, state: dict[str, dict[str, Any]],
                       named_before: set[str]) -> None:
    from ..rules import REGISTRY, Severity

    if layer is None:
        return
    if not isinstance(layer, Located):
        raise PackError(path, line, "`rules:` must map rule names to their options.",
                        "Write e.g. `rules:\\n  page-limit: {max_pages: 4}`.")
    for name, entry in layer.items():
        rule_line = layer.line_of(name)
        rule = REGISTRY.get(name)
        if rule is None:
            raise PackError(path, rule_line, f"unknown rule '{name}'.",
                            f"Known rules: {', '.join(sorted(REGISTRY))} (`axiomcheck rules` lists them).")
        entry = entry if entry is not None else Located(rule_line)
        if not isinstance(entry, Located):
            raise PackError(path, rule_line, f"rule '{name}' must be given a mapping of options.",
                            f"Write `{name}: {{}}` for the defaults.")
        types = _option_types(rule)
        current = state.setdefault(name, {})
        if name not in named_before:  # the first pack to name a rule in this scope turns it on
            current["enabled"] = True
        for key, value in entry.items():
            key_line = entry.line_of(key)
            if key == "enabled":
                current["enabled"] = _coerce(value, bool, (path, key_line, name, key))
            elif key == "severity":
                if value not in [s.value for s in Severity]:
                    raise PackError(path, key_line, f"rule '{name}': severity must be error, warning or info, not {value!r}.",
                                    "Write `severity: warning`.")
                current["severity"] = Severity(value)
            elif key == "applies_to":
                current["applies_to"] = _families_of(path, key_line, name, value)
            elif key in types:
                current.setdefault("options", {})[key] = _coerce(value, types[key], (path, key_line, name, key))
            else:
                known = ", ".join(list(types) + list(RULE_ENTRY_KEYS))
                raise PackError(path, key_line, f"rule '{name}' has no option '{key}'.",
                                f"Known keys for '{name}': {known}.")


def _families_of(path: Path, line: int, name: str, value: Any) -> tuple[str, ...]:
    """The template families of `applies_to:` (a name or a list; empty: every PDF)."""
    from ..templates import families

    known = families()
    listed = tuple(f for f in _coerce(value, tuple[str, ...], (path, line, name, "applies_to")) if f)
    unknown = [family for family in listed if family not in known]
    if unknown:
        raise PackError(path, line, f"rule '{name}': applies_to names an unknown template family '{unknown[0]}'.",
                        f"Choose from: {', '.join(known)} (docs/templates.md).")
    return listed


def _rule_names(path: Path, data: Located, key: str) -> list[str]:
    from ..rules import REGISTRY

    names = data.get(key)
    if names is None:
        return []
    if not isinstance(names, list):
        raise PackError(path, data.line_of(key), f"`{key}:` must be a list of rule names.",
                        f"Write `{key}: [rule-name, ...]`.")
    for name in names:
        if name not in REGISTRY:
            raise PackError(path, data.line_of(key), f"`{key}:` names an unknown rule '{name}'.",
                            f"Known rules: {', '.join(sorted(REGISTRY))}.")
    return list(names)


def _apply_layer(path: Path, data: Located, state: dict[str, dict[str, Any]], named_before: set[str]) -> None:
    _apply_rules_layer(path, data.get("rules"), data.line_of("rules"), state, named_before)
    for key, enabled in (("enable", True), ("disable", False)):
        for name in _rule_names(path, data, key):
            state.setdefault(name, {})["enabled"] = enabled


def _named(data: Any) -> set[str]:
    """Every rule a pack names anywhere (rules, enable, disable, only; every track and stage)."""
    names: set[str] = set()
    if not isinstance(data, dict):
        return names
    names.update(data.get("rules") or {})
    for key in ("enable", "disable", "only"):
        names.update(n for n in data.get(key) or [] if isinstance(n, str))
    for key in ("stages", "tracks"):
        for section in (data.get(key) or {}).values():
            names |= _named(section)
    return names


def _excludes(path: Path, data: Located, current: tuple[str, ...]) -> tuple[str, ...]:
    value = data.get("main_body_excludes")
    if value is None:
        return current
    if not isinstance(value, list) or any(v not in SECTION_KINDS for v in value):
        raise PackError(path, data.line_of("main_body_excludes"),
                        "`main_body_excludes:` must list section kinds.",
                        f"Choose from: {', '.join(SECTION_KINDS)}.")
    return tuple(value)


def _template(path: Path, data: Located, current: tuple[str, Path] | None) -> tuple[str, Path] | None:
    name = data.get("template")
    if name is None:
        return current
    if not isinstance(name, str):
        raise PackError(path, data.line_of("template"), "`template:` must name one template.",
                        "Write e.g. `template: neurips-2026` (docs/templates.md lists them).")
    return name, path


def _layers(path: Path, data: Located, track: str, stage: str) -> list[tuple[str, Located]]:
    """The pack's layers that apply to `track` and `stage`, in order, each with its scope."""
    layers = [("pack", data)]
    stage_data = _section(path, data, "stages", stage, STAGE_KEYS)
    if stage_data is not None:
        layers.append((f"stage {stage}", stage_data))
    track_data = _section(path, data, "tracks", track, TRACK_KEYS)
    if track_data is not None:
        layers.append((f"track {track}", track_data))
        track_stage = _section(path, track_data, "stages", stage, STAGE_KEYS)
        if track_stage is not None:
            layers.append((f"track {track} stage {stage}", track_stage))
    return layers


def _scopes(data: Located) -> set[str]:
    """The scopes a pack writes: the pack itself, its stages, tracks and tracks' stages."""
    scopes = {"pack"} | {f"stage {name}" for name in data.get("stages") or {}}
    for track, section in (data.get("tracks") or {}).items():
        scopes.add(f"track {track}")
        if isinstance(section, dict):
            scopes |= {f"track {track} stage {name}" for name in section.get("stages") or {}}
    return scopes


def resolve(venue: str, track: str | None = None, stage: str | None = None) -> ResolvedPack:
    """The configured rules for `venue` (pack id or path), `track` and `stage` (None: the
    pack's default track or stage)."""
    from ..rules import REGISTRY

    chain = _chain(venue)
    info = pack_info(venue)
    stage = stage or info.default_stage
    track = track or info.default_track
    if track not in info.tracks:
        raise PackError("", None, f"{info.id} has no track '{track}'; tracks: {', '.join(info.tracks) or '(none)'}.",
                        "Use --track with one of them.")
    if stage not in info.stages:
        raise PackError("", None, f"{info.id} has no stage '{stage}'; stages: {', '.join(info.stages)}.",
                        "Use --stage with one of them.")
    state: dict[str, dict[str, Any]] = {}
    excludes: tuple[str, ...] = DEFAULT_MAIN_BODY_EXCLUDES
    only: list[str] | None = None
    template: tuple[str, Path] | None = None
    named_before: set[str] = set()
    scopes_before: set[str] = set()
    for path, data in chain:
        for scope, layer in _layers(path, data, track, stage):
            excludes = _excludes(path, layer, excludes)
            template = _template(path, layer, template)
            _apply_layer(path, layer, state, named_before if scope in scopes_before else set())
            if "only" in layer:
                only = _rule_names(path, layer, "only")
        named_before |= _named(data)
        scopes_before |= _scopes(data)
    facts = _load_template(template)
    configured = []
    for name, settings in state.items():
        if not settings.get("enabled", False) or (only is not None and name not in only):
            continue
        rule = REGISTRY[name]
        options = _options(rule, settings.get("options", {}), facts, template, info.path)
        configured.append(ConfiguredRule(rule, options, settings.get("severity", rule.severity),
                                         settings.get("applies_to", ())))
    configured.sort(key=lambda c: c.rule.id)
    return ResolvedPack(venue=info.id, name=info.name, track=track, stage=stage, main_body_excludes=excludes,
                        rules=tuple(configured), template=facts.name if facts else None,
                        max_findings_per_rule=_max_findings(chain))


def _max_findings(chain: list[tuple[Path, Located]]) -> int:
    """`max_findings_per_rule:` of the last pack in the chain that sets it (a positive whole
    number), else the default."""
    limit = DEFAULT_MAX_FINDINGS_PER_RULE
    for path, data in chain:
        value = data.get("max_findings_per_rule")
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise PackError(path, data.line_of("max_findings_per_rule"),
                            f"`max_findings_per_rule:` must be a whole number of at least 1, not {value!r}.",
                            "Write e.g. `max_findings_per_rule: 50`.")
        limit = value
    return limit


def _load_template(template: tuple[str, Path] | None) -> TemplateFacts | None:
    from ..templates import TemplateError, find_template

    if template is None:
        return None
    name, path = template
    try:
        return find_template(str(path.parent / name) if name.endswith((".yaml", ".yml")) else name)
    except TemplateError as error:
        where = (f" ({error.path}:{error.line})" if error.line else
                 f" ({error.path})" if str(error.path) != name else "")
        raise PackError(path, None, f"`template: {name}`{where}: {error.problem}", error.fix) from error


def _options(rule: Rule, given: dict[str, Any], facts: TemplateFacts | None, template: tuple[str, Path] | None,
             pack: Path) -> Any:
    """The rule's options: what the pack gives, the rest from the template file or the defaults."""
    try:
        return configure(rule, facts, **given)
    except ValueError as error:
        where = template[1] if template else pack
        raise PackError(where, None, f"rule '{rule.name}': {error}",
                        "Name the template with `template:` (docs/templates.md), or give the option in the rule's entry."
                        ) from error
    except TypeError as error:
        raise PackError(pack, None, f"rule '{rule.name}': {error}.", "Check the rule's options.") from error


def configure(rule: Rule, facts: TemplateFacts | None, **given: Any) -> Any:
    """`rule`'s options: `given`, then what its `from_template` options read in `facts`.

    Raises ValueError when an option has to come from a template and none is named (or the
    template file lacks it)."""
    from ..rules.base import TEMPLATE_KEY, TEMPLATE_OPTIONAL_KEY

    options = rule.options(**given)
    filled: dict[str, Any] = {}
    for field in dataclasses.fields(rule.options):
        path = field.metadata.get(TEMPLATE_KEY)
        if path is None or field.name in given:
            continue
        values = {**{f.name: getattr(options, f.name) for f in dataclasses.fields(rule.options)}, **filled}
        if "{" in path:
            try:
                path = path.format(**{k: v for k, v in values.items() if v})
            except KeyError:
                continue  # e.g. no `notice` chosen: the option stays empty
            entry = path.rsplit(".", 1)[0]
            if facts is not None and facts.value(entry) is None:
                choices = facts.value(entry.rsplit(".", 1)[0])
                raise ValueError(f"{facts.name} has no '{entry}'"
                                 + (f" (it has: {', '.join(choices)})." if isinstance(choices, dict) else "."))
        value = facts.value(path) if facts else None
        if value is None:
            if field.metadata.get(TEMPLATE_OPTIONAL_KEY):  # left empty: the rule does without
                continue
            raise ValueError(f"option '{field.name}' comes from the template ({path}), but "
                             + (f"{facts.name} has no '{path}'." if facts else "the pack names no template."))
        if isinstance(value, str) and "{" in value:  # e.g. "Workshop: {workshop_title}."
            try:
                value = value.format(**values)
            except KeyError:
                pass
        filled[field.name] = tuple(value) if isinstance(value, list) else value
    return dataclasses.replace(options, **filled)


def _section(path: Path, data: Located, key: str, name: str, allowed: tuple[str, ...]) -> Located | None:
    group = data.get(key)
    if group is None:
        return None
    if not isinstance(group, Located):
        raise PackError(path, data.line_of(key), f"`{key}:` must be a mapping by name.",
                        f"Write `{key}:\\n  <name>:\\n    rules: ...`.")
    entry = group.get(name)
    if entry is None:
        return None
    _check_keys(path, entry, allowed, f"{key[:-1]} '{name}'", group.line_of(name))
    return entry


def validate_pack(venue: str) -> PackInfo:
    """Load every track and stage of a pack, so that a mistake anywhere in it is reported."""
    info = pack_info(venue)
    for track in info.tracks:
        for stage in info.stages:
            resolve(venue, track, stage)
    return info
