"""The reference index: one SQLite file of works, searchable by identifier and by title.

Tables:
- `works`: one row per work of a dump (its source and id there, title, the title's key, authors,
  their family names' keys, year, venue, DOI, arXiv id), with indexes on the title's key, the
  DOI and the arXiv id; a work read twice (a dump read again, resumed) is kept once;
- `titles`: an FTS5 table of the titles' words (no content, no positions: small), for titles
  printed a little differently than the dump has them;
- `sources`: each dump read into the index, how far (a position at a record's start, the
  records read) and whether to its end, so that a build that stops is resumed where it
  stopped;
- `answers`, `pace`: the online look-up's cache of answers and its pacing of each service,
  shared by every process that looks up (see `client.py`);
- `meta`: the schema's version and a generation counted up by every build (results of a
  batch are keyed by it: an index extended is another index).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..model import KnownWork
from ..model.bibliography import name_key, title_words
from .records import WorkRecord

SCHEMA_VERSION = "1"
MAX_AUTHORS_KEPT = 30
"""Authors kept per work (enough to tell whether an entry's first authors are the work's)."""
BUILD_CACHE_KIB = 128 * 1024
"""SQLite's page cache while building: the title index's pages stay in memory (memory stays under 500 MB)."""
BUSY_TIMEOUT = 60.0
"""Seconds a process waits for another that is writing the file (a build, the online cache)."""
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS works(
    id INTEGER PRIMARY KEY, source TEXT NOT NULL, key TEXT NOT NULL, title TEXT NOT NULL,
    title_key TEXT NOT NULL, authors TEXT NOT NULL, surnames TEXT NOT NULL, year INTEGER,
    venue TEXT, doi TEXT, arxiv TEXT, UNIQUE(source, key));
CREATE INDEX IF NOT EXISTS works_title ON works(title_key);
CREATE INDEX IF NOT EXISTS works_doi ON works(doi) WHERE doi IS NOT NULL;
CREATE INDEX IF NOT EXISTS works_arxiv ON works(arxiv) WHERE arxiv IS NOT NULL;
CREATE VIRTUAL TABLE IF NOT EXISTS titles USING fts5(words, content='', detail='none');
CREATE TABLE IF NOT EXISTS sources(
    path TEXT PRIMARY KEY, kind TEXT NOT NULL, identity TEXT NOT NULL, position INTEGER NOT NULL,
    prolog INTEGER NOT NULL, records INTEGER NOT NULL, done INTEGER NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS answers(url TEXT PRIMARY KEY, status INTEGER NOT NULL, body BLOB NOT NULL,
    fetched REAL NOT NULL);
CREATE TABLE IF NOT EXISTS pace(host TEXT PRIMARY KEY, next_at REAL NOT NULL);
"""


class ReferenceIndexError(Exception):
    """A reference index that cannot be opened, read or written (the message says which and why)."""


@dataclass(frozen=True)
class SourceState:
    """How far a dump has been read into the index."""

    identity: str
    """The dump's size and modification time when it was read: another file under the same
    name starts again from its beginning."""
    position: int
    """Where the next read starts (uncompressed bytes)."""
    prolog: int
    """DBLP: the prolog's length, fed again on resuming."""
    records: int
    """Records read so far."""
    done: bool


def _work(row: sqlite3.Row) -> KnownWork:
    return KnownWork(title=row["title"], authors=tuple(json.loads(row["authors"])), year=row["year"],
                     venue=row["venue"], source=f"{row['source']} {row['key']}", doi=row["doi"],
                     arxiv_id=row["arxiv"])


