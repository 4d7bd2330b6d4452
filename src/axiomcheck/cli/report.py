"""`axiomcheck report`: any output of a batch, rendered again from its results store."""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path

import click

from ..batch.store import DEFAULT_DB, Store, StoreError
from ..report import Report
from ..reporters import REPORTERS
from ..reporters.base import plural
from ..reporters.html import missing_pictures
from .common import fail_on_option, fail_usage, verbosity_options, write_output
from .destinations import require_writable
from .terminal import check_verbosity, print_report

MISSING_NAMED = 5
"""Missing pictures named by the warning (then how many more)."""


@click.command()
@click.option("--db", default=DEFAULT_DB, show_default=True, type=click.Path(dir_okay=False),
              help="The results store a batch wrote.")
@click.option("--format", "output_format", type=click.Choice(sorted(REPORTERS)), default="text", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="Write the report to FILE instead of standard output.")
@click.option("--run", "run_id", type=int, default=None, help="Which run (default: the latest); see --list.")
@click.option("--list", "list_runs", is_flag=True,
              help="List the store's runs: state (running, done, interrupted, failed) and files done of all.")
@click.option("--evidence", "evidence_dir", type=click.Path(file_okay=False), default=None,
              help="Where the run's evidence pictures are now, when their folder moved (default: where the "
                   "run wrote them).")
@fail_on_option
@verbosity_options
def report(db: str, output_format: str, output: str | None, run_id: int | None, list_runs: bool,
           evidence_dir: str | None, fail_on: str, quiet: bool, verbose: bool) -> None:
    """Render a batch's report from its results store, without checking anything again.

    The report is the run's: its files in their order, with the waivers it was given; a run
    stopped before its last file (Ctrl-C, an error, a killed process) is reported as
    partial. Evidence pictures that are no longer where the run wrote them are named on
    standard error (give --evidence DIR when their folder moved). The exit code is the
    run's under --fail-on (0 no file fails, 1 a file fails or was not checked, 3 an
    internal error). On standard output the report takes the terminal's style as `batch`
    prints it: -q only the files that do not pass and the summary, -v the info findings too;
    a report written with -o is whole."""
    check_verbosity(quiet, verbose)
    if not Path(db).is_file():
        fail_usage(f"{db}: no results store here; run `axiomcheck batch` first or give --db.")
    if output and not list_runs:
        require_writable(output)
    try:
        with Store(db) as store:
            if list_runs:
                for run in store.runs():
                    total = f"{run.files} of {plural(run.files_total, 'file')}" if run.files_total is not None \
                        else plural(run.files, "file")
                    notes = [note for note in (run.reason if run.state != "done" else None,
                                               f"resumes run {run.resumes}" if run.resumes is not None else None)
                             if note]
                    why = f" ({'; '.join(notes)})" if notes else ""
                    click.echo(f"run {run.id}: {run.started_at} {run.state:<11} {run.venue}/{run.track}/{run.stage} "
                               f"{total}{why}")
                return
            result = store.report(run_id)
    except StoreError as error:
        fail_usage(str(error))
    if evidence_dir is not None:
        result = _pictures_in(result, evidence_dir)
    _say_missing(result)
    if output:
        write_output(REPORTERS[output_format](result, output), output)
    else:
        print_report(result, output_format, quiet, verbose, fail_on)
    sys.exit(result.exit_code_for(fail_on))


def _pictures_in(result: Report, folder: str) -> Report:
    """`result` with each evidence picture looked for in `folder`, under its own name."""
    def moved(path: str | None) -> str | None:
        return os.path.join(folder, os.path.basename(path)) if path else path

    files = [dataclasses.replace(f, findings=[dataclasses.replace(x, evidence_image=moved(x.evidence_image))
                                              for x in f.findings]) for f in result.files]
    return dataclasses.replace(result, files=files)


def _say_missing(result: Report) -> None:
    missing = missing_pictures(result.files)
    if missing:
        more = f" and {len(missing) - MISSING_NAMED} more" if len(missing) > MISSING_NAMED else ""
        click.echo(f"axiomcheck: {len(missing)} evidence picture(s) of this run are not where it wrote them "
                   f"(moved or deleted?): {', '.join(missing[:MISSING_NAMED])}{more}; give --evidence DIR with "
                   "their folder now", err=True)
