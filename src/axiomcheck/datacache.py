"""Data files kept on disk in a parsed form, so that a run reads no YAML for a pack or a
template file it has read before, and `axiomcheck packs` lists the shipped packs without
loading YAML or the rules.

Entries are JSON files (never pickle) named by the SHA-256 of what they were made from, in
`$AXIOMCHECK_CACHE_DIR` (`off` turns the cache off), else `$XDG_CACHE_HOME/axiomcheck`,
else `~/.cache/axiomcheck`. A missing, unreadable or unwritable cache only costs the parse:
every entry is checked against its key and rebuilt when it does not match.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from . import __version__

CACHE_ENV = "AXIOMCHECK_CACHE_DIR"
FORMAT = 2
"""Bumped whenever the layout of an entry changes."""


def cache_directory() -> Path | None:
    """Where entries live; None when the cache is turned off."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen:
        return None if chosen.lower() == "off" else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "axiomcheck"


def digest(*parts: str | bytes) -> str:
    """SHA-256 over `parts` (with the format and axiomcheck's version), in hex."""
    hasher = hashlib.sha256(f"{FORMAT}:{__version__}".encode())
    for part in parts:
        hasher.update(b"\0" + (part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part))
    return hasher.hexdigest()


def code_fingerprint(*parts: str) -> str:
    """Sizes and modification times of the modules of `parts` (folders, sub-folders included,
    or module files, relative to the axiomcheck package): what a cached judgement of that code
    is keyed by."""
    package = Path(__file__).resolve().parent
    stamps = []
    for part in parts:
        path = package / part
        for module in [path] if path.is_file() else path.rglob("*.py"):
            stat = module.stat()
            stamps.append(f"{module.relative_to(package)}:{stat.st_size}:{stat.st_mtime_ns}")
    return digest(*sorted(stamps))


def read(kind: str, key: str) -> Any:
    """The entry `kind`-`key`, None when absent or unreadable."""
    directory = cache_directory()
    if directory is None:
        return None
    try:
        with open(directory / f"{kind}-{key}.json", encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError):
        return None


def write(kind: str, key: str, value: Any) -> None:
    """Store an entry atomically (a concurrent reader sees the old file or the new one)."""
    import tempfile  # noqa: PLC0415 - only when writing: a run that finds its entries never needs it

    directory = cache_directory()
    if directory is None:
        return
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{kind}-", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(value, out, separators=(",", ":"))
            os.replace(temporary, directory / f"{kind}-{key}.json")
        except BaseException:
            os.unlink(temporary)
            raise
    except (OSError, TypeError, ValueError):  # a read-only home or an unencodable value: no cache
        return
