"""PDFs inside a zip archive (a submission system's export), read without trusting the archive.

The archive's central directory is read once (`zip_index`), and each member's bytes are read
once, straight from its offset in the one open archive (`member_chunks`), so that an archive
of 100,000 members costs one pass, not one directory parse per member. Members are never
extracted under their own names: the batch writes their bytes to a private temporary folder
under names of its own (`batch.inputs`). What a hostile archive tries becomes a verdict for
that member, never a crash and never a file written outside that folder:

- a member that decompresses past `--max-size`, or at a ratio no PDF reaches, or whose data
  overlaps another member's (the overlapping-file zip bomb): `too-complex`;
- a name that leaves the archive's folder (`../`, an absolute path, a drive letter, control
  characters), a name marked UTF-8 that is not, a symbolic link, a name given to several
  members, a damaged member (bad CRC, a local header that names another file): `unreadable`;
- an encrypted member: `password-protected`.

Names are decoded as the zip format defines them: UTF-8 when the member's flag bit 11 says
so, else code page 437 (what DOS and older Windows tools wrote), unless an Info-ZIP Unicode
Path field (0x7075) gives the UTF-8 name of exactly those bytes. Members whose names do not
end in `.pdf`, folders and macOS's `__MACOSX/` copies are skipped.
"""

from __future__ import annotations

import stat
import zipfile
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from ..limits import Limits, format_size
from ..report import Finding
from ..verdicts import verdict_finding
from .zip_index import LOCAL_HEADER_BYTES, Entry, ZipIndexError, local_header, read_index

MAX_MEMBERS = 200_000
"""More members than this and the archive itself is refused."""
MAX_RATIO = 250
"""Decompressed bytes per compressed byte beyond which a member is taken for a zip bomb
(a PDF's streams are compressed already: real papers stay far below 20)."""
RATIO_FLOOR = 1 << 20
"""Members smaller than this are never judged by their ratio."""
_CHUNK = 1 << 20
_FIRST_PRINTABLE = 0x20
"""Characters below this (and DEL) are control characters, never part of a safe name."""
_UTF8_FLAG = 0x800
_ENCRYPTED_FLAG = 0x1


