"""HTML: one self-contained triage page for organizers (no network, works without JavaScript).

The page has the run's counts, a table of files (status, track, main-body pages, errors,
warnings, first error), counts per rule, a histogram of main-body lengths against each
track's page limit (inline SVG), and per file its findings with the evidence pictures
(`--evidence`) embedded as data URIs: a thumbnail of the page that opens, on a click, to
the part of the page around the box at full resolution (an HTML `<details>` element, no
script). A small script sorts and filters the table; without
it the page reads the same. The page carries its own Content-Security-Policy: nothing is
loaded from anywhere, and only its own style and script (by hash) may run.

Made with the Jinja2 page templates shipped in `reporters/html_page/`. Each file's section is
rendered as its result arrives (its pictures read then), so memory holds text, not results.
Pillow (`pdf/images.py`) is imported only when a finding has an evidence picture: the process
that writes the page then reads the PNGs it had the workers draw, never a PDF.
"""

from __future__ import annotations

import base64
import hashlib
import math
import os
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup

from ..finding_types import Severity
from ..report import FileResult, Finding, Report
from .base import Emitter, StatusTally, first_error, main_body_length, main_body_words, standing_errors
from .catalog import describe

_PAGE_FILES = resources.files(__package__) / "html_page"
FIRST_ERROR_CHARS = 160
"""The table shows this much of a file's first error (the file's section has all of it)."""
BIN_WIDTH = 0.25
"""Width of a histogram bin, in pages; a bin holds lengths above its lower edge up to its upper
edge, so a paper of exactly the limit is not in a bin drawn past it."""
MAX_TICKS = 12
"""The histogram's page axis carries at most this many labelled ticks."""
_ENVIRONMENT = jinja2.Environment(loader=jinja2.PackageLoader(__package__, "html_page"),
                                  autoescape=True, trim_blocks=True, lstrip_blocks=True,
                                  undefined=jinja2.StrictUndefined)


def _asset(name: str) -> str:
    return (_PAGE_FILES / name).read_text(encoding="utf-8")


def _csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def _pictures(path: str | None) -> tuple[str, str] | None:
    """Data URIs of an evidence PNG's thumbnail and of the strip around its box; None when
    there is no picture or it cannot be read."""
    if not path:
        return None
    from ..pdf.images import evidence_views  # noqa: PLC0415 - Pillow, only for pages with evidence pictures

    views = evidence_views(path)
    if views is None:
        return None
    thumb, strip = ("data:image/jpeg;base64," + base64.b64encode(view).decode("ascii") for view in views)
    return thumb, strip


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


@dataclass
class _RuleCount:
    id: str
    name: str
    summary: str
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
    NAME = "html"
    EXTENSION = ".html"

    def start(self, run: Report) -> None:
        self.run = run
        self.tally = StatusTally()
        self.rows: list[_Row] = []
        self.rules: dict[str, _RuleCount] = {}
        self.sections: list[str] = []

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
                   first_error=f"{first.rule} {' '.join(first.message.split())}" if first else "")
        self.rows.append(row)
        for finding in result.findings:
            self._count(finding, index)
        findings = [self._finding_view(f) for f in result.findings]
        self.sections.append(_ENVIRONMENT.get_template("file.html.j2").render(
            row=row, result=result, findings=findings, limit=self.run.page_limits.get(row.track)))

    def _count(self, finding: Finding, index: int) -> None:
        text = describe(finding.rule, finding.name)
        count = self.rules.setdefault(finding.rule, _RuleCount(finding.rule, finding.name, text.summary))
        if finding.waived:
            count.waived += 1
        elif finding.severity == Severity.ERROR:
            count.errors += 1
        elif finding.severity == Severity.WARNING:
            count.warnings += 1
        else:
            count.notes += 1
        count.files.add(index)

    @staticmethod
    def _finding_view(finding: Finding) -> dict[str, Any]:
        return {"f": finding, "pictures": _pictures(finding.evidence_image),
                "label": "waived" if finding.waived else finding.severity}

    def finish(self) -> None:
        tracks = sorted({row.track for row in self.rows} | set(self.run.page_limits))
        charts = []
        for track in tracks:
            lengths = [row.main_body for row in self.rows if row.track == track and row.main_body is not None]
            if lengths:
                charts.append(_histogram(track, lengths, self.run.page_limits.get(track)))
        style, script = _asset("triage.css"), _asset("triage.js")
        csp = (f"default-src 'none'; img-src data:; style-src {_csp_hash(style)}; "
               f"script-src {_csp_hash(script)}; base-uri 'none'; form-action 'none'")
        rules = sorted(self.rules.values(), key=lambda r: (-r.errors, -r.warnings, r.id))
        prefix = _common_folder([row.path for row in self.rows])
        page = _ENVIRONMENT.get_template("page.html.j2").render(
            run=self.run, tally=self.tally, rows=self.rows, rules=rules, charts=charts, prefix=prefix,
            first_error_chars=FIRST_ERROR_CHARS,
            sections=Markup("\n".join(self.sections)), style=Markup(style), script=Markup(script), csp=csp,
            bin_width=BIN_WIDTH)
        self.stream.write(page)
