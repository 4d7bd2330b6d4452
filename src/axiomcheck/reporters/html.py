"""HTML: one triage page for organizers, self-contained, that stays light for thousands of files.

The page has the run's counts (and a banner when the run stopped before its last file), a
table of files (file, submission, status, track, main-body pages, errors, warnings, first
error), the hidden texts several submissions share (`shared_text`: probably the system that
made the copies, not the authors), counts per rule with each rule's usual fix, a histogram of main-body lengths against
each track's page limit (inline SVG), and per file its findings. A small script sorts the
table by any column and filters it by text (searched in every finding of a file: rule id,
name, message, evidence, fix, waiver; and in its path and submission), by rule and by
status, showing only the matching files' sections.

Built to scale (3,000 files, docs/report-format.md): the findings per file travel as a data
block of short rows into one table of distinct texts (`html_data`), which the page's own
script writes out as each file's section, every one, as soon as the page is open (and before
it is printed); without the script the table, the rules and the chart read the same and a
note says where the findings are. A fix that several findings share is written once, in the
rules table, and each of them links to it; long evidence is cut; and evidence pictures
(`--evidence DIR`) are never embedded: each finding shows a thumbnail of its picture, loaded
lazily from the file beside the page (a path relative to the page, `destination`), that
opens the full picture. Nothing is loaded from the network (the page's
Content-Security-Policy allows images from its own folder only); a picture that is not where
the page says shows as a line naming it, and `missing_pictures` lists them (`axiomcheck
report` says so).

Made with the Jinja2 page template and script shipped in `reporters/html_page/`. Memory
holds each distinct text once and each file's row of numbers, not the results; the page is
rendered at the end, once the fixes that findings share are known.
"""

from __future__ import annotations

import base64
import hashlib
import math
import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any
from urllib.parse import quote

import jinja2
from markupsafe import Markup

from ..model import Severity
from ..report import FileResult, Finding, Report, RunStatus, SubmissionRef
from ..shared_text import SharedTextCollector
from .base import Emitter, StatusTally, completed, first_error, main_body_length, main_body_words, standing_errors
from .catalog import describe
from .html_data import FileEntry, StringTable, data_block, finding_entry

_PAGE_FILES = resources.files(__package__) / "html_page"
FIRST_ERROR_CHARS = 100
"""The table shows this much of a file's first error (the file's section has all of it)."""
TITLE_CHARS = 60
"""The table shows this much of a submission's title (the file's section has all of it)."""
LABELS = {"pass": "pass", "fail": "fail", "error": "not checked"}
"""A file's status as the page says it."""
BIN_WIDTH = 0.25
"""Width of a histogram bin, in pages; a bin holds lengths above its lower edge up to its upper
edge, so a paper of exactly the limit is not in a bin drawn past it."""
SHARED_LISTED = 30
"""A shared hidden text lists this many of its files (the count says how many there are)."""
MAX_TICKS = 12
"""The histogram's page axis carries at most this many labelled ticks."""
_ENVIRONMENT = jinja2.Environment(loader=jinja2.PackageLoader(__package__, "html_page"),
                                  autoescape=True, trim_blocks=True, lstrip_blocks=True,
                                  undefined=jinja2.StrictUndefined)


def _text(value: object) -> Markup:
    """Text for the page's body: only `&`, `<` and `>` escaped (quotes need it in attributes only)."""
    return Markup(str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))


_ENVIRONMENT.filters["t"] = _text


def _asset(name: str) -> str:
    return (_PAGE_FILES / name).read_text(encoding="utf-8")


def _csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def picture_link(image: str, destination: str | None) -> str:
    """The URL a page written to `destination` (None: standard output, read from the working
    folder) uses for the picture at `image`: a relative path, percent-encoded."""
    if destination is not None:
        image = os.path.relpath(os.path.abspath(image), os.path.dirname(os.path.abspath(destination)))
    return quote(image.replace(os.sep, "/"), safe="/-._~!$&'()*+,;=@")


