"""YAML data files that remember where each key was written (rule packs, template facts).

Every mistake is a `DataFileError` naming the file, the line, what is wrong and how to fix it,
so a person editing a pack or a template file never has to read a traceback.
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # PyYAML loads only when a file is parsed (cached packs need none)
    import yaml


class DataFileError(Exception):
    """A data file cannot be used: names the file, the line, the key and the fix.

    Rule packs (`packs.PackError`) and template files (`templates.TemplateError`) raise it
    under their own names, so that a caller can tell which kind of file is wrong."""

    def __init__(self, path: str | Path, line: int | None, problem: str, fix: str = "", key: str | None = None) -> None:
        """`path` empty: the problem names what it is about itself (e.g. a pack by its id);
        `key` is the dotted key the problem is at (`tracks.paper.rules.page-limit`), when known."""
        self.path = str(path)
        self.line = line
        self.problem = problem
        self.fix = fix
        self.key = key
        where = f"{self.path}:{line}" if line else self.path
        super().__init__((f"{where}: " if where else "") + problem + (f" Fix: {fix}" if fix else ""))


class Located(dict[str, Any]):
    """A YAML mapping that remembers the line of itself and of each of its keys."""

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line
        self.key_lines: dict[str, int] = {}

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class LocatedList(list[Any]):
    """A YAML sequence that remembers the line of each item."""

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line
        self.item_lines: list[int] = []

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if 0 <= index < len(self.item_lines) else self.line


def _convert(node: yaml.Node, path: Path, error: type[DataFileError]) -> Any:
    import yaml  # noqa: PLC0415 - PyYAML loads only when a file is parsed

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


def _scalar(node: yaml.Node) -> Any:
    import yaml  # noqa: PLC0415 - PyYAML loads only when a file is parsed

    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    finally:
        loader.dispose()


def locate(name: str, directory: Path, relative_to: Path | None = None) -> Path | None:
    """The YAML file `name` stands for: a path (relative to the folder of `relative_to`, the
    file that names it) or the id of a file shipped in `directory`; None for an unknown id."""
    candidate = Path(name)
    if candidate.suffix in (".yaml", ".yml"):
        if not candidate.is_absolute() and relative_to is not None:
            candidate = relative_to.parent / candidate
        return candidate
    shipped = directory / f"{name}.yaml"
    return shipped if shipped.is_file() else None


def read_text(path: Path, error: type[DataFileError], what: str) -> str:
    """The text of `path`; an unreadable file becomes `error`."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as problem:
        raise error(path, None, f"cannot read the {what}: {problem.strerror}.",
                    "Check the path.") from problem


def load_cached(path: Path, error: type[DataFileError], what: str, start: str) -> Located:
    """Parse `path` into `Located` mappings; a syntax error becomes `error` with its line.
    `what` names the kind of file in messages ("pack"), `start` how such a file begins.

    The parsed form is kept in the data cache (`datacache.py`) under the SHA-256 of the
    file's text: YAML is parsed, and PyYAML imported, only for a file that has changed since
    it was last read."""
    from . import datacache  # noqa: PLC0415 - the cache imports this package's version only when used

    text = read_text(path, error, what)
    key = datacache.digest("tree", text)
    cached = datacache.read("tree", key)
    if cached is not None:
        try:
            decoded = _decode(cached)
        except (KeyError, TypeError, ValueError, IndexError):  # a damaged entry: parse again
            decoded = None
        if isinstance(decoded, Located):
            return decoded
    data = parse_located(path, text, error, what, start)
    datacache.write("tree", key, _encode(data))
    return data


_PLAIN = (str, int, float, bool, type(None))


