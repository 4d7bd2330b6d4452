"""Check one PDF in this process: the library entry point.

`check_path` reads a file in stages (prechecks, open, page tree, a second reader's page
count, text layer, rules, structure) and turns every way a stage can fail into a verdict; it
never raises for a bad file. When the text layer fails but the pages can be read, the
page-level rules still run and the verdict says the text rules were skipped.

In-process use cannot stop a file that loops or exhausts memory: the command line runs this
same function inside a worker process that the parent can kill (`axiomcheck.isolation`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from .aggregate import bound_result
from .limits import DEFAULT_LIMITS, Limits
from .model import Submission
from .pdf.prechecks import file_sha256, precheck
from .packs import ResolvedPack, resolve
from .report import FileResult, Finding, Report, status_of
from .verdicts import classify, describe, is_verdict, partly_read_finding, verdict_finding

if TYPE_CHECKING:
    from .model import Word
    from .pdf.aside import AsideReader
    from .analysis import AnalysedPaper
    from .pdf.source import Source

STAGES = {
    "open": "opening the file",
    "pages": "reading the page tree",
    "second-reader": "counting the pages with a second reader (pypdf)",
    "text": "reading the text",
    "rules": "running the rules",
    "structure": "describing the structure",
}
"""The stages of `check_path`, in order, with what each does in words for messages."""

TEXT_SKIPPED = "; the text rules were skipped, the page-level rules ran"
"""Ends the message of a verdict about the text layer when the page-level rules still ran."""
_PDFIUM_REASON_RE = re.compile(r"\(PDFium: ([^)]*)\)")


@dataclasses.dataclass(frozen=True)
class _SecondOpinion:
    """What pypdf says about a file: encrypted, how many pages, or why it cannot tell."""

    encrypted: bool | None
    pages: int | None
    problem: str | None


class _Progress:
    """The stage being worked on, reported to an optional listener (the worker's parent)."""

    def __init__(self, listener: Callable[[str], None] | None) -> None:
        self.current = "open"
        self._listener = listener

    def enter(self, stage: str) -> None:
        self.current = stage
        if self._listener is not None:
            self._listener(stage)


def check_path(path: str, pack: ResolvedPack, submission: Submission = Submission(),
               limits: Limits = DEFAULT_LIMITS,
               text_failure: Finding | None = None,
               on_stage: Callable[[str], None] | None = None, spare_core: bool = False) -> FileResult:
    """Check `path` against a resolved pack; bad input becomes a verdict, never an exception.

    `submission` is what the organizers know about the file (authors, title, affiliations).

    `text_failure` is a verdict saying why the text layer must not be read (the parent gives
    it when a worker died reading the text); the page-level rules then run alone.
    `on_stage` is told each stage's key (see `STAGES`) as the check enters it.
    With `spare_core`, pypdf's facts are read by a helper process while this one reads the
    text (`pdf/aside.py`): for a single file on an otherwise idle machine.

    The findings are bounded (`aggregate.bound_result`): identical ones aggregated, at most
    the pack's `max_findings_per_rule` per rule, the report cut to its size limit.
    """
    result = _check_path(path, pack, submission, limits, text_failure, on_stage, spare_core)
    return bound_result(result, pack.max_findings_per_rule)


def _check_path(path: str, pack: ResolvedPack, submission: Submission, limits: Limits,
                text_failure: Finding | None, on_stage: Callable[[str], None] | None,
                spare_core: bool) -> FileResult:
    rejected = precheck_result(path, limits)
    if rejected is not None:
        return rejected
    sha = file_sha256(path, limits.max_size)
    progress = _Progress(on_stage)
    progress.enter("open")
    objects_aside = _objects_aside(path) if spare_core else None
    try:
        from .analysis import open_document
        from .pdf import DocumentError
        from .pdf.pdfium_library import fresh_library

        fresh_library()  # nothing an earlier file did to PDFium may change this file's result
    except BaseException:
        if objects_aside is not None:
            objects_aside.close()
        raise

    try:
        doc = open_document(path, objects_aside)  # owns the helper from here on
    except DocumentError as error:
        try:
            finding = _unopenable(path, str(error))
        except Exception as inner:  # our bug while asking pypdf why: a verdict all the same
            failure = classify(inner)
            return _error_result(path, sha, [failure.finding(during("open"))], internal=failure.internal)
        return _error_result(path, sha, [finding], pages=0 if finding.name == "no-pages" else None)
    except Exception as error:  # anything else while opening: memory, recursion, or our bug
        failure = classify(error)
        return _error_result(path, sha, [failure.finding(during("open"))], internal=failure.internal)
    try:
        return _check_document(doc, path, sha, pack, submission, limits, text_failure, progress, spare_core)
    except Exception as error:  # a stage with no handler of its own failed
        failure = classify(error)
        return _error_result(path, sha, [failure.finding(during(progress.current))], internal=failure.internal)
    finally:
        with contextlib.suppress(Exception):  # closing cannot change the verdict
            doc.close()


def _objects_aside(path: str) -> AsideReader:
    """Start the helper that reads pypdf's facts on the spare core before PDFium is even
    imported here, so that the helper's import of pypdf (about 100 ms) overlaps this
    process's import of PDFium and its reading of the pages."""
    from .pdf.objects import read_aside

    return read_aside(path)


def during(stage: str) -> str:
    """The end of a verdict's message naming the stage it happened in (see `STAGES`)."""
    return f" while {STAGES[stage]}" if stage in STAGES else ""


def precheck_result(path: str, limits: Limits = DEFAULT_LIMITS) -> FileResult | None:
    """The verdict for a file refused before any parser (unreadable, too large, not a PDF);
    None when it may be parsed. Needs no PDF library: the parent process runs it too."""
    rejection = precheck(path, limits)
    if rejection is None:
        return None
    sha = None if rejection.verdict == "too-complex" else file_sha256(path, limits.max_size)
    return _error_result(path, sha, [verdict_finding(rejection.verdict, rejection.message)])


def _error_result(path: str, sha: str | None, findings: list[Finding], pages: int | None = None,
                  internal: bool = False) -> FileResult:
    return FileResult(path=path, sha256=sha, status="error", pages=pages, findings=findings,
                      internal_error=internal)


def _check_document(doc: AnalysedPaper, path: str, sha: str | None, pack: ResolvedPack,
                    submission: Submission, limits: Limits, text_failure: Finding | None,
                    progress: _Progress, spare_core: bool = False) -> FileResult:
    from .engine import run_rules
    from .analysis.structure import structure_of

    progress.enter("pages")
    count = doc.page_count
    if spare_core and 0 < count <= limits.max_pages and hasattr(doc.source, "read_objects_aside"):
        doc.source.read_objects_aside()  # first: the helpers' imports overlap the page tree
    if count == 0:
        return _error_result(path, sha, [verdict_finding("no-pages")], pages=0)
    if count > limits.max_pages:
        return _error_result(path, sha, [verdict_finding(
            "too-complex", f"Too many pages: the file has {count} pages; the limit is "
                           f"{limits.max_pages} (--max-pages).")], pages=count)
    _ = doc.pages  # every page's geometry, read now so that a damaged page tree fails here
    verdicts: list[Finding] = []
    internal = False
    if text_failure is None:
        progress.enter("text")
        text_failure, internal = _read_text(doc)
    progress.enter("second-reader")
    other = _object_page_count(doc)
    if other is not None and other != count:
        verdicts.append(verdict_finding("page-count-mismatch", f"The PDF libraries disagree on the number "
                                                               f"of pages: PDFium reads {count}, pypdf {other}."))
    if text_failure is not None:  # no rule may touch the text layer again, whatever it declares
        doc = _without_text(doc)
    text_available = text_failure is None and doc.char_count > 0
    if text_failure is not None:
        verdicts.append(text_failure)
    elif not text_available:
        verdicts.append(verdict_finding("no-text-layer"))
    progress.enter("rules")
    findings, crashed = run_rules(doc, pack, submission, text_available)
    unread = getattr(doc.source, "unread", None)  # what the rules' reading skipped as damaged
    skipped = partly_read_finding(unread()) if unread is not None else None
    if skipped is not None:
        findings.append(skipped)
    structure = None
    if text_available:
        progress.enter("structure")
        try:
            structure = structure_of(doc, pack.main_body_excludes)
        except Exception as error:  # the rules' findings stand without the structure
            failure = classify(error)
            verdicts.append(failure.finding(during("structure")))
            internal = internal or failure.internal
    findings = verdicts + findings
    status = "error" if any(is_verdict(f) for f in findings) else status_of(findings)
    ran = tuple(c.rule.id for c in pack.rules if text_available or not c.rule.needs_text)
    return FileResult(path=path, sha256=sha, status=status, pages=count, structure=structure,
                      findings=findings, internal_error=internal or crashed, rules_run=ran)


def _read_text(doc: AnalysedPaper) -> tuple[Finding | None, bool]:
    """Read every page's text; a failure becomes a verdict naming the page (and whether the
    failure is our bug), and the text rules are then skipped."""
    for number in range(1, doc.page_count + 1):
        try:
            doc.page_layout(number)
        except Exception as error:  # damaged text, exhausted memory or recursion, or our bug
            failure = classify(error)
            return failure.finding(f" while reading the text of page {number}" + TEXT_SKIPPED), failure.internal
    return None, False


class _NoTextSource:
    """A source whose pages carry no words: what rules see once the text layer has failed."""

    def __init__(self, source: Source) -> None:
        self._source = source

    def page_words(self, index: int) -> tuple[list[Word], int]:
        return [], 0

    def __getattr__(self, name: str) -> object:  # everything else comes from the real source
        return getattr(self._source, name)


def _without_text(doc: AnalysedPaper) -> AnalysedPaper:
    from .analysis import AnalysedPaper

    return AnalysedPaper(_NoTextSource(doc.source))


def _object_page_count(doc: AnalysedPaper) -> int | None:
    """pypdf's page count for the open document, None when pypdf cannot tell: a second
    reader that fails gives no opinion, not a verdict."""
    count = getattr(doc.source, "object_page_count", None)
    if count is None:
        return None
    try:
        return count()
    except Exception as error:  # see the docstring; our own bug goes to the stage's verdict
        if classify(error).internal:
            raise
        return None


def _second_opinion(path: str) -> _SecondOpinion:
    """pypdf's view of the file: a second, independent reader of the page tree."""
    from .pdf.objects import open_reader

    encrypted = None
    try:
        reader = open_reader(path)
        encrypted = bool(reader.is_encrypted)
        return _SecondOpinion(encrypted, len(reader.pages), None)
    except Exception as error:  # a second reader that fails gives no opinion, not a verdict
        if classify(error).internal:  # unless the failure is our own bug
            raise
        return _SecondOpinion(encrypted, None, describe(error))


def _unopenable(path: str, reason: str) -> Finding:
    """The verdict for a file PDFium cannot open: password, no pages, or damage (with reasons)."""
    opinion = _second_opinion(path)
    said_password = any(marker in reason.lower() for marker in ("password", "security"))
    if opinion.encrypted or (opinion.encrypted is None and said_password and _has_encrypt_entry(path)):
        return verdict_finding("password-protected")
    if opinion.pages == 0:
        return verdict_finding("no-pages")
    match = _PDFIUM_REASON_RE.search(reason)
    pdfium = match.group(1) if match else reason.rstrip(".")
    reasons = [f"PDFium: {pdfium}"]
    if opinion.problem is not None:
        reasons.append(f"pypdf: {opinion.problem}")
    elif opinion.pages is not None:
        reasons.append(f"pypdf reads {opinion.pages} page{'s' if opinion.pages != 1 else ''}, "
                       "but the checks need PDFium")
    return verdict_finding("unreadable", f"Damaged PDF: it cannot be opened ({'; '.join(reasons)}).")


def _has_encrypt_entry(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return b"/Encrypt" in handle.read()
    except OSError:
        return False


def check_file(path: str, venue: str = "axiom-2026", track: str = "paper", stage: str | None = None,
               authors: tuple[str, ...] = (), limits: Limits = DEFAULT_LIMITS) -> Report:
    """Check one file in this process and return a one-file report (library use, tests).

    Nothing stops a file that loops or exhausts memory here; `runner.check_paths` isolates
    (and draws evidence pictures).
    """
    pack = resolve(venue, track, stage)
    report = Report(venue=pack.venue, track=pack.track, stage=pack.stage)
    report.files.append(check_path(path, pack, Submission(authors=authors), limits))
    return report
