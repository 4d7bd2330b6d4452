"""A file on its way to an executor, and the interface every executor offers.

Three executors implement it: `local.LocalExecutor` (this machine's worker processes),
`dask_executor.DaskExecutor` (a Dask cluster) and the web page's checker processes
(`web.dispatch.CheckerLease`). The run loop (`run.run_items`) drives any of them the same way.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:  # types only: a check, which keeps no store, loads no SQLite
    from ..report import FileResult
    from .inputs import Item
    from .plan import Group
    from .store import ResultKey


class ExecutorError(Exception):
    """An executor cannot run the batch at all (a cluster unreachable, or set up wrongly)."""


class Work(NamedTuple):
    """One file to check: its place in the run, the item, its result's key (None when the
    run keeps no store, or the file could not be hashed) and its group (pack)."""

    position: int
    item: Item
    key: ResultKey | None
    group: Group


class Executor(Protocol):
    """Checks work items and yields each with its result as soon as it is known (any order).
    Every item gets a result: a file whose check fails in any way gets its verdict. Closing
    the generator early (Ctrl-C, a failure) stops whatever the executor started."""

    def run(self, work: Sequence[Work]) -> Generator[tuple[Work, FileResult], None, None]: ...


def by_group(work: Sequence[Work]) -> list[tuple[Group, list[Work]]]:
    """The work items per group, groups in order of first appearance."""
    groups: dict[str, tuple[Group, list[Work]]] = {}
    for item in work:
        groups.setdefault(item.group.hash, (item.group, []))[1].append(item)
    return list(groups.values())
