"""A zip archive's central directory, read in one pass with each member's raw name kept.

The standard library's `zipfile` decodes every name while it opens an archive, and one name
marked UTF-8 that is not fails the whole archive; it also keeps no raw name, which the
overlap check needs in bytes. This module reads the directory itself (the end record, its
Zip64 form, the entries with their Zip64 and Unicode Path fields: APPNOTE 4.3.12-4.3.16,
4.5.3, 4.6.9) and leaves decompression to `zipfile.ZipExtFile` (`archive.member_chunks`).
"""

from __future__ import annotations

import os
import struct
import zlib
from dataclasses import dataclass
from typing import BinaryIO

LOCAL_HEADER_BYTES = 30
"""Size of a member's local header before its name and extra field."""
MAX_DIRECTORY_BYTES = 256 * 1024 * 1024
"""A central directory larger than this is refused (200,000 members with 1 KiB of name and
fields each stay below it)."""

_END = struct.Struct("<4s4H2LH")
_END_SIGNATURE = b"PK\x05\x06"
_ZIP64_LOCATOR = struct.Struct("<4sLQL")
_ZIP64_LOCATOR_SIGNATURE = b"PK\x06\x07"
_ZIP64_END = struct.Struct("<4sQ2H2L4Q")
_ZIP64_END_SIGNATURE = b"PK\x06\x06"
_ENTRY = struct.Struct("<4s4B4HL2L5H2L")
_ENTRY_SIGNATURE = b"PK\x01\x02"
_LOCAL = struct.Struct("<4s5HL2L2H")
_LOCAL_SIGNATURE = b"PK\x03\x04"
_MAX_COMMENT = 0xFFFF
_ZIP64_FIELD = 0x0001
_UNICODE_PATH_FIELD = 0x7075
_UNICODE_PATH_HEAD = 5
"""The Unicode Path field's version byte and the CRC-32 of the name it stands for."""
_FULL32 = 0xFFFFFFFF
_FULL16 = 0xFFFF


class ZipIndexError(Exception):
    """The archive (or one member's header) cannot be read; `verdict` and `message` say why."""

    def __init__(self, verdict: str, message: str) -> None:
        super().__init__(message)
        self.verdict = verdict
        self.message = message


@dataclass(frozen=True)
class Entry:
    """One member as the central directory describes it."""

    raw_name: bytes
    unicode_name: str | None
    """The UTF-8 name an Info-ZIP Unicode Path field gives for exactly `raw_name`, if any."""
    flags: int
    method: int
    crc: int
    compressed: int
    size: int
    header_offset: int
    external_attr: int
    data_limit: int
    """Where the next member's header (or the central directory) starts: this member's data
    must end before it."""


def read_index(handle: BinaryIO, max_members: int) -> list[Entry]:
    """Every entry of the archive open in `handle`, in the directory's order; raises
    ZipIndexError when it is not a readable zip archive or lists more than `max_members`."""
    size = handle.seek(0, os.SEEK_END)
    tail_start = max(0, size - _END.size - _MAX_COMMENT)
    handle.seek(tail_start)
    tail = handle.read()
    at = tail.rfind(_END_SIGNATURE)
    if at < 0 or len(tail) - at < _END.size:
        raise ZipIndexError("unreadable", "Not a readable zip archive: it has no end-of-directory record.")
    end_offset = tail_start + at
    (_, _, _, _, count, directory_size, directory_offset, _) = _END.unpack_from(tail, at)
    if count == _FULL16 or _FULL32 in (directory_size, directory_offset):
        count, directory_size, directory_offset, end_offset = _zip64_end(handle, end_offset)
    if count > max_members:
        raise ZipIndexError("too-complex", f"Too many members: the archive lists {count}; "
                                           f"at most {max_members} are read.")
    if directory_size > MAX_DIRECTORY_BYTES:
        raise ZipIndexError("too-complex", f"Too large a directory: the archive's central directory is "
                                           f"{directory_size} bytes.")
    base = end_offset - directory_size - directory_offset  # bytes prepended to the archive (self-extractors)
    if base < 0:
        raise ZipIndexError("unreadable", "Not a readable zip archive: its central directory lies outside the file.")
    handle.seek(base + directory_offset)
    directory = handle.read(directory_size)
    if len(directory) != directory_size:
        raise ZipIndexError("unreadable", "Not a readable zip archive: its central directory is cut short.")
    return _entries(directory, max_members, base, base + directory_offset)


def _zip64_end(handle: BinaryIO, end_offset: int) -> tuple[int, int, int, int]:
    """(entries, directory size, directory offset, where the Zip64 end record starts)."""
    handle.seek(max(0, end_offset - _ZIP64_LOCATOR.size))
    locator = handle.read(_ZIP64_LOCATOR.size)
    if len(locator) != _ZIP64_LOCATOR.size or locator[:4] != _ZIP64_LOCATOR_SIGNATURE:
        raise ZipIndexError("unreadable", "Not a readable zip archive: its Zip64 end record is missing.")
    record_offset = end_offset - _ZIP64_LOCATOR.size - _ZIP64_END.size
    handle.seek(max(0, record_offset))
    record = handle.read(_ZIP64_END.size)
    if len(record) != _ZIP64_END.size or record[:4] != _ZIP64_END_SIGNATURE:
        raise ZipIndexError("unreadable", "Not a readable zip archive: its Zip64 end record is damaged.")
    fields = _ZIP64_END.unpack(record)
    return fields[7], fields[8], fields[9], record_offset


