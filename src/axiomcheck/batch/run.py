"""One batch run: hash every file, skip what the store knows, check the rest, keep each result.

The order of work: resolve a pack per (track, stage) (a mistake there stops the run before it
starts), open a run in the store, hash each file (its SHA-256 is its key; an archive member
is decompressed to the staging folder as it is hashed, `inputs.Staging`), take known results
from the store (unless `force`), hand the others to an executor and write each result to the
store in its own transaction as it arrives. Files with the same content are checked once.
Ctrl-C (KeyboardInterrupt) stops the executor, marks the run `interrupted` and returns what is
done; a killed run leaves its finished files in the store for the next run to skip.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .. import __version__
from ..limits import Limits
from ..report import FileResult, Report
from ..runner import page_limits
from .inputs import Item, Staging, verdict_result
from .plan import PackSpec, group_of, resolve_groups, result_key, settings_key
from .progress import Progress
from .store import ResultKey, Store
from .waivers import Waiver
from .work import Executor, Work


@dataclass(frozen=True)
class BatchSettings:
    spec: PackSpec
    limits: Limits
    force: bool = False
    evidence_dir: str | None = None
    waivers: tuple[Waiver, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """What a run did: its id in the store, its report (waivers applied), the files it
    checked and those it took from the store, and whether Ctrl-C stopped it."""

    run_id: int
    report: Report
    checked: int
    cached: int
    interrupted: bool


def run_batch(items: Sequence[Item], settings: BatchSettings, store: Store, executor: Executor,
              progress: Progress, command: str = "") -> Outcome:
    """Run the batch over `items`; raises PackError or SelectionError before anything runs
    when the pack cannot be resolved for a file's track and stage."""
    groups = resolve_groups(items, settings.spec)
    base = groups.get((settings.spec.track, settings.spec.stage))
    pack = base.pack if base is not None else settings.spec.resolve()
    limits = {track: limit for group in groups.values() for track, limit in page_limits(group.pack).items()}
    run_id = store.start_run(pack.venue, pack.track, pack.stage, __version__, command, settings.waivers, limits)
    settings_text = settings_key(settings.limits, settings.evidence_dir)
    checked = cached = 0
    state = "failed"
    with Staging(settings.limits) as staging:
        try:
            pending: list[Work] = []
            followers: dict[ResultKey, list[Work]] = {}
            for position, item in enumerate(items):
                group = groups[group_of(item, settings.spec)]
                item, sha, problem = staging.hash(item)  # an archive member is staged as it is hashed
                if problem is not None:
                    store.record(run_id, position, item.display, None, item.submission,
                                 verdict_result(item, problem, sha))
                    continue
                key = result_key(sha, group, settings_text) if sha is not None else None
                work = Work(position, item, key, group)
                if key is not None and key in followers:
                    followers[key].append(work)
                    staging.release(item.path if item.archive else None)
                    continue
                known = store.known(key) if key is not None and not settings.force else None
                if known is not None:
                    store.record(run_id, position, item.display, key, item.submission, known, cached=True)
                    staging.release(item.path if item.archive else None)
                    cached += 1
                    continue
                pending.append(work)
                if key is not None:
                    followers[key] = []
            progress.start(len(pending), cached)
            with contextlib.closing(executor.run(pending) if pending else _nothing()) as results:
                for work, result in results:
                    staging.release(work.item.path if work.item.archive else None)
                    result = dataclasses.replace(result, path=work.item.display)
                    store.record(run_id, work.position, work.item.display, work.key, work.item.submission, result)
                    checked += 1
                    progress.advance(result.status)
                    for twin in followers.get(work.key, []) if work.key is not None else []:
                        store.record(run_id, twin.position, twin.item.display, twin.key, twin.item.submission,
                                     result, cached=True)
            state = "done"
        except KeyboardInterrupt:
            state = "interrupted"
        finally:
            progress.close()
            store.finish_run(run_id, state)
    return Outcome(run_id, store.report(run_id), checked, cached, state == "interrupted")


def _nothing() -> Iterator[tuple[Work, FileResult]]:
    """No results, without starting an executor (a cluster) for nothing to check."""
    yield from ()
