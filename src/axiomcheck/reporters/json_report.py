"""JSON: the whole report as one object (schema `axiomcheck.report/1`, docs/report-format.md).

Streamed: the header is written first and each file's object as soon as it is known, so the
output is the same text as `json.dumps(codec.report_to_json(report), indent=2)`.
"""

from __future__ import annotations

import json
from typing import Any

from ..codec import report_header_to_json, result_to_json
from ..report import FileResult, Report
from .base import Emitter


def _dumps(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


class JsonEmitter(Emitter):
    NAME = "json"
    EXTENSION = ".json"

    def start(self, run: Report) -> None:
        header = report_header_to_json(run)
        self.stream.write(_dumps(header)[:-2] + ',\n  "files": [')
        self.count = 0

    def file(self, result: FileResult) -> None:
        text = _dumps(result_to_json(result)).replace("\n", "\n    ")
        self.stream.write(f"{',' if self.count else ''}\n    {text}")
        self.count += 1

    def finish(self) -> None:
        self.stream.write("\n  ]\n}\n" if self.count else "]\n}\n")
