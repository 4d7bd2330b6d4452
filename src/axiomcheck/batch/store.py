"""The results store: one SQLite file that keeps every verdict as soon as it is known.

A result is keyed by what decides it: the file's SHA-256, the pack's id and a hash of the
resolved pack (its rules, options and severities after `--select`/`--ignore`), the track,
the stage, the axiomcheck version, and the settings that change a verdict or what a result
holds (limits, the evidence pictures' folder). A run that finds its key skips the file;
`--force` checks it again; a changed pack, version or limit is a new key, so the file is
checked again.

Each result is written in its own transaction the moment it arrives, so a killed run loses
only the files being checked. The database is in WAL mode with a busy timeout: two runs on
one file wait for each other's short transactions instead of corrupting it. A store that
cannot be written (a full disk, a lock held past the busy timeout, a file-size limit) raises
`StoreError` with one line that says so and how many results this run kept: every result
written before stays, and the next run resumes from it.

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

import contextlib
import dataclasses
import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from ..model import Submission
from ..codec import result_from_json, result_to_json
from ..report import FileResult, Report
from .waivers import Waiver, apply_waivers

SCHEMA_VERSION = 1
BUSY_TIMEOUT_SECONDS = 60.0
DEFAULT_DB = "axiomcheck-results.sqlite"
_KNOWN_CACHE = 256
"""Distinct stored results `known` keeps parsed at most (callers do not change them)."""

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
    """The database cannot be used (not SQLite, a newer schema, locked for too long, a full disk)."""


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

    def values(self) -> tuple[str, ...]:
        """The key's columns in `_KEY_COLUMNS` order."""
        return (self.sha256, self.pack, self.pack_hash, self.track, self.stage, self.axiomcheck_version,
                self.settings)


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
        self.recorded = 0
        """Files this process has kept in the store (for the message when it fails)."""
        self._failure: StoreError | None = None
        self._known: dict[str, FileResult] = {}
        """Stored results parsed by `known`, by their text (many files share one: twins, reruns)."""
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise StoreError(f"{path}: the folder {folder} does not exist; create it or give another --db.")
        with self._guard():
            self._db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None,
                                       check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._migrate()

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        """SQLite's errors as one `StoreError` line; after a first failure, later ones (the
        run's closing write, say) repeat the first, which names the cause."""
        try:
            yield
        except sqlite3.Error as error:
            if self._failure is None:
                self._failure = StoreError(self._explain(error))
            raise self._failure from error

    def _explain(self, error: sqlite3.Error) -> str:
        text = str(error)
        kept = f"the results of the {self.recorded} files done in this run are kept in it" if self.recorded else \
            "the results of earlier runs are kept in it"
        if "full" in text or "disk I/O" in text:
            return (f"{self.path}: cannot write to the results store ({text}: the disk is full or the file may "
                    f"not grow); {kept}: free space and run the same command again to resume.")
        if "locked" in text or "busy" in text:
            return (f"{self.path}: the results store is locked by another process (waited "
                    f"{BUSY_TIMEOUT_SECONDS:.0f} s); {kept}: run the same command again once the other is done.")
        return (f"{self.path}: not a results store ({text}); give --db a store `axiomcheck batch` wrote, or a new "
                "file name.")

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    def _migrate(self) -> None:
        with self._write():
            tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if tables and "schema_version" not in tables:
                raise StoreError(f"{self.path}: an SQLite database of another program, not a results store; give "
                                 "--db a store `axiomcheck batch` wrote, or a new file name.")
            for statement in _DDL:
                self._db.execute(statement)
            row = self._db.execute("SELECT MAX(version) FROM schema_version").fetchone()
            if row[0] is None:
                self._db.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            elif row[0] > SCHEMA_VERSION:
                raise StoreError(f"{self.path}: the database has schema version {row[0]}, from a newer "
                                 f"axiomcheck (this one reads version {SCHEMA_VERSION}). Upgrade axiomcheck "
                                 "or use another --db.")

    @contextlib.contextmanager
    def _write(self) -> Iterator[None]:
        with self._guard(), _Transaction(self._db):
            yield

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
        with self._guard():
            row = self._db.execute(
                f"SELECT result FROM results WHERE {' AND '.join(f'{c} = ?' for c in _KEY_COLUMNS)} "
                "AND internal_error = 0", key.values()).fetchone()
        if row is None:
            return None
        result = self._known.get(row[0])
        if result is None:
            if len(self._known) >= _KNOWN_CACHE:
                self._known.clear()
            result = self._known[row[0]] = result_from_json(json.loads(row[0]))
        return result

    def record(self, run_id: int, position: int, path: str, key: ResultKey | None, submission: Submission,
               result: FileResult, cached: bool = False) -> None:
        """Keep `result` (raw, without waivers) and its place in the run, in one transaction."""
        inline = None
        with self._write():
            if key is not None and not cached:
                self._db.execute(
                    f"INSERT OR REPLACE INTO results ({', '.join(_KEY_COLUMNS)}, status, pages, internal_error, "
                    "result, checked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    key.values() + (result.status, result.pages, int(result.internal_error),
                                    json.dumps(result_to_json(result), ensure_ascii=False), _now()))
            elif key is None:
                inline = json.dumps({"file": result_to_json(result), "internal_error": result.internal_error},
                                    ensure_ascii=False)
            values = key.values() if key is not None else (None,) * len(_KEY_COLUMNS)
            self._db.execute(
                f"INSERT OR REPLACE INTO run_files (run_id, position, path, {', '.join(_KEY_COLUMNS)}, "
                "submission_id, submission, cached, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (run_id, position, path) + values + (submission.id, json.dumps(submission.to_dict()),
                                                     int(cached), inline))
        self.recorded += 1

    def runs(self) -> list[RunInfo]:
        with self._guard():
            rows = self._db.execute(
                "SELECT r.id, r.started_at, r.finished_at, r.state, r.venue, r.track, r.stage, "
                "(SELECT COUNT(*) FROM run_files f WHERE f.run_id = r.id) FROM runs r ORDER BY r.id").fetchall()
        return [RunInfo(*row) for row in rows]

    def report(self, run_id: int | None = None) -> Report:
        """The report of a run (the latest when None), rebuilt from the store with the run's
        waivers applied: what the run printed, without checking anything again. A stored
        result that several files share (twins, known files) is parsed once."""
        with self._guard():
            return self._report(run_id)

    def _report(self, run_id: int | None) -> Report:
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
            "WHERE f.run_id = ? ORDER BY f.position", (run,))
        parsed: dict[tuple[str, bool], FileResult] = {}
        for path, file_track, submission_id, inline, stored, internal in files:
            result = _result(inline, stored, internal, parsed)
            if result is not None:
                result = dataclasses.replace(result, path=path,
                                             track=file_track if file_track not in (None, track) else None)
                report.files.append(apply_waivers(result, waivers, submission_id))
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


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error): takes the write lock at once, so two
    runs wait for each other (up to the busy timeout) rather than fail mid-transaction."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if kind is None:
            self._db.execute("COMMIT")
        elif self._db.in_transaction:  # SQLite may have rolled back already (a full disk)
            with contextlib.suppress(sqlite3.Error):  # the error in flight says what went wrong
                self._db.execute("ROLLBACK")

