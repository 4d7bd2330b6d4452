"""What the result page shows, worked out from a one-file report: the verdict, the findings
grouped by severity with their pictures, the structure found, and the report to download."""

from __future__ import annotations

import base64
import dataclasses
import json
from dataclasses import dataclass

from ..codec import report_to_json
from ..model import Severity
from ..report import FileResult, FileStatus, Finding, Report, SectionPage, Structure
from ..reporters.base import plural

SEVERITIES = ((Severity.ERROR, "Errors"), (Severity.WARNING, "Warnings"), (Severity.INFO, "Notes"))
_SECTION_ROWS: tuple[tuple[SectionPage, str], ...] = (
    ("references", "References"), ("appendix", "Appendix"), ("checklist", "Checklist"),
    ("acknowledgments", "Acknowledgments"), ("impact", "Impact statement"))
"""The sections whose first page the result page lists, with their labels."""


@dataclass(frozen=True)
class FindingView:
    rule: str
    name: str
    message: str
    hint: str
    evidence: str | None
    page: int | None
    confidence: str
    waiver: str | None
    picture: str | None
    """The evidence picture as a data: URI, or None."""
    anchor: str


@dataclass(frozen=True)
class Group:
    severity: str
    label: str
    findings: list[FindingView]


@dataclass(frozen=True)
class ResultView:
    file_name: str
    venue: str
    track: str
    stage: str
    status: FileStatus
    headline: str
    detail: str
    groups: list[Group]
    structure: list[tuple[str, str]]
    report_uri: str
    report_name: str


def public_report(report: Report, file_name: str) -> Report:
    """The report as the author gets it: the path is the name they uploaded, and no
    `evidence_image` names a file that is gone by the time they read it."""
    files = [dataclasses.replace(result, path=file_name,
                                 findings=[dataclasses.replace(f, evidence_image=None) for f in result.findings])
             for result in report.files]
    return dataclasses.replace(report, files=files)


def result_view(report: Report, pictures: dict[str, str], file_name: str) -> ResultView:
    """The result page for the first (only) file of `report`; `report` is already public."""
    result = report.files[0]
    findings = [_finding(index, f, pictures.get(str(index))) for index, f in enumerate(result.findings)]
    groups = []
    for severity, label in SEVERITIES:
        chosen = [view for view, f in zip(findings, result.findings, strict=True) if f.severity == severity]
        if chosen:
            groups.append(Group(severity.value, label, chosen))
    headline, detail = _verdict(result, report)
    data = json.dumps(report_to_json(report), indent=2, ensure_ascii=False).encode("utf-8")
    stem = file_name.rsplit(".", 1)[0] or "paper"
    return ResultView(file_name=file_name, venue=report.venue, track=report.track, stage=report.stage,
                      status=result.status, headline=headline, detail=detail, groups=groups,
                      structure=structure_rows(result.structure, result.pages),
                      report_uri="data:application/json;base64," + base64.b64encode(data).decode("ascii"),
                      report_name=f"{stem}.axiomcheck.json")


def _finding(index: int, finding: Finding, picture: str | None) -> FindingView:
    return FindingView(rule=finding.rule, name=finding.name, message=finding.message,
                       hint=finding.hint, evidence=finding.evidence, page=finding.page,
                       confidence=finding.confidence.value, waiver=finding.waiver,
                       picture=f"data:image/png;base64,{picture}" if picture else None, anchor=f"finding-{index + 1}")


def _verdict(result: FileResult, report: Report) -> tuple[str, str]:
    """The headline and one sentence under it."""
    errors = result.count(Severity.ERROR)
    warnings = result.count(Severity.WARNING)
    where = f"{report.venue}, track {report.track}, stage {report.stage}"
    if result.status is FileStatus.ERROR:
        reason = result.findings[0].message if result.findings else "The file could not be checked."
        return "Not checked", reason
    if result.status is FileStatus.FAIL:
        also = f" and {plural(warnings, 'warning')}" if warnings else ""
        return f"Fails: {plural(errors, 'error')}", f"{plural(errors, 'error')}{also} for {where}. " \
                                                      "Fix the errors below before you submit."
    also = f" Read the {plural(warnings, 'warning')} below." if warnings else ""
    return "Passes", f"No errors for {where}.{also}"


def _page(number: int | None) -> str:
    return f"page {number}" if number else "not found"


def structure_rows(structure: Structure | None, pages: int | None) -> list[tuple[str, str]]:
    """The structure found, as (label, value) rows; empty when the file was not read."""
    if structure is None:
        return []
    rows = [("Pages", str(pages) if pages is not None else "unknown")]
    end = structure.main_body_end
    body = f"{plural(structure.main_body_pages or 0, 'page')}"
    if end:
        body += f", ending {round(end.fraction * 100)}% into page {end.page}"
    if structure.main_body_ends_before:
        body += f", before '{structure.main_body_ends_before}'"
    rows.append(("Main body", body))
    for key, label in _SECTION_ROWS:
        rows.append((label, _page(structure.section_page(key))))
    template = structure.template
    if template.name.known:
        described = f"{template.name}" + (f", {template.mode} mode" if template.mode else "")
        if template.workshop_title:
            described += f" ({template.workshop_title})"
    else:
        described = "not recognised"
    rows.append(("Template", described))
    rows.append(("Anonymous", "yes" if structure.anonymous else "no"))
    rows.append(("Line numbers", "yes" if structure.line_numbers else "no"))
    if structure.page_size:
        rows.append(("Page size", str(structure.page_size)))
    if structure.columns:
        rows.append(("Columns", str(structure.columns)))
    if structure.title:
        rows.append(("Title", str(structure.title)))
    return rows
