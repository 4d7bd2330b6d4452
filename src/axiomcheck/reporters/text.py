"""Text: what a person reads in a terminal; one block per file (its headline names the
submission, `#21 Title`, when the file belongs to one), then a summary line, which says
`partial: 12 of 30 files (stopped by Ctrl-C)` for a run stopped before its last file.

`TextStyle` shapes it: the default, for files, is the whole report; on a terminal `check` and
`batch` leave out info findings (counted in each headline) unless `-v` asks for them with
each file's time, leave out the header and the files that pass with `-q`, and paint statuses
and severities (rich writes the colours; `wants_colour` decides, as `NO_COLOR` and
`FORCE_COLOR` ask).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any, TextIO

from ..model import Severity
from ..report import FileResult, FileStatus, Finding, Report, RunStatus
from .base import Emitter, StatusTally, completed, main_body_words, one_line, plural, took

_LABEL = {FileStatus.PASS: "PASS", FileStatus.FAIL: "FAIL", FileStatus.ERROR: "NOT CHECKED"}
_COLOURS = {"pass": "bold green", "fail": "bold red", "error": "bold magenta", Severity.ERROR: "red",
            Severity.WARNING: "yellow", Severity.INFO: "blue", "waived": "dim", "fix": "cyan", "summary": "bold"}
"""rich styles of statuses, severities and the parts of a finding."""

Segment = tuple[str, str]
"""A piece of a line and its style name in `_COLOURS` ('' for none)."""


@dataclass(frozen=True)
class TextStyle:
    quiet: bool = False
    """Only the files that do not pass, and the summary."""
    info: bool = True
    """Info findings (else only counted in the file's headline)."""
    timings: bool = False
    """Each file's own time, and the run's."""
    warnings_fail: bool = False
    """A warning fails the run (`--fail-on warning`): a file that passes with one is shown
    even when `quiet`, and the summary counts such files apart."""
    colour: bool = False
    """ANSI colours (for a terminal)."""


def wants_colour(stream: TextIO) -> bool:
    """Whether `stream` takes colours: a terminal, unless `NO_COLOR` is set; anything when
    `FORCE_COLOR` is (https://no-color.org, https://force-color.org; rich decides the rest,
    e.g. `TERM=dumb`). rich is imported only for a terminal or `FORCE_COLOR`."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR") is None and not (hasattr(stream, "isatty") and stream.isatty()):
        return False
    from rich.console import Console  # noqa: PLC0415 - only for a terminal

    console = Console(file=stream)
    return console.color_system is not None and not console.no_color


def _headline(result: FileResult, style: TextStyle) -> list[Segment]:
    named = f" [{result.submission.label}]" if result.submission is not None and result.submission.label else ""
    segments: list[Segment] = [(f"{result.path}{named}: ", ""),
                               (_LABEL.get(result.status, result.status.value.upper()), result.status.value)]
    counts = [plural(result.count(s), s.value) for s in (Severity.ERROR, Severity.WARNING) if result.count(s)]
    info = result.count(Severity.INFO)
    if info and not style.info:
        counts.append(f"{info} info (-v shows {'it' if info == 1 else 'them'})")
    waived = result.waived_count
    if waived:
        counts.append(f"{waived} waived")
    if counts:
        segments.append((f" ({', '.join(counts)})", ""))
    details = []
    if result.pages is not None:
        details.append(plural(result.pages, "page"))
    body = main_body_words(result)
    if body is not None:
        details.append(f"main body {body}")
    if details:
        segments.append((" - " + ", ".join(details), ""))
    return segments


def _finding(finding: Finding) -> list[list[Segment]]:
    where = f"p{finding.page}" if finding.page else "--"
    label = "waived" if finding.waived else finding.severity
    lines: list[list[Segment]] = [[("  ", ""), (f"{label:<7}", "waived" if finding.waived else finding.severity),
                                   (f" {finding.rule} {finding.name:<24} {where:>4}  {one_line(finding.message)}", "")]]
    if finding.evidence and finding.evidence not in finding.message:
        lines.append([(f"{'':>9}found: {one_line(finding.evidence)}", "")])
    if finding.hint:
        lines.append([(f"{'':>9}", ""), ("fix:", "fix"), (f"   {finding.hint}", "")])
    if finding.evidence_image:
        lines.append([(f"{'':>9}see:   {finding.evidence_image}", "")])
    elif finding.picture_note:
        lines.append([(f"{'':>9}no picture: {finding.picture_note}", "")])
    if finding.waiver is not None:
        lines.append([(f"{'':>9}waived ({finding.severity}): {one_line(finding.waiver)}", "waived")])
    return lines


class TextEmitter(Emitter):
    EXTENSION = ".txt"

    def __init__(self, stream: TextIO, destination: str | None = None, style: TextStyle = TextStyle()) -> None:
        super().__init__(stream, destination)
        self.style = style
        self._console: Any = None
        if style.colour:
            from rich.console import Console  # noqa: PLC0415 - only for a terminal

            self._console = Console(file=stream, force_terminal=True, highlight=False, markup=False, emoji=False,
                                    soft_wrap=True)

    def _write(self, lines: list[list[Segment]]) -> None:
        if self._console is None:
            self.stream.write("".join(text for line in lines for text, _ in line + [("\n", "")]))
            return
        from rich.text import Text  # noqa: PLC0415 - only for a terminal

        for line in lines:
            self._console.print(Text.assemble(*((text, _COLOURS.get(name, "")) for text, name in line)))
        self.stream.flush()

    def start(self, run: Report) -> None:
        self.tally = StatusTally()
        self.passed_with_warnings = 0
        self.started = time.monotonic()
        if self.style.quiet:
            return
        lines = [[(f"axiomcheck: {run.venue}, track {run.track}, stage {run.stage}", "")]]
        choice = run.venue_choice
        if choice is not None:
            made = f"{choice.template_label}, {choice.mode} mode" + (
                f", {choice.template_track} track" if choice.template_track else "")
            lines.append([(f"venue: {run.venue} ({choice.note}): made with {made}", "")])
        if run.references is not None:
            lines.append([(run.references.describe(), "")])
        self._write(lines + [[]])

    def file(self, result: FileResult) -> None:
        self.tally.add(result)
        warned = self.style.warnings_fail and result.status is FileStatus.PASS \
            and result.count(Severity.WARNING) > 0
        self.passed_with_warnings += warned
        if self.style.quiet and result.status is FileStatus.PASS and not warned:
            return
        headline = _headline(result, self.style)
        if self.style.timings and result.seconds is not None:
            headline.append((f" [{result.seconds:.2f} s]", ""))
        lines = [headline]
        for finding in result.findings:
            if finding.severity != Severity.INFO or finding.waived or self.style.info:
                lines.extend(_finding(finding))
        self._write(lines + [[]])

    def finish(self, status: RunStatus | None = None) -> None:
        done = completed(status, self.tally.total)
        summary = f"{plural(self.tally.total, 'file')}: {self.tally.summary()}"
        if self.passed_with_warnings:
            summary += f" ({self.passed_with_warnings} of the passes with warnings, which fail under --fail-on warning)"
        if done.partial:
            summary += f"; {done.summary}"
        if self.style.timings:
            summary += f" {took(self.tally.total, time.monotonic() - self.started)}"
        self._write([[(summary, "summary")]])
