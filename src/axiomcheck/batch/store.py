"""The results store: one SQLite file that keeps every verdict as soon as it is known.

A result is keyed by what decides it: the file's SHA-256, the pack's id and a hash of the
resolved pack (its rules, options and severities after `--select`/`--ignore`), the track,
the stage, the axiomcheck version, and the settings that change a verdict or what a result
holds (limits, the evidence pictures' folder). A run that finds its key skips the file;
`--force` checks it again; a changed pack, version or limit is a new key, so the file is
checked again.

Each result is written in its own transaction the moment it arrives, so a killed run loses
only the files being checked. The database is in WAL mode with a busy timeout: two runs on
one file wait for each other's short transactions instead of corrupting it.

Schema (version 1; docs/batch.md shows it with examples):

    schema_version(version)                        one row: the schema's version
    runs(id, started_at, finished_at, state,       one row per run; state: running, done, failed,
         venue, track, stage, axiomcheck_version,    interrupted (Ctrl-C); a killed run stays
         command, waivers, page_limits)              `running`. waivers: JSON list of the run's waivers;
                                                     page_limits: each track's main-body limit
    results(sha256, pack, pack_hash, track, stage, one row per distinct key: the file's result
            axiomcheck_version, settings,            as JSON (report schema axiomcheck.report/1,
            status, pages, internal_error,           without waivers) and when it was checked
            result, checked_at)
    run_files(run_id, position, path, sha256, ...  one row per file of a run, in input order:
              key columns ..., submission_id,        where it was, the key of its result, and
              submission, cached, result)            `result` only for a verdict decided before
                                                     checking (e.g. an unsafe archive member)
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Sequence
from dataclasses import astuple, dataclass
from datetime import datetime, timezone
from typing import Any

from ..model import Submission
from ..codec import result_from_json, result_to_json
from ..report import FileResult, Report
from .waivers import Waiver, apply_waivers

SCHEMA_VERSION = 1
BUSY_TIMEOUT_SECONDS = 60.0
DEFAULT_DB = "axiomcheck-results.sqlite"

_KEY_COLUMNS = ("sha256", "pack", "pack_hash", "track", "stage", "axiomcheck_version", "settings")
_DDL = (
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
    """CREATE TABLE IF NOT EXISTS runs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        started_at TEXT NOT NULL, finished_at TEXT, state TEXT NOT NULL,
        venue TEXT NOT NULL, track TEXT NOT NULL, stage TEXT NOT NULL,
        axiomcheck_version TEXT NOT NULL, command TEXT NOT NULL, waivers TEXT NOT NULL,
        page_limits TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS results (
        sha256 TEXT NOT NULL, pack TEXT NOT NULL, pack_hash TEXT NOT NULL, track TEXT NOT NULL,
        stage TEXT NOT NULL, axiomcheck_version TEXT NOT NULL, settings TEXT NOT NULL,
        status TEXT NOT NULL, pages INTEGER, internal_error INTEGER NOT NULL,
        result TEXT NOT NULL, checked_at TEXT NOT NULL,
        PRIMARY KEY (sha256, pack, pack_hash, track, stage, axiomcheck_version, settings))""",
    """CREATE TABLE IF NOT EXISTS run_files (
        run_id INTEGER NOT NULL REFERENCES runs(id), position INTEGER NOT NULL, path TEXT NOT NULL,
        sha256 TEXT, pack TEXT, pack_hash TEXT, track TEXT, stage TEXT, axiomcheck_version TEXT,
        settings TEXT, submission_id TEXT, submission TEXT NOT NULL, cached INTEGER NOT NULL,
        result TEXT,
        PRIMARY KEY (run_id, position))""",
)


class StoreError(Exception):
    """The database cannot be used (not SQLite, a newer schema, locked for too long)."""


@dataclass(frozen=True)
class ResultKey:
    """What decides a file's result; equal keys mean the stored result still holds."""

    sha256: str
    pack: str
    pack_hash: str
    track: str
    stage: str
    axiomcheck_version: str
    settings: str


