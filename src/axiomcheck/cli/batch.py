"""`axiomcheck batch`: the organizer's command, every submission of a venue in one resumable run."""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import shlex
import sys
import time
from typing import TYPE_CHECKING

import click

from ..batch.inputs import InputError, Item, StagingError, expand, unique
from ..batch.openreview import OpenReviewError, match, read_export
from ..batch.outputs import STDOUT, Output, write_outputs
from ..batch.plan import PackSpec, RunPlan
from ..batch.progress import make_progress
from ..batch.run import Outcome, RunSettings, run_items
from ..batch.store import DEFAULT_DB, Store, StoreError
from ..batch.work import Executor, ExecutorError
from ..limits import Limits
from ..manifest import ManifestError, read_manifest
from ..packs import PackError, SelectionError
from ..report import VenueChoice
from ..reporters import REPORTERS
from ..reporters.base import StatusTally, plural, took
from .common import (EXIT_INTERRUPTED, fail_on_option, fail_usage, limit_options, limits_from,
                     require_paths, verbosity_options)
from .destinations import make_folder, planned_outputs
from .project_settings import settings_options
from .reference_options import reference_options, reference_settings
from .selection import selection_options, waivers_from
from .terminal import check_verbosity, print_report, say_settings
from .venue import recognised_venue

if TYPE_CHECKING:
    from ..references import ReferenceSettings

FILES_NAMED = 5
"""PDFs named when some match no submission of an OpenReview export."""
NUMBERS_NAMED = 20
"""Submission numbers named when some have no PDF."""


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@settings_options
@click.option("--venue", default=None,
              help="Rule pack: a shipped id (see `axiomcheck packs`) or a path to a YAML pack (or `venue` in the "
                   "settings file; default: the venue the PDFs' template calls for, as `check` finds it).")
@click.option("--track", default=None,
              help="Track for files whose manifest entry names none (default: the pack's default track).")
@click.option("--stage", default=None, help="submission or camera-ready (default: the pack's default stage).")
@click.option("--manifest", "manifest_file", type=click.Path(exists=True, dir_okay=False),
              help="CSV or YAML list of files with their id, title, forum, authors, affiliations, track and stage.")
@click.option("--openreview", "openreview_file", type=click.Path(exists=True, dir_okay=False),
              help="OpenReview export (notes as JSON): each PDF gets its submission's number, title, forum and "
                   "authors, matched by number.")
@click.option("--jobs", "-j", type=click.IntRange(1, 512), default=None,
              help="Files checked in parallel (default: every core; with --executor dask and no "
                   "--scheduler, the local cluster's workers).")
@click.option("--db", default=DEFAULT_DB, show_default=True, type=click.Path(dir_okay=False),
              help="SQLite results store: results are kept as they arrive, known files are skipped.")
@click.option("--force", is_flag=True, help="Check every file again, even those the store knows.")
@click.option("--format", "output_format", type=click.Choice(sorted(REPORTERS)), default=None,
              help="Print the report on standard output in this format (default: none, only the summary on "
                   "standard error).")
@click.option("-o", "--output", "outputs", multiple=True, metavar="FORMAT[:PATH]",
              help="Write a report: e.g. -o html:triage.html, -o sarif (axiomcheck-results.sarif in "
                   "--output-dir), -o text:- (standard output); -o FILE writes the --format report (default "
                   "text) to FILE. Repeat for several. Checked before any file is: its folder must exist.")
@click.option("--output-dir", type=click.Path(file_okay=False), default=None,
              help="Folder for outputs given without a path (and for relative paths); created when missing.")
@click.option("--evidence", "evidence_dir", type=click.Path(file_okay=False, writable=True),
              help="Write a PNG of the page, with the box drawn, for every finding that has a box into DIR "
                   "(created when missing).")
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Where files are checked: this machine's isolated workers, or a Dask cluster.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Dask scheduler (e.g. tcp://10.0.0.5:8786); without it a local Dask cluster is started.")
@click.option("--progress", "progress_mode", type=click.Choice(["auto", "bar", "lines", "none"]), default="auto",
              show_default=True, help="A live bar on a terminal, periodic lines in logs (auto picks).")
