"""`axiomcheck inspect`: the structure found in PDFs, so an author can see why a rule decided."""

from __future__ import annotations

import dataclasses
import sys

import click

from ..packs import PackError, resolve
from ..report import FileStatus
from ..reporters.inspect import INSPECT_RENDERERS
from ..execution import check_paths
from .common import EXIT_INTERNAL, fail_usage, limit_options, limits_from, require_files


@click.command()
@click.argument("pdfs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--format", "output_format", type=click.Choice(sorted(INSPECT_RENDERERS)), default="text",
              show_default=True)
@click.option("--venue", default="axiom-2026", show_default=True,
              help="Pack whose track decides what the main body excludes.")
@click.option("--track", default=None, help="Track of the pack (default: its default track).")
@limit_options
def inspect(pdfs: tuple[str, ...], output_format: str, venue: str, track: str | None, timeout: float,
            max_memory: int, max_size: int, max_pages: int, max_decoded: int) -> None:
    """Show the structure axiomcheck finds in PDFS: sections, main body, template, authors.

    JSON output is a list with one object per file: path, status (`read`, or `error` for a file
    that could not be read: no rule runs here, so nothing passes or fails), pages, the report's
    `structure` object, and any verdict for a file that could not be read."""
    limits = limits_from(timeout, max_memory, max_size, max_pages, max_decoded)
    require_files(pdfs)
    try:
        pack = resolve(venue, track, None)
    except PackError as error:
        fail_usage(str(error))
    report = check_paths(list(pdfs), dataclasses.replace(pack, rules=()), limits=limits)
    read = [dataclasses.replace(r, status=FileStatus.READ if r.status is FileStatus.PASS else r.status)
            for r in report.files]
    click.echo(INSPECT_RENDERERS[output_format](read), nl=False)
    if any(r.internal_error for r in report.files):
        sys.exit(EXIT_INTERNAL)
    sys.exit(1 if any(r.status is FileStatus.ERROR for r in report.files) else 0)
