"""Reporters: one module per output format, chosen by name (`--format`)."""

from __future__ import annotations

from collections.abc import Callable

from ..report import Report
from . import csv_report, github, json_report, text

_MODULES = (text, json_report, csv_report, github)

Renderer = Callable[[Report], str]

REPORTERS: dict[str, Renderer] = {module.NAME: module.render for module in _MODULES}
EXTENSIONS: dict[str, str] = {module.NAME: module.EXTENSION for module in _MODULES}

__all__ = ["EXTENSIONS", "REPORTERS", "Renderer"]
