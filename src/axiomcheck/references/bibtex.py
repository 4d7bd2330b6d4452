"""BibTeX files (a venue's accepted papers, an anthology's .bib, a lab's bibliography), read as a stream.

An entry `@type{key, field = {value}, field = "value", field = 2017, ...}` is read once its
braces close; `@string`, `@preamble` and `@comment` are skipped, as is an entry without a
title. Values lose their LaTeX: accents (`{\\"u}`, `\\'e`, `\\c{c}`) become letters,
`\\ss`, `\\o`, `\\l` and the like theirs, commands keep their argument, braces and `~` go.
Authors ("Last, First and First Last and others") are read as "First Last". The arXiv id
comes from `eprint` (with `archivePrefix = arXiv`), a `journal` such as "arXiv preprint
arXiv:2401.01234" or an arxiv.org `url`; the DOI from `doi` or a doi.org `url`.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from .records import Batch, WorkRecord, arxiv_id_in, doi_in, year_in

_ENTRY_RE = re.compile(rb"^\s*@\s*([A-Za-z]+)\s*([{(])")
_HEAD_RE = re.compile(r"\s*@\s*(\w+)\s*[{(]\s*([^,\s]*)\s*,?(.*)", re.DOTALL)
_FIELD_RE = re.compile(r"\s*,?\s*([A-Za-z][\w\-:.]*)\s*=\s*")
_BARE_RE = re.compile(r"[\w\-:.]+")
_HASH_RE = re.compile(r"\s*#\s*")
_SKIPPED = frozenset({"string", "preamble", "comment"})
_ACCENTS = {'"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
            ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
            "r": "\u030a", "d": "\u0323", "b": "\u0331"}
_LETTERS = {"ss": "ß", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å",
            "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ", "dh": "ð", "th": "þ"}
_ACCENT_RE = re.compile(r"\\([\"'`^~=.])\s*(?:\{\s*(\\?\w)\s*\}|(\\?\w))|\\([uvHckrdb])\s*(?:\{\s*(\\?\w)\s*\}|\s(\w))")
_LETTER_RE = re.compile(r"\\(ss|ae|AE|oe|OE|aa|AA|dh|th|[oOlLij])(?![A-Za-z])\s*")
_COMMAND_RE = re.compile(r"\\[A-Za-z]+\*?\s*")
_AND_RE = re.compile(r"\s+and\s+", re.IGNORECASE)


def read_bibtex(path: str, position: int = 0, batch: int = 20000) -> Iterator[Batch]:
    """The file's works in batches of `batch`, from the entry at byte `position`."""
    name = os.path.basename(path)
    records: list[WorkRecord] = []
    macros: dict[str, str] = {}
    with open(path, "rb") as handle:
        if position > 0:  # the @string macros before the place to resume from
            for _, text in _entries(_lines_before(handle, position), 0):
                _define(text, macros)
        handle.seek(max(position, 0))
        for start, text in _entries(handle, max(position, 0)):
            if _define(text, macros):
                continue
            work = _work(name, text, macros)
            if work is not None:
                records.append(work)
            if len(records) >= batch:
                yield Batch(records, start, 0, handle.tell())
                records = []
        yield Batch(records, -1, 0, handle.tell())


def _entries(lines: Iterable[bytes], offset: int) -> Iterator[tuple[int, str]]:
    """(byte offset where the next entry starts, entry text) for each entry, once its braces close."""
    entry: list[bytes] = []
    depth = 0
    pair = (b"{", b"}")
    for line in lines:
        if not entry:
            opening = _ENTRY_RE.match(line)
            if opening is None:
                offset += len(line)
                continue
            pair = (b"(", b")") if opening.group(2) == b"(" else (b"{", b"}")
        entry.append(line)
        depth += line.count(pair[0]) - line.count(pair[1])
        offset += len(line)
        if depth <= 0:
            yield offset, b"".join(entry).decode("utf-8", "replace")
            entry, depth = [], 0


def _lines_before(handle: BinaryIO, end: int) -> Iterator[bytes]:
    """The lines of the file before byte `end` (the @string macros a resumed read needs)."""
    handle.seek(0)
    read = 0
    for line in handle:
        read += len(line)
        if read > end:
            return
        yield line


