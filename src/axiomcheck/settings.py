"""Settings files: a project's defaults for `check` and `batch` (docs/configuration.md).

The settings come from the nearest settings file, looked for from the working folder up to
the file system's root: in each folder an `axiomcheck.toml` (its keys at the top level), then
a `pyproject.toml` that has a `[tool.axiomcheck]` table (a `pyproject.toml` without one is
passed over, as ruff and pytest do). The first found is the only one read. Keys are the
commands' long option names (`venue`, `fail-on`, `extend-select`, `max-pages`, `output`);
a sub-table `check` or `batch` (`[tool.axiomcheck.batch]`) holds what one command alone is
to use and wins over the keys around it.

This module reads and locates; which keys exist and what their values must be is the
command line's knowledge, handed in as `known`. A mistake (TOML that does not parse, an
unknown key, a value of the wrong kind) is a `SettingsError` naming the file and line.
"""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, published as tomli
    import tomli as tomllib

OWN_FILE = "axiomcheck.toml"
PROJECT_FILE = "pyproject.toml"
PROJECT_TABLE = ("tool", "axiomcheck")
"""Where the settings are in a `pyproject.toml`."""

_TABLE_RE = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$")
_KEY_RE = re.compile(r"""^\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_.-]+))\s*=""")


class SettingsError(ValueError):
    """A settings file that cannot be used; its text names the file, the line and the fix."""


@dataclass(frozen=True)
class Settings:
    """The settings of one file: values by key, a command's own table by command name."""

    path: Path
    values: Mapping[str, Any]
    commands: Mapping[str, Mapping[str, Any]]
    lines: Mapping[tuple[str, ...], int]
    """The line of each key, by its place: `("venue",)` or `("batch", "jobs")`."""

    @property
    def folder(self) -> Path:
        """Where relative paths in the file start from."""
        return self.path.parent

    def for_command(self, command: str, keys: Collection[str]) -> dict[str, tuple[Any, str]]:
        """`command`'s settings (the keys among `keys` of the file's top level, then its own
        table over them), each value with where it was written (`file:line`)."""
        chosen = {key: (value, self.where(key)) for key, value in self.values.items() if key in keys}
        own = self.commands.get(command, {})
        chosen.update({key: (value, self.where(command, key)) for key, value in own.items()})
        return chosen

    def where(self, *key: str) -> str:
        """`file:line` of a key (the file alone when its line is not known)."""
        line = self.lines.get(key)
        return f"{self.path}:{line}" if line else str(self.path)


def find_settings(start: Path) -> Path | None:
    """The nearest settings file from `start` up, or None when there is none."""
    for folder in (start.resolve(), *start.resolve().parents):
        own = folder / OWN_FILE
        if own.is_file():
            return own
        project = folder / PROJECT_FILE
        if project.is_file() and _has_project_table(project):
            return project
    return None


def read_settings(path: Path, known: Mapping[str, Collection[str]]) -> Settings:
    """The settings of the file `path`; `known` gives each command's keys. Raises
    SettingsError for a file that cannot be read or parsed, or that holds a key no command
    knows."""
    data = _parse(path)
    prefix: tuple[str, ...] = ()
    if path.name == PROJECT_FILE:
        prefix = PROJECT_TABLE
        for part in PROJECT_TABLE:
            data = data.get(part, {})
            if not isinstance(data, dict):
                raise SettingsError(f"{path}: [{'.'.join(PROJECT_TABLE)}] must be a table of settings.")
    lines = _key_lines(path.read_text(encoding="utf-8"), prefix)
    values: dict[str, Any] = {}
    commands: dict[str, dict[str, Any]] = {}
    every_key = set().union(*known.values())
    for key, value in data.items():
        if key in known and isinstance(value, dict):
            for inner, inner_value in value.items():
                _require_known(path, lines, (key, inner), known[key])
                commands.setdefault(key, {})[inner] = inner_value
            continue
        _require_known(path, lines, (key,), every_key)
        values[key] = value
    return Settings(path, values, commands, lines)


def _parse(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise SettingsError(f"{path}: cannot read the settings ({error.strerror or error}).") from error
    except tomllib.TOMLDecodeError as error:
        raise SettingsError(f"{path}: not valid TOML ({error}); fix the file or run with --isolated.") from error


def _has_project_table(path: Path) -> bool:
    """Whether a `pyproject.toml` has settings for us (a broken one that names us counts, so
    that its mistake is reported rather than passed over)."""
    try:
        data = _parse(path)
    except SettingsError:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return False  # a file we may not read is nobody's settings for us
        return "tool.axiomcheck" in text
    tool = data.get("tool", {})
    return isinstance(tool, dict) and "axiomcheck" in tool


def _require_known(path: Path, lines: Mapping[tuple[str, ...], int], key: tuple[str, ...],
                   allowed: Collection[str]) -> None:
    name = key[-1]
    if name in allowed:
        return
    table = ".".join((*PROJECT_TABLE, *key[:-1])) if path.name == PROJECT_FILE else ".".join(key[:-1])
    place = f" in [{table}]" if table else ""
    close = difflib.get_close_matches(name.replace("_", "-"), sorted(allowed), n=1, cutoff=0.6)
    hint = f"did you mean '{close[0]}'?" if close else f"the settings are: {', '.join(sorted(allowed))}."
    line = lines.get(key)
    where = f"{path}:{line}" if line else str(path)
    raise SettingsError(f"{where}: unknown setting '{name}'{place}; {hint}")


def _key_lines(text: str, prefix: tuple[str, ...]) -> dict[tuple[str, ...], int]:
    """The line of every key under the table `prefix`, by its place below it (what TOML
    parsers do not tell: keys written inside `[table]` headers, or dotted)."""
    lines: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    for number, line in enumerate(text.splitlines(), start=1):
        header = _TABLE_RE.match(line)
        if header:
            table = tuple(part.strip().strip("\"'") for part in header.group(1).split("."))
            if table[:len(prefix)] == prefix and len(table) > len(prefix):
                lines.setdefault(table[len(prefix):], number)
            continue
        key = _KEY_RE.match(line)
        if key is None:
            continue
        name = key.group(1) or key.group(2) or key.group(3)
        dotted = table + tuple(name.split(".")) if key.group(3) else (*table, name)
        if dotted[:len(prefix)] == prefix and len(dotted) > len(prefix):
            lines.setdefault(dotted[len(prefix):], number)
    return lines
