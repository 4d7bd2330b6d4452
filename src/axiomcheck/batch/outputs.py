"""Where a run's outputs go: `-o FORMAT[:PATH]`, as many as wanted, written from one report.

`-o html:triage.html` writes that file; `-o sarif` writes `axiomcheck-results.sarif` into
`--output-dir` (default: the working folder), named by the format's extension (and by the
format too, `axiomcheck-results.github.txt`, when two requested formats share an extension);
`-o text:-` prints to standard output. Every format of `reporters.REPORTERS` is accepted.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..report import Report
from ..reporters import EXTENSIONS, REPORTERS

STDOUT = "-"
BASENAME = "axiomcheck-results"


class OutputError(ValueError):
    """An output the command line asked for that cannot be written as given."""


@dataclass(frozen=True)
class Output:
    format: str
    path: str
    """A file, or `-` for standard output."""


def parse_outputs(values: Sequence[str], output_dir: str | None) -> list[Output]:
    """The outputs asked for by `-o` values; raises OutputError for an unknown format."""
    wanted: list[tuple[str, str | None]] = []
    for value in values:
        name, _, path = value.partition(":")
        name = name.strip().lower()
        if name not in REPORTERS:
            raise OutputError(f"unknown output format '{name}' in '-o {value}'; use FORMAT[:PATH] with one of: "
                              f"{', '.join(sorted(REPORTERS))}.")
        wanted.append((name, path or None))
    extensions = Counter(EXTENSIONS[name] for name, path in wanted if path is None)
    outputs = []
    for name, given in wanted:
        if given is None:
            extension = EXTENSIONS[name]
            filename = f"{BASENAME}{extension}" if extensions[extension] == 1 else f"{BASENAME}.{name}{extension}"
            path = os.path.join(output_dir or ".", filename)
        elif given != STDOUT and output_dir and not os.path.isabs(given):
            path = os.path.join(output_dir, given)
        else:
            path = given
        outputs.append(Output(name, path))
    return outputs


def write_outputs(report: Report, outputs: Sequence[Output]) -> list[str]:
    """Render `report` once per output and write it; returns what went to standard output."""
    printed = []
    for output in outputs:
        rendered = REPORTERS[output.format](report, None if output.path == STDOUT else output.path)
        if output.path == STDOUT:
            printed.append(rendered)
            continue
        folder = os.path.dirname(output.path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        try:
            with open(output.path, "w", encoding="utf-8") as handle:
                handle.write(rendered)
        except OSError as error:  # a write to an open file names none: this one's is said
            if error.filename is None:
                error.filename = output.path
            raise
    return printed
