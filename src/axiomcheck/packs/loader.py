"""Read a rule-pack YAML file into a typed, validated `PackFile`, and follow its `extends:` chain.

Each file is checked against the pack schema (`schema.py`, built from the rule registry)
before anything reads it, so every mistake is a `PackError` naming the file, the line, the
key, what is wrong and how to fix it (with the keys that would have been accepted), and an
organizer editing a pack never reads a traceback. The parsed form of each pack is cached
(`yamldata.load_cached`), and so is the fact that a file's text passed the schema.
"""

from __future__ import annotations

import typing
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model import SECTION_KINDS, SectionKind, Severity, member
from ..pack_catalog import packs_directory, shipped_packs
from ..yamldata import DataFileError, Located, LocatedList, load_cached, locate, read_text, validate
from .schema import option_keys, pack_schema, problem_and_fix

if TYPE_CHECKING:
    from ..rules import Rule

MAX_EXTENDS_DEPTH = 8
"""How many packs an `extends:` chain may hold (a longer one is taken for a loop)."""
PACK_START = "`pack: <id>` and `tracks:`"


class PackError(DataFileError):
    """A rule pack cannot be used: names the file, the line, the key and the fix."""


class PackDeprecationWarning(UserWarning):
    """A pack uses a key that still works under a new name (shown with the pack's file and line)."""


@dataclass(frozen=True)
class RuleEntry:
    """One rule's entry in one layer of a pack: its options (typed) and what it says about the rule."""

    name: str
    line: int
    options: dict[str, Any]
    """Option field -> value, converted to the option's type (lists become tuples)."""
    severity: Severity | None = None
    enabled: bool | None = None
    applies_to: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Layer:
    """The pack itself, a stage, a track or a track's stage: what it configures."""

    description: str | None = None
    template: str | None = None
    main_body_excludes: tuple[SectionKind, ...] | None = None
    rules: tuple[RuleEntry, ...] = ()
    enable: tuple[str, ...] = ()
    disable: tuple[str, ...] = ()
    only: tuple[str, ...] | None = None
    """A track's complete list of the rules it may run."""
    stages: dict[str, Layer] = field(default_factory=dict)

    def named(self) -> set[str]:
        """Every rule this layer (and its stages) names."""
        names = {entry.name for entry in self.rules} | set(self.enable) | set(self.disable) | set(self.only or ())
        for stage in self.stages.values():
            names |= stage.named()
        return names


@dataclass(frozen=True)
class PackFile:
    """One pack file, validated."""

    path: Path
    id: str
    name: str
    extends: str | None
    extends_line: int
    default_stage: str | None
    max_findings_per_rule: int | None
    body: Layer
    """The pack's own layer, with its stages."""
    tracks: dict[str, Layer]
    source: str = ""
    """Where the pack's numbers and requirements come from, as the pack says."""
    default_track: str | None = None
    default_track_line: int = 0
    chosen_for: tuple[tuple[int, dict[str, str]], ...] = ()
    """The PDFs this pack checks when no venue is given: (line, entry) for each `chosen_for:`
    entry, as written (`choice.py` reads them)."""

    def named(self) -> set[str]:
        """Every rule the file names anywhere (rules, enable, disable, only; every track and stage)."""
        names = self.body.named()
        for track in self.tracks.values():
            names |= track.named()
        return names

    def scopes(self) -> set[str]:
        """The scopes the file writes: the pack itself, its stages, tracks and tracks' stages."""
        scopes = {"pack"} | {f"stage {name}" for name in self.body.stages}
        for name, track in self.tracks.items():
            scopes |= {f"track {name}"} | {f"track {name} stage {stage}" for stage in track.stages}
        return scopes


def _typed(value: Any, annotation: Any) -> Any:
    """`value`, valid for `annotation` by the schema, as the option's Python type."""
    if typing.get_origin(annotation) is tuple:
        return tuple(value) if isinstance(value, list) else (value,)
    if annotation is float:
        return float(value)
    if typing.get_origin(annotation) is not None and type(None) in typing.get_args(annotation):
        inner = next(arg for arg in typing.get_args(annotation) if arg is not type(None))
        return _typed(value, inner)
    return value


