"""The results store: one SQLite file that keeps every verdict as soon as it is known.

A result is keyed by what decides it: the file's SHA-256, the pack's id and a hash of the
resolved pack (its rules, options and severities after `--select`/`--ignore`), the track,
the stage, the axiomcheck version, and the settings that change a verdict or what a result
holds (limits, the evidence pictures' folder). A run that finds its key skips the file;
`--force` checks it again; a changed pack, version or limit is a new key, so the file is
checked again. A result the machine caused (`machine-stopped`: its worker killed from
outside, or starved of a processor until its timeout) is kept with its run but never under
the key, so the next run checks that file again, without `--force`; so is our own bug's.

Each result is written in its own transaction the moment it arrives, so a killed run loses
only the files being checked. The database is in WAL mode with a busy timeout: two runs on
one file wait for each other's short transactions instead of corrupting it. A store that
cannot be written (a full disk, a lock held past the busy timeout, a file-size limit) raises
`StoreError` with one line that says so and how many results this run kept: every result
written before stays, and the next run resumes from it.

A run records how many files it was given, who runs it and a heartbeat (`liveness.py`), so
that a run killed outright, which never marks itself stopped, is shown `interrupted` once its
process is gone, and the next run on the store marks it so, says it resumes it, and removes
the archive members it left staged (in `<db>-staging/run-<id>/`, never the system's temp).

Schema (version 2; docs/batch.md shows it with examples):

    schema_version(version)                        one row: the schema's version
    runs(id, started_at, finished_at, state,       one row per run; state: running, done, failed,
         venue, track, stage, axiomcheck_version,    interrupted (Ctrl-C, or found killed). waivers:
         command, waivers, page_limits,              JSON list of the run's waivers; page_limits:
         files_total, owner, heartbeat_at,           each track's main-body limit; files_total: the
         stop_reason, resumes)                       files it was given; owner (JSON: host, pid,
                                                     start) and heartbeat_at: whether it still runs;
                                                     stop_reason: why it stopped before its last
                                                     file; resumes: the stopped run it takes up
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
import shutil
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone

from ..model import Submission
from ..codec import result_from_json, result_to_json
from ..report import FileResult, Report, RunState
from ..verdicts import machine_caused
from .liveness import HEARTBEAT_EVERY, Owner, is_gone, parse_time, this_process
from .store_runs import KEY_COLUMNS, KILLED, RunInfo, RunStart, run_report
from .waivers import Waiver

SCHEMA_VERSION = 2
BUSY_TIMEOUT_SECONDS = 60.0
DEFAULT_DB = "axiomcheck-results.sqlite"
_KNOWN_CACHE = 256
"""Distinct stored results `known` keeps parsed at most (callers do not change them)."""

_DDL = (
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
    """CREATE TABLE IF NOT EXISTS runs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        started_at TEXT NOT NULL, finished_at TEXT, state TEXT NOT NULL,
        venue TEXT NOT NULL, track TEXT NOT NULL, stage TEXT NOT NULL,
        axiomcheck_version TEXT NOT NULL, command TEXT NOT NULL, waivers TEXT NOT NULL,
        page_limits TEXT NOT NULL, files_total INTEGER, owner TEXT, heartbeat_at TEXT, stop_reason TEXT,
        resumes INTEGER)""",
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

_ADDED_IN_2 = ("files_total INTEGER", "owner TEXT", "heartbeat_at TEXT", "stop_reason TEXT", "resumes INTEGER")
"""The columns version 2 added to `runs` (a version-1 store gains them, empty, when opened)."""
_STOPPED_STATES: tuple[RunState, ...] = ("interrupted", "failed")


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
        """The key's columns in `KEY_COLUMNS` order."""
        return (self.sha256, self.pack, self.pack_hash, self.track, self.stage, self.axiomcheck_version,
                self.settings)


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
        self._heartbeat: datetime | None = None
        """When this process last wrote its run's heartbeat."""
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
            elif row[0] == 1:
                for column in _ADDED_IN_2:
                    self._db.execute(f"ALTER TABLE runs ADD COLUMN {column}")
                self._db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
            elif row[0] > SCHEMA_VERSION:
                raise StoreError(f"{self.path}: the database has schema version {row[0]}, from a newer "
                                 f"axiomcheck (this one reads version {SCHEMA_VERSION}). Upgrade axiomcheck "
                                 "or use another --db.")

    @contextlib.contextmanager
    def _write(self) -> Iterator[None]:
        with self._guard(), _Transaction(self._db):
            yield

    def start_run(self, venue: str, track: str, stage: str, version: str, command: str,
                  waivers: Sequence[Waiver], page_limits: dict[str, float] | None = None,
                  files_total: int | None = None) -> RunStart:
        """A new run (state `running`, owned by this process) of `files_total` files;
        `page_limits` is each track's main-body limit, for reports. Runs left `running` by a
        process that is gone are marked `interrupted` first; the latest run, when it stopped
        before its last file and had the same command, is the one this run resumes."""
        self.close_gone_runs()
        self.remove_stale_staging()
        latest = next(iter(self.runs()[-1:]), None)
        resumes = latest if latest is not None and latest.command == command and latest.status is not None \
            and latest.state in _STOPPED_STATES else None
        now = _now()
        with self._write():
            cursor = self._db.execute(
                "INSERT INTO runs (started_at, state, venue, track, stage, axiomcheck_version, command, waivers, "
                "page_limits, files_total, owner, heartbeat_at, resumes) "
                "VALUES (?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (now, venue, track, stage, version, command, json.dumps([w.to_dict() for w in waivers]),
                 json.dumps(page_limits or {}), files_total, this_process().to_json(), now,
                 resumes.id if resumes is not None else None))
            self._heartbeat = parse_time(now)
            return RunStart(int(cursor.lastrowid or 0), resumes)

    def finish_run(self, run_id: int, state: RunState, reason: str | None = None) -> None:
        """The run ended in `state` (done, interrupted, failed); `reason`: why it stopped early."""
        with self._write():
            self._db.execute("UPDATE runs SET state = ?, finished_at = ?, stop_reason = ? WHERE id = ?",
                             (state, _now(), reason, run_id))

    def close_gone_runs(self) -> list[int]:
        """Mark `interrupted` the runs stored as running whose process is gone (killed), as
        of their last heartbeat; returns their ids."""
        with self._guard():
            rows = self._db.execute("SELECT id, owner, heartbeat_at, started_at FROM runs "
                                    "WHERE state = 'running'").fetchall()
        gone = [run for run, owner, beat, started in rows
                if is_gone(Owner.from_json(owner), parse_time(beat or started))]
        if gone:
            with self._write():
                self._db.executemany(
                    "UPDATE runs SET state = 'interrupted', stop_reason = ?, "
                    "finished_at = COALESCE(heartbeat_at, started_at) WHERE id = ? AND state = 'running'",
                    [(KILLED, run) for run in gone])
        return gone

    def staging_folder(self, run_id: int) -> str:
        """Where run `run_id` stages archive members: beside the store, in its own folder."""
        return os.path.join(f"{self.path}-staging", f"run-{run_id}")

    def remove_stale_staging(self) -> list[str]:
        """Remove the staging folders of runs that no longer run (a killed run's members);
        returns what was removed."""
        root = f"{self.path}-staging"
        if not os.path.isdir(root):
            return []
        stopped = {f"run-{run.id}" for run in self.runs() if run.state != "running"}
        removed = []
        for name in sorted(os.listdir(root)):
            if name in stopped:  # a run that started since is not listed: its folder stays
                shutil.rmtree(os.path.join(root, name), ignore_errors=True)
                removed.append(name)
        with contextlib.suppress(OSError):  # left when another run stages there
            os.rmdir(root)
        return removed

    def known(self, key: ResultKey) -> FileResult | None:
        """The stored result for `key`, or None (also when it recorded an internal error,
        which the next run tries again)."""
        with self._guard():
            row = self._db.execute(
                f"SELECT result FROM results WHERE {' AND '.join(f'{c} = ?' for c in KEY_COLUMNS)} "
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
        """Keep `result` (raw, without waivers) and its place in the run, in one transaction. A
        result the machine caused (`verdicts.machine_caused`) is the run's, never the file's:
        it is kept with the run only, and the next run checks the file again."""
        inline = None
        mine = machine_caused(result.findings)
        with self._write():
            if key is not None and not cached and not mine:
                self._db.execute(
                    f"INSERT OR REPLACE INTO results ({', '.join(KEY_COLUMNS)}, status, pages, internal_error, "
                    "result, checked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    key.values() + (result.status.value, result.pages, int(result.internal_error),
                                    json.dumps(result_to_json(result), ensure_ascii=False), _now()))
            elif key is None or mine:
                inline = json.dumps({"file": result_to_json(result), "internal_error": result.internal_error},
                                    ensure_ascii=False)
            values = key.values() if key is not None else (None,) * len(KEY_COLUMNS)
            self._db.execute(
                f"INSERT OR REPLACE INTO run_files (run_id, position, path, {', '.join(KEY_COLUMNS)}, "
                "submission_id, submission, cached, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (run_id, position, path) + values + (submission.id, json.dumps(submission.to_dict()),
                                                     int(cached), inline))
            now = datetime.now(timezone.utc)
            if self._heartbeat is None or now - self._heartbeat >= HEARTBEAT_EVERY:
                self._db.execute("UPDATE runs SET heartbeat_at = ? WHERE id = ?",
                                 (now.isoformat(timespec="seconds"), run_id))
                self._heartbeat = now
        self.recorded += 1

    def runs(self) -> list[RunInfo]:
        """Every run, oldest first; one stored as running whose process is gone is shown
        interrupted (the store is not changed: `close_gone_runs` does that)."""
        with self._guard():
            rows = self._db.execute(
                "SELECT r.id, r.started_at, r.finished_at, r.state, r.venue, r.track, r.stage, "
                "(SELECT COUNT(*) FROM run_files f WHERE f.run_id = r.id), r.files_total, r.stop_reason, "
                "r.command, r.resumes, r.owner, r.heartbeat_at FROM runs r ORDER BY r.id").fetchall()
        runs = []
        for *fields, owner, beat in rows:
            run = RunInfo(*fields)
            if run.state == "running" and is_gone(Owner.from_json(owner), parse_time(beat or run.started_at)):
                run = dataclasses.replace(run, state="interrupted", reason=KILLED)
            runs.append(run)
        return runs

    def report(self, run_id: int | None = None) -> Report:
        """The report of a run (the latest when None), rebuilt from the store with the run's
        waivers applied: what the run printed, without checking anything again. A stored
        result that several files share (twins, known files) is parsed once."""
        with self._guard():
            runs = self.runs()
            run = next((r for r in runs if r.id == run_id), None) if run_id is not None else \
                (runs[-1] if runs else None)
            if run is None:
                raise StoreError(f"{self.path}: no run {run_id}." if run_id is not None else
                                 f"{self.path}: the database holds no run yet.")
            return run_report(self._db, run)


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

