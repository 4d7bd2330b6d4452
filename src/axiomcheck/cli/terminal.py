"""What `check` and `batch` print on standard output: the `--format` report, shaped for a
terminal by `-q`/`-v` and painted when the terminal takes colours (reporters/text.py)."""

from __future__ import annotations

import sys
from typing import TextIO

import click

from ..report import Report
from ..reporters import emitter
from ..reporters.base import Emitter
from .common import STANDARD_OUTPUT, fail_usage
from .destinations import NamedWrites
from .project_settings import settings_source


def printed_emitter(output_format: str, stream: TextIO, quiet: bool, verbose: bool, live: bool,
                    fail_on: str = "error") -> Emitter:
    """The emitter of the report printed on `stream` (standard output): a text report takes
    the terminal's style, any other format is written as it is. `live`: the report is
    written as the results come, so `-v` can show each file's time (`check`; `batch` prints
    its report after the run, and its summary line has the run's time). Under `--fail-on
    warning` a file that passes with a warning is shown by `-q` and counted apart, since it
    fails the run."""
    if output_format != "text":
        return emitter(output_format, stream)
    from ..reporters.text import TextEmitter, TextStyle, wants_colour  # noqa: PLC0415 - text only

    return TextEmitter(stream, style=TextStyle(quiet=quiet, info=verbose, timings=verbose and live,
                                               warnings_fail=fail_on == "warning",
                                               colour=wants_colour(stream)))


def print_report(report: Report, output_format: str, quiet: bool, verbose: bool, fail_on: str) -> None:
    """A whole report (a finished batch's, or one from a results store) on standard output,
    in the terminal's style; a full device is one line naming it (`destinations.NamedWrites`)."""
    printer = NamedWrites(printed_emitter(output_format, sys.stdout, quiet, verbose, live=False, fail_on=fail_on),
                          STANDARD_OUTPUT)
    printer.start(report)
    for result in report.files:
        printer.file(result)
    printer.finish(report.run_status)


def check_verbosity(quiet: bool, verbose: bool) -> None:
    """-q and -v together are a usage error."""
    if quiet and verbose:
        fail_usage("-q/--quiet and -v/--verbose do not go together: choose one.")


def say_settings(ctx: click.Context, verbose: bool) -> None:
    """With -v, name the settings file the defaults came from (on standard error)."""
    source = settings_source(ctx)
    if verbose and source is not None:
        click.echo(f"axiomcheck: settings from {source}", err=True)