def _define(text: str, macros: dict[str, str]) -> bool:
    """Keep the macros of a `@string{name = "value"}` entry; whether `text` is one."""
    head = _HEAD_RE.match(text)
    if head is None or head.group(1).lower() != "string":
        return False
    body = text[text.index(head.group(1)) + len(head.group(1)):].strip().lstrip("{(")
    macros.update(_fields(body.rstrip().rstrip("})"), macros))
    return True


def _work(name: str, text: str, macros: dict[str, str]) -> WorkRecord | None:
    head = _HEAD_RE.match(text)
    if head is None or head.group(1).lower() in _SKIPPED:
        return None
    key = head.group(2)
    fields = _fields(head.group(3), macros)
    title = latex_to_text(fields.get("title", ""))
    if not title:
        return None
    authors = tuple(_person(person) for person in _AND_RE.split(fields.get("author") or fields.get("editor") or "")
                    if person.strip() and person.strip().lower() != "others")
    links = " ".join(fields.get(field, "") for field in ("url", "ee", "howpublished"))
    arxiv = None
    if fields.get("archiveprefix", "").lower() == "arxiv" or "arxiv" in fields.get("journal", "").lower():
        arxiv = arxiv_id_in("arXiv:" + fields.get("eprint", "")) or arxiv_id_in(fields.get("journal", ""))
    arxiv = arxiv or arxiv_id_in(links)
    doi = doi_in(fields["doi"]) if fields.get("doi") else doi_in(links) if "doi.org/" in links else None
    venue = latex_to_text(fields.get("journal") or fields.get("booktitle") or "") or None
    return WorkRecord(source="bibtex", key=f"{name}:{key}", title=title, authors=authors,
                      year=year_in(fields.get("year") or fields.get("date")), venue=venue, doi=doi, arxiv_id=arxiv)


def _fields(text: str, macros: dict[str, str]) -> dict[str, str]:
    """`name = value` pairs of an entry's body, values without their outer braces or quotes,
    macros (`@string`) replaced by their values."""
    fields: dict[str, str] = {}
    position = 0
    while True:
        match = _FIELD_RE.match(text, position)
        if match is None:
            return fields
        value, position = _value(text, match.end(), macros)
        fields[match.group(1).lower()] = " ".join(value.split())


def _value(text: str, position: int, macros: dict[str, str]) -> tuple[str, int]:
    """A field's value starting at `position` (braced, quoted, a number or a macro, joined by #)."""
    parts: list[str] = []
    while position < len(text):
        char = text[position]
        if char in "{\"":
            end = _closing(text, position)
            parts.append(text[position + 1:end])
            position = end + 1
        else:
            match = _BARE_RE.match(text, position)
            if match is None:
                break
            bare = match.group(0)
            parts.append(bare if bare.isdigit() else macros.get(bare.lower(), ""))
            position = match.end()
        hash_sign = _HASH_RE.match(text, position)
        if hash_sign is None:
            break
        position = hash_sign.end()
    return "".join(parts), position


def _closing(text: str, start: int) -> int:
    """The index of the brace or quote that closes the one at `start` (braces nest)."""
    depth = 0
    for index in range(start, len(text)):
        char = text[index]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0 and text[start] == "{":
                return index
        elif char == '"' and text[start] == '"' and index > start and depth == 0:
            return index
    return len(text)


def latex_to_text(value: str) -> str:
    """A BibTeX value as text: accents and special letters as Unicode, commands and braces gone."""
    def accent(match: re.Match[str]) -> str:
        mark = _ACCENTS[match.group(1) or match.group(4)]
        letter = match.group(2) or match.group(3) or match.group(5) or match.group(6)
        letter = _LETTERS.get(letter[1:], letter[1:]) if letter.startswith("\\") else letter
        return unicodedata.normalize("NFC", letter + mark)

    for _ in range(3):  # an accent on an accented letter: the inner one first
        value, count = _ACCENT_RE.subn(accent, value)
        if not count:
            break
    value = _LETTER_RE.sub(lambda match: _LETTERS[match.group(1)], value)
    value = value.replace("\\&", "&").replace("---", "—").replace("--", "–").replace("~", " ")
    value = _COMMAND_RE.sub("", value).replace("{", "").replace("}", "").replace("$", "")
    return " ".join(value.split())


def _person(name: str) -> str:
    """"Last, First" (or "Last, Jr., First") as "First Last"; a name without a comma as it is."""
    parts = [part.strip() for part in latex_to_text(name).split(",")]
    return f"{parts[-1]} {parts[0]}".strip() if len(parts) > 1 else parts[0]
