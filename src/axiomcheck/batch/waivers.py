"""Waivers: findings the organizers accept for one file, with the reason and who decided.

A waiver file is YAML, a list of entries (or a mapping with a `waivers:` list):

    - id: "17"                # the submission's id (manifest `id`, OpenReview number) ...
      rule: AX205             # a rule id or name
      reason: Font size approved by the program chairs for the accessibility track.
      who: Jane Doe (PC chair)
    - sha256: 3f5a...e1       # ... or the file's SHA-256
      rule: hidden-text
      reason: White text is an accessibility alt-text layer.
      who: J. Doe

A waived finding is still reported (with `waiver: "<reason> (<who>)"` in every output) but
no longer decides the file's status. Verdicts (AX9xx: a file that cannot be read) cannot be
waived. Every mistake in the file is a `WaiverError` naming the file, the line and the fix.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..report import FileResult, FileStatus, status_of
from ..rules import find_rule

if TYPE_CHECKING:
    import yaml

ENTRY_KEYS = ("id", "sha256", "rule", "reason", "who")
_SHA256_RE = re.compile(r"^[0-9a-f]{64}$")


class WaiverError(Exception):
    """The waiver file cannot be used: `file:line: problem Fix: ...`."""


@dataclass(frozen=True)
class Waiver:
    """One accepted finding: which file (submission id or SHA-256), which rule, why, who."""

    rule: str
    """The rule's id (a name in the file is turned into the id)."""
    reason: str
    who: str
    id: str | None = None
    sha256: str | None = None

    @property
    def text(self) -> str:
        """What a waived finding carries in `Finding.waiver`."""
        return f"{self.reason} ({self.who})"

    def covers(self, submission_id: str | None, sha256: str | None) -> bool:
        return ((self.id is not None and self.id == submission_id)
                or (self.sha256 is not None and self.sha256 == sha256))

    def to_dict(self) -> dict[str, Any]:
        return {key: value for key, value in dataclasses.asdict(self).items() if value is not None}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Waiver:
        return cls(**{key: data.get(key) for key in cls.__dataclass_fields__})  # type: ignore[arg-type]  # the store wrote it with to_dict


def read_waivers(path: str) -> tuple[Waiver, ...]:
    """The waivers of a YAML file, validated; raises WaiverError."""
    import yaml  # noqa: PLC0415 - only when there is a waiver file: `check` starts without PyYAML otherwise
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise WaiverError(f"{path}: cannot read the waiver file ({error}).") from error
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else path
        raise WaiverError(f"{where}: YAML syntax error: {getattr(error, 'problem', None) or error}. "
                          "Fix: check indentation and quoting on that line.") from error
    if node is None:
        return ()
    if isinstance(node, yaml.MappingNode):
        inner = [value for key, value in node.value if isinstance(key, yaml.ScalarNode) and key.value == "waivers"]
        if len(node.value) != 1 or not inner:
            raise WaiverError(f"{path}:{node.start_mark.line + 1}: a waiver file is a list of entries "
                              "(or `waivers:` with that list). Fix: start with `- id: \"17\"`.")
        node = inner[0]
    if not isinstance(node, yaml.SequenceNode):
        raise WaiverError(f"{path}:{node.start_mark.line + 1}: a waiver file is a list of entries. "
                          "Fix: start each entry with `- id: ...` or `- sha256: ...`.")
    return tuple(_entry(path, item) for item in node.value)


def _entry(path: str, node: yaml.Node) -> Waiver:
    import yaml  # noqa: PLC0415 - as in read_waivers

    line = node.start_mark.line + 1
    where = f"{path}:{line}"
    if not isinstance(node, yaml.MappingNode):
        raise WaiverError(f"{where}: an entry must be a mapping with {', '.join(ENTRY_KEYS)}. "
                          "Fix: write `- id: \"17\"` and the other keys indented below it.")
    values: dict[str, str] = {}
    for key_node, value_node in node.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        key_where = f"{path}:{key_node.start_mark.line + 1}"
        if key not in ENTRY_KEYS:
            raise WaiverError(f"{key_where}: unknown key {key!r}. Fix: an entry has {', '.join(ENTRY_KEYS)}.")
        if not isinstance(value_node, yaml.ScalarNode) or not str(value_node.value).strip():
            raise WaiverError(f"{key_where}: `{key}` must be a non-empty text. Fix: e.g. `{key}: ...`.")
        values[key] = str(value_node.value).strip()
    missing = [key for key in ("rule", "reason", "who") if key not in values]
    if missing:
        raise WaiverError(f"{where}: the entry has no `{missing[0]}`. Fix: every waiver names the rule, "
                          "the reason and who decided (`rule:`, `reason:`, `who:`).")
    if ("id" in values) == ("sha256" in values):
        raise WaiverError(f"{where}: give exactly one of `id` (the submission's id) and `sha256` (the file's). "
                          "Fix: `id: \"17\"` or `sha256: <64 hex digits>`.")
    sha = values.get("sha256")
    if sha is not None and not _SHA256_RE.match(sha.lower()):
        raise WaiverError(f"{where}: `sha256` must be 64 hexadecimal digits, not {sha!r}. "
                          "Fix: copy it from a report (`sha256`) or `sha256sum FILE.pdf`.")
    rule = find_rule(values["rule"])
    if rule is None:
        known = "verdicts (AX9xx) say why a file could not be read and cannot be waived" \
            if values["rule"].upper().startswith("AX9") else "`axiomcheck rules` lists the rules"
        raise WaiverError(f"{where}: no rule '{values['rule']}'. Fix: give a rule id or name; {known}.")
    return Waiver(rule=rule.id, reason=values["reason"], who=values["who"], id=values.get("id"),
                  sha256=sha.lower() if sha else None)


def apply_waivers(result: FileResult, waivers: Sequence[Waiver], submission_id: str | None) -> FileResult:
    """`result` with each finding a waiver covers marked as waived, and its status again
    decided by the findings that stand (a file that could not be checked stays `error`)."""
    mine = {w.rule: w for w in waivers if w.covers(submission_id, result.sha256)}
    if not mine:
        return result
    findings = [dataclasses.replace(f, waiver=mine[f.rule].text) if f.rule in mine and not f.waived else f
                for f in result.findings]
    status = result.status if result.status == FileStatus.ERROR else status_of(findings)
    return dataclasses.replace(result, findings=findings, status=status)
