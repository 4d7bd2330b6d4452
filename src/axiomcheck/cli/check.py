"""`axiomcheck check`: the author's command, one or many PDFs against a venue's pack.

A check is a run without a results store (`batch.run.run_items`): the files are checked by
this machine's worker processes and the report is written as each file's result is known,
in the order the files were given. A folder stands for the PDFs in it (and in its
subfolders); `batch` is the command for a venue's whole set of submissions.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import sys
from collections.abc import Iterator, Sequence

import click

from ..authors import AuthorListError, read_author_list
from ..batch.inputs import Item, expand, unique
from ..batch.local import LocalExecutor
from ..batch.outputs import STDOUT, Output
from ..batch.plan import RunPlan
from ..batch.run import RunSettings, run_items
from ..limits import Limits
from ..manifest import ManifestError, read_manifest
from ..model import Submission
from ..packs import ResolvedPack
from ..reporters import REPORTERS, emitter
from ..reporters.base import Emitter
from .common import (EXIT_INTERRUPTED, STANDARD_OUTPUT, fail_on_option, fail_usage, limit_options, limits_from,
                     naming_failed_writes, require_files, verbosity_options)
from .destinations import NamedWrites, make_folder, planned_outputs
from .project_settings import settings_options
from .reference_options import reference_options, reference_settings
from .selection import selection_from, selection_options, waivers_from
from .terminal import check_verbosity, printed_emitter, say_settings
from .venue import pack_for


@click.command()
@click.argument("pdfs", nargs=-1, type=click.Path())
@settings_options
@click.option("--venue", default=None,
              help="Rule pack: a shipped id (see `axiomcheck packs`) or a path to a YAML pack (default: the venue "
                   "the PDFs' template calls for, at the stage its mode shows).")
@click.option("--track", default=None,
              help="Track of the venue (see `axiomcheck packs`; default: the pack's default track).")
@click.option("--stage", default=None, help="submission or camera-ready (default: the pack's default stage).")
@click.option("--format", "output_format", type=click.Choice(sorted(REPORTERS)), default=None,
              help="The report on standard output (default: text): text for people, json the full report, csv a "
                   "row per file, github workflow annotations, sarif for code scanning, junit for CI dashboards, "
                   "html a self-contained triage page (docs/report-format.md).")
@fail_on_option
@click.option("-o", "--output", "outputs", multiple=True, metavar="FORMAT[:PATH]",
              help="Write a report: e.g. -o html:report.html, -o sarif (axiomcheck-results.sarif in --output-dir), "
                   "-o text:- (standard output); -o FILE writes the --format report to FILE instead of standard "
                   "output. Repeat for several.")
@click.option("--output-dir", type=click.Path(file_okay=False), default=None,
              help="Folder for outputs given without a path (and for relative paths); created when missing.")
@click.option("--authors", "authors_file", type=click.Path(exists=True, dir_okay=False),
              help="Known author names (CSV or one per line) to search for in the paper.")
@click.option("--manifest", "manifest_file", type=click.Path(exists=True, dir_okay=False),
              help="A CSV or YAML list of files to check (after PDFS), each with its own authors.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Files checked in parallel.")
@click.option("--evidence", "evidence_dir", type=click.Path(file_okay=False, writable=True),
              help="Write a PNG of the page, with the box drawn, for every finding that has a box into DIR "
                   "(named in the report's `evidence_image`; created when missing).")
@reference_options
@verbosity_options
@selection_options
@limit_options
@click.pass_context
def check(ctx: click.Context, pdfs: tuple[str, ...], venue: str | None, track: str | None, stage: str | None,
          output_format: str | None, fail_on: str, outputs: tuple[str, ...], output_dir: str | None,
          authors_file: str | None, manifest_file: str | None, jobs: int, evidence_dir: str | None,
          references: tuple[str, ...], contact_email: str | None, quiet: bool,
          verbose: bool, select: tuple[str, ...], ignore: tuple[str, ...], extend_select: tuple[str, ...],
          waivers_file: str | None, timeout: float, max_memory: int, max_size: int, max_pages: int,
          max_decoded: int) -> None:
    """Check PDFS (files, or folders of PDFs) against a venue's rules and report every violation.

    Each file is parsed in a separate worker process under the limits below; a file that
    exceeds them gets a verdict and the others are still checked. Ctrl-C stops the check:
    the report is written for the files done, and the exit code is 130.

    Without --venue, the venue is the one the PDFs' template calls for (a NeurIPS 2026
    submission: neurips-2026, main track, stage submission), named in the report; a template
    no shipped pack serves is a usage error that lists the packs. The nearest axiomcheck.toml,
    or pyproject.toml with [tool.axiomcheck], gives defaults for every option; the command
    line wins (docs/configuration.md).

    Exit codes: 0 no file fails (under --fail-on), 1 a file fails or cannot be checked
    (with --fail-on warning: also a warning), 2 a usage or rule-pack error, 3 an internal
    error (a bug in axiomcheck, whatever --fail-on says).
    """
    check_verbosity(quiet, verbose)
    say_settings(ctx, verbose)
    limits = limits_from(timeout, max_memory, max_size, max_pages, max_decoded)
    given = _given_items(pdfs, limits)
    wanted = planned_outputs(outputs, output_format, output_dir, default_format="text")
    if evidence_dir is not None:
        make_folder(evidence_dir, "--evidence")
    selection = selection_from(select, ignore, extend_select)
    looked_up = reference_settings(references, contact_email)
    files = tuple(item.path for item in given if item.path is not None and item.problem is None)
    group, venue_choice = pack_for(venue, track, stage, selection, files, limits)
    waivers = waivers_from(waivers_file)
    authors = _authors(authors_file)
    items = [dataclasses.replace(item, submission=Submission(authors=authors)) for item in given]
    if manifest_file:
        items += _manifest_items(manifest_file, authors, group.pack)
    if not items:
        fail_usage("give the PDF files to check, or --manifest FILE.")
    settings = RunSettings(RunPlan.of(group), limits, evidence_dir=evidence_dir, waivers=waivers,
                           venue_choice=venue_choice, references=looked_up)
    with _emitters(wanted, quiet, verbose, fail_on) as emitters:
        outcome = run_items(items, settings, LocalExecutor(limits, jobs, evidence_dir, looked_up), emitters=emitters)
    if outcome.interrupted:
        sys.exit(EXIT_INTERRUPTED)
    sys.exit(outcome.report.exit_code_for(fail_on))


def _authors(path: str | None) -> tuple[str, ...]:
    """The known authors of every file (`--authors`), none without a list."""
    if path is None:
        return ()
    try:
        return read_author_list(path)
    except AuthorListError as error:
        fail_usage(str(error))


def _manifest_items(path: str, authors: tuple[str, ...], pack: ResolvedPack) -> list[Item]:
    """The files a manifest lists, each with its authors and `--authors`'; a file the manifest
    gives another track or stage is a usage error (that is `batch --manifest`)."""
    try:
        entries = read_manifest(path)
    except ManifestError as error:
        fail_usage(str(error))
    other = next((e for e in entries if e.track not in (None, pack.track) or e.stage not in (None, pack.stage)), None)
    if other is not None:
        fail_usage(f"the manifest gives {other.path} its own track or stage; `check` uses --track and --stage for "
                   "every file: run `axiomcheck batch --manifest` to check each file against its own.")
    return [Item(display=entry.path, path=entry.path, submission=dataclasses.replace(
        entry.submission, authors=tuple(dict.fromkeys(authors + entry.submission.authors)))) for entry in entries]


def _given_items(paths: tuple[str, ...], limits: Limits) -> list[Item]:
    """The files PATHS name: a file as it is, a folder as the PDFs in it and its subfolders
    (in name order; a symbolic link out of the folder is refused with a verdict, as in a
    batch); a path that does not exist, or a folder without a PDF, is a usage error."""
    require_files(paths)
    items: list[Item] = []
    for path in paths:
        if not os.path.isdir(path):
            items.append(Item(display=path, path=path))
            continue
        found = expand([path], limits)
        if not found:
            fail_usage(f"no PDF in the folder {path}; give PDF files or folders that hold some.")
        items.extend(found)
    return unique(items)


@contextlib.contextmanager
def _emitters(outputs: Sequence[Output], quiet: bool, verbose: bool, fail_on: str) -> Iterator[list[Emitter]]:
    """An emitter per output, writing as results come: files are opened before any file is
    checked (so a path that cannot be written is a usage error at once), standard output gets
    the terminal's style."""
    with contextlib.ExitStack() as stack:
        emitters: list[Emitter] = []
        for output in outputs:
            if output.path == STDOUT:
                emitters.append(NamedWrites(printed_emitter(output.format, sys.stdout, quiet, verbose, live=True,
                                                            fail_on=fail_on),
                                            STANDARD_OUTPUT))
                continue
            stack.enter_context(naming_failed_writes(output.path))  # what closing the file writes, too
            try:
                handle = stack.enter_context(open(output.path, "w", encoding="utf-8"))
            except OSError as error:
                fail_usage(f"cannot write the report to {output.path}: {error.strerror or error}; give another path.")
            emitters.append(NamedWrites(emitter(output.format, handle, output.path), output.path))
        yield emitters
