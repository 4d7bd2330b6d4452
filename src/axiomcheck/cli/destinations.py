"""Where `check` and `batch` write, checked before any file is: the report outputs
(`-o FORMAT[:PATH]`, `--format`), their folder (`--output-dir`) and the evidence pictures'
folder (`--evidence`).

An output whose folder does not exist, a path that is a folder, or a place the user may not
write is a usage error (exit 2) with one line that names the path and the fix: a long run
never ends in a report that cannot be written. `--output-dir` and `--evidence` name folders
of their own and are created when missing (with their parents, as `mkdir -p` does). A place
that fills up while the report is written (a full disk or device) stops the command with
the same kind of line, naming it (`NamedWrites`).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence

from ..batch.outputs import STDOUT, Output, OutputError, parse_outputs
from ..report import FileResult, Report, RunStatus
from ..reporters import REPORTERS
from ..reporters.base import Emitter
from .common import fail_usage, naming_failed_writes


def output_values(values: Sequence[str], output_format: str | None) -> tuple[list[str], bool]:
    """The `-o` values as `FORMAT[:PATH]`, and whether one of them took `--format`'s report.

    `-o json:report.json`, `-o sarif` (a default name) and `-o text:-` (standard output) name
    their format; a file name (`report.txt`, `out/report`: no colon, with an extension or a
    folder) is a file for the `--format` report (text by default), which then goes there
    instead of standard output; anything else is left to `parse_outputs`, which names the
    formats (`-o pdf`)."""
    out: list[str] = []
    took_format = False
    for value in values:
        name = value.partition(":")[0].strip().lower()
        is_file = ":" not in value and ("." in os.path.basename(value) or os.sep in value)
        if name in REPORTERS or not is_file:
            out.append(value)
        else:
            out.append(f"{output_format or 'text'}:{value}")
            took_format = True
    return out, took_format


def planned_outputs(values: Sequence[str], output_format: str | None, output_dir: str | None,
                    default_format: str | None) -> list[Output]:
    """Every output the command writes, checked: `-o` values, then `--format`'s report on
    standard output (`default_format` when no `--format` is given and nothing else prints
    there). A usage error (exit 2) for an unknown format or a place that cannot be written."""
    given, took_format = output_values(values, output_format)
    if output_dir is not None:
        make_folder(output_dir, "--output-dir")
    try:
        outputs = parse_outputs(given, output_dir)
    except OutputError as error:
        fail_usage(str(error))
    printed = output_format or (default_format if not any(o.path == STDOUT for o in outputs) else None)
    if printed is not None and not took_format and not any(o.path == STDOUT and o.format == printed for o in outputs):
        outputs.append(Output(printed, STDOUT))
    for output in outputs:
        if output.path != STDOUT:
            require_writable(output.path)
    return outputs


def require_writable(path: str) -> None:
    """A usage error unless the file `path` can be written: it is no folder, its folder exists
    and takes a new file (tried with a temporary file, which is removed), an existing file
    opens for writing (opened to append, so it is left as it is)."""
    if os.path.isdir(path):
        fail_usage(f"cannot write {path}: it is a folder; give a file name (a path inside it, say).")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        fail_usage(f"cannot write {path}: the folder {folder} does not exist; create it (mkdir -p {folder}) or give "
                   "another path.")
    try:
        if os.path.exists(path):
            with open(path, "a", encoding="utf-8"):
                pass
        else:
            with tempfile.TemporaryFile(dir=folder):
                pass
    except OSError as error:
        fail_usage(f"cannot write {path} ({error.strerror or error}); give a path in a folder you may write to.")


def make_folder(path: str, option: str) -> None:
    """Create the folder `path` (and its parents) unless it exists, and check it takes files;
    a usage error naming `option` otherwise."""
    try:
        os.makedirs(path, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as error:
        fail_usage(f"cannot write into {path} ({option}: {error.strerror or error}); give a folder you may write to.")



class NamedWrites(Emitter):
    """`inner`, whose failed writes name `destination` (`common.naming_failed_writes`): a
    report that a full disk stops is one line that says where, not a crash."""

    def __init__(self, inner: Emitter, destination: str) -> None:
        super().__init__(inner.stream, inner.destination)
        self.inner = inner
        self.name = destination

    def start(self, run: Report) -> None:
        with naming_failed_writes(self.name):
            self.inner.start(run)

    def file(self, result: FileResult) -> None:
        with naming_failed_writes(self.name):
            self.inner.file(result)

    def finish(self, status: RunStatus | None = None) -> None:
        """The inner emitter's end, flushed: what a full disk refuses fails here, named."""
        with naming_failed_writes(self.name):
            self.inner.finish(status)
            self.stream.flush()
