"""A bug in axiomcheck's own process: one line on standard error, the details in a log file.

Whatever a file does costs that file a verdict, never the run (the workers); an exception
that reaches the command line's own process is therefore our bug. It ends the program with
exit code 3 (never 1, which means "a paper failed") and one line that says so and where the
traceback was written, for the bug report: `$XDG_STATE_HOME/axiomcheck/crashes/` (by default
`~/.local/state/axiomcheck/crashes/`), else the system's temporary folder. When no log can be
written, the traceback is printed instead.
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time
import traceback
from pathlib import Path

from .. import __version__

CRASH_FOLDER = Path("axiomcheck") / "crashes"
"""Where crash logs go under the user's state folder."""


def report_crash(error: BaseException) -> None:
    """Write `error`'s traceback to a log file and say on standard error where it is."""
    details = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    log = _write_log(details)
    where = f"the traceback is in {log}" if log is not None else "the traceback is below"
    summary = f"{type(error).__name__}: {error}".splitlines()[0][:200]
    print(f"axiomcheck: internal error ({summary}); this is a bug in axiomcheck, not in your files: "
          f"please report it on axiomcheck's issue tracker with the command you ran; {where}.",
          file=sys.stderr, flush=True)
    if log is None:
        print(details, file=sys.stderr, end="", flush=True)


def crash_folders() -> list[Path]:
    """Where a crash log may go, in order of preference."""
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return [Path(state) / CRASH_FOLDER, Path(tempfile.gettempdir())]


def _write_log(details: str) -> Path | None:
    header = (f"axiomcheck {__version__}, Python {platform.python_version()} on {platform.platform()}\n"
              f"command: {' '.join(sys.argv)}\n\n")
    name = f"axiomcheck-crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.log"
    for folder in crash_folders():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            path.write_text(header + details, encoding="utf-8")
            return path
        except OSError:
            continue
    return None
