"""The run loop of `check`, `batch` and `serve`: items -> executor -> store and emitters.

A run takes the packs its door resolved for the (track, stage) pairs its items ask for
(`plan.RunPlan`: a mistake there stopped the command before anything was read), hands the
items to an executor (`work.Executor`: this
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
from ..report import (FileResult, ReferencesUsed, Report, RunState, RunStatus, SubmissionRef, VenueChoice,
                      submission_order)
from ..reporters.base import Emitter
from .inputs import Item, Staging, verdict_result
from .plan import Group, RunPlan, result_key, settings_key
from .progress import NoProgress, Progress
from .waivers import Waiver, apply_waivers
from .work import Executor, Work

if TYPE_CHECKING:  # types only: a check, which keeps no store, loads no SQLite
    from ..references import ReferenceSettings
    from .store import ResultKey, Store
    from .store_runs import RunInfo


class RunSettings(NamedTuple):
    """What a run checks against and under, decided at its door: the packs (`plan`), the
    limits, whether known results are checked again (`force`), where evidence pictures go,
    the waivers, and how the venue was chosen when none was given."""

    plan: RunPlan
    limits: Limits
    force: bool = False
    evidence_dir: str | None = None
    waivers: tuple[Waiver, ...] = ()
    venue_choice: VenueChoice | None = None
    """How the venue was chosen when it was recognised from the PDFs' template (the report says)."""
    references: ReferenceSettings | None = None
    """Where the bibliographies are looked up (None: nowhere; the report says they were not checked)."""


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
    """Run `items` (see the module docstring) against the packs of `settings.plan`, which the
    caller resolved for them (`plan.RunPlan.resolve`)."""
    progress = progress or NoProgress()
    items = sorted(items, key=lambda item: submission_order(SubmissionRef.of(item.submission)))
    header = _header(items, settings)
    started = store.start_run(header.venue, header.track, header.stage, __version__, command, settings.waivers,
                              header.page_limits, len(items)) if store is not None else None
    results = _InOrder(header, emitters, settings.waivers)
    run = _Run(settings, store, started.id if started is not None else None, results)
    for emitter in emitters:
        emitter.start(header)
    state: RunState = "failed"
    with Staging(settings.limits, folder=run.staging_folder()) as staging:
        try:
            pending = run.schedule(items, staging)
            run.execute(pending, executor, progress, staging)
            state = "done"
        except KeyboardInterrupt:
            state = "interrupted"
        finally:
            status = run.close(state, len(items), progress)
    report = store.report(run.id) if store is not None and run.id is not None else \
        dataclasses.replace(header, files=run.results.files, run_status=status)
    return Outcome(run.id, report, run.checked, run.cached, len(items), state == "interrupted",
                   started.resumes if started is not None else None)


def _header(items: Sequence[Item], settings: RunSettings) -> Report:
    """The run's report before any file: its pack, the page limit of each track its items
    take (in the order the items first take them), how the venue was chosen."""
    pack = settings.plan.run.pack
    used = dict.fromkeys(settings.plan.group_for(item).hash for item in items)
    groups = {group.hash: group for group in settings.plan.groups.values()}
    limits = {track: limit for key in used for track, limit in page_limits(groups[key].pack).items()}
    return Report(venue=pack.venue, track=pack.track, stage=pack.stage, page_limits=limits,
                  venue_choice=settings.venue_choice,
                  references=ReferencesUsed(settings.references.describe() if settings.references else None))


class _Run:
    """One run under way: where its results go (the store, the emitters in order), what it
    counted, and how its items become work for the executor."""

    def __init__(self, settings: RunSettings, store: Store | None, run_id: int | None, results: _InOrder) -> None:
        self.settings = settings
        self.store = store
        self.id = run_id
        self.results = results
        self.checked = self.cached = 0
        self.followers: dict[ResultKey, list[Work]] = {}
        """Files with the content of one checked before them: they take its result."""
        self._settings_text = settings_key(settings.limits, settings.evidence_dir, settings.references)

    def staging_folder(self) -> str | None:
        return self.store.staging_folder(self.id) if self.store is not None and self.id is not None else None

    def keep(self, work: Work, result: FileResult, cached: bool = False) -> None:
        if self.store is not None and self.id is not None:
            self.store.record(self.id, work.position, work.item.display, work.key, work.item.submission, result,
                              cached=cached)
        self.results.add(work, result)

    def schedule(self, items: Sequence[Item], staging: Staging) -> list[Work]:
        """The work left for the executor; what is settled without it (a verdict before any
        check, a result the store knows, a file seen earlier in the run) is kept at once."""
        pending: list[Work] = []
        for position, item in enumerate(items):
            group = self.settings.plan.group_for(item)
            work = self._unstored(position, item, group) if self.store is None else \
                self._stored(position, item, group, staging)
            if work is not None:
                pending.append(work)
        return pending

    def _unstored(self, position: int, item: Item, group: Group) -> Work | None:
        work = Work(position, item, None, group)
        if item.problem is None:
            return work
        self.keep(work, verdict_result(item, item.problem))
        return None

    def _stored(self, position: int, item: Item, group: Group, staging: Staging) -> Work | None:
        """A file of a run with a store: hashed (an archive member is staged as it is
        hashed), and checked only when neither the store nor the run has its result."""
        assert self.store is not None
        item, sha, problem = staging.hash(item)
        if problem is not None:
            self.keep(Work(position, item, None, group), verdict_result(item, problem, sha))
            return None
        key = result_key(sha, group, self._settings_text) if sha is not None else None
        work = Work(position, item, key, group)
        if key is not None and key in self.followers:
            self.followers[key].append(work)
            staging.release(item.path if item.archive else None)
            return None
        known = self.store.known(key) if key is not None and not self.settings.force else None
        if known is not None:
            self.keep(work, known, cached=True)
            staging.release(item.path if item.archive else None)
            self.cached += 1
            return None
        if key is not None:
            self.followers[key] = []
        return work

    def execute(self, pending: list[Work], executor: Executor, progress: Progress, staging: Staging) -> None:
        """Check `pending` and keep each result as it arrives, with the files that share its content."""
        progress.start(len(pending), self.cached)
        with contextlib.closing(executor.run(pending) if pending else _nothing()) as arriving:
            for work, result in arriving:
                staging.release(work.item.path if work.item.archive else None)
                result = dataclasses.replace(result, path=work.item.display)
                self.keep(work, result)
                self.checked += 1
                progress.advance(result.status)
                for twin in self.followers.get(work.key, []) if work.key is not None else []:
                    self.keep(twin, result, cached=True)

    def close(self, state: RunState, total: int, progress: Progress) -> RunStatus | None:
        """End the run in `state`: the store and the emitters are told (a stopped run's
        status says how far it got); None for a run that checked every file."""
        progress.close()
        status = RunStatus(self.results.known, total, STOPPED_BY[state]) if state in STOPPED_BY else None
        try:
            if self.store is not None and self.id is not None:
                self.store.finish_run(self.id, state, STOPPED_BY.get(state))
        finally:
            self.results.finish(status)
        return status


def _nothing() -> Generator[tuple[Work, FileResult], None, None]:
    """No results, without starting an executor (a cluster) for nothing to check."""
    yield from ()
