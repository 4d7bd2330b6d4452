"""Reporters: one module per output format, chosen by name (`--format`)."""

from __future__ import annotations

from collections.abc import Callable

from ..report import Report
from . import json_report, text

Renderer = Callable[[Report], str]

REPORTERS: dict[str, Renderer] = {
    text.NAME: text.render,
    json_report.NAME: json_report.render,
}
EXTENSIONS: dict[str, str] = {
    text.NAME: text.EXTENSION,
    json_report.NAME: json_report.EXTENSION,
}

__all__ = ["EXTENSIONS", "REPORTERS", "Renderer"]
