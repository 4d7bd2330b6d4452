"""Text: what a person reads in a terminal; one block per file (its headline names the
submission, `#21 Title`, when the file belongs to one), then a summary line, which says
`partial: 12 of 30 files (stopped by Ctrl-C)` for a run stopped before its last file."""

from __future__ import annotations

from ..finding_types import Severity
from ..report import FileResult, Finding, Report, RunStatus
from .base import Emitter, StatusTally, completed, main_body_words, one_line, plural

_LABEL = {"pass": "PASS", "fail": "FAIL", "error": "NOT CHECKED"}


def _headline(result: FileResult) -> str:
    named = f" [{result.submission.label}]" if result.submission is not None and result.submission.label else ""
    parts = [f"{result.path}{named}: {_LABEL.get(result.status, result.status.upper())}"]
    counts = [plural(result.count(s), s.value) for s in (Severity.ERROR, Severity.WARNING) if result.count(s)]
    waived = result.waived_count
    if waived:
        counts.append(f"{waived} waived")
    if counts:
        parts.append(f"({', '.join(counts)})")
    details = []
    if result.pages is not None:
        details.append(plural(result.pages, "page"))
    body = main_body_words(result)
    if body is not None:
        details.append(f"main body {body}")
    if details:
        parts.append("- " + ", ".join(details))
    return " ".join(parts)


def _finding(finding: Finding) -> list[str]:
    where = f"p{finding.page}" if finding.page else "--"
    label = "waived" if finding.waived else finding.severity
    lines = [f"  {label:<7} {finding.rule} {finding.name:<24} {where:>4}  {one_line(finding.message)}"]
    if finding.evidence and finding.evidence not in finding.message:
        lines.append(f"{'':>9}found: {one_line(finding.evidence)}")
    if finding.hint:
        lines.append(f"{'':>9}fix:   {finding.hint}")
    if finding.evidence_image:
        lines.append(f"{'':>9}see:   {finding.evidence_image}")
    if finding.waiver is not None:
        lines.append(f"{'':>9}waived ({finding.severity}): {one_line(finding.waiver)}")
    return lines


class TextEmitter(Emitter):
    NAME = "text"
    EXTENSION = ".txt"

    def start(self, run: Report) -> None:
        self.tally = StatusTally()
        self.stream.write(f"axiomcheck: {run.venue}, track {run.track}, stage {run.stage}\n")
        choice = run.venue_choice
        if choice:
            made = f"{choice['template_label']}, {choice['mode']} mode" + (
                f", {choice['template_track']} track" if choice.get("template_track") else "")
            self.stream.write(f"venue: {run.venue} ({choice['note']}): made with {made}\n")
        self.stream.write("\n")

    def file(self, result: FileResult) -> None:
        self.tally.add(result)
        lines = [_headline(result)]
        for finding in result.findings:
            lines.extend(_finding(finding))
        self.stream.write("\n".join(lines) + "\n\n")

    def finish(self, status: RunStatus | None = None) -> None:
        done = completed(status, self.tally.total)
        partial = f"; {done.summary}" if done.partial else ""
        self.stream.write(f"{plural(self.tally.total, 'file')}: {self.tally.summary()}{partial}\n")
