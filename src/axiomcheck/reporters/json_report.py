"""JSON: the whole report as one object (schema `axiomcheck.report/1`, docs/report-format.md)."""

from __future__ import annotations

import json

from ..report import Report

NAME = "json"
EXTENSION = ".json"


def render(report: Report) -> str:
    return json.dumps(report.to_dict(), indent=2, ensure_ascii=False) + "\n"