def missing_pictures(results: Iterable[FileResult]) -> list[str]:
    """The evidence pictures the results name that are not on disk (moved or deleted)."""
    return [f.evidence_image for result in results for f in result.findings
            if f.evidence_image and not os.path.isfile(f.evidence_image)]


@dataclass
class _Row:
    """What the table, the rule counts and the chart need of one file."""

    index: int
    path: str
    status: str
    track: str
    pages: int | None
    main_body: float | None
    """Main-body length as the page limit counts it (4.3 = 30% into page 5): the histogram's
    measure and the table's sort key."""
    main_body_pages: int | None
    """Pages the main body occupies, as the text and CSV reports count them."""
    main_body_words: str | None
    errors: int
    warnings: int
    waived: int
    first_error: str
    submission: SubmissionRef | None


@dataclass
class _RuleCount:
    id: str
    name: str
    summary: str
    fixes: dict[str, str] = field(default_factory=dict)
    """The fixes several of the rule's findings share, by their anchor."""
    errors: int = 0
    warnings: int = 0
    notes: int = 0
    waived: int = 0
    files: set[int] = field(default_factory=set)


@dataclass(frozen=True)
class _Bar:
    x: float
    y: float
    width: float
    height: float
    over: bool
    label: str


def _histogram(track: str, lengths: list[float], limit: float | None) -> dict[str, Any]:
    """Bars and axes of the main-body length histogram of one track, in SVG units."""
    top = max([*lengths, (limit or 0) + 1.0, 1.0])
    bins = math.ceil(top / BIN_WIDTH + 1e-9)
    counts = Counter(min(max(math.ceil(length / BIN_WIDTH - 1e-9) - 1, 0), bins - 1) for length in lengths)
    width, height, left, bottom = 640.0, 220.0, 40.0, 30.0
    plot_w, plot_h = width - left - 10, height - bottom - 10
    highest = max(counts.values(), default=1)
    step = plot_w / bins
    bars = []
    for index, count in sorted(counts.items()):
        start = index * BIN_WIDTH
        bar_h = plot_h * count / highest
        bars.append(_Bar(x=round(left + index * step + 1, 1), y=round(10 + plot_h - bar_h, 1),
                         width=round(max(step - 2, 1), 1), height=round(bar_h, 1),
                         over=limit is not None and start >= limit,
                         label=f"{count} file{'s' if count != 1 else ''}: "
                               f"over {start:g} up to {start + BIN_WIDTH:g} pages"))
    every = next(n for n in (1, 2, 5, 10, 20, 50, 100, 10**9) if top / n <= MAX_TICKS)
    ticks = [{"x": round(left + page / BIN_WIDTH * step, 1), "label": str(page)}
             for page in range(0, int(top) + 1, every)]
    limit_x = round(left + limit / BIN_WIDTH * step, 1) if limit is not None else None
    over = sum(1 for length in lengths if limit is not None and length > limit)
    return {"track": track, "bars": bars, "ticks": ticks, "limit": limit, "limit_x": limit_x, "over": over,
            "count": len(lengths), "highest": highest, "width": width, "height": height, "left": left,
            "axis_y": round(10 + plot_h, 1), "top_y": 10}


def _common_folder(paths: list[str]) -> str:
    """The folder all `paths` share (with its trailing slash), left out of the table's names."""
    if len(paths) <= 1:  # one file: its folder says something
        return ""
    folder = os.path.commonpath([os.path.dirname(p) or "." for p in paths]) if all(
        os.path.isabs(p) == os.path.isabs(paths[0]) for p in paths) else ""
    return folder.rstrip("/") + "/" if folder not in ("", ".", "/") else ""


