"""The packs of a batch and the key of each result: one resolved pack per (track, stage).

A manifest may give each file its own track and stage, so a batch resolves one pack per
pair it meets (with the same `--select`/`--ignore`/`--extend-select`), and hashes each: the
hash covers every rule's id, options and severity, the sections excluded from the main body,
the track and the stage, so any change to the pack that could change a verdict changes it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Sequence
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


def resolve_groups(items: Sequence[Item], base: PackSpec) -> dict[tuple[str | None, str | None], Group]:
    """One group per (track, stage) the items ask for (theirs, or the batch's); raises
    PackError or SelectionError for a track or stage the pack does not have."""
    groups: dict[tuple[str | None, str | None], Group] = {}
    for item in items:
        wanted = group_of(item, base)
        if wanted not in groups:
            spec = dataclasses.replace(base, track=wanted[0], stage=wanted[1])
            pack = spec.resolve()
            groups[wanted] = Group(spec, pack, pack_hash(pack))
    return groups


def group_of(item: Item, base: PackSpec) -> tuple[str | None, str | None]:
    return item.track or base.track, item.stage or base.stage


def result_key(sha256: str, group: Group, settings: str) -> ResultKey:
    from .store import ResultKey  # noqa: PLC0415 - SQLite only for runs that keep a store

    return ResultKey(sha256=sha256, pack=group.pack.venue, pack_hash=group.hash, track=group.pack.track,
                     stage=group.pack.stage, axiomcheck_version=__version__, settings=settings)