def _encode(value: Any) -> Any:
    """Parsed data as JSON: mappings and lists keep their lines; a value JSON cannot hold
    exactly (a date, say) makes the whole file uncacheable (TypeError, caught by
    `datacache.write`)."""
    if isinstance(value, Located):
        return {"m": value.line, "k": [[key, value.key_lines[key], _encode(item)] for key, item in value.items()]}
    if isinstance(value, LocatedList):
        items = zip(value.item_lines, value, strict=True)
        return {"l": value.line, "i": [[line, _encode(item)] for line, item in items]}
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
    if "l" in data:
        items = LocatedList(int(data["l"]))
        for line, item in data["i"]:
            items.append(_decode(item))
            items.item_lines.append(int(line))
        return items
    return data["v"]


def parse_located(path: Path, text: str, error: type[DataFileError], what: str, start: str) -> Located:
    """`load_cached`'s parse of text already read from `path`, without the cache."""
    import yaml  # noqa: PLC0415 - PyYAML loads only when a file is parsed

    try:
        node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
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


def plain(data: Any) -> Any:
    """Parsed data as plain dicts and lists (what a JSON Schema validator reads)."""
    if isinstance(data, dict):
        return {key: plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [plain(value) for value in data]
    return data


@dataclass(frozen=True)
class SchemaProblem:
    """One way data breaks its JSON Schema, as the validator found it."""

    path: list[Any]
    """Keys and indexes from the top of the data to the value at fault."""
    validator: str
    """The schema keyword that failed (`type`, `enum`, `additionalProperties`, ...)."""
    expected: Any
    """That keyword's value in the schema (the types, the choices, ...)."""
    value: Any
    """The value at fault."""
    schema: dict[str, Any]
    """The part of the schema that failed."""
    message: str
    """The validator's own sentence."""

    @property
    def unexpected_key(self) -> str | None:
        """For `additionalProperties`: the first key the schema does not know."""
        if self.validator != "additionalProperties" or not isinstance(self.value, dict):
            return None
        known = self.schema.get("properties", {})
        return next((str(key) for key in self.value if key not in known), None)


Describe = Callable[[SchemaProblem], tuple[str, str]]
"""What a schema problem means to the person editing the file: (problem, fix)."""


def validate(path: Path, data: Located, schema: dict[str, Any], error: type[DataFileError], describe: Describe,
             text: str | None = None) -> None:
    """Check `data`, read from `path`, against the JSON Schema `schema`; the mistake on the
    earliest line becomes `error` with its file, line, dotted key and fix (`describe`).

    With the file's `text`, a file once found valid against the same schema is remembered in
    the data cache (`datacache.py`), so that a later run neither validates it again nor
    imports jsonschema."""
    import json  # noqa: PLC0415 - only to key the cache entry
    from . import datacache  # noqa: PLC0415 - see load_cached

    key = datacache.digest("valid", text, json.dumps(schema, sort_keys=True)) if text is not None else None
    if key is not None and datacache.read("valid", key) is True:
        return
    found = _first_error(data, schema)
    if found is not None:
        keys, problem = found
        message, fix = describe(problem)
        raise error(path, line_at(data, keys), message, fix, ".".join(map(str, keys)) or None)
    if key is not None:
        datacache.write("valid", key, True)


def _first_error(data: Located, schema: dict[str, Any]) -> tuple[list[Any], SchemaProblem] | None:
    from jsonschema import Draft202012Validator  # noqa: PLC0415 - it takes a while to import: only when needed

    validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    found = []
    for error in validator.iter_errors(plain(data)):
        failed = error.schema if isinstance(error.schema, dict) else {}
        problem = SchemaProblem(path=list(error.absolute_path), validator=str(error.validator),
                                expected=error.validator_value, value=error.instance, schema=failed,
                                message=error.message)
        keys = problem.path + ([problem.unexpected_key] if problem.unexpected_key is not None else [])
        found.append((line_at(data, keys) or 0, [str(k) for k in keys], keys, problem))
    if not found:
        return None
    _, _, keys, problem = min(found, key=lambda item: (item[0], item[1]))
    return keys, problem
