"""GitHub Actions workflow commands: one annotation per finding, shown on the PDF in a
pull request (`::error file=...,title=...::message`), then a one-line summary."""

from __future__ import annotations

from ..report import Report

NAME = "github"
EXTENSION = ".txt"
_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(report: Report) -> str:
    lines = []
    for result in report.files:
        for finding in result.findings:
            where = f" (page {finding.page})" if finding.page else ""
            title = f"{finding.rule} {finding.name}{where}"
            message = f"{finding.message} Fix: {finding.hint}" if finding.hint else finding.message
            lines.append(f"::{_LEVEL.get(finding.severity, 'notice')} file={_escape_property(result.path)},"
                         f"title={_escape_property(title)}::{_escape_data(message)}")
    statuses = [f.status for f in report.files]
    lines.append(f"axiomcheck {report.venue}/{report.track}/{report.stage}: {len(statuses)} files, "
                 f"{statuses.count('pass')} pass, {statuses.count('fail')} fail, "
                 f"{statuses.count('error')} not checked")
    return "\n".join(lines) + "\n"
