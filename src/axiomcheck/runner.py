"""Check many files, in order: each in an isolated worker process (the default), or here.

Each file is checked by `api.check_path`; a file that fails in any way still gets a result,
so one bad file never stops the batch. Isolated, the calling process never imports a PDF
library: workers forked from it parse the files under `Limits` and are killed when they
overrun them (`axiomcheck.isolation`). In-process mode is for the library API and tests: it
is faster to start but cannot stop a file that loops or exhausts memory.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .limits import DEFAULT_LIMITS, Limits
from .isolation.pool import WorkerPool
from .isolation.worker import FileTask
from .model import Submission
from .packs import ResolvedPack
from .report import FileResult, Report

__all__ = ["FileTask", "check_paths", "check_tasks", "iter_results", "page_limits"]


def iter_results(tasks: Sequence[FileTask], pack: ResolvedPack, limits: Limits = DEFAULT_LIMITS,
                 jobs: int = 1, isolated: bool = True, evidence_dir: str | None = None) -> Iterator[FileResult]:
    """One result per task, in the order given, each yielded as soon as it and the ones
    before it are known. `jobs` workers check files in parallel (isolated mode only). With
    `evidence_dir`, findings with a box get a picture of their page there (`reporters.evidence`)."""
    if not isolated:
        from .api import check_path  # noqa: PLC0415 - in-process mode only: isolated runs parse in workers
        from .reporters.evidence import with_evidence  # noqa: PLC0415 - loads PDFium: in-process mode only

        for task in tasks:
            result = check_path(task.path, pack, task.submission, limits)
            yield with_evidence(result, evidence_dir) if evidence_dir is not None else result
        return
    with WorkerPool(pack, limits, jobs, evidence_dir) as pool:
        yield from pool.check(tasks)


def check_tasks(tasks: Sequence[FileTask], pack: ResolvedPack, limits: Limits = DEFAULT_LIMITS,
                jobs: int = 1, isolated: bool = True, evidence_dir: str | None = None) -> Report:
    """A report with one result per task (a file and what is known about it), in the order given."""
    report = Report(venue=pack.venue, track=pack.track, stage=pack.stage, page_limits=page_limits(pack))
    report.files.extend(iter_results(tasks, pack, limits, jobs, isolated, evidence_dir))
    return report


def page_limits(pack: ResolvedPack) -> dict[str, float]:
    """The pack's main-body page limit for its track, if it has one (a report's `page_limits`)."""
    limit = pack.main_body_page_limit
    return {} if limit is None else {pack.track: limit}


def check_paths(paths: Sequence[str], pack: ResolvedPack, authors: tuple[str, ...] = (), jobs: int = 1,
                limits: Limits = DEFAULT_LIMITS, isolated: bool = True, evidence_dir: str | None = None) -> Report:
    """A report with one result per path, in the order given; `authors` apply to every file."""
    tasks = [FileTask(path, Submission(authors=authors)) for path in paths]
    return check_tasks(tasks, pack, limits, jobs, isolated, evidence_dir)
