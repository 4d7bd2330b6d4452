"""SARIF 2.1.0: the log format code-scanning services read (GitHub code scanning, Azure
DevOps, IDE viewers).

One run per output. `tool.driver.rules` describes every rule that ran or reported (id, name,
short and full description, help text naming its section of docs/rules.md, default level,
and `helpUri`, the absolute URL of that section, when the package declares where its
documentation is published: `catalog.docs_url`); each finding is a result with its rule's
index and a location on the PDF (the path as a percent-encoded URI reference). SARIF has no page
coordinate: the page is given as the region's `startLine` (so viewers that show "line N"
show the page number) and, exactly, in the region's `properties` as `page` and `bbox` (PDF
points, origin top-left, y downwards), with the evidence text as the region's `snippet`. A
waived finding carries an external `suppression` whose justification is the waiver. A file
that belongs to a submission (a manifest, an OpenReview export) gives it in its results' and
its artifact's `properties.submission` (`id`, `title`, `forum`). The run's `properties` say
whether every file was checked (`runStatus`, `filesDone`, `filesTotal`); a run stopped before
its last file is not `executionSuccessful` and says `partial: 12 of 30 files (...)` in a
tool execution notification.

Streamed: the run's `results` are written first, one per finding as each file comes in;
the rule descriptors and the artifacts (one per file, with its SHA-256) close the run.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any
from urllib.parse import quote

from .. import __version__
from ..codec import box_to_json, submission_to_json
from ..model import Severity
from ..report import FileResult, Finding, Report, RunStatus
from .base import Emitter, completed
from .catalog import describe

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def _descriptor(rule_id: str, name: str) -> dict[str, Any]:
    text = describe(rule_id, name)
    descriptor: dict[str, Any] = {
        "id": text.id, "name": text.name,
        "shortDescription": {"text": text.summary},
        "defaultConfiguration": {"level": _LEVEL[text.severity]},
        "properties": {"group": text.group, "tags": [text.group], "documentation": text.doc_reference},
    }
    if text.help_uri:
        descriptor["helpUri"] = text.help_uri
    if text.doc:
        descriptor["fullDescription"] = {"text": text.doc}
        descriptor["help"] = {"text": f"{text.doc}\n\nDocumented in {text.doc_reference}."}
    return descriptor


def artifact_uri(path: str) -> str:
    """A file's path as a URI reference (percent-encoded; `\\` as `/`), as code-scanning
    services require: relative paths stay relative to the folder the run started in."""
    return quote(path.replace("\\", "/"), safe="/-._~!$&'()*+,;=@")


def _region(finding: Finding) -> dict[str, Any] | None:
    if not finding.page:
        return None
    region: dict[str, Any] = {"startLine": finding.page, "properties": {"page": finding.page}}
    if finding.bbox:
        region["properties"]["bbox"] = box_to_json(finding.bbox)
    if finding.evidence:
        region["snippet"] = {"text": finding.evidence}
    return region


def _fingerprint(result: FileResult, finding: Finding) -> str:
    """Stable across runs for the same file, rule, page and message (for deduplication)."""
    key = "\0".join((result.sha256 or result.path, finding.rule, str(finding.page or 0), finding.message))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class SarifEmitter(Emitter):
    EXTENSION = ".sarif"

    def start(self, run: Report) -> None:
        self.run = run
        self.rule_index: dict[str, int] = {}
        self.rule_names: dict[str, str] = {}
        self.artifacts: list[dict[str, Any]] = []
        self.results = 0
        self.internal_error = False
        self.stream.write(f'{{\n  "$schema": "{SCHEMA_URI}",\n  "version": "2.1.0",\n  "runs": [\n'
                          '    {\n      "results": [')

    def _index_of(self, rule_id: str, name: str) -> int:
        if rule_id not in self.rule_index:
            self.rule_index[rule_id] = len(self.rule_index)
            self.rule_names[rule_id] = name
        return self.rule_index[rule_id]

    def file(self, result: FileResult) -> None:
        self.internal_error = self.internal_error or result.internal_error
        artifact_index = len(self.artifacts)
        artifact: dict[str, Any] = {"location": {"uri": artifact_uri(result.path)}, "mimeType": "application/pdf"}
        if result.sha256:
            artifact["hashes"] = {"sha-256": result.sha256}
        artifact["properties"] = {"status": result.status, "pages": result.pages,
                                  "rulesRun": list(result.rules_run)}
        if result.submission is not None:
            artifact["properties"]["submission"] = submission_to_json(result.submission)
        self.artifacts.append(artifact)
        for rule_id in result.rules_run:
            self._index_of(rule_id, rule_id)
        for finding in result.findings:
            self._write(self._result(result, finding, artifact_index))

    def _result(self, result: FileResult, finding: Finding, artifact_index: int) -> dict[str, Any]:
        location: dict[str, Any] = {"artifactLocation": {"uri": artifact_uri(result.path), "index": artifact_index}}
        region = _region(finding)
        if region is not None:
            location["region"] = region
        message = f"{finding.message} Fix: {finding.hint}" if finding.hint else finding.message
        data: dict[str, Any] = {
            "ruleId": finding.rule, "ruleIndex": self._index_of(finding.rule, finding.name),
            "level": _LEVEL[finding.severity], "message": {"text": message},
            "locations": [{"physicalLocation": location}],
            "fingerprints": {"axiomcheck/v1": _fingerprint(result, finding)},
            "properties": {"confidence": finding.confidence.value},
        }
        if finding.evidence_image:
            data["properties"]["evidenceImage"] = finding.evidence_image
        if result.submission is not None:
            data["properties"]["submission"] = submission_to_json(result.submission)
        if finding.waiver is not None:
            data["suppressions"] = [{"kind": "external", "justification": finding.waiver}]
        return data

    def _write(self, data: dict[str, Any]) -> None:
        text = json.dumps(data, indent=2, ensure_ascii=False).replace("\n", "\n        ")
        self.stream.write(f"{',' if self.results else ''}\n        {text}")
        self.results += 1

    def finish(self, status: RunStatus | None = None) -> None:
        run = self.run
        done = completed(status, len(self.artifacts))
        rules = [_descriptor(rule_id, self.rule_names[rule_id]) for rule_id in self.rule_index]
        invocation: dict[str, Any] = {"executionSuccessful": not self.internal_error and not done.partial}
        if done.partial:
            invocation["toolExecutionNotifications"] = [{"level": "warning", "message": {"text": done.summary}}]
        tail: dict[str, Any] = {
            "tool": {"driver": {"name": "axiomcheck", "version": __version__, "semanticVersion": __version__,
                                "rules": rules}},
            "artifacts": self.artifacts,
            "invocations": [invocation],
            "properties": {"venue": run.venue, "track": run.track, "stage": run.stage, "runStatus": done.state,
                           "filesDone": done.done, "filesTotal": done.total},
        }
        if done.partial and done.reason is not None:
            tail["properties"]["reason"] = done.reason
        body = json.dumps(tail, indent=2, ensure_ascii=False)[1:-2].replace("\n", "\n    ")
        self.stream.write(("\n      ]," if self.results else "],") + body + "\n    }\n  ]\n}\n")
