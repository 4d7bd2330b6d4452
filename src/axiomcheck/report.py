"""The results of a run: findings per file and the structure found in each, as typed values.

Severities, confidences, boxes and regions keep their types from the rule to the reporters;
`codec.py` alone turns a result into the JSON of the report (schema `axiomcheck.report/1`,
docs/report-format.md) and back, which is also how results cross process boundaries (a
worker's reply, the results store, the web page's checkers). `to_dict` is the codec's
answer for a value, for callers that want the JSON of one thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .finding_types import Confidence, Place, Region, Severity
from .model import BBox, PagePosition

SCHEMA = "axiomcheck.report/1"
FAIL_ON = ("error", "warning", "never")
"""Exit-code policies (`--fail-on`): which findings make a run exit 1 (see `Report.exit_code_for`)."""


@dataclass(frozen=True)
class Finding:
    """One violation, verdict or notice, stamped with its rule and severity."""

    rule: str
    name: str
    severity: Severity
    message: str
    hint: str
    page: int | None = None
    bbox: BBox | None = None
    """The box on `page` the finding is about, rounded to 0.1 pt as the report writes it."""
    evidence: str | None = None
    confidence: Confidence = Confidence.HIGH
    evidence_image: str | None = None
    waiver: str | None = None
    """Why the organizers accept this finding (reason and who, from a waiver file); a waived
    finding is still reported but no longer decides the file's status."""
    regions: tuple[Region, ...] = ()
    """Further places the finding points at, besides `page` and `bbox`: the text it is about
    (shaded in the evidence picture, e.g. the main body past the page limit, on every page it
    runs over) and where a limit falls (a line)."""
    count: int = 1
    """How many identical findings this one stands for (`aggregate.py`); `places` lists where
    the first of them are."""
    places: tuple[Place, ...] = ()
    """The first places of the identical findings this one stands for (empty: only itself)."""
    omitted: int = 0
    """On a rule's closing notice: how many more findings of the rule were left out."""

    @property
    def waived(self) -> bool:
        return self.waiver is not None

    def to_dict(self) -> dict[str, Any]:
        """The finding's JSON (`codec.finding_to_json`)."""
        from .codec import finding_to_json  # noqa: PLC0415 - the codec imports this module

        return finding_to_json(self)


@dataclass(frozen=True)
class FoundHeading:
    """A heading as the structure reports it."""

    page: int
    kind: str
    """body or one of `model.SECTION_KINDS`."""
    number: str | None
    text: str
    top_of_page: bool
    bbox: BBox


@dataclass(frozen=True)
class FoundTemplate:
    """The template recognised from the PDF, as the structure reports it."""

    name: str
    mode: str | None
    track: str | None
    workshop_title: str | None
    evidence: tuple[str, ...]


@dataclass(frozen=True)
class Structure:
    """What axiomcheck found in a paper, the same for `check` and `inspect`, so that an author
    can see why a rule decided as it did (`analysis.structure.structure_of` builds it)."""

    main_body_pages: int
    main_body_end: PagePosition | None
    """Where the main body ends, as the track counts it; None for a document without text."""
    main_body_ends_before: str | None
    """The heading of the first section that does not count, None when there is none."""
    references_page: int | None
    appendix_page: int | None
    checklist_page: int | None
    acknowledgments_page: int | None
    impact_page: int | None
    anonymous: bool
    line_numbers: bool
    page_size: str | None
    """letter, a4, ... or `<w> x <h> pt`; None without pages."""
    columns: int
    title: str | None
    authors: tuple[str, ...]
    notice: str | None
    template: FoundTemplate
    headings: tuple[FoundHeading, ...]
    outline_entries: int = 0
    """How many sections the PDF lists itself (its outline's bookmarks, its tagged headings)."""
    outline_disagreements: tuple[str, ...] = ()
    """Where that list and the headings found on the pages disagree, one sentence each."""

    @property
    def main_body_length(self) -> float | None:
        """Main-body length in pages as the page limit counts it (4.3 = 30% into page 5)."""
        end = self.main_body_end
        return None if end is None else round(end.page - 1 + end.fraction, 2)

    def section_page(self, kind: str) -> int | None:
        """The page where section `kind` starts (references, appendix, checklist,
        acknowledgments, impact), None when it was not found."""
        pages = {"references": self.references_page, "appendix": self.appendix_page,
                 "checklist": self.checklist_page, "acknowledgments": self.acknowledgments_page,
                 "impact": self.impact_page}
        return pages[kind]


SECTION_PAGES = ("acknowledgments", "impact", "references", "appendix", "checklist")
"""The sections whose first page the structure gives (`Structure.section_page`)."""


@dataclass(frozen=True)
class Truncation:
    """Set on a file whose report was cut to its size limit (`aggregate.py`)."""

    findings_left_out: int
    limit_bytes: int


@dataclass
class FileResult:
    """Everything the report says about one file."""

    path: str
    sha256: str | None
    status: str
    """pass (no errors), fail (at least one error), error (the file could not be checked)."""
    pages: int | None = None
    structure: Structure | None = None
    findings: list[Finding] = field(default_factory=list)
    internal_error: bool = False
    """A bug in axiomcheck, not the author's fault: the run exits with code 3."""
    rules_run: tuple[str, ...] = ()
    """Ids of the rules that ran on this file, in the pack's order (none for a file that could
    not be opened; the text rules are missing when the text layer could not be read)."""
    track: str | None = None
    """The file's own track when it differs from the run's (a manifest); None: the run's."""
    truncated: Truncation | None = None
    """Set when the file's report was cut to its size limit (`aggregate.py`)."""

    def to_dict(self) -> dict[str, Any]:
        """The file's JSON in the report (`codec.result_to_json`)."""
        from .codec import result_to_json  # noqa: PLC0415 - the codec imports this module

        return result_to_json(self)

    def count(self, severity: Severity | str) -> int:
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
    """The main-body page limit of each track in the run (`packs.ResolvedPack.main_body_page_limit`),
    for charts of main-body lengths; a track without one is absent."""
    venue_choice: dict[str, Any] | None = None
    """How the venue was chosen when none was given: from the template recognised in the PDFs
    (`packs.choice.VenueChoice.to_dict`); None when the venue was given."""

    def to_dict(self) -> dict[str, Any]:
        """The report's JSON (`codec.report_to_json`)."""
        from .codec import report_to_json  # noqa: PLC0415 - the codec imports this module

        return report_to_json(self)

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
        if fail_on == "warning" and any(f.count(Severity.WARNING) for f in self.files):
            return 1
        return 0


def status_of(findings: list[Finding]) -> str:
    """fail when any error finding stands (is not waived), else pass."""
    return "fail" if any(f.severity == Severity.ERROR and not f.waived for f in findings) else "pass"
