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
from typing import NamedTuple

import click

from .. import __version__

class CommandEntry(NamedTuple):
    """Where a command lives (`module:attribute` inside this package, imported on first use)
    and the first paragraph of its help, which `axiomcheck --help` lists without importing it
    (tests/test_cli.py holds the two texts equal)."""

    target: str
    summary: str


COMMANDS = {
    "check": CommandEntry("check:check", "Check PDFS (files, or folders of PDFs) against a venue's rules and report "
                                         "every violation."),
    "inspect": CommandEntry("inspect:inspect", "Show the structure axiomcheck finds in PDFS: sections, main body, "
                                               "template, authors."),
    "rules": CommandEntry("rules:rules", "List the rules (id, name, group, summary); `rules explain ID` for one rule's "
                                         "documentation."),
    "packs": CommandEntry("packs:packs", "List the shipped rule packs with their sources, tracks and stages."),
    "serve": CommandEntry("serve:serve", "Serve a web page where authors upload a PDF and see each problem on a "
                                         "picture of its page, and a JSON API (POST /api/check, GET /api/packs, GET "
                                         "/healthz, /openapi.json)."),
    "batch": CommandEntry("batch:batch", "Check every PDF in PATHS (folders, globs, zip archives, files) against a "
                                         "venue's rules."),
    "report": CommandEntry("report:report", "Render a batch's report from its results store, without checking "
                                            "anything again."),
    "references": CommandEntry("references:references", "Reference indexes: what `check --references INDEX` looks "
                                                         "bibliographies up in."),
}
"""The commands, by name."""


class LazyGroup(click.Group):
    """A click group whose subcommands are imported when they are asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module, attribute = entry.target.split(":")
        command: click.Command = getattr(import_module(f".{module}", __name__), attribute)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands and their summaries, as click lists them, without importing one."""
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        rows = [(name, click.Command(name, help=COMMANDS[name].summary).get_short_help_str(limit))
                for name in self.list_commands(ctx)]
        formatter.write_paragraph()  # what `formatter.section("Commands")` writes around the list
        formatter.write_heading("Commands")
        formatter.indent()
        formatter.write_dl(rows)
        formatter.dedent()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="axiomcheck")
def main() -> None:
    """Check paper PDFs against a venue's formatting, page-limit and anonymity rules."""


def run() -> None:
    """The `axiomcheck` program: `main`, then a quick exit. An exception that reaches this
    process is our bug: exit 3 with one line (`crash.report_crash`). A reader of standard
    output that goes away (`| head`) ends the program quietly; a place that cannot take what
    is written (a full disk, `common.UNWRITABLE_ERRNOS`) is the user's to fix: exit 2 with
    one line naming it. The interpreter's last garbage collection would walk every object
    only to free them with the process; frozen, they are skipped (about 20 ms of every run)."""
    try:
        try:
            main()
        finally:  # what is left to print fails here, named, rather than at the interpreter's exit
            _flush_standard_output()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush to
        sys.exit(1)
    except Exception as error:  # everything else is ours: click handled the usage errors
        from .common import EXIT_INTERNAL, UNWRITABLE_ERRNOS, fail_unwritable  # noqa: PLC0415 - only on a failure

        if isinstance(error, OSError) and error.errno in UNWRITABLE_ERRNOS:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush to
            fail_unwritable(error)
        from .crash import report_crash  # noqa: PLC0415 - only on a crash

        report_crash(error)
        sys.exit(EXIT_INTERNAL)
    finally:
        gc.freeze()


def _flush_standard_output() -> None:
    try:
        sys.stdout.flush()
    except OSError as error:
        if error.filename is None:
            error.filename = "standard output"  # common.STANDARD_OUTPUT, not imported for a flush
        raise
