"""The packs of a run and the key of each result: one resolved pack per (track, stage).

A manifest may give each file its own track and stage, so a run resolves one pack per pair
it meets (with the same `--select`/`--ignore`/`--extend-select`), and hashes each: the hash
covers every rule's id, options and severity, the sections excluded from the main body, the
track and the stage, so any change to the pack that could change a verdict changes it.

The door of a run (`check`, `batch`, the web page) decides its packs once, as a `RunPlan`,
before any file is read: a pack's mistake stops the command there. The run loop and the
executors take the plan's groups as they are; only a process that has no copy of the pack
(a Dask worker, a web checker) resolves it again, from the group's `PackSpec`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..limits import Limits
from ..packs import ResolvedPack, Selection, resolve
from .inputs import Item

if TYPE_CHECKING:
    from ..references import ReferenceSettings
    from .store import ResultKey


@dataclass(frozen=True)
class PackSpec:
    """How to resolve a batch's pack anywhere (also on another machine): plain data."""

    venue: str
    track: str | None
    """None: the pack's default track."""
    stage: str | None
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()

    def resolve(self) -> ResolvedPack:
        """The pack with the selection applied; raises PackError or SelectionError."""
        return resolve(self.venue, self.track, self.stage, Selection.of(self.select, self.ignore, self.extend_select))


@dataclass(frozen=True)
class Group:
    """The files of one track and stage: their pack, its hash and how to resolve it again."""

    spec: PackSpec
    pack: ResolvedPack
    hash: str

    @classmethod
    def of(cls, spec: PackSpec, pack: ResolvedPack) -> Group:
        """The group of `pack`, already resolved from `spec`."""
        return cls(spec, pack, pack_hash(pack))


GroupKey = tuple[str | None, str | None]
"""The track and stage a file asks for (None: the run's, or the pack's default)."""


@dataclass(frozen=True)
class RunPlan:
    """What a run checks against, decided once at its door: the group (resolved pack) of
    each track and stage its items ask for, and `run`, the run's own (its report's header)."""

    spec: PackSpec
    groups: Mapping[GroupKey, Group]

    @classmethod
    def resolve(cls, spec: PackSpec) -> RunPlan:
        """The plan of a run whose files take its own track and stage (`including` adds the
        others); raises PackError or SelectionError when the pack cannot be resolved."""
        return cls.of(Group.of(spec, spec.resolve()))

    def including(self, items: Sequence[Item]) -> RunPlan:
        """This plan with a group for each track and stage `items` ask for (a manifest's);
        raises PackError or SelectionError for one the pack does not have."""
        groups = dict(self.groups)
        for key in (group_of(item, self.spec) for item in items):
            if key not in groups:
                wanted = dataclasses.replace(self.spec, track=key[0], stage=key[1])
                groups[key] = Group.of(wanted, wanted.resolve())
        return RunPlan(self.spec, groups)

    @classmethod
    def of(cls, group: Group) -> RunPlan:
        """The plan of a run whose every file takes `group` (its pack already resolved)."""
        return cls(group.spec, {(group.spec.track, group.spec.stage): group})

    @property
    def run(self) -> Group:
        return self.groups[(self.spec.track, self.spec.stage)]

    def group_for(self, item: Item) -> Group:
        """The group of `item`: its own track and stage, or the run's (KeyError for a pair the
        plan was not made for)."""
        return self.groups[group_of(item, self.spec)]


def pack_hash(pack: ResolvedPack) -> str:
    """A SHA-256 of everything in the resolved pack that can change a verdict."""
    data = {"venue": pack.venue, "track": pack.track, "stage": pack.stage,
            "main_body_excludes": list(pack.main_body_excludes),
            "rules": [[c.rule.id, c.rule.name, c.severity.value, _plain(c.options)] for c in pack.rules]}
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=repr).encode("utf-8")).hexdigest()


def _plain(options: Any) -> Any:
    if dataclasses.is_dataclass(options) and not isinstance(options, type):
        return dataclasses.asdict(options)
    return repr(options)


def settings_key(limits: Limits, evidence_dir: str | None, references: ReferenceSettings | None = None) -> str:
    """The settings that change a verdict or what a result holds (the limits, the folder its
    evidence pictures are in, where references are looked up), as one text."""
    evidence = os.path.abspath(evidence_dir) if evidence_dir is not None else ""
    looked_up = f";{references.key()}" if references is not None else ""
    return (f"timeout={limits.timeout:g};max_memory={limits.max_memory};max_size={limits.max_size};"
            f"max_pages={limits.max_file_pages};max_decoded={limits.max_decoded};evidence={evidence}{looked_up}")


def group_of(item: Item, base: PackSpec) -> GroupKey:
    return item.track or base.track, item.stage or base.stage


def result_key(sha256: str, group: Group, settings: str) -> ResultKey:
    from .store import ResultKey  # noqa: PLC0415 - SQLite only for runs that keep a store

    return ResultKey(sha256=sha256, pack=group.pack.venue, pack_hash=group.hash, track=group.pack.track,
                     stage=group.pack.stage, axiomcheck_version=__version__, settings=settings)
