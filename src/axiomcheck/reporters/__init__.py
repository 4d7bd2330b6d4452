"""Reporters: one emitter module per output format, chosen by name (`--format`).

Every format is an `Emitter` (`base.py`): `start` with the run's header, `file` once per
result as soon as it is known, `finish` at the end. `emitter(name, stream)` streams a run;
`REPORTERS[name](report)` renders a whole report as a string through the same emitter.

The formats are the entry points of the group `axiomcheck.reporters` (pyproject.toml;
another package adds its own the same way: `plugins.py`), and a format's module is imported
the first time the format is used: a JSON check never loads the HTML page's template engine
nor the rule catalogue that SARIF and JUnit describe.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from typing import Generic, Protocol, TextIO, TypeVar

from ..plugins import entry_points, load
from ..report import Report
from .base import Emitter, render_with

REPORTERS_GROUP = "axiomcheck.reporters"

class Renderer(Protocol):
    """`REPORTERS[name](report)`: the report as a string (`destination`: the file it will be
    written to, for an HTML page whose pictures lie beside it)."""

    def __call__(self, report: Report, destination: str | None = None) -> str: ...


_Value = TypeVar("_Value")


@functools.cache
def _formats() -> dict[str, str]:
    """Format name -> its emitter class's entry point, in name order."""
    return entry_points(REPORTERS_GROUP)


@functools.cache
def _emitter_class(name: str) -> type[Emitter]:
    found = load(_formats()[name])
    if not (isinstance(found, type) and issubclass(found, Emitter)):
        raise TypeError(f"the {REPORTERS_GROUP} entry point {name!r} names {found!r}, which is no Emitter class")
    return found


class _ByFormat(Mapping[str, _Value], Generic[_Value]):
    """A read-only mapping over the format names whose values are computed from the
    format's emitter class, which is imported on first access."""

    def __init__(self, value: Callable[[type[Emitter]], _Value]) -> None:
        self._value = value

    def __getitem__(self, name: str) -> _Value:
        return self._value(_emitter_class(name))

    def __iter__(self) -> Iterator[str]:
        return iter(_formats())

    def __len__(self) -> int:
        return len(_formats())

    def __contains__(self, name: object) -> bool:
        return name in _formats()


EMITTERS: Mapping[str, type[Emitter]] = _ByFormat(lambda cls: cls)
REPORTERS: Mapping[str, Renderer] = _ByFormat(lambda cls: functools.partial(render_with, cls))
EXTENSIONS: Mapping[str, str] = _ByFormat(lambda cls: cls.EXTENSION)


def emitter(name: str, stream: TextIO, destination: str | None = None) -> Emitter:
    """A new emitter of format `name` writing to `stream` (KeyError for an unknown name);
    `destination` is the file the stream writes, when it is one."""
    return EMITTERS[name](stream, destination)


__all__ = ["EMITTERS", "EXTENSIONS", "REPORTERS", "REPORTERS_GROUP", "Renderer", "emitter"]