class ReferenceIndex:
    """An open index file (use as a context manager)."""

    def __init__(self, path: str | Path, create: bool = False) -> None:
        self.path = Path(path)
        if not create and not self.path.is_file():
            raise ReferenceIndexError(f"{self.path}: no such reference index (build one with `axiomcheck references "
                                      "index SOURCE... --db FILE`)")
        try:
            self.db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
            self.db.row_factory = sqlite3.Row
            if create:
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")  # a batch lost to a power cut is read again
                self.db.execute(f"PRAGMA cache_size=-{BUILD_CACHE_KIB}")
                self.db.executescript(_SCHEMA)
                self.db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
            version = self.db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        except sqlite3.DatabaseError as error:
            raise ReferenceIndexError(f"{self.path}: not a reference index axiomcheck can read ({error})") from error
        if version is None or version[0] != SCHEMA_VERSION:
            raise ReferenceIndexError(f"{self.path}: a reference index of another version; build it again")

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> ReferenceIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- building ------------------------------------------------------------------------------
    def add(self, records: Iterable[WorkRecord]) -> int:
        """Add works (inside the caller's transaction); returns how many were new."""
        added = 0
        for record in records:
            authors = record.authors[:MAX_AUTHORS_KEPT]
            surnames = " ".join(name_key(author.rsplit(None, 1)[-1]) for author in authors if author.strip())
            words = title_words(record.title)
            cursor = self.db.execute(
                "INSERT OR IGNORE INTO works(source, key, title, title_key, authors, surnames, year, venue, doi, arxiv)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.source, record.key, record.title, "".join(words), json.dumps(list(authors), ensure_ascii=False),
                 surnames, record.year, record.venue, record.doi, record.arxiv_id))
            if cursor.rowcount:
                self.db.execute("INSERT INTO titles(rowid, words) VALUES (?, ?)", (cursor.lastrowid, " ".join(words)))
                added += 1
        return added

    def source_state(self, path: str) -> SourceState | None:
        row = self.db.execute("SELECT identity, position, prolog, records, done FROM sources WHERE path = ?",
                              (path,)).fetchone()
        return None if row is None else SourceState(row[0], row[1], row[2], row[3], bool(row[4]))

    def save_progress(self, path: str, kind: str, state: SourceState) -> None:
        """Record how far `path` has been read (inside the transaction that added its works)."""
        self.db.execute("INSERT OR REPLACE INTO sources VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (path, kind, state.identity, state.position, state.prolog, state.records, int(state.done),
                         time.time()))

    def begin(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def commit(self) -> None:
        self.db.execute("COMMIT")

    def count_generation(self) -> None:
        """Count a build: the index is another one from now on."""
        self.db.execute("INSERT INTO meta VALUES ('generation', '1') ON CONFLICT(key) DO UPDATE SET "
                        "value = CAST(value AS INTEGER) + 1")

    # -- what it holds ---------------------------------------------------------------------------
    def works(self) -> int:
        row = self.db.execute("SELECT max(id) FROM works").fetchone()
        return int(row[0] or 0)

    def generation(self) -> str:
        row = self.db.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()
        return str(row[0]) if row else "0"

    def by_arxiv(self, arxiv_id: str) -> list[KnownWork]:
        return [_work(row) for row in self.db.execute("SELECT * FROM works WHERE arxiv = ?", (arxiv_id,))]

    def by_doi(self, doi: str) -> list[KnownWork]:
        return [_work(row) for row in self.db.execute("SELECT * FROM works WHERE doi = ?", (doi.lower(),))]

    def by_title(self, key: str) -> list[KnownWork]:
        return [_work(row) for row in self.db.execute("SELECT * FROM works WHERE title_key = ? LIMIT 50", (key,))]

    def by_words(self, words: Sequence[str], limit: int = 30) -> list[KnownWork]:
        """Works whose titles hold every one of `words` (title words, as `title_words` gives them)."""
        if not words:
            return []
        query = " AND ".join(f'"{word}"' for word in words)
        rows = self.db.execute("SELECT w.* FROM works w JOIN (SELECT rowid FROM titles WHERE titles MATCH ? LIMIT ?) t"
                               " ON w.id = t.rowid", (query, limit))
        return [_work(row) for row in rows]

    # -- the online look-up's cache and pacing ---------------------------------------------------
    def answer(self, url: str, max_age: float) -> tuple[int, bytes] | None:
        """A service's answer to `url` kept from an earlier look-up, if it is younger than `max_age` seconds."""
        row = self.db.execute("SELECT status, body, fetched FROM answers WHERE url = ?", (url,)).fetchone()
        if row is None or time.time() - row[2] > max_age:
            return None
        return int(row[0]), bytes(row[1])

    def keep_answer(self, url: str, status: int, body: bytes) -> None:
        self.db.execute("INSERT OR REPLACE INTO answers VALUES (?, ?, ?, ?)", (url, status, body, time.time()))

    def reserve_slot(self, host: str, interval: float) -> float:
        """Seconds to wait before the next request to `host`, every process of every run that
        shares this file counted: each request takes the next free slot, `interval` after the one before."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            now = time.time()
            row = self.db.execute("SELECT next_at FROM pace WHERE host = ?", (host,)).fetchone()
            slot = max(now, float(row[0]) if row else now)
            self.db.execute("INSERT OR REPLACE INTO pace VALUES (?, ?)", (host, slot + interval))
        finally:
            self.db.execute("COMMIT")
        return slot - now
