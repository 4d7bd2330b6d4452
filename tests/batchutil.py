"""Helpers for the batch tests: distinct copies of fixture PDFs and reading a results store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from conftest import FIXTURES

KINDS = ("refs-midpage.pdf", "over-limit.pdf", "email-in-body.pdf")


def distinct_pdfs(folder: Path, count: int, kinds: tuple[str, ...] = KINDS) -> list[Path]:
    """`count` PDFs, copies of fixtures that differ in a comment after `%%EOF` (so each has
    its own SHA-256 but the same verdicts as its fixture)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number in range(count):
        source = FIXTURES / kinds[number % len(kinds)]
        target = folder / f"{number:03d}-{source.name}"
        target.write_bytes(source.read_bytes() + f"\n% copy {folder.name} {number}\n".encode())
        paths.append(target)
    return paths


def query(db: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(db) as connection:
        return connection.execute(sql).fetchall()
