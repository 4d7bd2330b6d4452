"""The `axiomcheck` command line.

Each command lives in its own module and is imported only when it runs (or when `--help`
lists the commands), so `axiomcheck --version` and `axiomcheck packs` start without loading
the rules, the reporters or any PDF code.

Exit codes: 0 every file passes; 1 a file has errors or could not be checked; 2 a usage or
rule-pack error; 3 an internal error (a bug in axiomcheck: a file's, in its report; the
program's own, one line on standard error and a log file, `crash.py`); 130 stopped by Ctrl-C.
"""

from __future__ import annotations

import gc
import os
import sys
from importlib import import_module

import click

from .. import __version__

COMMANDS = {
    "check": "check:check",
    "inspect": "inspect:inspect",
    "rules": "rules:rules",
    "packs": "packs:packs",
    "serve": "serve:serve",
    "batch": "batch:batch",
    "report": "report:report",
    "references": "references:references",
}
"""Command name -> `module:attribute` inside this package, imported on first use."""


class LazyGroup(click.Group):
    """A click group whose subcommands are imported when they are asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module, attribute = target.split(":")
        command: click.Command = getattr(import_module(f".{module}", __name__), attribute)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="axiomcheck")
def main() -> None:
    """Check paper PDFs against a venue's formatting, page-limit and anonymity rules."""


def run() -> None:
    """The `axiomcheck` program: `main`, then a quick exit. An exception that reaches this
    process is our bug: exit 3 with one line (`crash.report_crash`). A reader of standard
    output that goes away (`| head`) ends the program quietly. The interpreter's last garbage
    collection would walk every object only to free them with the process; frozen, they are
    skipped (about 20 ms of every run)."""
    try:
        main()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush to
        sys.exit(1)
    except Exception as error:  # everything else is ours: click handled the usage errors
        from .common import EXIT_INTERNAL  # noqa: PLC0415 - only on a crash
        from .crash import report_crash  # noqa: PLC0415 - only on a crash

        report_crash(error)
        sys.exit(EXIT_INTERNAL)
    finally:
        gc.freeze()
