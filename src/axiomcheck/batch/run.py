"""The run loop of `check`, `batch` and `serve`: items -> executor -> store and emitters.

A run resolves a pack per (track, stage) its items ask for (a mistake there stops the run
before anything is checked), then hands the items to an executor (`work.Executor`: this
machine's workers, a Dask cluster, the web page's checkers) and takes each result as it
arrives, in any order. With a results store (`batch`), each file is hashed first (its
SHA-256 is its key; an archive member is decompressed to the staging folder as it is
hashed, `inputs.Staging`), known results are taken from the store (unless `force`), files
with the same content are checked once, and each result is kept in its own transaction the
moment it arrives; the run's report is then the store's. Without one (`check`, `serve`),
nothing is hashed or kept. Items that belong to a numbered submission (a manifest, an
OpenReview export) are taken in the order of their numbers, the others after them in the
order given (`report.submission_order`). Emitters (`reporters`) get each file's result,
waivers applied and its submission named, in that order, as soon as it and the ones before
it are known.

Ctrl-C (KeyboardInterrupt) stops the executor, marks the run `interrupted`, and returns what
is done: `Outcome` says how many of how many files were done, and the emitters are told the
run is partial. Any other exception that stops the run (a store that cannot be written, an
executor lost) marks it `failed`, tells the emitters so, and goes on up. A run killed
outright leaves its finished files in the store for the next run to skip.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from .. import __version__
from ..execution import page_limits
from ..limits import Limits
from ..report import FileResult, Report, RunState, RunStatus, SubmissionRef, VenueChoice, submission_order
from ..reporters.base import Emitter
from .inputs import Item, Staging, verdict_result
from .plan import PackSpec, group_of, resolve_groups, result_key, settings_key
from .progress import NoProgress, Progress
from .waivers import Waiver, apply_waivers
from .work import Executor, Work

if TYPE_CHECKING:  # types only: a check, which keeps no store, loads no SQLite
    from .store import ResultKey, Store
    from .store_runs import RunInfo


class RunSettings(NamedTuple):
    """What a run checks against and under: the pack, the limits, whether known results are
    checked again (`force`), where evidence pictures go, and the waivers."""

    spec: PackSpec
    limits: Limits
    force: bool = False
    evidence_dir: str | None = None
    waivers: tuple[Waiver, ...] = ()
    venue_choice: VenueChoice | None = None
    """How the venue was chosen when it was recognised from the PDFs' template (the report says)."""


class Outcome(NamedTuple):
    """What a run did: its id in the store (None without one), its report (waivers applied,
    the files in the order of the items), the files it checked and those it took from the
    store, how many files it had (`total`), whether Ctrl-C stopped it, and the stopped run
    of the store it took up (`resumes`: the latest run, stopped early, of the same command)."""

    run_id: int | None
    report: Report
    checked: int
    cached: int
    total: int
    interrupted: bool
    resumes: RunInfo | None = None

    @property
    def resuming(self) -> str:
        """`, resuming run 4 (12 of 30 files done)`, for the summary line, or nothing."""
        stopped = self.resumes
        if stopped is None:
            return ""
        total = stopped.files if stopped.files_total is None else stopped.files_total
        return f", resuming run {stopped.id} ({stopped.files} of {total} files done)"

    @property
    def done(self) -> int:
        """Files with a result: `total` unless the run was stopped."""
        return len(self.report.files)


class _InOrder:
    """Results as they come, any order, handed on in the order of the items: waivers
    applied, each to every emitter, as soon as it and the ones before it are known."""

    def __init__(self, header: Report, emitters: Sequence[Emitter], waivers: Sequence[Waiver]) -> None:
        self.header = header
        self.emitters = emitters
        self.waivers = waivers
        self.files: list[FileResult] = []
        self._waiting: dict[int, FileResult] = {}
        self._next = 0

    @property
    def known(self) -> int:
        """Files whose result is known, handed on or waiting for a file before them."""
        return len(self.files) + len(self._waiting)

    def add(self, work: Work, result: FileResult) -> None:
        track = work.group.pack.track
        result = dataclasses.replace(result, path=work.item.display,
                                     track=track if track != self.header.track else None,
                                     submission=SubmissionRef.of(work.item.submission))
        self._waiting[work.position] = apply_waivers(result, self.waivers, work.item.submission.id)
        while self._next in self._waiting:
            self._emit(self._waiting.pop(self._next))
            self._next += 1

    def finish(self, status: RunStatus | None) -> None:
        """Hand on what is still waiting for a file before it (a stopped run), in order, and
        tell the emitters whether the run was complete."""
        for position in sorted(self._waiting):
            self._emit(self._waiting.pop(position))
        for emitter in self.emitters:
            emitter.finish(status)

    def _emit(self, result: FileResult) -> None:
        self.files.append(result)
        for emitter in self.emitters:
            emitter.file(result)


