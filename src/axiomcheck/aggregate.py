"""Bounded findings: what one file's report may hold, whatever the file does.

A hostile or broken file can make a rule fire thousands of times (one name repeated in the
metadata, a damaged page repeated a thousand times). Three bounds keep the report readable
and its size small, in this order:

1. Identical findings (same rule, severity, message, hint, evidence) become one finding with
   `count`, the number it stands for, and `places`, the pages and boxes of the first
   `PLACES_KEPT` of them.
2. Each rule reports at most `limit` findings per file (the pack's `max_findings_per_rule`);
   a rule that had more ends with an `info` notice saying how many were left out (`omitted`).
3. The file's JSON is cut to `MAX_REPORT_BYTES`: long texts are shortened, then the last
   findings are dropped, and `truncated` says how many and what the limit was.

The file's status is decided before any of this (`api.check_path`), so it never changes: the
bounds drop repetitions and the least important findings, never an error that is the only one.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable

from .codec import finding_to_json, result_to_json
from .model import Place, Severity
from .report import FileResult, Finding, Truncation

PLACES_KEPT = 5
"""How many places of identical findings the aggregated finding lists."""
MAX_REPORT_BYTES = 1024 * 1024
"""The most one file's JSON report may take (UTF-8 bytes); far above any real paper's few KB."""
MAX_TEXT_CHARS = 2000
"""Longer messages, hints and evidence are shortened to this many characters when a report is cut."""
_ELLIPSIS = "…"


def _identity(finding: Finding) -> tuple[object, ...]:
    return (finding.rule, finding.name, finding.severity, finding.message, finding.hint, finding.evidence,
            finding.confidence, finding.waiver)


def _places(finding: Finding) -> tuple[Place, ...]:
    return finding.places or (Place(finding.page, finding.bbox),)


def aggregate(findings: Iterable[Finding]) -> list[Finding]:
    """One finding per group of identical findings, where the first of them stood, with the
    group's `count` and first `places`; a finding without repeats is returned unchanged."""
    groups: dict[tuple[object, ...], list[Finding]] = {}
    order: list[tuple[object, ...]] = []
    for finding in findings:
        key = _identity(finding)
        if key not in groups:
            groups[key] = []
            order.append(key)
        group = groups[key]
        if len(group) < PLACES_KEPT + 1:  # enough to list the first places
            group.append(finding)
        else:  # only the count grows: a million repeats hold six findings, not a million
            group[-1] = dataclasses.replace(group[-1], count=group[-1].count + finding.count)
    result = []
    for key in order:
        group = groups[key]
        if len(group) == 1:
            result.append(group[0])
            continue
        places = tuple(place for finding in group for place in _places(finding))[:PLACES_KEPT]
        result.append(dataclasses.replace(group[0], count=sum(f.count for f in group), places=places))
    return result


def cap_per_rule(findings: list[Finding], limit: int) -> list[Finding]:
    """The first `limit` findings of each rule (in report order); each rule that had more gets
    an `info` notice at the end saying how many findings (counting repeats) were left out."""
    kept: list[Finding] = []
    shown: dict[str, int] = {}
    left_out: dict[str, tuple[Finding, int]] = {}
    for finding in findings:
        if shown.get(finding.rule, 0) < limit:
            shown[finding.rule] = shown.get(finding.rule, 0) + 1
            kept.append(finding)
        else:
            first, omitted = left_out.get(finding.rule, (finding, 0))
            left_out[finding.rule] = (first, omitted + finding.count)
    for rule, (first, omitted) in left_out.items():
        kept.append(Finding(
            rule=rule, name=first.name, severity=Severity.INFO,
            message=(f"{omitted:,} more {rule} {first.name} finding{'s' if omitted != 1 else ''} on this file "
                     f"{'are' if omitted != 1 else 'is'} not listed: a rule reports at most {limit} per file."),
            hint="Fix the findings listed and check again; the ones left out are most often the same problem. "
                 "Organizers can raise the limit with the pack's `max_findings_per_rule`.",
            omitted=omitted))
    return kept


def _json_size(data: object) -> int:
    return len(json.dumps(data, ensure_ascii=False).encode("utf-8"))


def _shorten(text: str | None) -> str | None:
    if text is None or len(text) <= MAX_TEXT_CHARS:
        return text
    return text[:MAX_TEXT_CHARS - 1] + _ELLIPSIS


def cap_report(result: FileResult, max_bytes: int = MAX_REPORT_BYTES) -> FileResult:
    """`result`, cut to at most `max_bytes` of JSON when it is larger: long texts shortened,
    then findings dropped from the end (and the structure, if it alone is too large), with
    `truncated` saying how many findings were left out."""
    if _json_size(result_to_json(result)) <= max_bytes:
        return result
    findings = [dataclasses.replace(f, message=_shorten(f.message) or "", hint=_shorten(f.hint) or "",
                                    evidence=_shorten(f.evidence)) for f in result.findings]
    cut = dataclasses.replace(result, findings=[], truncated=Truncation(len(findings), max_bytes))
    budget = max_bytes - _json_size(result_to_json(cut))
    if budget < 0:  # the structure alone is too large: the findings matter more
        cut = dataclasses.replace(cut, structure=None)
        budget = max_bytes - _json_size(result_to_json(cut))
    kept: list[Finding] = []
    for finding in findings:
        size = _json_size(finding_to_json(finding)) + 2  # the separator between findings
        if size > budget:
            break
        budget -= size
        kept.append(finding)
    left_out = Truncation(sum(f.count for f in findings[len(kept):]), max_bytes)
    return dataclasses.replace(cut, findings=kept, truncated=left_out)


def bound_result(result: FileResult, limit: int, max_bytes: int = MAX_REPORT_BYTES) -> FileResult:
    """`result` with its findings aggregated, capped per rule and its report cut to size."""
    findings = cap_per_rule(aggregate(result.findings), limit)
    return cap_report(dataclasses.replace(result, findings=findings), max_bytes)