def _entry(path: Path, rule: Rule, data: Located | None, line: int) -> RuleEntry:
    data = data if data is not None else Located(line)
    hints = typing.get_type_hints(rule.options)
    fields = option_keys(rule)
    options = {}
    for key, value in data.items():
        if key in fields:
            option = fields[key]
            if option != key:
                _deprecated(path, data.line_of(key), f"rule '{rule.name}': option '{key}' is now called "
                                                      f"'{option}'; the old name still works for now.",
                            f"Write `{option}:` instead of `{key}:`.")
            options[option] = _typed(value, hints[option])
    applies_to = data.get("applies_to")
    return RuleEntry(
        name=rule.name, line=line, options=options,
        severity=Severity(data["severity"]) if "severity" in data else None, enabled=data.get("enabled"),
        applies_to=None if applies_to is None else tuple(f for f in _typed(applies_to, tuple[str, ...]) if f))


def _deprecated(path: Path, line: int, problem: str, fix: str) -> None:
    warnings.warn_explicit(f"{problem} Fix: {fix}", PackDeprecationWarning, str(path), line)


def _names(data: Located, key: str) -> tuple[str, ...]:
    return tuple(data.get(key) or ())


def _section_kinds(words: LocatedList) -> tuple[SectionKind, ...]:
    return tuple(member(SECTION_KINDS, word) for word in words)


def _layer(path: Path, data: Located) -> Layer:
    from ..rules import REGISTRY  # noqa: PLC0415 - the rules load when a pack is read, not when it is listed

    rules: Located = data.get("rules") or Located(data.line_of("rules"))
    excludes = data.get("main_body_excludes")
    only = data.get("only")
    return Layer(
        description=data.get("description"), template=data.get("template"),
        main_body_excludes=_section_kinds(excludes) if isinstance(excludes, LocatedList) else None,
        rules=tuple(_entry(path, REGISTRY[name], entry, rules.line_of(name)) for name, entry in rules.items()),
        enable=_names(data, "enable"), disable=_names(data, "disable"),
        only=tuple(only) if only is not None else None,
        stages={name: _layer(path, stage or Located(data.line)) for name, stage in (data.get("stages") or {}).items()})


def read_pack_file(path: Path) -> PackFile:
    """One pack file, parsed (or taken from the cache) and checked against the pack schema."""
    from ..rules import REGISTRY  # noqa: PLC0415 - see _layer
    from ..templates import families  # noqa: PLC0415 - the template files load with the rules

    text = read_text(path, PackError, "pack")
    data = load_cached(path, PackError, "pack", PACK_START)
    names, known = tuple(sorted(REGISTRY)), families()
    validate(path, data, pack_schema(names, known), PackError, lambda e: problem_and_fix(e, names, known), text)
    return PackFile(
        path=path, id=str(data.get("pack") or path.stem), name=str(data.get("name") or ""),
        extends=data.get("extends"), extends_line=data.line_of("extends"), default_stage=data.get("default_stage"),
        max_findings_per_rule=data.get("max_findings_per_rule"), body=_layer(path, data),
        tracks={name: _layer(path, track or Located(data.line)) for name, track in (data.get("tracks") or {}).items()},
        source=str(data.get("source") or ""), default_track=data.get("default_track"),
        default_track_line=data.line_of("default_track"), chosen_for=_chosen_for(data))


def _chosen_for(data: Located) -> tuple[tuple[int, dict[str, str]], ...]:
    entries: LocatedList = data.get("chosen_for") or LocatedList(data.line_of("chosen_for"))
    return tuple((entries.line_of(index), dict(entry)) for index, entry in enumerate(entries))


def locate_pack(venue: str, relative_to: Path | None = None) -> Path:
    """The file of pack `venue` (a shipped id or a path, relative to the pack that names it)."""
    found = locate(venue, packs_directory(), relative_to)
    if found is not None:
        return found
    raise PackError(venue, None, f"no rule pack named '{venue}'.",
                    f"Use one of: {', '.join(shipped_packs())}, or a path to a .yaml pack.")


def read_chain(venue: str) -> list[PackFile]:
    """The pack and the packs it extends, base first, each validated."""
    chain: list[PackFile] = []
    path = locate_pack(venue)
    seen: set[Path] = set()
    while True:
        if path.resolve() in seen or len(chain) >= MAX_EXTENDS_DEPTH:
            raise PackError(path, None, "the `extends:` chain loops or is too deep.",
                            "Make each pack extend a different, more general pack.")
        seen.add(path.resolve())
        pack = read_pack_file(path)
        chain.append(pack)
        if pack.extends is None:
            break
        try:
            path = locate_pack(pack.extends, relative_to=path)
        except PackError as error:
            raise PackError(path, pack.extends_line, error.problem, error.fix, "extends") from error
    chain.reverse()
    return chain


def chain_paths(venue: str) -> list[Path]:
    """The files of a pack and of the packs it extends, base first."""
    return [pack.path for pack in read_chain(venue)]