@fail_on_option
@reference_options
@verbosity_options
@selection_options
@limit_options
@click.pass_context
def batch(ctx: click.Context, paths: tuple[str, ...], venue: str | None, track: str | None, stage: str | None,
          manifest_file: str | None, openreview_file: str | None, jobs: int | None, db: str, force: bool,
          output_format: str | None, outputs: tuple[str, ...], output_dir: str | None, evidence_dir: str | None,
          executor: str, scheduler: str | None, progress_mode: str, fail_on: str, references: tuple[str, ...],
          contact_email: str | None, quiet: bool, verbose: bool,
          select: tuple[str, ...], ignore: tuple[str, ...],
          extend_select: tuple[str, ...], waivers_file: str | None, timeout: float, max_memory: int, max_size: int,
          max_pages: int, max_decoded: int) -> None:
    """Check every PDF in PATHS (folders, globs, zip archives, files) against a venue's rules.

    Files are checked in parallel in isolated workers; each result is kept in the results
    store (--db) the moment it is known, so an interrupted run resumes where it stopped and
    an unchanged file is never checked twice. Ctrl-C stops cleanly: what is done is kept,
    the outputs are written for it, and the exit code is 130. `axiomcheck report` renders
    any output again from the store. A path that does not exist, an output that cannot be
    written or a --db that is not a results store stops the command before any file is
    checked (exit 2). The nearest axiomcheck.toml, or pyproject.toml with [tool.axiomcheck],
    gives defaults for every option; the command line wins (docs/configuration.md). See
    docs/batch.md.
    """
    check_verbosity(quiet, verbose)
    say_settings(ctx, verbose)
    limits = limits_from(timeout, max_memory, max_size, max_pages, max_decoded)
    if scheduler and executor != "dask":
        fail_usage("--scheduler needs --executor dask.")
    require_paths(paths)
    wanted = planned_outputs(outputs, output_format, output_dir, default_format=None)
    if evidence_dir is not None:
        make_folder(evidence_dir, "--evidence")
    if quiet and progress_mode == "auto":
        progress_mode = "none"
    plan, items, choice = _plan(venue, PackSpec("", track, stage, select or None, ignore, extend_select), paths,
                                manifest_file, openreview_file, limits)
    looked_up = reference_settings(references, contact_email)
    settings = RunSettings(plan, limits, force, evidence_dir, waivers_from(waivers_file), venue_choice=choice,
                           references=looked_up)
    runner = _executor(executor, jobs or os.cpu_count() or 1, scheduler, limits, evidence_dir, looked_up)
    started = time.monotonic()
    try:
        with Store(db) as store:
            outcome = run_items(items, settings, runner, store, make_progress(progress_mode),
                                command=shlex.join(["axiomcheck"] + sys.argv[1:]))
    except (StoreError, StagingError, ExecutorError) as error:
        fail_usage(str(error))
    _write(outcome, wanted, db, quiet, verbose, fail_on)
    _summary(outcome, db, time.monotonic() - started)
    if not wanted and not quiet:
        click.echo(f"axiomcheck: write a report with `axiomcheck report --db {shlex.quote(db)} --format html "
                   "-o triage.html`, or pass -o FORMAT[:PATH]", err=True)
    if outcome.interrupted:
        sys.exit(EXIT_INTERRUPTED)
    sys.exit(outcome.report.exit_code_for(fail_on))


def _plan(venue: str | None, spec: PackSpec, paths: tuple[str, ...], manifest_file: str | None,
          openreview_file: str | None, limits: Limits) -> tuple[RunPlan, list[Item], VenueChoice | None]:
    """The run's packs, decided before any file is checked, with its items: those of `venue`
    with the track, stage and rule selection of `spec` (resolved before the files are even
    listed), or, without a venue, those the files' template calls for (recognised in isolated
    workers, as `check` finds it); then the tracks and stages its manifest asks for. A pack or
    selection mistake ends the command (exit 2)."""
    choice = None
    items: list[Item] | None = None
    if venue is None:
        items = _items(paths, manifest_file, openreview_file, limits)
        choice = recognised_venue(tuple(i.path for i in items if i.path is not None and i.problem is None), limits)
        venue = choice.venue
        spec = dataclasses.replace(spec, track=spec.track or choice.track, stage=spec.stage or choice.stage)
    try:
        plan = RunPlan.resolve(dataclasses.replace(spec, venue=venue))
        if items is None:
            items = _items(paths, manifest_file, openreview_file, limits)
        return plan.including(items), items, choice
    except (PackError, SelectionError) as error:
        fail_usage(str(error))


