"""GitHub Actions workflow commands: one annotation per finding, shown on the PDF in a
pull request (`::error file=...,title=...::message`), then a one-line summary. A waived
finding becomes a `notice` whose title says it is waived; a finding's title names the
submission (`#21`) when the file belongs to one; a run stopped before its last file ends
with a warning, `partial: 12 of 30 files (stopped by Ctrl-C)`. An annotation names the file
as GitHub does, relative to the repository (`paper.pdf`, not `./paper.pdf`; an absolute path
inside `$GITHUB_WORKSPACE` relative to it), so that it lands on the file."""

from __future__ import annotations

import os

from ..model import Severity
from ..report import FileResult, Report, RunStatus
from .base import Emitter, StatusTally, completed, plural

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def annotated_path(path: str) -> str:
    """`path` as GitHub names a file of the repository (see the module docstring)."""
    workspace = os.environ.get("GITHUB_WORKSPACE")
    if os.path.isabs(path):
        if workspace and os.path.commonpath([os.path.abspath(workspace), path]) == os.path.abspath(workspace):
            return os.path.relpath(path, workspace)
        return path
    return os.path.normpath(path)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


class GithubEmitter(Emitter):
    EXTENSION = ".txt"

    def start(self, run: Report) -> None:
        self.run = run
        self.tally = StatusTally()

    def file(self, result: FileResult) -> None:
        self.tally.add(result)
        for finding in result.findings:
            where = f" (page {finding.page})" if finding.page else ""
            title = f"{finding.rule} {finding.name}{where}"
            if result.submission is not None and result.submission.id is not None:
                title = f"#{result.submission.id} {title}"
            message = f"{finding.message} Fix: {finding.hint}" if finding.hint else finding.message
            level = _LEVEL[finding.severity]
            if finding.waived:
                level, title = "notice", f"{title} waived"
                message = f"{message} Waived: {finding.waiver}"
            self.stream.write(f"::{level} file={_escape_property(annotated_path(result.path))},"
                              f"title={_escape_property(title)}::{_escape_data(message)}\n")

    def finish(self, status: RunStatus | None = None) -> None:
        run = self.run
        done = completed(status, self.tally.total)
        if done.partial:
            self.stream.write(f"::warning title=axiomcheck run {done.state}::{_escape_data(done.summary)}\n")
        self.stream.write(f"axiomcheck {run.venue}/{run.track}/{run.stage}: {plural(self.tally.total, 'file')}, "
                          f"{self.tally.summary()}{'; ' + done.summary if done.partial else ''}\n")
