"""`axiomcheck references index SOURCE... --db FILE`: build or extend a reference index.

The sources are the dumps organizers can download (docs/references.md): DBLP's
`dblp.xml.gz`, OpenAlex works snapshot files (or the folder that holds them) and BibTeX
files. Progress goes to standard error, a line per batch of works; Ctrl-C stops after the
last batch written (exit 130), and the same command resumes where it stopped.
"""

from __future__ import annotations

import sys

import click

from .common import EXIT_INTERRUPTED, fail_usage


@click.group()
def references() -> None:
    """Reference indexes: what `check --references INDEX` looks bibliographies up in."""


@references.command()
@click.argument("sources", nargs=-1, type=click.Path())
@click.option("--db", "database", required=True, type=click.Path(dir_okay=False),
              help="The index file to build, or to extend when it exists.")
@click.option("-q", "--quiet", is_flag=True, help="No progress lines; only the summary.")
def index(sources: tuple[str, ...], database: str, quiet: bool) -> None:
    """Build or extend the reference index --db from SOURCES: DBLP's dblp.xml.gz, OpenAlex works
    snapshot files (.gz JSON lines, or a folder of them) and BibTeX files (.bib).

    Each source is read as a stream (memory stays flat whatever its size) in batches written
    one transaction each: run the same command again after an interruption and it goes on
    where it stopped; a source already read to its end is skipped, one that changed is read
    again. Exit codes: 0 built, 2 a source or the index cannot be read, 130 stopped by Ctrl-C.
    """
    from ..references.build import SourceError, build_index, describe  # noqa: PLC0415 - SQLite only here
    from ..references.store import ReferenceIndexError  # noqa: PLC0415 - as above

    if not sources:
        fail_usage("give the dumps to read: dblp.xml.gz, OpenAlex works files or folders, BibTeX files.")

    def report(progress: object) -> None:
        if not quiet:
            click.echo(describe(progress), err=True)  # type: ignore[arg-type]

    try:
        built = build_index(sources, database, report)
    except (SourceError, ReferenceIndexError) as error:
        fail_usage(f"{error}.")
    except KeyboardInterrupt:
        click.echo(f"stopped: {database} keeps every batch written; run the same command again to go on.", err=True)
        sys.exit(EXIT_INTERRUPTED)
    skipped = f" ({built.skipped} already read)" if built.skipped else ""
    click.echo(f"{database}: {built.works:,} works; {built.added:,} added from {built.sources} "
               f"source{'s' if built.sources != 1 else ''}{skipped}.")