STOPPED_BY: dict[RunState, str] = {"interrupted": "stopped by Ctrl-C", "failed": "stopped by an error"}
"""Why a run that ended in that state stopped before its last file (what outputs say)."""


def run_items(items: Sequence[Item], settings: RunSettings, executor: Executor, store: Store | None = None,
              progress: Progress | None = None, emitters: Sequence[Emitter] = (), command: str = "") -> Outcome:
    """Run `items` (see the module docstring); raises PackError or SelectionError before
    anything runs when the pack cannot be resolved for an item's track and stage."""
    progress = progress or NoProgress()
    items = sorted(items, key=lambda item: submission_order(SubmissionRef.of(item.submission)))
    groups = resolve_groups(items, settings.spec)
    base = groups.get((settings.spec.track, settings.spec.stage))
    pack = base.pack if base is not None else settings.spec.resolve()
    limits = {track: limit for group in groups.values() for track, limit in page_limits(group.pack).items()}
    header = Report(venue=pack.venue, track=pack.track, stage=pack.stage, page_limits=limits,
                    venue_choice=settings.venue_choice)
    started = store.start_run(pack.venue, pack.track, pack.stage, __version__, command, settings.waivers,
                              limits, len(items)) if store is not None else None
    run_id = started.id if started is not None else None
    results = _InOrder(header, emitters, settings.waivers)
    for emitter in emitters:
        emitter.start(header)
    settings_text = settings_key(settings.limits, settings.evidence_dir)
    checked = cached = 0
    state: RunState = "failed"

    def keep(work: Work, result: FileResult, was_cached: bool = False) -> None:
        if store is not None and run_id is not None:
            store.record(run_id, work.position, work.item.display, work.key, work.item.submission, result,
                         cached=was_cached)
        results.add(work, result)

    staged_in = store.staging_folder(run_id) if store is not None and run_id is not None else None
    with Staging(settings.limits, folder=staged_in) as staging:
        try:
            pending: list[Work] = []
            followers: dict[ResultKey, list[Work]] = {}
            for position, item in enumerate(items):
                group = groups[group_of(item, settings.spec)]
                if store is None:
                    if item.problem is not None:
                        keep(Work(position, item, None, group), verdict_result(item, item.problem))
                    else:
                        pending.append(Work(position, item, None, group))
                    continue
                item, sha, problem = staging.hash(item)  # an archive member is staged as it is hashed
                if problem is not None:
                    keep(Work(position, item, None, group), verdict_result(item, problem, sha))
                    continue
                key = result_key(sha, group, settings_text) if sha is not None else None
                work = Work(position, item, key, group)
                if key is not None and key in followers:
                    followers[key].append(work)
                    staging.release(item.path if item.archive else None)
                    continue
                known = store.known(key) if key is not None and not settings.force else None
                if known is not None:
                    keep(work, known, was_cached=True)
                    staging.release(item.path if item.archive else None)
                    cached += 1
                    continue
                pending.append(work)
                if key is not None:
                    followers[key] = []
            progress.start(len(pending), cached)
            with contextlib.closing(executor.run(pending) if pending else _nothing()) as arriving:
                for work, result in arriving:
                    staging.release(work.item.path if work.item.archive else None)
                    result = dataclasses.replace(result, path=work.item.display)
                    keep(work, result)
                    checked += 1
                    progress.advance(result.status)
                    for twin in followers.get(work.key, []) if work.key is not None else []:
                        keep(twin, result, was_cached=True)
            state = "done"
        except KeyboardInterrupt:
            state = "interrupted"
        finally:
            progress.close()
            done = results.known
            status = RunStatus(done, len(items), STOPPED_BY[state]) if state in STOPPED_BY else None
            try:
                if store is not None and run_id is not None:
                    store.finish_run(run_id, state, STOPPED_BY.get(state))
            finally:
                results.finish(status)
    report = store.report(run_id) if store is not None and run_id is not None else \
        dataclasses.replace(header, files=results.files, run_status=status)
    return Outcome(run_id, report, checked, cached, len(items), state == "interrupted",
                   started.resumes if started is not None else None)


def _nothing() -> Generator[tuple[Work, FileResult], None, None]:
    """No results, without starting an executor (a cluster) for nothing to check."""
    yield from ()
