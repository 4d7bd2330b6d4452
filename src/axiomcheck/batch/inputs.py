"""What a batch checks: PATH arguments (folders, globs, zip archives, files) turned into items.

A folder is searched recursively for `*.pdf` (symbolic links to folders are not followed); a
glob (`papers/*.pdf`, `**/*.pdf`) is expanded; a `.zip` is read member by member
(`batch.archive`); anything else is a file, checked even when it is not a PDF (it then gets
a verdict). A file reached twice is checked once. Archive members are written, one chunk
of the batch at a time, to a private temporary folder under names of our own
(`Staging`), so the workers read them like any file and nothing lands under the archive's
names.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..limits import Limits
from ..model import Submission
from ..pdf.prechecks import file_sha256
from ..report import FileResult, Finding
from .archive import ArchiveError, is_archive, list_members, member_sha256, read_member

_GLOB_CHARS = re.compile(r"[*?[]")
_UNSAFE_RE = re.compile(r"[^\w.-]+")


class InputError(Exception):
    """A PATH argument that names nothing (a glob that matches no file)."""


@dataclass(frozen=True)
class Item:
    """One file of the batch: where it is, what is known of it, and a verdict decided
    before any check (an unsafe archive member)."""

    display: str
    """The path shown in every output (`archive.zip/member.pdf` for a member)."""
    path: str | None = None
    archive: str | None = None
    member: str | None = None
    number: int = 0
    """The member's place among the archive's PDF members (names may repeat)."""
    problem: Finding | None = None
    submission: Submission = Submission()
    track: str | None = None
    stage: str | None = None

    @property
    def identity(self) -> tuple[str, str, int]:
        """Equal for two arguments that reach the same file."""
        if self.archive is not None:
            return os.path.realpath(self.archive), self.member or "", self.number
        return os.path.realpath(self.path or self.display), "", 0


def expand(arguments: Sequence[str], limits: Limits) -> list[Item]:
    """The items PATH arguments name, in order, each once; raises InputError for a glob that
    matches nothing."""
    items: list[Item] = []
    for argument in arguments:
        if _GLOB_CHARS.search(argument) and not os.path.exists(argument):
            matches = sorted(glob.glob(argument, recursive=True))
            if not matches:
                raise InputError(f"'{argument}' matches no file.")
            for match in matches:
                items.extend(_expand_one(match, limits))
        else:
            items.extend(_expand_one(argument, limits))
    return unique(items)


def unique(items: Iterable[Item]) -> list[Item]:
    """`items` without a second mention of the same file (the later mention's submission
    data wins when it has any)."""
    seen: dict[tuple[str, str, int], int] = {}
    out: list[Item] = []
    for item in items:
        index = seen.get(item.identity)
        if index is None:
            seen[item.identity] = len(out)
            out.append(item)
        elif item.submission != Submission() or item.track or item.stage:
            out[index] = replace(out[index], submission=item.submission, track=item.track, stage=item.stage)
    return out


def _expand_one(argument: str, limits: Limits) -> list[Item]:
    if os.path.isdir(argument):
        return [Item(display=path, path=path) for path in _pdfs_under(argument)]
    if is_archive(argument) and os.path.isfile(argument):
        return archive_items(argument, limits)
    return [Item(display=argument, path=argument)]


def _pdfs_under(folder: str) -> list[str]:
    found = []
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        found.extend(os.path.join(root, name) for name in sorted(files) if name.lower().endswith(".pdf"))
    return found


def archive_items(path: str, limits: Limits) -> list[Item]:
    """One item per PDF member of the archive, or one item with the archive's verdict."""
    try:
        members = list_members(path, limits)
    except ArchiveError as error:
        return [Item(display=path, archive=path, member="", problem=error.finding)]
    return [Item(display=f"{path}/{_printable(m.name)}", archive=path, member=m.name, number=number,
                 problem=m.problem) for number, m in enumerate(members)]


def _printable(name: str) -> str:
    return "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in name)


def item_sha256(item: Item, limits: Limits) -> tuple[str | None, Finding | None]:
    """The SHA-256 of the item's bytes (None when unreadable) and any verdict reading them gave."""
    if item.problem is not None:
        return None, item.problem
    if item.archive is None:
        return file_sha256(item.path or item.display), None
    try:
        return member_sha256(item.archive, item.member or "", limits), None
    except ArchiveError as error:
        return None, error.finding


def verdict_result(item: Item, finding: Finding, sha256: str | None = None) -> FileResult:
    """The result of an item that is not checked: its verdict alone."""
    return FileResult(path=item.display, sha256=sha256, status="error", findings=[finding])


def item_bytes(item: Item, limits: Limits) -> bytes:
    """The item's content (for executors that send files to other machines); raises
    ArchiveError for a member that cannot be read, OSError for a file."""
    if item.archive is not None:
        return read_member(item.archive, item.member or "", limits)
    return Path(item.path or item.display).read_bytes()


def staged_name(item: Item, sha256: str) -> str:
    """The name a file is checked under when it is staged: its stem and the start of its
    SHA-256, so that evidence pictures (named after it) of two `paper.pdf` never collide."""
    stem = _UNSAFE_RE.sub("_", Path(item.member or item.display).stem)[:60] or "file"
    return f"{stem}-{sha256[:12]}.pdf"


class Staging:
    """A private temporary folder for archive members: `place` writes a member under a name
    of our own and returns the path to check; `release` removes it. With `link_files`, files
    on disk are checked through a symbolic link named by `staged_name` too (for evidence
    pictures). Use as a context manager."""

    def __init__(self, limits: Limits, link_files: bool = False) -> None:
        self.limits = limits
        self.link_files = link_files
        self._folder: str | None = None

    @property
    def folder(self) -> str:
        """The private folder, made when first needed (a batch of plain files needs none)."""
        if self._folder is None:
            self._folder = tempfile.mkdtemp(prefix="axiomcheck-members-")
        return self._folder

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)

    def place(self, item: Item, sha256: str) -> str | FileResult:
        """A path the workers can read for `item`, or the verdict when its bytes cannot be read."""
        if item.archive is None:
            path = item.path or item.display
            target = os.path.join(self.folder, staged_name(item, sha256)) if self.link_files and sha256 else None
            if target is None or os.path.lexists(target):
                return path
            os.symlink(os.path.abspath(path), target)
            return target
        target = os.path.join(self.folder, staged_name(item, sha256))
        try:
            data = read_member(item.archive, item.member or "", self.limits)
        except ArchiveError as error:
            return verdict_result(item, error.finding)
        with open(target, "wb") as handle:
            handle.write(data)
        return target

    def release(self, path: str) -> None:
        if self._folder is not None and os.path.dirname(path) == self._folder:
            try:
                os.remove(path)
            except FileNotFoundError:  # the same member content, placed once for two items
                pass

