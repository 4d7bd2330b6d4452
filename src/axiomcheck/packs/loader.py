"""Read a rule-pack YAML file into checked data that remembers where each key was written.

Every mistake is a `PackError` naming the file, the line, what is wrong and how to fix it
(with the keys that would have been accepted), so an organizer editing a pack never has to
read a traceback.

The parsed form of each pack is cached by the SHA-256 of its text (`cache.py`), so YAML is
parsed, and PyYAML imported, only for a pack that has changed since it was last read.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import cache

if TYPE_CHECKING:
    import yaml


class PackError(Exception):
    """A rule pack cannot be used: names the file, the line and the fix."""

    def __init__(self, path: str | Path, line: int | None, problem: str, fix: str = "") -> None:
        self.path = str(path)
        self.line = line
        self.problem = problem
        self.fix = fix
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {problem}" + (f" Fix: {fix}" if fix else ""))


class Located(dict):
    """A YAML mapping that remembers the line of itself and of each of its keys."""

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line
        self.key_lines: dict[str, int] = {}

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


@dataclass(frozen=True)
class LoadedYaml:
    path: Path
    data: Located


def _convert(node: "yaml.Node", path: Path) -> Any:
    import yaml

    if isinstance(node, yaml.MappingNode):
        mapping = Located(node.start_mark.line + 1)
        for key_node, value_node in node.value:
            key = _convert(key_node, path)
            if not isinstance(key, str):
                raise PackError(path, key_node.start_mark.line + 1, f"the key {key!r} is not text.",
                                "Write keys as plain words, e.g. `max_pages:`.")
            if key in mapping:
                raise PackError(path, key_node.start_mark.line + 1, f"the key '{key}' is given twice.",
                                "Keep one of the two entries.")
            mapping[key] = _convert(value_node, path)
            mapping.key_lines[key] = key_node.start_mark.line + 1
        return mapping
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, path) for item in node.value]
    return _scalar(node)


def _scalar(node: "yaml.ScalarNode") -> Any:
    import yaml

    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    finally:
        loader.dispose()


def load_yaml(path: Path) -> LoadedYaml:
    """Parse `path` (or take its cached parse); a syntax error becomes a PackError with its line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise PackError(path, None, f"cannot read the pack: {error.strerror}.",
                        "Check the path given to --venue.") from error
    key = cache.digest("tree", text)
    cached = cache.read("tree", key)
    if cached is not None:
        try:
            return LoadedYaml(path=path, data=_decode(cached))
        except (KeyError, TypeError, ValueError, IndexError):  # a damaged entry: parse again
            pass
    data = _parse(path, text)
    cache.write("tree", key, _encode(data))
    return LoadedYaml(path=path, data=data)


def _parse(path: Path, text: str) -> Located:
    import yaml

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        raise PackError(path, mark.line + 1 if mark else None, f"YAML syntax error: {problem}.",
                        "Check indentation and quoting on that line.") from error
    if node is None:
        raise PackError(path, 1, "the pack is empty.", "Start with `pack: <id>` and `tracks:`.")
    data = _convert(node, path)
    if not isinstance(data, Located):
        raise PackError(path, 1, "a rule pack must be a mapping of keys.", "Start with `pack: <id>`.")
    return data


_PLAIN = (str, int, float, bool, type(None))


def _encode(value: Any) -> Any:
    """A parsed pack as JSON data: mappings keep their lines; a value JSON cannot hold exactly
    (a date, say) makes the whole pack uncacheable (TypeError, caught by `cache.write`)."""
    if isinstance(value, Located):
        return {"m": value.line, "k": [[key, value.key_lines[key], _encode(item)] for key, item in value.items()]}
    if isinstance(value, list):
        return {"s": [_encode(item) for item in value]}
    if isinstance(value, _PLAIN):
        return {"v": value}
    raise TypeError(f"{type(value).__name__} is not cached")


def _decode(data: Any) -> Any:
    if "m" in data:
        mapping = Located(int(data["m"]))
        for key, line, item in data["k"]:
            mapping[key] = _decode(item)
            mapping.key_lines[key] = int(line)
        return mapping
    if "s" in data:
        return [_decode(item) for item in data["s"]]
    return data["v"]
