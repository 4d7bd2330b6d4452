"""What a batch checks: PATH arguments (folders, globs, zip archives, files) turned into items.

A folder is searched recursively for `*.pdf` (symbolic links to folders are not followed); a
glob (`papers/*.pdf`, `**/*.pdf`) is expanded; a `.zip` is read member by member
(`batch.archive`); anything else is a file, checked even when it is not a PDF (it then gets
a verdict). A file reached twice is checked once. A symbolic link found in a folder (or by a
glob) whose target lies outside that folder is refused with a verdict: `unzip` restores the
links an archive holds, and a link to `/etc/passwd` or `/dev/zero` is no submission.

Archive members are decompressed once, into a private folder under names of our own
(`Staging`), while they are hashed: the workers read them like any file, and nothing lands
under the archive's names. A batch stages them beside its results store (a killed run's
members are removed by the next run on the store); without a store, in the system's temp.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import os
import re
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from ..limits import Limits
from ..model import Submission
from ..pdf.prechecks import file_sha256, open_regular
from ..report import FileResult, FileStatus, Finding
from ..verdicts import verdict_finding
from .archive import ArchiveError, Member, is_archive, list_members, member_chunks

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
    entry: Member | None = None
    """Where an archive member's data is (the archive's directory is read once)."""
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
            base = _glob_base(argument)
            for match in matches:
                items.extend(_expand_one(match, limits) if os.path.isdir(match) else [_file_item(match, base)])
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
        return [_file_item(path, argument) for path in _pdfs_under(argument)]
    if is_archive(argument) and os.path.isfile(argument):
        return archive_items(argument, limits)
    return [Item(display=argument, path=argument)]


def _glob_base(pattern: str) -> str:
    """The folder a glob searches: its path up to the first part with a wildcard."""
    parts = Path(pattern).parts
    fixed = [part for part in _leading(parts)]
    return str(Path(*fixed)) if fixed else "."


def _leading(parts: Sequence[str]) -> Iterable[str]:
    for part in parts:
        if _GLOB_CHARS.search(part):
            return
        yield part


def _file_item(path: str, folder: str) -> Item:
    """The item of a file found in `folder`: refused when it is a symbolic link whose target
    lies outside the folder."""
    if os.path.islink(path):
        root = os.path.realpath(folder)
        target = os.path.realpath(path)
        if os.path.commonpath([root, target]) != root:
            return Item(display=path, path=path, problem=verdict_finding(
                "unreadable", "Refused: a symbolic link to a file outside the folder being checked; "
                              "it was not read."))
    return Item(display=path, path=path)


def _pdfs_under(folder: str) -> list[str]:
    found: list[str] = []
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
                 entry=m, problem=m.problem) for number, m in enumerate(members)]


def _printable(name: str) -> str:
    return "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in name)


def verdict_result(item: Item, finding: Finding, sha256: str | None = None) -> FileResult:
    """The result of an item that is not checked: its verdict alone."""
    return FileResult(path=item.display, sha256=sha256, status=FileStatus.ERROR, findings=[finding])


def item_bytes(item: Item, limits: Limits) -> bytes:
    """The item's content (for executors that send files to other machines), at most
    `limits.max_size` bytes of it: a staged archive member is read from its staged copy.
    Raises ArchiveError for a member that cannot be read, OSError for a file (SpecialFileError
    for one that is not a regular file)."""
    if item.archive is not None and item.path is None:
        if item.entry is None:
            raise ArchiveError(verdict_finding("unreadable", "Damaged archive member: it was not found."))
        with open(item.archive, "rb") as handle:
            return b"".join(member_chunks(handle, item.entry, limits))
    with open_regular(item.path or item.display) as handle:
        data = handle.read(limits.max_size + 1)
    if len(data) > limits.max_size:
        raise OSError(f"{item.display}: larger than the {limits.max_size}-byte limit (--max-size)")
    return data


def staged_name(item: Item, sha256: str) -> str:
    """The name a file is checked under when it is staged: its stem and the start of its
    SHA-256, so that evidence pictures (named after it) of two `paper.pdf` never collide."""
    stem = _UNSAFE_RE.sub("_", Path(item.member or item.display).stem)[:60] or "file"
    return f"{stem}-{sha256[:12]}.pdf"


class Staging:
    """A private folder for archive members, made when first needed (a batch of plain files
    needs none): `folder` when given (a batch's, beside its store), else a new one in the
    system's temp; use as a context manager, which removes it.

    `hash` gives an item's SHA-256; an archive member is decompressed into the folder as it
    is hashed (each member read once, each archive opened once), and the item returned
    names the staged copy, which `release` removes once the member is checked or needs no
    check. `place` gives the path a worker reads: a staged copy as it is, a member not staged
    yet is staged here (and removed by `release`), and with `link_files` a file on disk is
    checked through a symbolic link named by `staged_name` (for evidence pictures)."""

    def __init__(self, limits: Limits, link_files: bool = False, folder: str | None = None) -> None:
        self.limits = limits
        self.link_files = link_files
        self._wanted = folder
        self._folder: str | None = None
        self._archives: dict[str, BinaryIO] = {}
        self._holders: dict[str, int] = {}
        """Staged copies and how many items hold each (members with one name and content share one)."""

    @property
    def folder(self) -> str:
        if self._folder is None:
            if self._wanted is None:
                self._folder = tempfile.mkdtemp(prefix="axiomcheck-members-")
            else:
                try:
                    try:
                        os.makedirs(self._wanted, mode=0o700)
                    except FileNotFoundError:  # another run removed the empty root meanwhile
                        os.makedirs(self._wanted, mode=0o700)
                except OSError as error:
                    raise StagingError(self._cannot_write(self._wanted, error)) from error
                self._folder = self._wanted
        return self._folder

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, *exc: object) -> None:
        for handle in self._archives.values():
            handle.close()
        self._archives.clear()
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            if self._wanted is not None:
                with contextlib.suppress(OSError):  # the store's staging root, when no other run uses it
                    os.rmdir(os.path.dirname(self._folder))

    def hash(self, item: Item) -> tuple[Item, str | None, Finding | None]:
        """The item (an archive member now names its staged copy), its SHA-256 (None when
        it cannot be read) and the verdict reading it gave, if any. Raises StagingError when
        the staging folder cannot be written (a full disk)."""
        if item.problem is not None:
            return item, None, item.problem
        if item.archive is None or item.path is not None:
            return item, file_sha256(item.path or item.display, self.limits.max_size), None
        try:
            path, sha = self._stage(item)
        except ArchiveError as error:
            return item, None, error.finding
        return replace(item, path=path), sha, None

    def _stage(self, item: Item) -> tuple[str, str]:
        if item.entry is None:
            raise ArchiveError(verdict_finding("unreadable", "Damaged archive member: it was not found."))
        handle = self._archive(item.archive or "")
        digest = hashlib.sha256()
        descriptor, partial = tempfile.mkstemp(suffix=".part", dir=self.folder)
        try:
            with os.fdopen(descriptor, "wb") as target:
                for chunk in member_chunks(handle, item.entry, self.limits):
                    digest.update(chunk)
                    target.write(chunk)
            sha = digest.hexdigest()
            path = os.path.join(self.folder, staged_name(item, sha))
            os.replace(partial, path)
        except ArchiveError:
            _remove(partial)
            raise
        except OSError as error:
            _remove(partial)
            raise StagingError(self._cannot_write(self.folder, error)) from error
        self._holders[path] = self._holders.get(path, 0) + 1
        return path, sha

    def _cannot_write(self, folder: str, error: OSError) -> str:
        where = "point TMPDIR at another folder" if self._wanted is None else "or give another --db"
        return (f"cannot write archive members to the staging folder {folder}: {error.strerror or error}; "
                f"free space there ({where}) and run the same command again.")

    def _archive(self, path: str) -> BinaryIO:
        handle = self._archives.get(path)
        if handle is None:
            try:
                handle = self._archives[path] = open(path, "rb")
            except OSError as error:
                raise ArchiveError(verdict_finding(
                    "unreadable", f"Cannot read the archive: {error.strerror or error}.")) from error
        return handle

    def place(self, item: Item, sha256: str) -> str | FileResult:
        """A path the workers can read for `item`, or the verdict when its bytes cannot be read."""
        if item.archive is not None:
            if item.path is not None:
                return item.path
            staged, _, problem = self.hash(item)
            if problem is not None or staged.path is None:
                return verdict_result(item, problem or verdict_finding("unreadable"))
            return staged.path
        path = item.path or item.display
        target = os.path.join(self.folder, staged_name(item, sha256)) if self.link_files and sha256 else None
        if target is None or os.path.lexists(target):
            return path
        os.symlink(os.path.abspath(path), target)
        return target

    def release(self, path: str | None) -> None:
        """Let go of a staged copy (removed when no other item holds it) or a link of ours."""
        if path is None:
            return
        holders = self._holders.get(path)
        if holders is not None:
            if holders > 1:
                self._holders[path] = holders - 1
                return
            del self._holders[path]
            _remove(path)
        elif self._folder is not None and os.path.dirname(path) == self._folder and os.path.islink(path):
            _remove(path)


class StagingError(Exception):
    """The staging folder cannot be written (a full disk): the run stops with one line."""


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except FileNotFoundError:  # the same file, linked once for two items
        pass