def _executor(name: str, jobs: int, scheduler: str | None, limits: Limits, evidence_dir: str | None,
              references: ReferenceSettings | None) -> Executor:
    """Where the files are checked: this machine's workers, or a Dask cluster."""
    if name == "dask":
        from ..batch.dask_executor import DaskExecutor  # noqa: PLC0415 - only with --executor dask

        if importlib.util.find_spec("distributed") is None:
            fail_usage("--executor dask needs Dask: pip install -e '.[dask]' in the axiomcheck checkout.")
        return DaskExecutor(limits, jobs, scheduler, evidence_dir, references=references)
    from ..batch.local import LocalExecutor  # noqa: PLC0415 - only without --executor dask

    return LocalExecutor(limits, jobs, evidence_dir, references)


def _write(outcome: Outcome, wanted: list[Output], db: str, quiet: bool, verbose: bool, fail_on: str) -> None:
    """The run's outputs: the files (their folders were checked before the run), then the
    report printed on standard output."""
    try:
        write_outputs(outcome.report, [output for output in wanted if output.path != STDOUT])
    except OSError as error:
        fail_usage(f"cannot write {error.filename} ({error.strerror or error}); the results are kept in "
                   f"{db}: write it again with `axiomcheck report --db {shlex.quote(db)}`.")
    for output in wanted:
        if output.path == STDOUT:
            print_report(outcome.report, output.format, quiet, verbose, fail_on)


def _summary(outcome: Outcome, db: str, seconds: float) -> None:
    """The run's summary line on standard error."""
    tally = StatusTally()
    for result in outcome.report.files:
        tally.add(result)
    stopped = "; stopped by Ctrl-C" if outcome.interrupted else ""
    click.echo(f"axiomcheck: {plural(tally.total, 'file')}: {tally.summary()} ({outcome.checked} checked, "
               f"{outcome.cached} known from the store{stopped}) {took(outcome.checked, seconds)}; "
               f"results in {db} (run {outcome.run_id}{outcome.resuming})",
               err=True)


def _some(values: list[str] | list[int], most: int) -> str:
    """The first `most` values, and `...` when there are more."""
    return ", ".join(map(str, values[:most])) + (" ..." if len(values) > most else "")


def _items(paths: tuple[str, ...], manifest_file: str | None, openreview_file: str | None,
           limits: Limits) -> list[Item]:
    try:
        items = expand(paths, limits)
    except InputError as error:
        fail_usage(str(error))
    if manifest_file:
        try:
            entries = read_manifest(manifest_file)
        except ManifestError as error:
            fail_usage(str(error))
        items = unique(items + [Item(display=e.path, path=e.path, submission=e.submission, track=e.track,
                                     stage=e.stage) for e in entries])
    if openreview_file:
        try:
            notes = read_export(openreview_file)
        except OpenReviewError as error:
            fail_usage(str(error))
        matching = match(items, notes)
        items = matching.items
        if matching.unmatched_files:
            click.echo(f"axiomcheck: {len(matching.unmatched_files)} PDF(s) match no submission of the export "
                       f"(checked without its data): {_some(matching.unmatched_files, FILES_NAMED)}", err=True)
        if matching.notes_without_pdf:
            click.echo(f"axiomcheck: no PDF for submission(s) {_some(matching.notes_without_pdf, NUMBERS_NAMED)}",
                       err=True)
    if not items:
        fail_usage("no PDF found: give folders, globs, zip archives or files, or --manifest FILE.")
    return items

