"""A template file as typed facts: what the loader builds once the file passed its schema.

The recogniser (`analysis.template`) reads these attributes, never the file's keys; the
conditions of `without_notice:` and `submission_when:` are `Condition` members that know how
to hold. `TemplateFacts.value` still answers a dotted path (`text_block.left`), the language
rule options use to name a template's number (`rules.base.from_template`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from ..model import TemplateMode


class Condition(Enum):
    """A fact about a PDF that a template file's rules may require (`when:`, `submission_when:`)."""

    ANONYMOUS = "anonymous"
    NAMED = "named"
    LINE_NUMBERS = "line_numbers"
    NO_LINE_NUMBERS = "no_line_numbers"
    PAGE_NUMBERS = "page_numbers"
    NO_PAGE_NUMBERS = "no_page_numbers"

    def holds(self, anonymous: bool, line_numbers: bool, page_numbers: bool) -> bool:
        """Whether the condition holds for a PDF with these facts."""
        wanted = {Condition.ANONYMOUS: anonymous, Condition.NAMED: not anonymous,
                  Condition.LINE_NUMBERS: line_numbers, Condition.NO_LINE_NUMBERS: not line_numbers,
                  Condition.PAGE_NUMBERS: page_numbers, Condition.NO_PAGE_NUMBERS: not page_numbers}
        return wanted[self]


@dataclass(frozen=True)
class TextBlock:
    """Where the template puts the text on the page (points from the top-left corner)."""

    left: float
    right: float
    top: float
    bottom: float
    tolerance: float


@dataclass(frozen=True)
class NoticeFacts:
    """One mode's mode marker: the notice (or running head) and the options that print it."""

    key: str
    mode: TemplateMode
    track: str | None
    where: str
    text: str | None
    option: str


@dataclass(frozen=True)
class Fingerprint:
    """A year told by the notice's type size when no marker prints the year."""

    notice_size_below: float
    why: str


@dataclass(frozen=True)
class ModeMatch:
    """A marker's wording that names a mode (and a track)."""

    match: str
    mode: TemplateMode
    track: str | None


@dataclass(frozen=True)
class TrackMatch:
    """A final marker's wording that names a track (and, with `title`, the workshop's title)."""

    match: str
    track: str
    title: bool


@dataclass(frozen=True)
class OwnNotice:
    """A notice the template never prints but a workshop wrote, keeping the layout's family."""

    only: str | None
    submission_when: tuple[Condition, ...]
    workshop: str | None
    workshop_option: str | None


@dataclass(frozen=True)
class MarkerRules:
    """How to read the template's notice or running head."""

    family: tuple[str, ...]
    modes: tuple[ModeMatch, ...]
    tracks: tuple[TrackMatch, ...]
    own: OwnNotice | None


@dataclass(frozen=True)
class Ordinal:
    """A conference ordinal ("40th") that gives the year with `offset` added."""

    match: str
    offset: int


@dataclass(frozen=True)
class YearRules:
    """How the year is read when the marker does not print it."""

    patterns: tuple[str, ...] = ()
    ordinals: tuple[Ordinal, ...] = ()
    copyright: str | None = None
    own_notice: bool = False
    subject: str | None = None
    dated: str | None = None
    """A dated notice whose date's year (first group) is the style's: ICML's `preprint` option
    prints "Preprint. June 9, 2026." and no other year."""


@dataclass(frozen=True)
class LayoutRules:
    """When the page geometry alone names the family."""

    edge_tolerance: tuple[float, float]
    page: str | None
    subject: str | None
    not_with_ruler: str | None
    not_with_running_head: str | None
    not_with_notice: str | None


@dataclass(frozen=True)
class WithoutNotice:
    """A mode told by the author block, line numbers and page numbers when no marker says it."""

    when: tuple[Condition, ...]
    mode: TemplateMode
    why: str


@dataclass(frozen=True)
class Recognition:
    """How the recogniser tells this family, year and mode from a PDF."""

    notice: MarkerRules | None = None
    running_head: MarkerRules | None = None
    year: YearRules = YearRules()
    layout: LayoutRules | None = None
    without_notice: tuple[WithoutNotice, ...] = ()
    no_mode_why: str = ""

    def marker(self, where: str) -> MarkerRules | None:
        """The rules of the marker at `where`: notice or running_head."""
        return self.notice if where == "notice" else self.running_head


