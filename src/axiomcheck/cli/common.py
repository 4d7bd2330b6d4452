"""What the commands share: exit codes, usage errors, size and duration options, limits."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from pathlib import Path
from collections.abc import Callable, Iterator
from typing import NoReturn, TypeVar

import click

from ..limits import DEFAULT_LIMITS, Limits, format_duration, format_size, parse_duration, parse_size
from ..report import FAIL_ON

EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130
"""Stopped by Ctrl-C (128 + SIGINT), as shells report it."""

F = TypeVar("F", bound=Callable[..., object])

STANDARD_OUTPUT = "standard output"
"""How a message names standard output, which has no path of its own."""
UNWRITABLE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS})
"""Errors of a write that say the place cannot take more (a full disk or quota, a file too
large, a read-only file system): the user's to fix, never our bug."""


def write_output(rendered: str, output: str | None) -> None:
    """`rendered` into the file `output`, or on standard output when there is none."""
    with naming_failed_writes(output or STANDARD_OUTPUT):
        if output:
            Path(output).write_text(rendered, encoding="utf-8")
        else:
            click.echo(rendered, nl=False)


@contextlib.contextmanager
def naming_failed_writes(destination: str) -> Iterator[None]:
    """Name `destination` in an `OSError` raised while writing to it (a write to an open
    stream names no file), for the one line `fail_unwritable` prints."""
    try:
        yield
    except OSError as error:
        if error.filename is None:
            error.filename = destination
        raise


def fail_unwritable(error: OSError) -> NoReturn:
    """One line and the usage exit code (2) for a write the place refused (`UNWRITABLE_ERRNOS`)."""
    where = error.filename if error.filename is not None else "an output"
    fail_usage(f"cannot write {where}: {error.strerror or error}; free some space or give another path.")


def fail_usage(message: str) -> NoReturn:
    """Print `axiomcheck: message` on standard error and exit with the usage code (2)."""
    click.echo(f"axiomcheck: {message}", err=True)
    sys.exit(EXIT_USAGE)


def require_files(paths: tuple[str, ...]) -> None:
    """A path given on the command line that does not exist is a usage error (files listed in
    a manifest get a verdict instead, so that the batch goes on)."""
    for path in paths:
        if not os.path.lexists(path):
            fail_usage(f"no such file: {path}; give the path of a PDF that exists.")


_GLOB_CHARS = "*?["


def require_paths(paths: tuple[str, ...]) -> None:
    """A PATH of `batch` that names nothing is a usage error before any work (a glob that
    matches nothing is one too, found when it is expanded), never a paper with a verdict."""
    for path in paths:
        if not os.path.lexists(path) and not any(char in path for char in _GLOB_CHARS):
            fail_usage(f"no such file or folder: {path}; give PDFs, folders, globs or zip archives that exist.")


def verbosity_options(command: F) -> F:
    """`-q/--quiet` and `-v/--verbose`, shared by `check` and `batch`."""
    options = [
        click.option("-q", "--quiet", is_flag=True,
                     help="Print only the files that do not pass, and the summary (no progress bar)."),
        click.option("-v", "--verbose", is_flag=True,
                     help="Print info findings too, the settings file read, and (check) each file's time."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


class _Size(click.ParamType):  # type: ignore[type-arg]  # generic in newer click, unsubscriptable in 8.1
    """A size in bytes: 100MB, 2GiB, 512M, 4096."""

    name = "size"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        try:
            return parse_size(str(value))
        except ValueError as error:
            self.fail(str(error), param, ctx)


class _Duration(click.ParamType):  # type: ignore[type-arg]  # as above
    """A duration in seconds: 60, 90s, 2m, 500ms."""

    name = "duration"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float):
            return value
        try:
            return parse_duration(str(value))
        except ValueError as error:
            self.fail(str(error), param, ctx)


def limit_options(command: F) -> F:
    """The per-file limits (docs/limits-and-verdicts.md), shared by `check` and `inspect`."""
    options = [
        click.option("--timeout", type=_Duration(), default=format_duration(DEFAULT_LIMITS.timeout).replace(" ", ""),
                     show_default=True, help="Longest time to check one file (e.g. 90s, 2m)."),
        click.option("--max-memory", type=_Size(), default=format_size(DEFAULT_LIMITS.max_memory).replace(" ", ""),
                     show_default=True, help="Memory one file may use (e.g. 2GiB, 512MiB)."),
        click.option("--max-size", type=_Size(), default=format_size(DEFAULT_LIMITS.max_size).replace(" ", ""),
                     show_default=True, help="Largest file accepted (e.g. 100MB)."),
        click.option("--max-pages", type=click.IntRange(min=1), default=DEFAULT_LIMITS.max_file_pages,
                     show_default=True, help="Most pages a file may have (a guard against hostile files; "
                                             "the venue's page limit is a rule)."),
        click.option("--max-decoded", type=_Size(), default=format_size(DEFAULT_LIMITS.max_decoded).replace(" ", ""),
                     show_default=True, help="How much reading one file may grow a worker's memory, and the most one "
                                             "stream of its objects may decode to (e.g. 256MB)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def limits_from(timeout: float, max_memory: int, max_size: int, max_pages: int, max_decoded: int) -> Limits:
    """The limits the options give (`--max-pages` is `Limits.max_file_pages`); a usage error
    for values no file could pass."""
    try:
        return Limits(timeout=timeout, max_memory=max_memory, max_size=max_size, max_file_pages=max_pages,
                      max_decoded=max_decoded)
    except ValueError as error:
        fail_usage(f"{error}.")


def fail_on_option(command: F) -> F:
    """`--fail-on error|warning|never`: which findings make the run exit 1 (`Report.exit_code_for`)."""
    return click.option("--fail-on", "fail_on", type=click.Choice(FAIL_ON), default="error", show_default=True,
                        help="Exit 1 when a file has an error or cannot be checked (error), also when a "
                             "warning stands (warning), or never for findings (never); 3 always means an "
                             "internal error.")(command)
