"""Reviewer copies as data: what venues' review systems print on the copies they send to
reviewers (`templates/signatures/canaries.yaml`, shipped in the wheel with the template files).

Per venue and year, the visible stamp of a reviewer copy and the hidden instruction (the
"canary") that makes a language model given the paper write tell-tale phrases into a review,
each with its sources. The analysis recognises them on the page (`analysis.venue_marks`); the
file is checked against `SCHEMA`, and a mistake is a `SignatureError` naming the file, the line
and the fix (docs/templates.md, "Reviewer copies and canaries").
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..yamldata import DataFileError, SchemaProblem, load_cached, plain, validate
from . import compiled, templates_directory

FORMAT_VERSION = 1
"""The version of the file's format this code reads."""
SIGNATURES_FILE = Path("signatures") / "canaries.yaml"
"""Where the shipped file lies in the template directory."""

_TEXT = {"type": "string", "minLength": 1}
_REGEX = {"type": "string", "minLength": 1, "format": "regex"}


def _object(properties: dict[str, Any], required: tuple[str, ...]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": list(required), "additionalProperties": False}


_SOURCE = _object({"url": {"type": "string", "pattern": r"^https?://\S+$"}, "says": _TEXT}, ("url", "says"))
_VENUE = _object({
    "venue": _TEXT,
    "stamps": {"type": "array", "items": _object({"text": _TEXT, "match": _REGEX}, ("text", "match"))},
    "canaries": {"type": "array", "minItems": 1, "items": _object({"form": _TEXT, "match": _REGEX}, ("form", "match"))},
    "sources": {"type": "array", "minItems": 1, "items": _SOURCE},
}, ("venue", "canaries", "sources"))
SCHEMA: dict[str, Any] = _object({"version": {"const": FORMAT_VERSION},
                                  "venues": {"type": "array", "minItems": 1, "items": _VENUE}}, ("version", "venues"))


class SignatureError(DataFileError):
    """The signatures file cannot be used: names the file, the line and the fix."""


@dataclass(frozen=True)
class Signature:
    """One stamp or canary of a venue: as reported, and the expression that finds it."""

    form: str
    """The text as printed (a stamp) or the instruction's form (a canary), for messages."""
    match: str
    """The expression (`pattern`), case-insensitive, over words joined by single spaces, curly
    quotes read as straight."""

    @property
    def pattern(self) -> re.Pattern[str]:
        """`match` compiled, once (a canary's only when a page hides text)."""
        return compiled(self.match)


@dataclass(frozen=True)
class VenueSignatures:
    """What one venue and year puts on its reviewer copies."""

    venue: str
    """How people name it ("ICML 2026")."""
    stamps: tuple[Signature, ...]
    canaries: tuple[Signature, ...]
    sources: tuple[str, ...]
    """The addresses that document them, first the one that shows them best."""


def signatures_path() -> Path:
    """The shipped signatures file (inside the installed package, or `templates/` in a checkout)."""
    return templates_directory() / SIGNATURES_FILE


def _describe(error: SchemaProblem) -> tuple[str, str]:
    keys = error.path + ([error.unexpected_key] if error.unexpected_key is not None else [])
    where = ".".join(map(str, keys))
    if error.validator == "additionalProperties":
        fix = f"Known keys here: {', '.join(error.schema.get('properties', {}))}."
    elif error.validator == "format":
        fix = "Write a Python regular expression; quote it with single quotes in YAML."
    elif error.validator == "const":
        fix = f"Write `version: {FORMAT_VERSION}` (the format this version of axiomcheck reads)."
    else:
        fix = "See docs/templates.md, \"Reviewer copies and canaries\", for the keys and their types."
    return f"{where + ': ' if where else ''}{error.message}.", fix


def load_signatures(path: Path, check: bool = True) -> tuple[VenueSignatures, ...]:
    """Read a signatures file and, unless `check` is False, validate it against `SCHEMA`."""
    located = load_cached(path, SignatureError, "signatures file", f"`version: {FORMAT_VERSION}`")
    if check:
        validate(path, located, SCHEMA, SignatureError, _describe)
    return tuple(VenueSignatures(
        venue=entry["venue"],
        stamps=tuple(_signature(stamp["text"], stamp["match"]) for stamp in entry.get("stamps") or ()),
        canaries=tuple(_signature(canary["form"], canary["match"]) for canary in entry["canaries"]),
        sources=tuple(source["url"] for source in entry["sources"])) for entry in plain(located)["venues"])


def _signature(form: str, pattern: str) -> Signature:
    return Signature(" ".join(form.split()), pattern)


@functools.cache
def shipped_signatures() -> tuple[VenueSignatures, ...]:
    """The shipped file's signatures (validated by the test suite, not at every start)."""
    return load_signatures(signatures_path(), check=False)
