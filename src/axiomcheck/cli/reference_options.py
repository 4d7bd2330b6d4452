"""`--references INDEX|online` and `--contact-email`: where `check` and `batch` look bibliographies up.

The options are checked before any file is: an index that cannot be opened is a usage error
(exit 2, one line). The index is opened here only to check it and to read its build count
(results a store keeps are keyed by it); the workers open it again for each file.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

import click

from ..references import ONLINE, ReferenceSettings
from .common import fail_usage

F = TypeVar("F", bound=Callable[..., object])


def reference_options(command: F) -> F:
    """Add `--references` and `--contact-email` to a command."""
    options = [
        click.option("--references", "references", multiple=True, metavar="INDEX|online",
                     help="Look each bibliography entry up: in a reference index built with `axiomcheck references "
                          "index`, and/or `online` in OpenAlex, Crossref and arXiv; entries not found or found "
                          "otherwise are warnings (docs/references.md). Without it the report says the references "
                          "were not checked."),
        click.option("--contact-email", "contact_email", default=None, metavar="EMAIL",
                     help="Sent with online look-ups, as OpenAlex and Crossref ask of polite clients."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def reference_settings(values: tuple[str, ...], contact: str | None) -> ReferenceSettings | None:
    """The run's look-up from the options (None: nothing given); an index that cannot be
    opened stops the command (exit 2)."""
    if not values:
        return None
    from ..references.settings import endpoints_from_environment  # noqa: PLC0415 - only when asked
    from ..references.store import ReferenceIndex, ReferenceIndexError  # noqa: PLC0415 - SQLite only then

    online = any(value.strip().lower() == ONLINE for value in values)
    files = [value for value in values if value.strip().lower() != ONLINE]
    if len(files) > 1:
        fail_usage(f"--references takes one index file (and `online`), not {len(files)}: build one index from every "
                   "source with `axiomcheck references index SOURCE... --db FILE`.")
    index = os.path.abspath(files[0]) if files else None
    generation = ""
    if index is not None:
        try:
            with ReferenceIndex(index) as opened:
                generation = opened.generation()
        except ReferenceIndexError as error:
            fail_usage(f"--references: {error}.")
    return ReferenceSettings(index=index, online=online, contact=contact or None,
                             endpoints=endpoints_from_environment(), generation=generation)
