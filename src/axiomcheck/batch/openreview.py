"""An OpenReview export: the submissions' notes as JSON, matched to the PDFs by number.

Organizers get the notes from `openreview-py` (`[note.to_json() for note in notes]`, saved
with `json.dump`): a JSON list of notes, a mapping with a `notes` list, or one note per line.
Both API versions are read: content values plain (API 1) or wrapped as `{"value": ...}`
(API 2). From each note: `number`, `content.title`, `content.authors`, `content.pdf`, and its
forum (`forum`, else the note's `id`), which the reports link to.

A PDF belongs to a note when its file name is the name in the note's `pdf` field, or when
its name holds one number and that is the note's number (`17.pdf`, `paper17.pdf`,
`Submission17.pdf`), or, failing that, when its folder's name does (`Submission17/paper.pdf`).
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import PurePath
from typing import Any

from ..manifest import forum_url
from ..model import Submission
from .inputs import Item

_DIGITS = re.compile(r"\d+")


class OpenReviewError(Exception):
    """The export cannot be read; the message names the file and the note."""


@dataclass(frozen=True)
class Note:
    number: int
    title: str | None
    authors: tuple[str, ...]
    pdf: str | None
    """The file name of the note's PDF (`0a1b2c.pdf` from `/pdf/0a1b2c.pdf`), if any."""
    forum: str | None = None
    """The URL of the submission's forum, when the note names its forum (or its own id)."""

    @property
    def submission(self) -> Submission:
        return Submission(authors=self.authors, title=self.title, id=str(self.number), forum=self.forum)


@dataclass(frozen=True)
class Matching:
    """The items with their submissions, and what did not match (for a warning)."""

    items: list[Item]
    unmatched_files: list[str]
    notes_without_pdf: list[int]


def read_export(path: str) -> list[Note]:
    """The notes of an export, in its order; raises OpenReviewError."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise OpenReviewError(f"{path}: cannot read the export ({error}).") from error
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError:
        try:
            data = [json.loads(line) for line in text.splitlines() if line.strip()]
        except json.JSONDecodeError as error:
            raise OpenReviewError(f"{path}: not JSON (line {error.lineno}: {error.msg}). Save the notes with "
                                  "`json.dump([n.to_json() for n in notes], file)`.") from error
    if isinstance(data, dict) and isinstance(data.get("notes"), list):
        data = data["notes"]
    if not isinstance(data, list):
        raise OpenReviewError(f"{path}: expected a list of notes (or `{{\"notes\": [...]}}`).")
    return [_note(path, index, raw) for index, raw in enumerate(data, start=1)]


def _value(content: dict[str, Any], key: str) -> Any:
    value = content.get(key)
    return value.get("value") if isinstance(value, dict) else value


def _note(path: str, index: int, raw: Any) -> Note:
    where = f"{path}: note {index}"
    if not isinstance(raw, dict):
        raise OpenReviewError(f"{where}: a note must be a JSON object.")
    number = raw.get("number")
    if isinstance(number, bool) or not isinstance(number, int):
        raise OpenReviewError(f"{where}: no submission `number` (notes of submissions have one).")
    content = raw.get("content") or {}
    if not isinstance(content, dict):
        raise OpenReviewError(f"{where}: `content` must be a JSON object.")
    title = _value(content, "title")
    authors = _value(content, "authors") or []
    pdf = _value(content, "pdf")
    forum = raw.get("forum") or raw.get("id")
    if not isinstance(authors, list) or not all(isinstance(a, str) for a in authors):
        raise OpenReviewError(f"{where}: `content.authors` must be a list of names.")
    return Note(number=number, title=title.strip() if isinstance(title, str) and title.strip() else None,
                authors=tuple(a.strip() for a in authors if a.strip()),
                pdf=posixpath.basename(pdf) if isinstance(pdf, str) and pdf else None,
                forum=forum_url(forum) if isinstance(forum, str) else None)


def _only_number(name: str) -> int | None:
    runs = _DIGITS.findall(name)
    return int(runs[0]) if len(runs) == 1 else None


def note_for(display: str, by_number: dict[int, Note], by_pdf: dict[str, Note]) -> Note | None:
    """The note a PDF (by its shown path) belongs to, or None."""
    path = PurePath(display.replace("\\", "/"))
    if path.name in by_pdf:
        return by_pdf[path.name]
    number = _only_number(path.stem)
    if number is None and path.parent.name:
        number = _only_number(path.parent.name)
    return by_number.get(number) if number is not None else None


def match(items: Sequence[Item], notes: Sequence[Note]) -> Matching:
    """Each item with its note's submission (title, authors, id = number) where one matches."""
    by_number = {note.number: note for note in notes}
    by_pdf = {note.pdf: note for note in notes if note.pdf}
    matched: set[int] = set()
    out, unmatched = [], []
    for item in items:
        note = note_for(item.display, by_number, by_pdf)
        if note is None:
            unmatched.append(item.display)
            out.append(item)
            continue
        matched.add(note.number)
        out.append(replace(item, submission=note.submission))
    missing = [note.number for note in notes if note.number not in matched]
    return Matching(out, unmatched, missing)
