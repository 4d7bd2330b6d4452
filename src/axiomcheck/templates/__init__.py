"""Template facts as data: one YAML file per template family and year (`templates/*.yaml`).

A template file says what a LaTeX style puts into a PDF: page size, text block, columns, body
size, leading and fonts, the page-1 notice per mode and the options that print it, the
anonymous author-block forms, the line-number ruler, and how the recogniser tells the family,
year and mode from a PDF (docs/templates.md). The recogniser (`analysis.template`) reads every
file; a rule pack names one (`template: neurips-2026`) and its layout, font and notice rules
take their numbers from it. Files are validated against `schema.SCHEMA`; a mistake is a
`TemplateError` naming the file, the line and the fix.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any


from ..yamldata import DataFileError, Located, line_at, load_cached, locate
from .schema import SCHEMA

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

NOT_INHERITED = ("template", "year", "fingerprint")
MAX_EXTENDS_DEPTH = 8


class TemplateError(DataFileError):
    """A template file cannot be used: names the file, the line and the fix."""


def templates_directory() -> Path:
    """Where the shipped template files are: inside the installed package, or `templates/` in a checkout."""
    installed = Path(__file__).resolve().parent / "data"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[3] / "templates"


@dataclass(frozen=True)
class NoticeFacts:
    """One mode's mode marker: the notice (or running head) and the options that print it."""

    key: str
    mode: str
    track: str | None
    where: str
    text: str | None
    option: str


@dataclass(frozen=True)
class TemplateFacts:
    """One template file, `extends:` applied and validated."""

    name: str
    family: str
    family_label: str
    year: int | None
    path: Path
    data: dict[str, Any]
    """The file's keys as plain data (for packs that fill rule options from a dotted path)."""

    @property
    def label(self) -> str:
        return f"{self.family_label} {self.year}" if self.year else self.family_label

    @property
    def notices(self) -> tuple[NoticeFacts, ...]:
        return tuple(NoticeFacts(key, n["mode"], n.get("track"), n.get("where", "notice"), n.get("text"),
                                 n["option"]) for key, n in self.data["notices"].items())

    @property
    def recognise(self) -> dict[str, Any]:
        return self.data.get("recognise") or {}

    def value(self, dotted: str) -> Any:
        """The value at a dotted path (`text_block.left`, `notices.submission.text`, `label`), None
        when absent."""
        if dotted == "label":
            return self.label
        value: Any = self.data
        for part in dotted.split("."):
            if not isinstance(value, dict) or part not in value:
                return None
            value = value[part]
        return value


def _plain(data: Any) -> Any:
    if isinstance(data, dict):
        return {key: _plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_plain(value) for value in data]
    return data


def _fix(error: ValidationError) -> str:
    if error.validator == "additionalProperties":
        return f"Known keys here: {', '.join(error.schema.get('properties', {}))}."
    if error.validator == "enum":
        return f"Choose from: {', '.join(map(str, error.validator_value))}."
    if error.validator == "required":
        return "Add the missing key (or `extends:` a template file that has it)."
    if error.validator == "format":
        return "Write a Python regular expression; quote it with single quotes in YAML."
    return "See docs/templates.md for the keys of a template file and their types."


@functools.lru_cache(maxsize=2)
def _validator(complete: bool) -> Any:
    """The schema's validator: the complete file, or (for a file that extends another) its own keys."""
    from jsonschema import Draft202012Validator  # imported on first use: it takes a while

    schema = SCHEMA if complete else {key: value for key, value in SCHEMA.items() if key != "required"}
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def _validate(path: Path, data: Located, complete: bool) -> None:
    errors = sorted(_validator(complete).iter_errors(_plain(data)), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        error = errors[0]
        keys = list(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            keys += [key for key in error.instance if key not in error.schema.get("properties", {})][:1]
        where = ".".join(map(str, keys))
        raise TemplateError(path, line_at(data, keys), f"{where + ': ' if where else ''}{error.message}.", _fix(error))


def _locate(name: str, relative_to: Path | None = None) -> Path:
    found = locate(name, templates_directory(), relative_to)
    if found is not None:
        return found
    raise TemplateError(name, None, f"no template named '{name}'.",
                        f"Use one of: {', '.join(shipped_templates())}, or a path to a template .yaml file.")


def _load(path: Path, depth: int = 0, validate: bool = True) -> tuple[dict[str, Any], Located]:
    """The file's data with `extends:` applied, and its own located data."""
    if depth > MAX_EXTENDS_DEPTH:
        raise TemplateError(path, None, "the `extends:` chain loops or is too deep.",
                            "Make each template file extend a different one.")
    own = load_cached(path, TemplateError, "template file", "`template: <family>-<year>`")
    if validate:
        _validate(path, own, complete=False)
    if own.get("template") != path.stem:
        raise TemplateError(path, own.line_of("template"), f"`template:` must be the file's name, '{path.stem}'.",
                            f"Write `template: {path.stem}` or rename the file.")
    merged: dict[str, Any] = {}
    parent = own.get("extends")
    if parent is not None:
        try:
            parent_path = _locate(parent, relative_to=path)
        except TemplateError as error:
            raise TemplateError(path, own.line_of("extends"), error.problem, error.fix) from error
        inherited, _ = _load(parent_path, depth + 1, validate and not _shipped(parent_path))
        merged = {key: value for key, value in inherited.items() if key not in NOT_INHERITED}
    merged.update(_plain(own))
    merged.pop("extends", None)
    return merged, own


def load_template(path: Path, validate: bool = True) -> TemplateFacts:
    """Read one template file and, unless `validate` is False, check it against the schema."""
    data, own = _load(path, validate=validate)
    if validate:
        _validate(path, own if not own.get("extends") else _located_merge(own, data), complete=True)
    return TemplateFacts(name=data["template"], family=data["family"], family_label=data["family_label"],
                         year=data["year"], path=path, data=data)


def _shipped(path: Path) -> bool:
    """Shipped files are validated by the test suite (tests/test_template_files.py), not at every start."""
    return path.resolve().parent == templates_directory().resolve()


def _located_merge(own: Located, merged: dict[str, Any]) -> Located:
    """The merged data, with the child's lines (a missing key is reported at the child's top)."""
    located = Located(own.line)
    located.update(merged)
    located.key_lines = dict(own.key_lines)
    return located


def shipped_templates() -> list[str]:
    """Names of the template files that ship with axiomcheck."""
    return sorted(p.stem for p in templates_directory().glob("*.yaml"))


@functools.cache
def all_templates() -> tuple[TemplateFacts, ...]:
    """Every shipped template file, by name."""
    return tuple(load_template(templates_directory() / f"{name}.yaml", validate=False) for name in shipped_templates())


@functools.lru_cache(maxsize=64)
def find_template(name: str) -> TemplateFacts:
    """A shipped template by name (`neurips-2026`) or a template file by path (validated)."""
    path = _locate(name)
    return load_template(path, validate=not _shipped(path))


def families() -> tuple[str, ...]:
    """The template families the shipped files describe."""
    return tuple(sorted({t.family for t in all_templates()}))


@functools.lru_cache(maxsize=512)
def compiled(pattern: str) -> re.Pattern[str]:
    """A template file's regular expression (compiled once), case-insensitive unless it says
    `(?-i:...)`."""
    return re.compile(pattern, re.I)
