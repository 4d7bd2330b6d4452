"""A file on its way to an executor, and what every executor offers."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..report import FileResult
from .inputs import Item
from .plan import Group
from .store import ResultKey


class ExecutorError(Exception):
    """An executor cannot run the batch at all (a cluster unreachable, or set up wrongly)."""


@dataclass(frozen=True)
class Work:
    """One file to check: its place in the run, the item, its result's key and its group."""

    position: int
    item: Item
    key: ResultKey | None
    group: Group


class Executor(Protocol):
    """Checks work items and yields each with its result as soon as it is known (any order)."""

    def run(self, work: Sequence[Work]) -> Iterator[tuple[Work, FileResult]]: ...


def by_group(work: Sequence[Work]) -> list[tuple[Group, list[Work]]]:
    """The work items per group, groups in order of first appearance."""
    groups: dict[str, tuple[Group, list[Work]]] = {}
    for item in work:
        groups.setdefault(item.group.hash, (item.group, []))[1].append(item)
    return list(groups.values())
