"""JSON: the whole report as one object (schema `axiomcheck.report/1`, docs/report-format.md).

Streamed: the header is written first and each file's object as soon as it is known, then
the hidden texts several submissions share (`shared_hidden_text`, when there are any) and
`run_status` (complete, or partial: how many of how many files, and why the run stopped), so
the output is the same text as `json.dumps(codec.report_to_json(report), indent=2)`.
"""

from __future__ import annotations

import json
from typing import Any

from ..codec import report_header_to_json, result_to_json, run_status_to_json, shared_to_json
from ..report import FileResult, Report, RunStatus
from ..shared_text import SharedTextCollector
from .base import Emitter, completed


def _dumps(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


class JsonEmitter(Emitter):
    EXTENSION = ".json"

    def start(self, run: Report) -> None:
        header = report_header_to_json(run)
        self.stream.write(_dumps(header)[:-2] + ',\n  "files": [')
        self.count = 0
        self.shared = SharedTextCollector()

    def file(self, result: FileResult) -> None:
        text = _dumps(result_to_json(result)).replace("\n", "\n    ")
        self.stream.write(f"{',' if self.count else ''}\n    {text}")
        self.count += 1
        self.shared.add(result)

    def finish(self, status: RunStatus | None = None) -> None:
        closing = _dumps({**shared_to_json(self.shared.shared()),
                          "run_status": run_status_to_json(completed(status, self.count))})[1:]
        self.stream.write(("\n  ]," if self.count else "],") + closing + "\n")
