"""`axiomcheck check`: the author's command, one or many PDFs against a venue's pack.

A check is a run without a results store (`batch.run.run_items`): the files are checked by
this machine's worker processes and the report is written as each file's result is known,
in the order the files were given.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections.abc import Iterator
from typing import TextIO

import click

from ..authors import AuthorListError, read_author_list
from ..batch.inputs import Item
from ..batch.local import LocalExecutor
from ..batch.plan import PackSpec
from ..batch.run import RunSettings, run_items
from ..manifest import ManifestError, read_manifest
from ..model import Submission
from ..reporters import REPORTERS, emitter
from .common import EXIT_INTERRUPTED, fail_on_option, fail_usage, limit_options, limits_from, require_files
from .selection import selection_from, selection_options, waivers_from
from .venue import pack_for


@click.command()
@click.argument("pdfs", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--venue", default=None,
              help="Rule pack: a shipped id (see `axiomcheck packs`) or a path to a YAML pack (default: the venue "
                   "the PDFs' template calls for, at the stage its mode shows).")
@click.option("--track", default=None,
              help="Track of the venue (see `axiomcheck packs`; default: the pack's default track).")
@click.option("--stage", default=None, help="submission or camera-ready (default: the pack's default stage).")
@click.option("--format", "output_format", type=click.Choice(sorted(REPORTERS)), default="text", show_default=True,
              help="text for people, json the full report, csv a row per file, github workflow annotations, "
                   "sarif for code scanning, junit for CI dashboards, html a self-contained triage page "
                   "(docs/report-format.md).")
@fail_on_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="Write the report to FILE instead of standard output.")
@click.option("--authors", "authors_file", type=click.Path(exists=True, dir_okay=False),
              help="Known author names (CSV or one per line) to search for in the paper.")
@click.option("--manifest", "manifest_file", type=click.Path(exists=True, dir_okay=False),
              help="A CSV or YAML list of files to check (after PDFS), each with its own authors.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Files checked in parallel.")
@click.option("--evidence", "evidence_dir", type=click.Path(file_okay=False, writable=True),
              help="Write a PNG of the page, with the box drawn, for every finding that has a box into DIR "
                   "(named in the report's `evidence_image`).")
@selection_options
@limit_options
def check(pdfs: tuple[str, ...], venue: str | None, track: str | None, stage: str | None, output_format: str,
          fail_on: str, output: str | None, authors_file: str | None, manifest_file: str | None, jobs: int,
          evidence_dir: str | None, select: tuple[str, ...], ignore: tuple[str, ...], extend_select: tuple[str, ...],
          waivers_file: str | None, timeout: float, max_memory: int, max_size: int, max_pages: int,
          max_decoded: int) -> None:
    """Check PDFS against a venue's rules and report every violation.

    Each file is parsed in a separate worker process under the limits below; a file that
    exceeds them gets a verdict and the others are still checked. Ctrl-C stops the check:
    the report is written for the files done, and the exit code is 130.

    Without --venue, the venue is the one the PDFs' template calls for (a NeurIPS 2026
    submission: neurips-2026, main track, stage submission), named in the report; a template
    no shipped pack serves is a usage error that lists the packs.

    Exit codes: 0 no file fails (under --fail-on), 1 a file fails or cannot be checked
    (with --fail-on warning: also a warning), 2 a usage or rule-pack error, 3 an internal
    error (a bug in axiomcheck, whatever --fail-on says).
    """
    limits = limits_from(timeout, max_memory, max_size, max_pages, max_decoded)
    require_files(pdfs)
    selection = selection_from(select, ignore, extend_select)
    pack, venue_choice = pack_for(venue, track, stage, selection, pdfs, limits)
    spec = PackSpec(venue_choice.venue if venue_choice else venue or pack.venue, pack.track, pack.stage,
                    selection.select, selection.ignore, selection.extend_select)
    waivers = waivers_from(waivers_file)
    authors: tuple[str, ...] = ()
    if authors_file:
        try:
            authors = read_author_list(authors_file)
        except AuthorListError as error:
            fail_usage(str(error))
    items = [Item(display=path, path=path, submission=Submission(authors=authors)) for path in pdfs]
    if manifest_file:
        try:
            entries = read_manifest(manifest_file)
        except ManifestError as error:
            fail_usage(str(error))
        other = next((e for e in entries if e.track not in (None, pack.track) or e.stage not in (None, pack.stage)),
                     None)
        if other is not None:
            fail_usage(f"the manifest gives {other.path} its own track or stage; `check` uses --track and --stage for "
                       "every file: run `axiomcheck batch --manifest` to check each file against its own.")
        items += [Item(display=entry.path, path=entry.path, submission=dataclasses.replace(
            entry.submission, authors=tuple(dict.fromkeys(authors + entry.submission.authors)))) for entry in entries]
    if not items:
        fail_usage("give the PDF files to check, or --manifest FILE.")
    settings = RunSettings(spec, limits, evidence_dir=evidence_dir, waivers=waivers,
                           venue_choice=venue_choice.to_dict() if venue_choice else None)
    with _report_stream(output) as stream:
        outcome = run_items(items, settings, LocalExecutor(limits, jobs, evidence_dir),
                            emitters=[emitter(output_format, stream, output)])
    if outcome.interrupted:
        sys.exit(EXIT_INTERRUPTED)
    sys.exit(outcome.report.exit_code_for(fail_on))


@contextlib.contextmanager
def _report_stream(output: str | None) -> Iterator[TextIO]:
    """Where the report goes: the file `output` (opened before any file is checked, so a
    path that cannot be written is a usage error at once), or standard output."""
    if not output:
        yield sys.stdout
        return
    try:
        handle = open(output, "w", encoding="utf-8")  # closed below, after the run
    except OSError as error:
        fail_usage(f"cannot write the report to {output}: {error.strerror or error}.")
    with handle:
        yield handle
