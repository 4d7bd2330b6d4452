"""YAML data files that remember where each key was written (rule packs, template facts).

Every mistake is a `DataFileError` naming the file, the line, what is wrong and how to fix it,
so a person editing a pack or a template file never has to read a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's loader when PyYAML was built with it (several times faster), else the pure-Python one."""


class DataFileError(Exception):
    """A data file cannot be used: names the file, the line and the fix."""

    def __init__(self, path: str | Path, line: int | None, problem: str, fix: str = "") -> None:
        """`path` empty: the problem names what it is about itself (e.g. a pack by its id)."""
        self.path = str(path)
        self.line = line
        self.problem = problem
        self.fix = fix
        where = f"{self.path}:{line}" if line else self.path
        super().__init__((f"{where}: " if where else "") + problem + (f" Fix: {fix}" if fix else ""))


class Located(dict):
    """A YAML mapping that remembers the line of itself and of each of its keys."""

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line
        self.key_lines: dict[str, int] = {}

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class LocatedList(list):
    """A YAML sequence that remembers the line of each item."""

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line
        self.item_lines: list[int] = []

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if 0 <= index < len(self.item_lines) else self.line


def _convert(node: yaml.Node, path: Path, error: type[DataFileError]) -> Any:
    if isinstance(node, yaml.MappingNode):
        mapping = Located(node.start_mark.line + 1)
        for key_node, value_node in node.value:
            key = _convert(key_node, path, error)
            if not isinstance(key, str):
                raise error(path, key_node.start_mark.line + 1, f"the key {key!r} is not text.",
                            "Write keys as plain words, e.g. `max_pages:`.")
            if key in mapping:
                raise error(path, key_node.start_mark.line + 1, f"the key '{key}' is given twice.",
                            "Keep one of the two entries.")
            mapping[key] = _convert(value_node, path, error)
            mapping.key_lines[key] = key_node.start_mark.line + 1
        return mapping
    if isinstance(node, yaml.SequenceNode):
        items = LocatedList(node.start_mark.line + 1)
        for item in node.value:
            items.append(_convert(item, path, error))
            items.item_lines.append(item.start_mark.line + 1)
        return items
    return _scalar(node)


def _scalar(node: yaml.ScalarNode) -> Any:
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    finally:
        loader.dispose()


def load_located(path: Path, error: type[DataFileError], what: str, start: str) -> Located:
    """Parse `path` into `Located` mappings; a syntax error becomes `error` with its line.

    `what` names the kind of file in messages ("pack"), `start` how such a file begins."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as problem:
        raise error(path, None, f"cannot read the {what}: {problem.strerror}.",
                    "Check the path.") from problem
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError as problem:
        mark = getattr(problem, "problem_mark", None)
        reason = getattr(problem, "problem", None) or str(problem)
        raise error(path, mark.line + 1 if mark else None, f"YAML syntax error: {reason}.",
                    "Check indentation and quoting on that line.") from problem
    if node is None:
        raise error(path, 1, f"the {what} is empty.", f"Start with {start}.")
    data = _convert(node, path, error)
    if not isinstance(data, Located):
        raise error(path, 1, f"a {what} must be a mapping of keys.", f"Start with {start}.")
    return data


def line_at(data: Any, keys: list[Any]) -> int | None:
    """The line of the value reached by following `keys` (mapping keys, list indexes) from `data`."""
    line = getattr(data, "line", None)
    for key in keys:
        if isinstance(data, Located) and key in data:
            line = data.line_of(key)
            data = data[key]
        elif isinstance(data, LocatedList) and isinstance(key, int) and 0 <= key < len(data):
            line = data.line_of(key)
            data = data[key]
        else:
            break
    return line
