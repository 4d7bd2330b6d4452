"""PDFs inside a zip archive (a submission system's export), read without trusting the archive.

Members are never extracted under their own names: a member is read into memory with a
bound on its size, and the batch writes the bytes to a private temporary folder under a name
of its own (`batch.inputs`). What a hostile archive tries becomes a verdict for that member,
never a crash and never a file written outside that folder:

- a member that decompresses past `--max-size`, or at a ratio no PDF reaches, or whose data
  overlaps another member's (the overlapping-file zip bomb): `too-complex`;
- a name that leaves the archive's folder (`../`, an absolute path, a drive letter, control
  characters), a symbolic link, a name given to several members, a damaged member (bad CRC): `unreadable`;
- an encrypted member: `password-protected`.

Members whose names do not end in `.pdf`, folders and macOS's `__MACOSX/` copies are skipped.
"""

from __future__ import annotations

import hashlib
from collections import Counter
import stat
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

from ..limits import Limits, format_size
from ..report import Finding
from ..verdicts import verdict_finding

MAX_MEMBERS = 200_000
"""More members than this and the archive itself is refused."""
MAX_RATIO = 250
"""Decompressed bytes per compressed byte beyond which a member is taken for a zip bomb
(a PDF's streams are compressed already: real papers stay far below 20)."""
RATIO_FLOOR = 1 << 20
"""Members smaller than this are never judged by their ratio."""
_LOCAL_HEADER = 30
_CHUNK = 1 << 20


class ArchiveError(Exception):
    """A member (or the archive) cannot be read safely; carries the verdict to report."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


@dataclass(frozen=True)
class Member:
    """One PDF member: its name in the archive and a verdict when it must not be read."""

    name: str
    problem: Finding | None = None


def is_archive(path: str) -> bool:
    return path.lower().endswith(".zip")


def list_members(path: str, limits: Limits) -> list[Member]:
    """The PDF members of the archive at `path`, in the archive's order; raises
    ArchiveError when the archive itself cannot be read."""
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
    except (OSError, zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError) as error:
        raise ArchiveError(verdict_finding("unreadable", f"Not a readable zip archive: {error}.")) from error
    if len(infos) > MAX_MEMBERS:
        raise ArchiveError(verdict_finding("too-complex", f"Too many members: the archive lists {len(infos)}; "
                                                          f"at most {MAX_MEMBERS} are read."))
    overlapping = _overlapping(infos)
    names = Counter(info.filename for info in infos)
    members = []
    for info in infos:
        if info.is_dir() or not info.filename.lower().endswith(".pdf") or info.filename.startswith("__MACOSX/"):
            continue
        members.append(Member(info.filename, _problem(info, limits, names[info.filename] > 1, info in overlapping)))
    return members


def _problem(info: zipfile.ZipInfo, limits: Limits, duplicate: bool, overlapping: bool) -> Finding | None:
    name = info.filename
    unsafe = _unsafe_name(name)
    if unsafe:
        return verdict_finding("unreadable", f"Unsafe archive member: its name {unsafe}; it was not checked.")
    if stat.S_ISLNK(info.external_attr >> 16):
        return verdict_finding("unreadable", "Unsafe archive member: it is a symbolic link, not a file; "
                                             "it was not checked.")
    if duplicate:
        return verdict_finding("unreadable", "Ambiguous archive member: the archive holds several members with "
                                             "this name (tools would show different files); none was checked.")
    if overlapping:
        return verdict_finding("too-complex", "Zip bomb: this member's data overlaps another member's; "
                                              "it was not checked.")
    if info.flag_bits & 0x1:
        return verdict_finding("password-protected", "The archive member is encrypted; it was not checked.")
    if info.file_size > limits.max_size:
        return verdict_finding("too-complex", f"Too large: the member decompresses to {format_size(info.file_size)}; "
                                              f"the limit is {format_size(limits.max_size)} (--max-size).")
    if info.file_size > RATIO_FLOOR and info.file_size > MAX_RATIO * max(info.compress_size, 1):
        return verdict_finding("too-complex", f"Zip bomb: the member decompresses {info.file_size // max(info.compress_size, 1)}"
                                              " times its stored size; it was not checked.")
    return None


def _unsafe_name(name: str) -> str | None:
    """Why `name` must not be trusted as a path, or None."""
    if any(ord(c) < 32 or c == "\x7f" for c in name):
        return "holds control characters"
    parts = name.replace("\\", "/").split("/")
    if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        return "is an absolute path"
    if ".." in parts:
        return "leaves the archive's folder (`..`)"
    return None


def _overlapping(infos: list[zipfile.ZipInfo]) -> set[zipfile.ZipInfo]:
    """Members whose stored data overlaps the next member's header (shared data: a zip bomb)."""
    ordered = sorted(infos, key=lambda i: i.header_offset)
    bad: set[zipfile.ZipInfo] = set()
    for first, second in zip(ordered, ordered[1:]):
        end = first.header_offset + _LOCAL_HEADER + len(first.orig_filename.encode("utf-8", "replace")) \
            + first.compress_size
        if second.header_offset < end:
            bad.update((first, second))
    return bad


def read_member(path: str, name: str, limits: Limits) -> bytes:
    """The bytes of member `name`, at most `limits.max_size` of them; raises ArchiveError
    (too large, damaged) whatever the archive's headers claim."""
    return b"".join(_chunks(path, name, limits))


def member_sha256(path: str, name: str, limits: Limits) -> str:
    """The member's SHA-256, read as `read_member` reads it; raises ArchiveError."""
    digest = hashlib.sha256()
    for chunk in _chunks(path, name, limits):
        digest.update(chunk)
    return digest.hexdigest()


def _chunks(path: str, name: str, limits: Limits) -> Iterator[bytes]:
    total = 0
    try:
        with zipfile.ZipFile(path) as archive, archive.open(name) as member:
            while True:
                chunk = member.read(_CHUNK)
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
