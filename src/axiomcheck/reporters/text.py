"""Text: what a person reads in a terminal; one block per file, then a summary line."""

from __future__ import annotations

from ..report import FileResult, Finding, Report

NAME = "text"
EXTENSION = ".txt"
_LABEL = {"pass": "PASS", "fail": "FAIL", "error": "NOT CHECKED"}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _headline(result: FileResult) -> str:
    parts = [f"{result.path}: {_LABEL.get(result.status, result.status.upper())}"]
    counts = [_plural(result.count(s), s) for s in ("error", "warning") if result.count(s)]
    if counts:
        parts.append(f"({', '.join(counts)})")
    details = []
    if result.pages is not None:
        details.append(_plural(result.pages, "page"))
    structure = result.structure or {}
    end = structure.get("main_body_end")
    if end:
        details.append(f"main body {_plural(structure['main_body_pages'], 'page')}, "
                       f"ending {round(end['fraction'] * 100)}% down page {end['page']}")
    if details:
        parts.append("- " + ", ".join(details))
    return " ".join(parts)


def _one_line(text: str) -> str:
    """Multi-line evidence (an author block, a paragraph) on one line, parts joined by ' / '."""
    return " / ".join(part.strip() for part in text.splitlines() if part.strip())


def _finding(finding: Finding) -> list[str]:
    where = f"p{finding.page}" if finding.page else "--"
    lines = [f"  {finding.severity:<7} {finding.rule} {finding.name:<24} {where:>4}  {_one_line(finding.message)}"]
    if finding.evidence and finding.evidence not in finding.message:
        lines.append(f"{'':>9}found: {_one_line(finding.evidence)}")
    if finding.hint:
        lines.append(f"{'':>9}fix:   {finding.hint}")
    if finding.evidence_image:
        lines.append(f"{'':>9}see:   {finding.evidence_image}")
    return lines


def render(report: Report) -> str:
    out = [f"axiomcheck: {report.venue}, track {report.track}, stage {report.stage}", ""]
    for result in report.files:
        out.append(_headline(result))
        for finding in result.findings:
            out.extend(_finding(finding))
        out.append("")
    statuses = [f.status for f in report.files]
    out.append(f"{_plural(len(statuses), 'file')}: {statuses.count('pass')} pass, "
               f"{statuses.count('fail')} fail, {statuses.count('error')} not checked")
    return "\n".join(out) + "\n"
