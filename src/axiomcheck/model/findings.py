"""What a finding is made of besides its text: severity, confidence and the regions it points at.

Rules produce these (through `rules.base.Violation`), the engine keeps them on each
`report.Finding`, and the reporters read them; only `codec.py` turns them into the JSON of
the report (docs/report-format.md). Each enum is a `str` whose value is the word the report
writes, so `Severity.ERROR == "error"` holds and an f-string shows the word.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .geometry import BBox


class WordEnum(str, Enum):
    """An enum whose members read as their value (in f-strings, `str()` and JSON)."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class Severity(WordEnum):
    """How much a finding matters: an error fails the file, a warning asks for a look, an
    info note only informs."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        """0 for errors, 1 for warnings, 2 for notes: the order of a file's findings."""
        return _RANKS[self]


_RANKS = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


class Confidence(WordEnum):
    """How a rule decides: `high` from the file's structure, `heuristic` by a judgement that
    can be wrong (a person should look before acting on it)."""

    HIGH = "high"
    HEURISTIC = "heuristic"


class RegionKind(WordEnum):
    """How a further region of a finding is drawn in its evidence picture."""

    SHADE = "shade"
    """The text the finding is about (e.g. the main body past the page limit), shaded."""
    LIMIT = "limit"
    """A line where a limit falls."""


@dataclass(frozen=True)
class Region:
    """A further place a finding points at, besides its page and box."""

    page: int
    bbox: BBox
    kind: RegionKind


@dataclass(frozen=True)
class Place:
    """Where one of several identical findings stood (`report.Finding.places`)."""

    page: int | None
    bbox: BBox | None