@dataclass(frozen=True)
class LeftoverTexts:
    """What the template's example paper prints that a paper must not keep (`leftovers:`)."""

    source: str
    titles: tuple[str, ...] = ()
    abstracts: tuple[str, ...] = ()
    instructions: tuple[str, ...] = ()


@dataclass(frozen=True)
class TemplateFacts:
    """One template file, `extends:` applied and validated."""

    name: str
    family: str
    family_label: str
    year: int | None
    path: Path
    columns: int
    text_block: TextBlock
    anonymous_forms: tuple[str, ...]
    """The author-block texts of the template's anonymous mode (regular expressions)."""
    notices: tuple[NoticeFacts, ...]
    fingerprint: Fingerprint | None
    recognise: Recognition
    data: dict[str, Any]
    """The file's keys as plain data, for `value`."""
    lines: dict[str, tuple[Path, int]]
    """Dotted key -> the file and line that wrote it (an inherited key: the parent's)."""
    leftovers: LeftoverTexts | None = None

    @property
    def label(self) -> str:
        return f"{self.family_label} {self.year}" if self.year else self.family_label

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

    def where(self, dotted: str) -> str:
        """`file:line` of the key at `dotted`, for messages (the file alone when unknown)."""
        found = self.lines.get(dotted)
        return f"{found[0]}:{found[1]}" if found else str(self.path)


def _conditions(names: list[str] | None) -> tuple[Condition, ...]:
    return tuple(Condition(name) for name in names or ())


def _marker(data: dict[str, Any] | None) -> MarkerRules | None:
    if data is None:
        return None
    own = data.get("own")
    return MarkerRules(
        family=tuple(data["family"]),
        modes=tuple(ModeMatch(m["match"], m["mode"], m.get("track")) for m in data.get("modes") or ()),
        tracks=tuple(TrackMatch(t["match"], t["track"], bool(t.get("title"))) for t in data.get("tracks") or ()),
        own=None if own is None else OwnNotice(own.get("only"), _conditions(own.get("submission_when")),
                                               own.get("workshop"), own.get("workshop_option")))


def _recognition(data: dict[str, Any]) -> Recognition:
    year = data.get("year") or {}
    layout = data.get("layout")
    return Recognition(
        notice=_marker(data.get("notice")), running_head=_marker(data.get("running_head")),
        year=YearRules(patterns=tuple(year.get("patterns") or ()),
                       ordinals=tuple(Ordinal(o["match"], o["offset"]) for o in year.get("ordinals") or ()),
                       copyright=year.get("copyright"), own_notice=bool(year.get("own_notice")),
                       subject=year.get("subject"), dated=year.get("dated")),
        layout=None if layout is None else LayoutRules(
            edge_tolerance=(float(layout["edge_tolerance"][0]), float(layout["edge_tolerance"][1])),
            page=layout.get("page"), subject=layout.get("subject"), not_with_ruler=layout.get("not_with_ruler"),
            not_with_running_head=layout.get("not_with_running_head"), not_with_notice=layout.get("not_with_notice")),
        without_notice=tuple(WithoutNotice(_conditions(rule["when"]), rule["mode"], rule["why"])
                             for rule in data.get("without_notice") or ()),
        no_mode_why=data.get("no_mode_why") or "")


def build_facts(data: dict[str, Any], path: Path, lines: dict[str, tuple[Path, int]]) -> TemplateFacts:
    """The typed facts of a template file's data (`extends:` applied; valid by the schema)."""
    block = data["text_block"]
    fingerprint = data.get("fingerprint")
    return TemplateFacts(
        name=data["template"], family=data["family"], family_label=data["family_label"], year=data["year"],
        path=path, columns=int(data["columns"]),
        text_block=TextBlock(*(float(block[key]) for key in ("left", "right", "top", "bottom", "tolerance"))),
        anonymous_forms=tuple(data["author_block"]["anonymous"]),
        notices=tuple(NoticeFacts(key, n["mode"], n.get("track"), n.get("where", "notice"), n.get("text"), n["option"])
                      for key, n in data["notices"].items()),
        fingerprint=None if fingerprint is None else Fingerprint(float(fingerprint["notice_size_below"]),
                                                                 fingerprint["why"]),
        recognise=_recognition(data.get("recognise") or {}), data=data, lines=lines,
        leftovers=_leftovers(data.get("leftovers")))


def _leftovers(data: dict[str, Any] | None) -> LeftoverTexts | None:
    if data is None:
        return None
    return LeftoverTexts(data["source"], tuple(data.get("titles") or ()), tuple(data.get("abstracts") or ()),
                         tuple(data.get("instructions") or ()))
