"""The server's private folder, where uploads and their pictures wait while they are checked:
made when the server starts, removed when it stops, and, for a server that was killed
(SIGKILL, a power cut: no cleanup runs), removed by the next server that starts.

Each server holds an exclusive lock (`flock`) on the `.owner` file in its folder for as long
as it runs; the kernel lets the lock go when the process ends, however it ends. A starting
server removes every `axiomcheck-web-*` folder of its user in the system's temporary folder
whose lock it can take (its server is gone), and one without a lock file that is older than a
minute (a server killed between making its folder and locking it). A folder whose lock is
held belongs to a server still running, and is left alone.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import tempfile
import time
from pathlib import Path

PREFIX = "axiomcheck-web-"
OWNER = ".owner"
UNLOCKED_GRACE_SECONDS = 60.0
"""How old a folder without a lock file must be before it counts as left behind."""


class ServerFolder:
    """This server's folder (mode 0700), locked for as long as the server runs."""

    def __init__(self) -> None:
        self.path = Path(tempfile.mkdtemp(prefix=PREFIX))
        self._owner = os.open(self.path / OWNER, os.O_CREAT | os.O_RDWR, 0o600)  # not inherited by children
        fcntl.flock(self._owner, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def remove(self) -> None:
        """Remove the folder and all in it, then let the lock go."""
        shutil.rmtree(self.path, ignore_errors=True)
        with contextlib.suppress(OSError):
            os.close(self._owner)


def sweep_left_behind(parent: Path | None = None) -> list[Path]:
    """Remove the folders killed servers left in `parent` (the system's temporary folder by
    default); the folders removed."""
    removed = []
    for candidate in sorted(Path(parent or tempfile.gettempdir()).glob(f"{PREFIX}*")):
        with contextlib.suppress(OSError):
            if _left_behind(candidate):
                shutil.rmtree(candidate, ignore_errors=True)
                removed.append(candidate)
    return removed


def _left_behind(folder: Path) -> bool:
    info = folder.lstat()
    if not folder.is_dir() or folder.is_symlink() or info.st_uid != os.getuid():
        return False
    try:
        owner = os.open(folder / OWNER, os.O_RDWR | os.O_NOFOLLOW)
    except FileNotFoundError:
        return time.time() - info.st_mtime > UNLOCKED_GRACE_SECONDS
    try:
        fcntl.flock(owner, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False  # its server runs
    finally:
        os.close(owner)
    return True
