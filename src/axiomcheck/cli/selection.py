"""Options `check` and `batch` share: rule selection (`--select`, `--ignore`,
`--extend-select`) and waivers (`--waivers FILE`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from ..batch.waivers import Waiver, WaiverError, read_waivers
from ..packs import Selection, SelectionError
from .common import fail_usage

F = TypeVar("F", bound=Callable[..., object])


def selection_options(command: F) -> F:
    """Add the selection and waiver options to a command."""
    options = [
        click.option("--select", "select", multiple=True, metavar="RULES",
                     help="Run only these rules: ids (AX301), names (email-address), id prefixes (AX3) or ALL; "
                          "comma-separated or repeated."),
        click.option("--ignore", "ignore", multiple=True, metavar="RULES",
                     help="Do not run these rules (ids, names, prefixes); the most specific selector wins."),
        click.option("--extend-select", "extend_select", multiple=True, metavar="RULES",
                     help="Run these rules as well as the pack's (a rule named exactly runs with its defaults "
                          "even when the pack leaves it out)."),
        click.option("--waivers", "waivers_file", type=click.Path(exists=True, dir_okay=False),
                     help="YAML file of accepted findings (file id or SHA-256, rule, reason, who): they are "
                          "reported as waived and no longer decide the status."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def selection_from(select: tuple[str, ...], ignore: tuple[str, ...], extend_select: tuple[str, ...]) -> Selection:
    """The command line's rule selection, an input of `packs.resolve`; a usage error for an
    unknown selector."""
    selection = Selection.of(select, ignore, extend_select)
    try:
        selection.check()
    except SelectionError as error:
        fail_usage(str(error))
    return selection


def waivers_from(path: str | None) -> tuple[Waiver, ...]:
    if path is None:
        return ()
    try:
        return read_waivers(path)
    except WaiverError as error:
        fail_usage(str(error))