def _entries(directory: bytes, max_members: int, base: int, directory_start: int) -> list[Entry]:
    """The directory's entries, read until its bytes are used up (as `zipfile` does: some
    writers store the entry count modulo 65,536)."""
    raw: list[tuple[bytes, str | None, tuple[int, int, int, int, int, int, int]]] = []
    position = 0
    while position < len(directory):
        if len(raw) == max_members:
            raise ZipIndexError("too-complex", f"Too many members: the archive lists more than {max_members}; "
                                               f"at most {max_members} are read.")
        if position + _ENTRY.size > len(directory) or directory[position:position + 4] != _ENTRY_SIGNATURE:
            raise ZipIndexError("unreadable", "Not a readable zip archive: its central directory is damaged.")
        fields = _ENTRY.unpack_from(directory, position)
        name_length, extra_length, comment_length = fields[12], fields[13], fields[14]
        start = position + _ENTRY.size
        name = directory[start:start + name_length]
        extra = directory[start + name_length:start + name_length + extra_length]
        position = start + name_length + extra_length + comment_length
        if position > len(directory):
            raise ZipIndexError("unreadable", "Not a readable zip archive: its central directory is cut short.")
        size, compressed, offset = _zip64_values(extra, fields[11], fields[10], fields[18])
        # flags, method, crc, compressed, size, header offset (from the archive's start), external attributes
        raw.append((name, _unicode_name(extra, name), (fields[5], fields[6], fields[9], compressed, size,
                                                       base + offset, fields[17])))
    limits = _data_limits([values[5] for _, _, values in raw], directory_start)
    entries = []
    for name, unicode_name, (flags, method, crc, compressed, size, offset, external) in raw:
        entries.append(Entry(name, unicode_name, flags, method, crc, compressed, size, offset, external,
                             limits[offset]))
    return entries


def _data_limits(offsets: list[int], directory_start: int) -> dict[int, int]:
    """For each header offset, where the next header (or the directory) starts."""
    ordered = sorted(set(offsets))
    return {offset: following for offset, following in zip(ordered, ordered[1:] + [directory_start], strict=True)}


def _extra_fields(extra: bytes) -> dict[int, bytes]:
    fields: dict[int, bytes] = {}
    position = 0
    while position + 4 <= len(extra):
        kind, length = struct.unpack_from("<HH", extra, position)
        fields.setdefault(kind, extra[position + 4:position + 4 + length])
        position += 4 + length
    return fields


def _zip64_values(extra: bytes, size: int, compressed: int, offset: int) -> tuple[int, int, int]:
    """The sizes and header offset, with those the directory marks as too large for 32 bits
    read from the Zip64 field (in that order, only the marked ones)."""
    if _FULL32 not in (size, compressed, offset):
        return size, compressed, offset
    data = _extra_fields(extra).get(_ZIP64_FIELD, b"")
    values = [size, compressed, offset]
    position = 0
    for index, value in enumerate(values):
        if value == _FULL32:
            if position + 8 > len(data):
                raise ZipIndexError("unreadable", "Not a readable zip archive: a member's Zip64 field is damaged.")
            values[index] = struct.unpack_from("<Q", data, position)[0]
            position += 8
    return values[0], values[1], values[2]


def _unicode_name(extra: bytes, raw_name: bytes) -> str | None:
    """The Info-ZIP Unicode Path field's name, when it is there, describes exactly this raw
    name (its CRC-32 matches) and is valid UTF-8; else None."""
    data = _extra_fields(extra).get(_UNICODE_PATH_FIELD)
    if data is None or len(data) < _UNICODE_PATH_HEAD or data[0] != 1:
        return None
    if struct.unpack_from("<L", data, 1)[0] != zlib.crc32(raw_name):
        return None
    try:
        return data[_UNICODE_PATH_HEAD:].decode("utf-8")
    except UnicodeDecodeError:
        return None


def local_header(handle: BinaryIO, entry: Entry) -> int:
    """Check the member's local header against its directory entry; returns where its data
    starts. Raises ZipIndexError when the header is missing or names another file."""
    handle.seek(entry.header_offset)
    header = handle.read(_LOCAL.size)
    if len(header) != _LOCAL.size or header[:4] != _LOCAL_SIGNATURE:
        raise ZipIndexError("unreadable", "Damaged archive member: its local header is missing.")
    fields = _LOCAL.unpack(header)
    name_length, extra_length = int(fields[9]), int(fields[10])
    if handle.read(name_length) != entry.raw_name:
        raise ZipIndexError("unreadable", "Damaged archive member: its local header names another file.")
    return entry.header_offset + _LOCAL.size + name_length + extra_length
