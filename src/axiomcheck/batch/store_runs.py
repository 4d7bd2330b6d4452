"""What the results store says about its runs: each run's facts (`RunInfo`), and a run's
report rebuilt from its rows, with its waivers applied and its `run_status` (complete, or
partial: how many of its files were done and why it stopped)."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from ..codec import result_from_json
from ..model import Submission
from ..report import FileResult, Report, RunState, RunStatus, SubmissionRef
from .waivers import Waiver, apply_waivers

KEY_COLUMNS = ("sha256", "pack", "pack_hash", "track", "stage", "axiomcheck_version", "settings")
"""The columns of a result's key (`store.ResultKey`), in `results` and `run_files`."""
KILLED = "its process ended before the last file: killed or lost"
"""Why a run stopped, for one found `running` whose process is gone."""
STILL_RUNNING = "still running"
"""What a report rendered while its run goes on says."""


@dataclass(frozen=True)
class RunInfo:
    id: int
    started_at: str
    finished_at: str | None
    state: RunState
    venue: str
    track: str
    stage: str
    files: int
    """Files with a result in the run."""
    files_total: int | None
    """Files the run was given (None for a run of an older axiomcheck)."""
    reason: str | None
    """Why it stopped before its last file (None when it did not, or does not know)."""
    command: str
    resumes: int | None

    @property
    def status(self) -> RunStatus | None:
        """The run's outputs' `run_status`: None when it checked every file it was given."""
        total = self.files if self.files_total is None else self.files_total
        if self.files >= total:
            return None
        return RunStatus(self.files, total, STILL_RUNNING if self.state == "running" else self.reason or "stopped")


@dataclass(frozen=True)
class RunStart:
    """A new run's id, and the stopped run it takes up (the latest run, stopped before its
    last file, with the same command), if any."""

    id: int
    resumes: RunInfo | None



def run_report(db: sqlite3.Connection, run: RunInfo) -> Report:
    """The report of `run`, rebuilt from the store: its files in their order, waivers
    applied, each with its submission; a stored result that several files share (twins,
    known files) is parsed once."""
    venue, track, stage, waivers_text, limits_text = db.execute(
        "SELECT venue, track, stage, waivers, page_limits FROM runs WHERE id = ?", (run.id,)).fetchone()
    waivers = [Waiver.from_dict(w) for w in json.loads(waivers_text)]
    report = Report(venue=venue, track=track, stage=stage, page_limits=json.loads(limits_text))
    files = db.execute(
        "SELECT f.path, f.track, f.submission, f.result, r.result, r.internal_error FROM run_files f "
        f"LEFT JOIN results r ON {' AND '.join(f'r.{c} = f.{c}' for c in KEY_COLUMNS)} "
        "WHERE f.run_id = ? ORDER BY f.position", (run.id,))
    parsed: dict[tuple[str, bool], FileResult] = {}
    for path, file_track, submission_text, inline, stored, internal in files:
        result = _result(inline, stored, internal, parsed)
        if result is not None:
            submission = Submission.from_dict(json.loads(submission_text))
            result = dataclasses.replace(result, path=path, submission=SubmissionRef.of(submission),
                                         track=file_track if file_track not in (None, track) else None)
            report.files.append(apply_waivers(result, waivers, submission.id))
    report.run_status = run.status
    return report


def _result(inline: str | None, stored: str | None, internal: int | None,
            parsed: dict[tuple[str, bool], FileResult]) -> FileResult | None:
    """The file's result as stored (`parsed` keeps each shared stored result parsed once;
    callers copy it before changing it)."""
    if inline is not None:
        data: dict[str, Any] = json.loads(inline)
        return result_from_json(data["file"], internal_error=bool(data.get("internal_error")))
    if stored is None:  # its results row was deleted (by hand): nothing to show
        return None
    key = (stored, bool(internal))
    result = parsed.get(key)
    if result is None:
        result = parsed[key] = result_from_json(json.loads(stored), internal_error=bool(internal))
    return result
