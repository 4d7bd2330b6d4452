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
from pathlib import Path
from typing import Any

from ..model import TemplateName
from ..yamldata import DataFileError, Located, SchemaProblem, load_cached, locate, plain, validate
from .facts import NoticeFacts, TemplateFacts, build_facts
from .schema import SCHEMA

__all__ = ["NoticeFacts", "TemplateError", "TemplateFacts", "all_templates", "compiled", "families", "find_template",
           "load_template", "shipped_templates", "templates_directory"]

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


def _fix(error: SchemaProblem) -> str:
    if error.validator == "additionalProperties":
        return f"Known keys here: {', '.join(error.schema.get('properties', {}))}."
    if error.validator == "enum":
        return f"Choose from: {', '.join(map(str, error.expected))}."
    if error.validator == "required":
        return "Add the missing key (or `extends:` a template file that has it)."
    if error.validator == "format":
        return "Write a Python regular expression; quote it with single quotes in YAML."
    return "See docs/templates.md for the keys of a template file and their types."


def _schema(complete: bool) -> dict[str, Any]:
    """The schema: the complete file, or (for a file that extends another) its own keys."""
    return SCHEMA if complete else {key: value for key, value in SCHEMA.items() if key != "required"}


def _describe(error: SchemaProblem) -> tuple[str, str]:
    keys = error.path + ([error.unexpected_key] if error.unexpected_key is not None else [])
    where = ".".join(map(str, keys))
    return f"{where + ': ' if where else ''}{error.message}.", _fix(error)


def _validate(path: Path, data: Located, complete: bool) -> None:
    validate(path, data, _schema(complete), TemplateError, _describe)


Lines = dict[str, tuple[Path, int]]
"""Dotted key -> the file and line that wrote it."""


def _lines(path: Path, data: Any, prefix: str = "") -> Lines:
    """Dotted key -> (file, line) of every mapping key in `data`."""
    found: Lines = {}
    if isinstance(data, Located):
        for key, value in data.items():
            dotted = f"{prefix}{key}"
            found[dotted] = (path, data.line_of(key))
            found.update(_lines(path, value, dotted + "."))
    return found


def _locate(name: str, relative_to: Path | None = None) -> Path:
    found = locate(name, templates_directory(), relative_to)
    if found is not None:
        return found
    raise TemplateError(name, None, f"no template named '{name}'.",
                        f"Use one of: {', '.join(shipped_templates())}, or a path to a template .yaml file.")


def _load(path: Path, depth: int = 0, checked: bool = True) -> tuple[dict[str, Any], Located, Lines]:
    """The file's data with `extends:` applied, its own located data, and where each key was written."""
    if depth > MAX_EXTENDS_DEPTH:
        raise TemplateError(path, None, "the `extends:` chain loops or is too deep.",
                            "Make each template file extend a different one.")
    own = load_cached(path, TemplateError, "template file", "`template: <family>-<year>`")
    if checked:
        _validate(path, own, complete=False)
    if own.get("template") != path.stem:
        raise TemplateError(path, own.line_of("template"), f"`template:` must be the file's name, '{path.stem}'.",
                            f"Write `template: {path.stem}` or rename the file.")
    merged: dict[str, Any] = {}
    lines: Lines = {}
    parent = own.get("extends")
    if parent is not None:
        try:
            parent_path = _locate(parent, relative_to=path)
        except TemplateError as error:
            raise TemplateError(path, own.line_of("extends"), error.problem, error.fix) from error
        inherited, _, inherited_lines = _load(parent_path, depth + 1, checked and not _shipped(parent_path))
        merged = {key: value for key, value in inherited.items() if key not in NOT_INHERITED}
        lines = {key: line for key, line in inherited_lines.items()
                 if key.split(".")[0] in merged and key.split(".")[0] not in own}
    merged.update(plain(own))
    merged.pop("extends", None)
    return merged, own, lines | _lines(path, own)


def load_template(path: Path, validate: bool = True) -> TemplateFacts:
    """Read one template file and, unless `validate` is False, check it against the schema."""
    data, own, lines = _load(path, checked=validate)
    if validate:
        _validate(path, own if not own.get("extends") else _located_merge(own, data), complete=True)
    return build_facts(data, path, lines)


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
    """The template families the shipped files describe, read from their names (`<family>-<year>`
    or `<family>`, as a recognised template is named) without loading them."""
    return tuple(sorted({TemplateName.parse(name).family for name in shipped_templates()}))


@functools.lru_cache(maxsize=512)
def compiled(pattern: str) -> re.Pattern[str]:
    """A template file's regular expression (compiled once), case-insensitive unless it says
    `(?-i:...)`."""
    return re.compile(pattern, re.I)
