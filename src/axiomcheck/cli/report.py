"""`axiomcheck report`: any output of a batch, rendered again from its results store."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..batch.store import DEFAULT_DB, Store, StoreError
from ..reporters import REPORTERS
from ..reporters.base import plural
from .common import fail_on_option, fail_usage, write_output


@click.command()
@click.option("--db", default=DEFAULT_DB, show_default=True, type=click.Path(dir_okay=False),
              help="The results store a batch wrote.")
@click.option("--format", "output_format", type=click.Choice(sorted(REPORTERS)), default="text", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="Write the report to FILE instead of standard output.")
@click.option("--run", "run_id", type=int, default=None, help="Which run (default: the latest); see --list.")
@click.option("--list", "list_runs", is_flag=True, help="List the store's runs instead.")
@fail_on_option
def report(db: str, output_format: str, output: str | None, run_id: int | None, list_runs: bool,
           fail_on: str) -> None:
    """Render a batch's report from its results store, without checking anything again.

    The report is the run's: its files in their order, with the waivers it was given. The
    exit code is the run's under --fail-on (0 no file fails, 1 a file fails or was not
    checked, 3 an internal error)."""
    if not Path(db).is_file():
        fail_usage(f"{db}: no results store here; run `axiomcheck batch` first or give --db.")
    try:
        with Store(db) as store:
            if list_runs:
                for run in store.runs():
                    click.echo(f"run {run.id}: {run.started_at} {run.state:<11} {run.venue}/{run.track}/{run.stage} "
                               f"{plural(run.files, 'file')}")
                return
            result = store.report(run_id)
    except StoreError as error:
        fail_usage(str(error))
    write_output(REPORTERS[output_format](result), output)
    sys.exit(result.exit_code_for(fail_on))
