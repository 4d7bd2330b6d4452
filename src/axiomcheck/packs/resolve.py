"""Turn a rule pack, a track and a stage into the configured rules to run.

A pack is YAML data (see docs/rule-packs.md):

    pack: axiom-2026
    extends: neurips-2026            # optional: a shipped pack id or a path
    main_body_excludes: [...]        # sections that do not count toward page limits
    default_stage: submission
    rules: {page-size: {sizes: [letter]}}
    disable: [rule-name, ...]
    stages: {submission: {rules: ..., disable: ...}, camera-ready: {...}}
    tracks: {paper: {description: ..., rules: ..., disable: ..., stages: {...}}}

Layers apply in order, for each pack from the base of the `extends` chain to the pack
itself: its `rules`/`disable`, then the stage's, then the track's, then the track's stage's.
A rule entry merges its options key by key into what earlier layers set; `severity:` and
`enabled:` are accepted on every rule entry.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model import DEFAULT_MAIN_BODY_EXCLUDES, SECTION_KINDS
from .loader import Located, PackError, load_yaml

if TYPE_CHECKING:  # the rules load when a pack is resolved, not when its identity is read
    from ..rules import Rule, Severity

PACK_KEYS = ("pack", "name", "source", "description", "extends", "main_body_excludes",
             "default_stage", "rules", "disable", "enable", "stages", "tracks", "max_findings_per_rule")
TRACK_KEYS = ("description", "main_body_excludes", "rules", "disable", "enable", "stages")
STAGE_KEYS = ("description", "rules", "disable", "enable")
RULE_ENTRY_KEYS = ("severity", "enabled")
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


@dataclass(frozen=True)
class PackInfo:
    """A pack's identity, tracks and stages (for `axiomcheck packs`)."""

    id: str
    name: str
    path: Path
    tracks: dict[str, str]
    stages: tuple[str, ...]
    default_stage: str


@dataclass(frozen=True)
class ResolvedPack:
    """The rules to run for one venue, track and stage."""

    venue: str
    name: str
    track: str
    stage: str
    main_body_excludes: tuple[str, ...]
    rules: tuple[ConfiguredRule, ...]
    max_findings_per_rule: int = DEFAULT_MAX_FINDINGS_PER_RULE
    """The most findings one rule reports per file (see `_max_findings`)."""


def _locate(venue: str, relative_to: Path | None = None) -> Path:
    candidate = Path(venue)
    if candidate.suffix in (".yaml", ".yml"):
        if not candidate.is_absolute() and relative_to is not None:
            candidate = relative_to.parent / candidate
        return candidate
    shipped = packs_directory() / f"{venue}.yaml"
    if shipped.is_file():
        return shipped
    raise PackError(venue, None, f"no rule pack named '{venue}'.",
                    f"Use one of: {', '.join(shipped_packs())}, or a path to a .yaml pack.")


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


def chain_paths(venue: str) -> list[Path]:
    """The files of a pack and of the packs it extends, base first."""
    return [path for path, _ in _chain(venue)]


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
    return PackInfo(id=str(data.get("pack") or path.stem), name=str(data.get("name") or ""), path=path,
                    tracks=_tracks(chain), stages=stages, default_stage=default)


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


def _apply_rules_layer(path: Path, layer: Any, line: int, state: dict[str, dict[str, Any]]) -> None:
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
        current = state.setdefault(name, {"enabled": True})
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
            elif key in types:
                current.setdefault("options", {})[key] = _coerce(value, types[key], (path, key_line, name, key))
            else:
                known = ", ".join(list(types) + list(RULE_ENTRY_KEYS))
                raise PackError(path, key_line, f"rule '{name}' has no option '{key}'.",
                                f"Known keys for '{name}': {known}.")


def _apply_name_list(path: Path, data: Located, key: str, state: dict[str, dict[str, Any]], enabled: bool) -> None:
    from ..rules import REGISTRY

    names = data.get(key)
    if names is None:
        return
    if not isinstance(names, list):
        raise PackError(path, data.line_of(key), f"`{key}:` must be a list of rule names.",
                        f"Write `{key}: [rule-name, ...]`.")
    for name in names:
        if name not in REGISTRY:
            raise PackError(path, data.line_of(key), f"`{key}:` names an unknown rule '{name}'.",
                            f"Known rules: {', '.join(sorted(REGISTRY))}.")
        state.setdefault(name, {})["enabled"] = enabled


def _apply_layer(path: Path, data: Located, state: dict[str, dict[str, Any]]) -> None:
    _apply_rules_layer(path, data.get("rules"), data.line_of("rules"), state)
    _apply_name_list(path, data, "enable", state, True)
    _apply_name_list(path, data, "disable", state, False)


def _excludes(path: Path, data: Located, current: tuple[str, ...]) -> tuple[str, ...]:
    value = data.get("main_body_excludes")
    if value is None:
        return current
    if not isinstance(value, list) or any(v not in SECTION_KINDS for v in value):
        raise PackError(path, data.line_of("main_body_excludes"),
                        "`main_body_excludes:` must list section kinds.",
                        f"Choose from: {', '.join(SECTION_KINDS)}.")
    return tuple(value)


def resolve(venue: str, track: str, stage: str | None = None) -> ResolvedPack:
    """The configured rules for `venue` (pack id or path), `track` and `stage`."""
    from ..rules import REGISTRY

    chain = _chain(venue)
    info = pack_info(venue)
    stage = stage or info.default_stage
    if track not in info.tracks:
        raise PackError(info.path, None, f"the pack has no track '{track}'.",
                        f"Use --track with one of: {', '.join(info.tracks) or '(none defined)'}.")
    if stage not in info.stages:
        raise PackError(info.path, None, f"the pack has no stage '{stage}'.",
                        f"Use --stage with one of: {', '.join(info.stages)}.")
    state: dict[str, dict[str, Any]] = {}
    excludes: tuple[str, ...] = DEFAULT_MAIN_BODY_EXCLUDES
    for path, data in chain:
        excludes = _excludes(path, data, excludes)
        _apply_layer(path, data, state)
        stage_data = _section(path, data, "stages", stage, STAGE_KEYS)
        if stage_data is not None:
            _apply_layer(path, stage_data, state)
        track_data = _section(path, data, "tracks", track, TRACK_KEYS)
        if track_data is not None:
            excludes = _excludes(path, track_data, excludes)
            _apply_layer(path, track_data, state)
            track_stage = _section(path, track_data, "stages", stage, STAGE_KEYS)
            if track_stage is not None:
                _apply_layer(path, track_stage, state)
    configured = []
    for name, settings in state.items():
        if not settings.get("enabled", False):
            continue
        rule = REGISTRY[name]
        try:
            options = rule.options(**settings.get("options", {}))
        except TypeError as error:
            raise PackError(info.path, None, f"rule '{name}': {error}.", "Check the rule's options.") from error
        configured.append(ConfiguredRule(rule, options, settings.get("severity", rule.severity)))
    configured.sort(key=lambda c: c.rule.id)
    return ResolvedPack(venue=info.id, name=info.name, track=track, stage=stage,
                        main_body_excludes=excludes, rules=tuple(configured),
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
