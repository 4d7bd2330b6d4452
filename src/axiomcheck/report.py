"""The results of a run: findings per file and the structure found in each, as typed values.

Severities, confidences, boxes and regions keep their types from the rule to the reporters;
`codec.py` alone turns a result into the JSON of the report (schema `axiomcheck.report/1`,
docs/report-format.md) and back, which is also how results cross process boundaries (a
worker's reply, the results store, the web page's checkers). `to_dict` is the codec's
answer for a value, for callers that want the JSON of one thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

from .model import (BBox, Confidence, FoundStatement, HeadingKind, PagePosition, Place, Region, Severity, Submission,
                    TemplateMode, TemplateName, WordEnum)

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
    picture_note: str | None = None
    """Why the finding has no picture though pictures were asked for (`--evidence`, the web
    page): its page could not be drawn, the pictures ran past their own time or memory, their
    folder could not take the file. The finding stands as it is either way."""
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



SectionPage = Literal["acknowledgments", "impact", "references", "appendix", "checklist"]
"""The sections whose first page the structure gives (`Structure.section_page`)."""


@dataclass(frozen=True)
class FoundHeading:
    """A heading as the structure reports it."""

    page: int
    kind: HeadingKind
    number: str | None
    text: str
    top_of_page: bool
    bbox: BBox


@dataclass(frozen=True)
class FoundTemplate:
    """The template recognised from the PDF, as the structure reports it."""

    name: TemplateName
    mode: TemplateMode | None
    track: str | None
    workshop_title: str | None
    evidence: tuple[str, ...]


@dataclass(frozen=True)
class FoundReference:
    """An entry of the bibliography as the structure lists it, with what the reference index
    said of it."""

    number: int
    label: str | None
    page: int
    bbox: BBox
    authors: tuple[str, ...]
    title: str | None
    venue: str | None
    year: int | None
    arxiv_id: str | None
    doi: str | None
    url: str | None
    verdict: str | None = None
    """found, mismatch, not found or unchecked; None when the run looked nothing up."""


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
    statements: tuple[FoundStatement, ...] = ()
    """The statement sections before the appendix, with their pages and the track's decision."""
    references: tuple[FoundReference, ...] = ()
    """The bibliography's entries (`model.Bibliography`), in order."""

    @property
    def main_body_length(self) -> float | None:
        """Main-body length in pages as the page limit counts it (4.3 = 30% into page 5)."""
        end = self.main_body_end
        return None if end is None else round(end.page - 1 + end.fraction, 2)

    def section_page(self, kind: SectionPage) -> int | None:
        """The page where section `kind` starts (references, appendix, checklist,
        acknowledgments, impact), None when it was not found."""
        pages = {"references": self.references_page, "appendix": self.appendix_page,
                 "checklist": self.checklist_page, "acknowledgments": self.acknowledgments_page,
                 "impact": self.impact_page}
        return pages[kind]


SECTION_PAGES: tuple[SectionPage, ...] = get_args(SectionPage)


CHOSEN_FROM_TEMPLATE = "recognised from the template; pass --venue to choose"
NEAREST_PACK = "the nearest pack to the template's family and mode; pass --venue to choose"
"""The note of a venue chosen for another year's or an edited style, or a track no pack lists."""
"""What the reports say after a venue they chose (the text report's `venue:` line)."""


@dataclass(frozen=True)
class VenueChoice:
    """The pack, track and stage chosen for a run's PDFs when no venue was given, and the
    template (recognised in them) they were chosen from (`packs.choice`)."""

    venue: str
    track: str
    stage: str
    template: TemplateName
    """The recognised template (`neurips-2026`)."""
    template_label: str
    """How people name it (NeurIPS 2026)."""
    mode: TemplateMode
    template_track: str | None = None
    """The track the template's notice names (a final NeurIPS notice), None when it names none."""
    nearest: bool = False
    """No pack lists the template, mode and track: the nearest pack of its family was chosen."""

    @property
    def note(self) -> str:
        return NEAREST_PACK if self.nearest else CHOSEN_FROM_TEMPLATE


@dataclass(frozen=True)
class Truncation:
    """Set on a file whose report was cut to its size limit (`aggregate.py`)."""

    findings_left_out: int
    limit_bytes: int


@dataclass(frozen=True)
class SubmissionRef:
    """The submission a file belongs to, as the organizers' system names it (a manifest's
    `id`, `title` and `forum`; an OpenReview note's number, title and forum): every output
    shows it, so that a PDF named `0a1b2c.pdf` is traced back to submission #21."""

    id: str | None
    title: str | None = None
    forum: str | None = None
    """The URL of the submission's page (its OpenReview forum)."""

    @classmethod
    def of(cls, submission: Submission) -> SubmissionRef | None:
        """How the outputs name the submission of a file (None when nothing names it)."""
        if submission.id is None and submission.title is None and submission.forum is None:
            return None
        return cls(submission.id, submission.title, submission.forum)

    @property
    def number(self) -> int | None:
        """The id as a number (OpenReview's submission numbers), None when it is not one."""
        return int(self.id) if self.id is not None and self.id.isdigit() else None

    @property
    def label(self) -> str:
        """How a line names it: `#21 Sparse Features Under a Budget`, `#21`, or the title alone."""
        number = f"#{self.id}" if self.id is not None else ""
        return " ".join(part for part in (number, self.title or "") if part)


