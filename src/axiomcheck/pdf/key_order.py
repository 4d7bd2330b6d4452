"""The order in which a PDF file writes a dictionary's keys.

qpdf keeps a dictionary's keys sorted by name, not in the file's order. Where that order shows
in a report (the document information's entries and a page's figures each give findings of
their own, listed as the file lists them), `FileOrder.keys` puts the keys back in the file's
order: the text of the indirect object that holds the dictionary is found through the
cross-reference table (in the file, or in the object stream that holds it), the dictionary
is reached in it by the keys that lead to it, and its names are read in turn. A key the text
does not show (a damaged file qpdf repaired, a dictionary qpdf copied from a parent page-tree
node) keeps qpdf's order, after the others.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pikepdf

from .stream_data import decoded


MAX_OBJECT_BYTES = 1 << 20
"""An object's text is read at most this far; a dictionary that has not ended by then keeps qpdf's order."""
_WHITESPACE = frozenset(b"\x00\t\n\x0c\r ")
_ENDS_TOKEN = _WHITESPACE | frozenset(b"()<>[]{}/%")
_OBJECT_HEAD_RE = re.compile(rb"\s*(\d+)\s+(\d+)\s+obj\b")
_NAME_ESCAPE_RE = re.compile(rb"#([0-9A-Fa-f]{2})")
_UNCOMPRESSED, _IN_OBJECT_STREAM = 1, 2
"""Cross-reference entry types: an object in the file itself, or in an object stream."""

Place = tuple[Any, tuple[str, ...]]
"""Where a dictionary is written: the indirect object that holds it (None when unknown) and
the keys that lead from that object to it."""


def place_of(value: Any, parent: Place, key: str) -> Place:
    """Where `value`, found under `key` of the dictionary at `parent`, is written."""
    if getattr(value, "is_indirect", False):
        return value, ()
    owner, path = parent
    return owner, path + (key,)


class FileOrder:
    """Key orders of one open file; the cross-reference table and object streams are read once."""

    def __init__(self, pdf: Any, path: str) -> None:
        self._pdf = pdf
        self._path = path
        self._xref: dict[tuple[int, int], Any] | None = None
        self._streams: dict[int, tuple[bytes, list[bytes], int]] = {}

    def keys(self, table: Any, place: Place) -> list[str]:
        """The keys of `table` (a dictionary written at `place`) in the order the file writes them."""
        keys = [str(key) for key in table]  # qpdf's order (by name); `keys()` is an unordered set
        owner, path = place
        if not keys[1:] or owner is None:  # one key has one order
            return keys
        try:
            text = self._object_text(owner.objgen)
        except (OSError, ValueError, pikepdf.PdfError):  # the file moved, damage, numbers that are not numbers
            text = None
        if text is None:
            return keys
        rank: dict[str, int] = {}
        for name in dictionary_names(text[0], text[1], path):
            rank.setdefault(name, len(rank))
        return sorted(keys, key=lambda key: rank.get(key, len(rank)))

    def _object_text(self, objgen: tuple[int, int]) -> tuple[bytes, int] | None:
        """(bytes holding the object, where its value starts), None when it cannot be found."""
        if self._xref is None:
            self._xref = self._pdf.get_xref_table()
        entry = self._xref.get(objgen)
        if entry is None:
            return None
        if entry.type == _UNCOMPRESSED:
            with open(self._path, "rb") as handle:
                handle.seek(entry.offset)
                data = handle.read(MAX_OBJECT_BYTES)
            head = _OBJECT_HEAD_RE.match(data)
            if head is None or (int(head.group(1)), int(head.group(2))) != objgen:
                return None
            return data, head.end()
        if entry.type == _IN_OBJECT_STREAM:
            data, numbers, first = self._object_stream(entry.obj_stream_number)
            index = 2 * entry.obj_stream_index
            if index + 1 >= len(numbers) or int(numbers[index]) != objgen[0]:
                return None
            return data, first + int(numbers[index + 1])
        return None

    def _object_stream(self, number: int) -> tuple[bytes, list[bytes], int]:
        """An object stream's data, the numbers of its header, and where its objects begin."""
        if number not in self._streams:
            stream = self._pdf.get_object((number, 0))
            data = decoded(stream)
            first = int(stream.get("/First", 0))
            self._streams[number] = (data, data[:first].split(), first)
        return self._streams[number]


def dictionary_names(data: bytes, start: int, path: tuple[str, ...] = ()) -> list[str]:
    """The names at the top level of the dictionary reached by `path` from the one that begins
    at `start` (keys, and the values that are names), in order; empty when there is none."""
    position = start
    for key in path:
        position = next((end for name, end in _names(data, position) if name == key), -1)
        if position < 0:
            return []
    return [name for name, _ in _names(data, position)]


def _names(data: bytes, start: int) -> Iterator[tuple[str, int]]:
    """(name, where the token after it begins) for each name at the top level of the
    dictionary that begins at `start`."""
    position = _skip_space(data, start)
    if not data.startswith(b"<<", position):
        return
    depth, position = 1, position + 2
    while position < len(data):
        char = data[position]
        if char in _WHITESPACE:
            position += 1
        elif char == ord("%"):
            position = _line_end(data, position)
        elif data.startswith(b"<<", position) or char == ord("["):
            depth, position = depth + 1, position + (1 if char == ord("[") else 2)
        elif data.startswith(b">>", position) or char == ord("]"):
            depth, position = depth - 1, position + (1 if char == ord("]") else 2)
            if depth == 0:
                return
        elif char == ord("("):
            position = _string_end(data, position)
        elif char == ord("<"):
            position = data.find(b">", position) + 1 or len(data)
        elif char == ord("/"):
            end = _token_end(data, position + 1)
            if depth == 1:
                name = _NAME_ESCAPE_RE.sub(lambda m: bytes([int(m.group(1), 16)]), data[position + 1:end])
                yield "/" + name.decode("latin-1"), _skip_space(data, end)
            position = end
        else:
            position = max(_token_end(data, position), position + 1)


def _skip_space(data: bytes, position: int) -> int:
    while position < len(data) and data[position] in _WHITESPACE:
        position += 1
    return position


def _line_end(data: bytes, position: int) -> int:
    ends = [end for end in (data.find(b"\n", position), data.find(b"\r", position)) if end >= 0]
    return min(ends) if ends else len(data)


def _token_end(data: bytes, position: int) -> int:
    while position < len(data) and data[position] not in _ENDS_TOKEN:
        position += 1
    return position


def _string_end(data: bytes, position: int) -> int:
    """Where the literal string that opens at `position` ends (balanced parentheses, escapes)."""
    depth = 0
    while position < len(data):
        char = data[position]
        if char == ord("\\"):
            position += 2
            continue
        depth += (char == ord("(")) - (char == ord(")"))
        position += 1
        if depth == 0:
            return position
    return position
