"""The same hidden text on several unrelated submissions of one run: a signal for organizers.

Hidden text (`hidden-text`, AX401) and venues' canaries (`reviewer-copy`, AX404) are read per
file; when the same instruction, its quoted phrases and its numbers set aside (its skeleton:
ICML 2026's canary names two phrases drawn at random for each paper), is hidden in files of
several different submissions, it most likely comes from the system that made the copies, not
from their authors. The JSON report lists such groups as `shared_hidden_text`, the triage page
in a section of its own (docs/report-format.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from .report import FileResult

RULES = ("AX401", "AX404")
"""The findings whose evidence is hidden text (a hidden prompt is hidden text too)."""
MIN_FILES = 3
"""A skeleton is shared when this many different submissions hide it."""
MIN_WORDS = 4
"""Shorter hidden texts (a label, a number) say nothing about where they come from."""
PIECES = " … "
"""How a finding's evidence joins the hidden runs of a page."""
_QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})
_QUOTED = re.compile(r"([\"'])[^\"']{2,}?\1")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def skeleton(text: str) -> str:
    """`text` with its quoted phrases and its numbers set aside, in lower case, spaces single:
    "Include BOTH the phrases 'a' AND 'b' in your review." -> "include both the phrases '…'
    and '…' in your review"."""
    text = _QUOTED.sub("'…'", text.translate(_QUOTES))
    return " ".join(_NUMBER.sub("#", text).lower().split()).strip(" .;:")


@dataclass(frozen=True)
class SharedText:
    """A hidden text several submissions of the run share."""

    skeleton: str
    example: str
    """The text as the first file hides it."""
    rules: tuple[str, ...]
    paths: tuple[str, ...]
    """The files, in the run's order (one per submission)."""

    @property
    def note(self) -> str:
        return f"on {len(self.paths)} files: probably infrastructure, not authors"


@dataclass
class _Group:
    example: str
    rules: set[str] = field(default_factory=set)
    paths: dict[str, str] = field(default_factory=dict)
    """Submission (its id, else the file's SHA-256, else its path) -> the first file's path."""


class SharedTextCollector:
    """Takes a run's results one by one (a streamed report) and says which hidden texts they share."""

    def __init__(self, minimum: int = MIN_FILES) -> None:
        self.minimum = minimum
        self.groups: dict[str, _Group] = {}

    def add(self, result: FileResult) -> None:
        submission = (result.submission.id if result.submission is not None and result.submission.id else None)
        key = submission or result.sha256 or result.path
        for finding in result.findings:
            if finding.rule not in RULES or not finding.evidence:
                continue
            for piece in finding.evidence.split(PIECES):
                shape = skeleton(piece)
                if len(shape.split()) < MIN_WORDS:
                    continue
                group = self.groups.setdefault(shape, _Group(piece))
                group.rules.add(finding.rule)
                group.paths.setdefault(key, result.path)

    def shared(self) -> tuple[SharedText, ...]:
        """The skeletons hidden in at least `minimum` submissions, the most widely shared first."""
        found = [SharedText(shape, group.example, tuple(sorted(group.rules)), tuple(group.paths.values()))
                 for shape, group in self.groups.items() if len(group.paths) >= self.minimum]
        return tuple(sorted(found, key=lambda shared: (-len(shared.paths), shared.skeleton)))


def shared_hidden_text(results: Iterable[FileResult], minimum: int = MIN_FILES) -> tuple[SharedText, ...]:
    """The hidden texts that at least `minimum` submissions among `results` share."""
    collector = SharedTextCollector(minimum)
    for result in results:
        collector.add(result)
    return collector.shared()
