"""Execution: checking files nobody vetted, in worker processes the parent can kill.

A PDF library can loop forever, recurse without end, allocate gigabytes from a few
kilobytes, or abort the whole process on a hostile file, so the command line, the batch and
the web page never parse a PDF in their own process. `pool.WorkerPool` hands files to forked
workers (`worker.py`) that run the pipeline under the run's limits (`confinement.py`, the one
place that applies them), replaces a worker that dies and decides what its file gets
(`deaths.py`). Processes talk in typed messages (`messages.py`) through one codec
(`codec.py`) over channels (`channel.py`) that no other process inherits (`process.py`); a
worker may fork helpers that read on the spare core (`prefetch.py`).

`check_paths` and `iter_results` are the library's way to check many files isolated; the
command line's run loop is `batch.run.run_items`. docs/limits-and-verdicts.md describes the
limits and what a worker's death costs.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..limits import DEFAULT_LIMITS, Limits
from ..model import Submission
from ..packs import ResolvedPack
from ..report import FileResult, Report
from .pool import FileTask, WorkerPool

__all__ = ["FileTask", "WorkerPool", "check_paths", "check_tasks", "iter_results", "page_limits"]


def iter_results(tasks: Sequence[FileTask], pack: ResolvedPack, limits: Limits = DEFAULT_LIMITS, jobs: int = 1,
                 evidence_dir: str | None = None) -> Iterator[FileResult]:
    """One result per task, in the order given, each yielded as soon as it and the ones
    before it are known; `jobs` workers check files in parallel. With `evidence_dir`,
    findings with a box get a picture of their page there (`reporters.evidence`)."""
    with WorkerPool(pack, limits, jobs, evidence_dir) as pool:
        yield from pool.check(tasks)


def check_tasks(tasks: Sequence[FileTask], pack: ResolvedPack, limits: Limits = DEFAULT_LIMITS, jobs: int = 1,
                evidence_dir: str | None = None) -> Report:
    """A report with one result per task (a file and what is known about it), in the order given."""
    report = Report(venue=pack.venue, track=pack.track, stage=pack.stage, page_limits=page_limits(pack))
    report.files.extend(iter_results(tasks, pack, limits, jobs, evidence_dir))
    return report


def check_paths(paths: Sequence[str], pack: ResolvedPack, authors: tuple[str, ...] = (), jobs: int = 1,
                limits: Limits = DEFAULT_LIMITS, evidence_dir: str | None = None) -> Report:
    """A report with one result per path, in the order given; `authors` apply to every file."""
    return check_tasks([FileTask(path, Submission(authors=authors)) for path in paths], pack, limits, jobs,
                       evidence_dir)


def page_limits(pack: ResolvedPack) -> dict[str, float]:
    """The pack's main-body page limit for its track, if it has one (a report's `page_limits`)."""
    limit = pack.main_body_page_limit
    return {} if limit is None else {pack.track: limit}