def submission_order(ref: SubmissionRef | None) -> tuple[int, int, str]:
    """The order reports list files in: by submission number, then other ids by their text,
    then files without an id (a stable sort keeps those in the order they were given)."""
    if ref is None or ref.id is None:
        return (2, 0, "")
    number = ref.number
    return (0, number, "") if number is not None else (1, 0, ref.id)


class FileStatus(WordEnum):
    """What became of a file. A status a later version adds (a file not checked for a cause
    of the machine's rather than the file's, say) is one more member here and one more word
    in the report: every output reads the word, none lists the members."""

    PASS = "pass"
    """Checked: no error stands."""
    FAIL = "fail"
    """Checked: at least one error stands (is not waived)."""
    ERROR = "error"
    """Not checked: the file could not be (fully) checked; its verdict says why."""
    READ = "read"
    """Read but not judged: `inspect` runs no rule, so a file it read neither passes nor fails."""

    @property
    def checked(self) -> bool:
        """The rules ran on the file (it passes or fails)."""
        return self in (FileStatus.PASS, FileStatus.FAIL)


@dataclass
class FileResult:
    """Everything the report says about one file."""

    path: str
    sha256: str | None
    status: FileStatus
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
    submission: SubmissionRef | None = None
    """The submission the file belongs to, when a manifest or an export says (never part of a
    stored result: two files with one content may belong to two submissions)."""
    seconds: float | None = field(default=None, compare=False)
    """How long checking the file took, from the moment a worker took it to its result (None:
    not checked in this run). Shown by `-v`; never part of a report or a stored result, which
    are the same in every run."""


    def count(self, severity: Severity | str) -> int:
        """Findings of `severity` that stand (are not waived)."""
        return sum(1 for f in self.findings if f.severity == severity and not f.waived)

    @property
    def waived_count(self) -> int:
        """Findings that are waived (any severity)."""
        return sum(1 for f in self.findings if f.waived)


RunState = Literal["running", "done", "failed", "interrupted"]
"""How a run ended, or that it is still at work, as the results store keeps it: a run found
`running` whose process is gone is shown `interrupted` (`batch/liveness.py`)."""


@dataclass(frozen=True)
class RunStatus:
    """Whether a run checked every file it was given: `done` of `total`, and why it stopped
    before the last one (`reason`: stopped by Ctrl-C, by an error, its process ended)."""

    done: int
    total: int
    reason: str | None = None

    @property
    def partial(self) -> bool:
        """Some file has no result (a run stopped after its last result is complete)."""
        return self.done < self.total

    @property
    def state(self) -> str:
        """`complete` or `partial` (the CSV's `run_status`, the JSON's `run_status.state`)."""
        return "partial" if self.partial else "complete"

    @property
    def summary(self) -> str:
        """`partial: 12 of 30 files (stopped by Ctrl-C)` or `complete: 30 files`."""
        if not self.partial:
            return f"complete: {self.total} file{'' if self.total == 1 else 's'}"
        return f"partial: {self.done} of {self.total} files" + (f" ({self.reason})" if self.reason else "")


@dataclass(frozen=True)
class ReferencesUsed:
    """What a run looked its papers' bibliographies up in: a reference index, the online
    services, or nothing (`source` None: the references were not checked)."""

    source: str | None

    @property
    def checked(self) -> bool:
        return self.source is not None

    def describe(self) -> str:
        """The report header's line about references."""
        if self.source is None:
            return "references: not checked (give --references INDEX or --references online to look each entry up)"
        return f"references: looked up in {self.source}"


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
    venue_choice: VenueChoice | None = None
    """How the venue was chosen when none was given (from the template recognised in the
    PDFs); None when the venue was given."""
    run_status: RunStatus | None = None
    """Set when the run stopped before its last file (Ctrl-C, an error, a killed process);
    None: every file given has its result here."""
    references: ReferencesUsed | None = None
    """What the run looked bibliographies up in (None: the report does not say, as one rebuilt
    from a results store)."""

    def completion(self) -> RunStatus:
        """The run's status: `run_status`, or complete with the files it holds."""
        return self.run_status or RunStatus(len(self.files), len(self.files))


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
        if any(f.status is not FileStatus.PASS for f in self.files):
            return 1
        if fail_on == "warning" and any(f.count(Severity.WARNING) for f in self.files):
            return 1
        return 0


def status_of(findings: list[Finding]) -> FileStatus:
    """fail when any error finding stands (is not waived), else pass."""
    return FileStatus.FAIL if any(f.severity == Severity.ERROR and not f.waived for f in findings) else FileStatus.PASS