class ArchiveError(Exception):
    """A member (or the archive) cannot be read safely; carries the verdict to report."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


@dataclass(frozen=True)
class Member:
    """One PDF member: its name as the archive defines it, where its data is, and a verdict
    when it must not be read."""

    name: str
    entry: Entry
    problem: Finding | None = None


def is_archive(path: str) -> bool:
    return path.lower().endswith(".zip")


def list_members(path: str, limits: Limits) -> list[Member]:
    """The PDF members of the archive at `path`, in the archive's order; raises
    ArchiveError when the archive itself cannot be read."""
    try:
        with open(path, "rb") as handle:
            entries = read_index(handle, MAX_MEMBERS)
    except ZipIndexError as error:
        raise ArchiveError(verdict_finding(error.verdict, error.message)) from error
    except OSError as error:
        raise ArchiveError(verdict_finding("unreadable", f"Cannot read the archive: {error.strerror or error}.")) \
            from error
    overlapping = _overlapping(entries)
    named = [(entry, member_name(entry)) for entry in entries]
    counts = Counter(name for _, name in named)
    members = []
    for entry, name in named:
        if (entry.raw_name.endswith(b"/") or not entry.raw_name.lower().endswith(b".pdf")
                or entry.raw_name.startswith(b"__MACOSX/")):
            continue
        problem = _problem(entry, name, limits, counts[name] > 1, entry.header_offset in overlapping)
        members.append(Member(name, entry, problem))
    return members


def member_name(entry: Entry) -> str:
    """The member's name as the zip format defines it (see the module's docstring); a name
    marked UTF-8 that is not shows its bad bytes as `\\xNN`."""
    if entry.flags & _UTF8_FLAG:
        return entry.raw_name.decode("utf-8", "backslashreplace")
    if entry.unicode_name is not None:
        return entry.unicode_name
    return entry.raw_name.decode("cp437")


def _problem(entry: Entry, name: str, limits: Limits, duplicate: bool, overlapping: bool) -> Finding | None:
    unsafe = _unsafe_name(entry, name)
    if unsafe:
        return verdict_finding("unreadable", f"Unsafe archive member: its name {unsafe}; it was not checked.")
    if stat.S_ISLNK(entry.external_attr >> 16):
        return verdict_finding("unreadable", "Unsafe archive member: it is a symbolic link, not a file; "
                                             "it was not checked.")
    if duplicate:
        return verdict_finding("unreadable", "Ambiguous archive member: the archive holds several members with "
                                             "this name (tools would show different files); none was checked.")
    if overlapping:
        return verdict_finding("too-complex", "Zip bomb: this member's data overlaps another member's; "
                                              "it was not checked.")
    if entry.flags & _ENCRYPTED_FLAG:
        return verdict_finding("password-protected", "The archive member is encrypted; it was not checked.")
    if entry.size > limits.max_size:
        return verdict_finding("too-complex", f"Too large: the member decompresses to {format_size(entry.size)}; "
                                              f"the limit is {format_size(limits.max_size)} (--max-size).")
    if entry.size > RATIO_FLOOR and entry.size > MAX_RATIO * max(entry.compressed, 1):
        ratio = entry.size // max(entry.compressed, 1)
        return verdict_finding("too-complex", f"Zip bomb: the member decompresses {ratio} times its stored size; "
                                              "it was not checked.")
    return None


def _unsafe_name(entry: Entry, name: str) -> str | None:
    """Why the member's name must not be trusted as a path, or None."""
    if entry.flags & _UTF8_FLAG and not _is_utf8(entry.raw_name):
        return "is marked as UTF-8 but is not valid UTF-8"
    if any(ord(c) < _FIRST_PRINTABLE or c == "\x7f" for c in name):
        return "holds control characters"
    parts = name.replace("\\", "/").split("/")
    if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        return "is an absolute path"
    if ".." in parts:
        return "leaves the archive's folder (`..`)"
    return None


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _overlapping(entries: list[Entry]) -> set[int]:
    """Header offsets of members whose stored data reaches into the next member's header
    (shared data: a zip bomb). The data's end is measured with the directory's name length,
    a lower bound of the local header's size; `member_chunks` checks the exact span."""
    ordered = sorted(entries, key=lambda e: e.header_offset)
    bad: set[int] = set()
    for first, second in zip(ordered, ordered[1:], strict=False):
        if second.header_offset < first.header_offset + LOCAL_HEADER_BYTES + len(first.raw_name) + first.compressed:
            bad.update((first.header_offset, second.header_offset))
    return bad


def member_chunks(handle: BinaryIO, member: Member, limits: Limits) -> Iterator[bytes]:
    """The member's decompressed bytes, in chunks, read from the open archive `handle`; at
    most `limits.max_size` of them whatever the headers claim. Raises ArchiveError (too
    large, damaged, overlapping another member)."""
    entry = member.entry
    try:
        start = local_header(handle, entry)
    except ZipIndexError as error:
        raise ArchiveError(verdict_finding(error.verdict, error.message)) from error
    if start + entry.compressed > entry.data_limit:
        raise ArchiveError(verdict_finding("too-complex", "Zip bomb: this member's data overlaps another member's; "
                                                          "it was not checked."))
    info = zipfile.ZipInfo(member.name)
    info.compress_type, info.compress_size, info.file_size = entry.method, entry.compressed, entry.size
    info.CRC, info.flag_bits = entry.crc, entry.flags
    total = 0
    try:
        handle.seek(start)
        stream = zipfile.ZipExtFile(handle, "r", info, None, close_fileobj=False)
        while True:
            chunk = stream.read(_CHUNK)
            if not chunk:
                return
            total += len(chunk)
            if total > limits.max_size:
                raise ArchiveError(verdict_finding(
                    "too-complex", f"Too large: the member decompresses past the {format_size(limits.max_size)} "
                                   "limit (--max-size), whatever its header says; it was not checked."))
            yield chunk
    except (OSError, zipfile.BadZipFile, zlib.error, EOFError, ValueError, NotImplementedError,
            RuntimeError) as error:
        raise ArchiveError(verdict_finding("unreadable", f"Damaged archive member: {error}.")) from error
