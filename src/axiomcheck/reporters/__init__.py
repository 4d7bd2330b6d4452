"""Reporters: one emitter module per output format, chosen by name (`--format`).

Every format is an `Emitter` (`base.py`): `start` with the run's header, `file` once per
result as soon as it is known, `finish` at the end. `emitter(name, stream)` streams a run;
`REPORTERS[name](report)` renders a whole report as a string through the same emitter.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TextIO

from ..report import Report
from .base import Emitter, render_with
from .csv_report import CsvEmitter
from .github import GithubEmitter
from .html import HtmlEmitter
from .json_report import JsonEmitter
from .junit import JunitEmitter
from .sarif import SarifEmitter
from .text import TextEmitter

EMITTERS: dict[str, type[Emitter]] = {cls.NAME: cls for cls in (
    TextEmitter, JsonEmitter, CsvEmitter, GithubEmitter, SarifEmitter, JunitEmitter, HtmlEmitter)}

Renderer = Callable[[Report], str]

REPORTERS: dict[str, Renderer] = {name: functools.partial(render_with, cls) for name, cls in EMITTERS.items()}
EXTENSIONS: dict[str, str] = {name: cls.EXTENSION for name, cls in EMITTERS.items()}


def emitter(name: str, stream: TextIO) -> Emitter:
    """A new emitter of format `name` writing to `stream` (KeyError for an unknown name)."""
    return EMITTERS[name](stream)


__all__ = ["EMITTERS", "EXTENSIONS", "REPORTERS", "Emitter", "Renderer", "emitter"]