@dataclass(frozen=True)
class RunInfo:
    id: int
    started_at: str
    finished_at: str | None
    state: str
    venue: str
    track: str
    stage: str
    files: int


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Store:
    """An open results database; use as a context manager."""

    def __init__(self, path: str) -> None:
        self.path = path
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise StoreError(f"{path}: the folder {folder} does not exist; create it or give another --db.")
        try:
            self._db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None,
                                       check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._migrate()
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{path}: not a usable results database ({error}).") from error

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    def _migrate(self) -> None:
        with self._write():
            for statement in _DDL:
                self._db.execute(statement)
            row = self._db.execute("SELECT MAX(version) FROM schema_version").fetchone()
            if row[0] is None:
                self._db.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            elif row[0] > SCHEMA_VERSION:
                raise StoreError(f"{self.path}: the database has schema version {row[0]}, from a newer "
                                 f"axiomcheck (this one reads version {SCHEMA_VERSION}). Upgrade axiomcheck "
                                 "or use another --db.")

    def _write(self) -> _Transaction:
        return _Transaction(self._db)

    def start_run(self, venue: str, track: str, stage: str, version: str, command: str,
                  waivers: Sequence[Waiver], page_limits: dict[str, float] | None = None) -> int:
        """A new run (state `running`); `page_limits` is each track's main-body limit, for reports."""
        with self._write():
            cursor = self._db.execute(
                "INSERT INTO runs (started_at, state, venue, track, stage, axiomcheck_version, command, waivers, "
                "page_limits) VALUES (?, 'running', ?, ?, ?, ?, ?, ?, ?)",
                (_now(), venue, track, stage, version, command, json.dumps([w.to_dict() for w in waivers]),
                 json.dumps(page_limits or {})))
            return int(cursor.lastrowid or 0)

    def finish_run(self, run_id: int, state: str) -> None:
        with self._write():
            self._db.execute("UPDATE runs SET state = ?, finished_at = ? WHERE id = ?", (state, _now(), run_id))

    def known(self, key: ResultKey) -> FileResult | None:
        """The stored result for `key`, or None (also when it recorded an internal error,
        which the next run tries again)."""
        row = self._db.execute(
            f"SELECT result FROM results WHERE {' AND '.join(f'{c} = ?' for c in _KEY_COLUMNS)} "
            "AND internal_error = 0", astuple(key)).fetchone()
        return None if row is None else result_from_json(json.loads(row[0]))

    def record(self, run_id: int, position: int, path: str, key: ResultKey | None, submission: Submission,
               result: FileResult, cached: bool = False) -> None:
        """Keep `result` (raw, without waivers) and its place in the run, in one transaction."""
        inline = None
        with self._write():
            if key is not None and not cached:
                self._db.execute(
                    f"INSERT OR REPLACE INTO results ({', '.join(_KEY_COLUMNS)}, status, pages, internal_error, "
                    "result, checked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    astuple(key) + (result.status, result.pages, int(result.internal_error),
                                    json.dumps(result_to_json(result), ensure_ascii=False), _now()))
            elif key is None:
                inline = json.dumps({"file": result_to_json(result), "internal_error": result.internal_error},
                                    ensure_ascii=False)
            values = astuple(key) if key is not None else (None,) * len(_KEY_COLUMNS)
            self._db.execute(
                f"INSERT OR REPLACE INTO run_files (run_id, position, path, {', '.join(_KEY_COLUMNS)}, "
                "submission_id, submission, cached, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (run_id, position, path) + values + (submission.id, json.dumps(submission.to_dict()),
                                                     int(cached), inline))

    def runs(self) -> list[RunInfo]:
        rows = self._db.execute(
            "SELECT r.id, r.started_at, r.finished_at, r.state, r.venue, r.track, r.stage, "
            "(SELECT COUNT(*) FROM run_files f WHERE f.run_id = r.id) FROM runs r ORDER BY r.id").fetchall()
        return [RunInfo(*row) for row in rows]

    def report(self, run_id: int | None = None) -> Report:
        """The report of a run (the latest when None), rebuilt from the store with the run's
        waivers applied: what the run printed, without checking anything again."""
        row = self._db.execute(
            "SELECT id, venue, track, stage, waivers, page_limits FROM runs "
            "WHERE id = COALESCE(?, (SELECT MAX(id) FROM runs))", (run_id,)).fetchone()
        if row is None:
            raise StoreError(f"{self.path}: no run {run_id}." if run_id is not None else
                             f"{self.path}: the database holds no run yet.")
        run, venue, track, stage, waivers_text, limits_text = row
        waivers = [Waiver.from_dict(w) for w in json.loads(waivers_text)]
        report = Report(venue=venue, track=track, stage=stage, page_limits=json.loads(limits_text))
        files = self._db.execute(
            "SELECT f.path, f.track, f.submission_id, f.result, r.result, r.internal_error FROM run_files f "
            f"LEFT JOIN results r ON {' AND '.join(f'r.{c} = f.{c}' for c in _KEY_COLUMNS)} "
            "WHERE f.run_id = ? ORDER BY f.position", (run,)).fetchall()
        for path, file_track, submission_id, inline, stored, internal in files:
            result = _result(path, inline, stored, internal)
            if result is not None:
                result.track = file_track if file_track not in (None, track) else None
                report.files.append(apply_waivers(result, waivers, submission_id))
        return report


def _result(path: str, inline: str | None, stored: str | None, internal: int | None) -> FileResult | None:
    if inline is not None:
        data: dict[str, Any] = json.loads(inline)
        result = result_from_json(data["file"], internal_error=bool(data.get("internal_error")))
    elif stored is not None:
        result = result_from_json(json.loads(stored), internal_error=bool(internal))
    else:  # its results row was deleted (by hand): nothing to show
        return None
    result.path = path
    return result


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error): takes the write lock at once, so two
    runs wait for each other (up to the busy timeout) rather than fail mid-transaction."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")

