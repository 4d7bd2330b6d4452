"""The results of a run: findings per file, as plain data that crosses process boundaries.

`FileResult.to_dict()` is exactly the JSON a file gets in the report (schema
`axiomcheck.report/1`, documented in docs/report-format.md), and `from_dict` reads it
back, which is how a worker process hands its result to the parent.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

SCHEMA = "axiomcheck.report/1"
FAIL_ON = ("error", "warning", "never")
"""Exit-code policies (`--fail-on`): which findings make a run exit 1 (see `Report.exit_code_for`)."""


@dataclass(frozen=True)
class Finding:
    """One violation, verdict or notice, stamped with its rule and severity."""

    rule: str
    name: str
    severity: str
    message: str
    hint: str
    page: int | None = None
    bbox: list[float] | None = None
    evidence: str | None = None
    confidence: str = "high"
    evidence_image: str | None = None
    waiver: str | None = None
    """Why the organizers accept this finding (reason and who, from a waiver file); a waived
    finding is still reported but no longer decides the file's status."""
    regions: list[dict[str, Any]] | None = None
    """Further places the finding points at, besides `page` and `bbox`, each
    `{"page": int, "bbox": [x0, y0, x1, y1], "kind": "shade" | "limit"}`: the text it is about
    (shaded in the evidence picture, e.g. the main body past the page limit, on every page it
    runs over) and where a limit falls (a line). Absent when there are none."""
    count: int = 1
    """How many identical findings this one stands for (`aggregate.py`); `places` lists where
    the first of them are."""
    places: list[dict[str, Any]] | None = None
    """The first places (`page`, `bbox`) of the identical findings this one stands for."""
    omitted: int = 0
    """On a rule's closing notice: how many more findings of the rule were left out."""

    @property
    def waived(self) -> bool:
        return self.waiver is not None

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["evidence"] = self.evidence
        for optional in ("evidence_image", "waiver", "regions", "places"):
            if data[optional] is None:
                data.pop(optional)
        for counter, default in (("count", 1), ("omitted", 0)):
            if data[counter] == default:
                data.pop(counter)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Finding:
        return cls(**{k: data.get(k) for k in cls.__dataclass_fields__ if k in data})


@dataclass
class FileResult:
    """Everything the report says about one file."""

    path: str
    sha256: str | None
    status: str
    """pass (no errors), fail (at least one error), error (the file could not be checked)."""
    pages: int | None = None
    structure: dict[str, Any] | None = None
    findings: list[Finding] = field(default_factory=list)
    internal_error: bool = False
    """A bug in axiomcheck, not the author's fault: the run exits with code 3."""
    rules_run: tuple[str, ...] = ()
    """Ids of the rules that ran on this file, in the pack's order (none for a file that could
    not be opened; the text rules are missing when the text layer could not be read)."""
    track: str | None = None
    """The file's own track when it differs from the run's (a manifest); None: the run's."""
    truncated: dict[str, int] | None = None
    """Set when the file's report was cut to its size limit (`aggregate.py`): how many
    findings were left out and the limit in bytes."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"path": self.path, "sha256": self.sha256, "status": self.status,
                                "pages": self.pages, "structure": self.structure,
                                "findings": [f.to_dict() for f in self.findings],
                                "rules_run": list(self.rules_run)}
        if self.track is not None:
            data["track"] = self.track
        if self.truncated is not None:
            data["truncated"] = self.truncated
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], internal_error: bool = False) -> FileResult:
        return cls(path=data["path"], sha256=data.get("sha256"), status=data["status"],
                   pages=data.get("pages"), structure=data.get("structure"),
                   findings=[Finding.from_dict(f) for f in data.get("findings", [])],
                   internal_error=internal_error, rules_run=tuple(data.get("rules_run") or ()),
                   track=data.get("track"), truncated=data.get("truncated"))

    def count(self, severity: str) -> int:
        """Findings of `severity` that stand (are not waived)."""
        return sum(1 for f in self.findings if f.severity == severity and not f.waived)

    @property
    def waived_count(self) -> int:
        """Findings that are waived (any severity)."""
        return sum(1 for f in self.findings if f.waived)


@dataclass
class Report:
    """A run: one venue, track and stage, any number of files."""

    venue: str
    track: str
    stage: str
    files: list[FileResult] = field(default_factory=list)
    page_limits: dict[str, float] = field(default_factory=dict)
    """The main-body page limit of each track in the run (`page-limit`'s `max_pages`), for
    charts of main-body lengths; a track without that rule is absent."""
    venue_choice: dict[str, Any] | None = None
    """How the venue was chosen when none was given: from the template recognised in the PDFs
    (`packs.choice.VenueChoice.to_dict`); None when the venue was given."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"schema": SCHEMA, "venue": self.venue, "track": self.track, "stage": self.stage}
        if self.venue_choice is not None:
            data["venue_choice"] = dict(self.venue_choice)
        return data | {"page_limits": dict(self.page_limits), "files": [f.to_dict() for f in self.files]}

    @property
    def exit_code(self) -> int:
        """0 all files pass, 1 some file fails or cannot be checked, 3 an internal error."""
        return self.exit_code_for("error")

    def exit_code_for(self, fail_on: str) -> int:
        """The exit code under a policy (`FAIL_ON`): 3 an internal error whatever the policy;
        1 under `error` when a file fails or cannot be checked, under `warning` also when a
        warning stands (is not waived); 0 otherwise, and always under `never`."""
        if fail_on not in FAIL_ON:
            raise ValueError(f"unknown exit-code policy {fail_on!r}: use one of {', '.join(FAIL_ON)}")
        if any(f.internal_error for f in self.files):
            return 3
        if fail_on == "never":
            return 0
        if any(f.status != "pass" for f in self.files):
            return 1
        if fail_on == "warning" and any(f.count("warning") for f in self.files):
            return 1
        return 0


def status_of(findings: list[Finding]) -> str:
    """fail when any error finding stands (is not waived), else pass."""
    return "fail" if any(f.severity == "error" and not f.waived for f in findings) else "pass"
