"""The local executor: this machine's isolated worker processes (`execution.WorkerPool`).

One pool per group (track and stage: the workers are forked with their pack), `jobs`
workers each. Results come back as each file finishes, whatever the order, so the store
keeps every result the moment it is known. Archive members are written to the staging folder
a chunk at a time and removed once checked.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from typing import TYPE_CHECKING

from ..execution import FileTask, WorkerPool
from ..limits import Limits
from ..report import FileResult
from .inputs import Staging
from .work import Work, by_group

if TYPE_CHECKING:
    from ..references import ReferenceSettings

CHUNK = 256
"""Files handed to the pool at once: bounds the archive members on disk at a time."""


class LocalExecutor:
    """Check work items in `jobs` isolated worker processes on this machine (looking the
    bibliographies up as `references` say, when given)."""

    def __init__(self, limits: Limits, jobs: int, evidence_dir: str | None = None,
                 references: ReferenceSettings | None = None) -> None:
        self.limits = limits
        self.references = references
        self.jobs = jobs
        self.evidence_dir = evidence_dir

    def run(self, work: Sequence[Work]) -> Generator[tuple[Work, FileResult], None, None]:
        with Staging(self.limits, link_files=self.evidence_dir is not None) as staging:
            for group, items in by_group(work):
                with WorkerPool(group.pack, self.limits, self.jobs, self.evidence_dir,
                                references=self.references) as pool:
                    for start in range(0, len(items), CHUNK):
                        yield from self._chunk(pool, staging, items[start:start + CHUNK])

    def _chunk(self, pool: WorkerPool, staging: Staging, chunk: Sequence[Work]) -> Iterator[tuple[Work, FileResult]]:
        tasks: list[FileTask] = []
        owners: list[tuple[Work, str]] = []
        for item in chunk:
            placed = staging.place(item.item, item.key.sha256 if item.key else "")
            if isinstance(placed, FileResult):
                yield item, placed
                continue
            tasks.append(FileTask(placed, item.item.submission, sha256=item.key.sha256 if item.key else None))
            owners.append((item, placed))
        for index, result in pool.check_as_completed(tasks):
            owner, placed = owners[index]
            staging.release(placed)
            yield owner, result
