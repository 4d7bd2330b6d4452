"""What a rule is: an id, a name, a group, typed options with defaults, and a check function.

A rule's check reads the document model and yields `Violation`s; the engine stamps them with
the rule's id, name and (pack-configured) severity. Rules never import a PDF library and
never change their options. An option declared with `from_template("text_block.left")` takes
its value from the template file the pack names, unless the pack gives it. The check
function's docstring is the rule's documentation and must have the sections `What it
checks`, `Why`, and `How to fix`.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..model import BBox, Confidence, ReferenceCheck, Region, SectionKind, Severity, Submission

if TYPE_CHECKING:
    from ..model import Document


@dataclass(frozen=True)
class CheckContext:
    """What a rule knows about the run besides its options."""

    venue: str
    track: str
    stage: str
    main_body_excludes: tuple[SectionKind, ...]
    """Section kinds that do not count toward the page limit on this track."""
    submission: Submission = Submission()
    """What the organizers know about the file (``--authors``, a manifest)."""
    references: ReferenceCheck | None = None
    """What the reference index said of each bibliography entry; None when the run was given no index."""

    @property
    def authors(self) -> tuple[str, ...]:
        """Author names the organizers know, for the known-author rule."""
        return self.submission.authors


@dataclass(frozen=True)
class Violation:
    """One problem a rule found, before the engine stamps rule id and severity on it."""

    message: str
    hint: str
    page: int | None = None
    bbox: BBox | None = None
    evidence: str | None = None
    severity: Severity | None = None
    """Overrides the configured severity for this finding only (e.g. title area vs body)."""
    regions: tuple[Region, ...] = ()
    """Further places to show (the overflowing text, where a limit falls), on any page."""


TEMPLATE_KEY = "template"
"""The dataclass field metadata key that names an option's dotted path in a template file."""


TEMPLATE_OPTIONAL_KEY = "template_optional"
FORMERLY_KEY = "formerly"
"""The dataclass field metadata key that names an option's former pack key (`option(formerly=...)`)."""
ALLOWED_KEY = "allowed"
"""The dataclass field metadata key of what a pack may write for an option (`Allowed`)."""


@dataclass(frozen=True)
class Allowed:
    """What a pack may write for an option besides the option's type, declared beside it
    (`option`, `from_template`) and checked when the pack loads, before any paper is read
    (the pack schema, `packs/schema.py`): a range for a number; for a text (or each text of a
    list), that it is a regular expression, and the named groups the rule reads from its
    matches. A closed set of words is the option's type instead: a `Literal`."""

    minimum: float | None = None
    maximum: float | None = None
    regex: bool = False
    groups: tuple[str, ...] = ()
    """Named groups the regular expression must define (`(?P<institution>...)`)."""


def option(default: Any, *, minimum: float | None = None, maximum: float | None = None, regex: bool = False,
           groups: tuple[str, ...] = (), formerly: str | None = None) -> Any:
    """An option with its default and what a pack may write for it (`Allowed`). `formerly`
    is the option's former pack key: packs that still write it keep working, with a warning
    that names the file, the line and the new key."""
    metadata: dict[str, Any] = {ALLOWED_KEY: Allowed(minimum, maximum, regex or bool(groups), groups)}
    if formerly is not None:
        metadata[FORMERLY_KEY] = formerly
    return dataclasses.field(default=default, metadata=metadata)


def from_template(path: str, optional: bool = False, minimum: float | None = None) -> Any:
    """An option whose value comes from the pack's template file at `path` (e.g.
    `text_block.left`, `notices.{notice}.text` with another option's value in braces); the
    rule pack fills it before the rule runs, and stops with the fix when it cannot (unless
    `optional`: then the option stays None). A pack that gives the value itself must give
    at least `minimum`."""
    return dataclasses.field(default=None, metadata={TEMPLATE_KEY: path, TEMPLATE_OPTIONAL_KEY: optional,
                                                     ALLOWED_KEY: Allowed(minimum=minimum)})


class MainBodyPageLimit:
    """Marks the options of the rule that limits how many pages the main body may fill: the
    resolved pack's page limit (`packs.ResolvedPack.main_body_page_limit`, the reports' charts)
    is read from them."""

    main_body_pages: int


@dataclass(frozen=True)
class NoOptions:
    """For rules that take no options."""


CheckFunction = Callable[["Document", Any, CheckContext], Iterator[Violation]]


@dataclass(frozen=True)
class Rule:
    """A registered rule."""

    id: str
    name: str
    group: str
    check: CheckFunction
    options: type
    severity: Severity
    confidence: Confidence
    needs_text: bool = True
    """False for rules that read only page geometry or metadata (they run on image-only PDFs)."""
    needs_references: bool = False
    """True for rules that report what a reference index said (the run looks references up for them)."""

    @property
    def doc(self) -> str:
        """The docstring as prose, its indentation removed (the same on every Python)."""
        return inspect.cleandoc(self.check.__doc__ or "")

    @property
    def summary(self) -> str:
        return self.doc.splitlines()[0] if self.doc else ""

    def default_options(self) -> Any:
        return self.options()


def rule(*, id: str, name: str, group: str, options: type = NoOptions,
         severity: Severity = Severity.ERROR, confidence: Confidence | str = Confidence.HIGH,
         needs_text: bool = True, needs_references: bool = False) -> Callable[[CheckFunction], Rule]:
    """Declare a check function as a rule (`confidence` as the enum or its word, `heuristic`)."""

    def wrap(check: CheckFunction) -> Rule:
        return Rule(id=id, name=name, group=group, check=check, options=options,
                    severity=severity, confidence=Confidence(confidence), needs_text=needs_text,
                    needs_references=needs_references)

    return wrap