class HtmlEmitter(Emitter):
    EXTENSION = ".html"

    def start(self, run: Report) -> None:
        self.run = run
        self.tally = StatusTally()
        self.rows: list[_Row] = []
        self.rules: dict[str, _RuleCount] = {}
        self.strings = StringTable()
        self.entries: list[FileEntry] = []
        self.hints: Counter[tuple[str, str]] = Counter()
        self.shared = SharedTextCollector()

    def file(self, result: FileResult) -> None:
        self.tally.add(result)
        index = len(self.rows)
        first = first_error(result)
        errors = standing_errors(result)
        row = _Row(index=index, path=result.path, status=result.status, track=result.track or self.run.track,
                   pages=result.pages, main_body=main_body_length(result),
                   main_body_pages=result.structure.main_body_pages if result.structure is not None else None,
                   main_body_words=main_body_words(result), errors=len(errors),
                   warnings=result.count(Severity.WARNING) - sum(1 for f in errors if f.severity != Severity.ERROR),
                   waived=result.waived_count,
                   first_error=f"{first.rule} {' '.join(first.message.split())}" if first else "",
                   submission=result.submission)
        self.rows.append(row)
        for finding in result.findings:
            self._count(finding, index)
            if finding.hint:
                self.hints[finding.rule, finding.hint] += 1
        self.entries.append(self._entry(row, result))
        self.shared.add(result)

    def _count(self, finding: Finding, index: int) -> None:
        count = self.rules.get(finding.rule)
        if count is None:
            count = self.rules[finding.rule] = _RuleCount(finding.rule, finding.name,
                                                          describe(finding.rule, finding.name).summary)
        if finding.waived:
            count.waived += 1
        elif finding.severity == Severity.ERROR:
            count.errors += 1
        elif finding.severity == Severity.WARNING:
            count.warnings += 1
        else:
            count.notes += 1
        count.files.add(index)

    def _entry(self, row: _Row, result: FileResult) -> FileEntry:
        """The file's row of the page's data block (`html_data`)."""
        ref, strings = row.submission, self.strings
        limit = self.run.page_limits.get(row.track)
        body = None if row.main_body_words is None else f"main body {row.main_body_words}" + (
            f" (limit {limit})" if limit is not None else "")
        findings = []
        for finding in result.findings:
            image = finding.evidence_image
            picture = picture_link(image, self.destination) if image and os.path.isfile(image) else None
            findings.append(finding_entry(finding, strings, picture))
        return [row.path, row.status, [ref.id, ref.title or "", ref.forum or ""] if ref is not None else 0,
                row.pages, strings(body), strings(row.track if row.track != self.run.track else None),
                (result.sha256 or "")[:12], findings]

    def _shared_fixes(self) -> dict[tuple[str, str], str]:
        """The fixes several findings of a rule share, by (rule, fix), with their anchors in
        the rules table, where each is written once."""
        anchors: dict[tuple[str, str], str] = {}
        for (rule, hint), uses in self.hints.items():
            if uses > 1:
                anchor = anchors[rule, hint] = f"x{len(anchors)}"
                self.rules[rule].fixes[anchor] = hint
        return anchors

    def finish(self, status: RunStatus | None = None) -> None:
        done = completed(status, len(self.rows))
        tracks = sorted({row.track for row in self.rows} | set(self.run.page_limits))
        charts = []
        for track in tracks:
            lengths = [row.main_body for row in self.rows if row.track == track and row.main_body is not None]
            if lengths:
                charts.append(_histogram(track, lengths, self.run.page_limits.get(track)))
        style, script = _asset("triage.css"), _asset("triage.js")
        csp = (f"default-src 'none'; img-src 'self'; style-src {_csp_hash(style)}; "
               f"script-src {_csp_hash(script)}; base-uri 'none'; form-action 'none'")
        rules = sorted(self.rules.values(), key=lambda r: (-r.errors, -r.warnings, r.id))
        prefix = _common_folder([row.path for row in self.rows])
        page = _ENVIRONMENT.get_template("page.html.j2").render(
            run=self.run, tally=self.tally, rows=self.rows, rules=rules, charts=charts, prefix=prefix,
            first_error_chars=FIRST_ERROR_CHARS, title_chars=TITLE_CHARS, partial=done if done.partial else None,
            submissions=any(row.submission is not None for row in self.rows), labels=LABELS,
            data=Markup(data_block(self.strings, self._shared_fixes(), self.entries)), style=Markup(style),
            script=Markup(script), csp=csp, bin_width=BIN_WIDTH, shared=self.shared.shared(),
            indexes={row.path: row.index for row in reversed(self.rows)}, shared_listed=SHARED_LISTED)
        self.stream.write(page)
