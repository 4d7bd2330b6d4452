"""The single-document pipeline: one PDF read stage by stage, every failure a verdict.

`check_document` refuses what the prechecks refuse, then runs `STAGES` in order (open, page
tree, text layer, second reader, references (in a run given a reference index), rules,
structure). Each stage reads or decides one thing; an exception in a stage becomes a verdict
that names it, and the file's result is never an exception. When the text layer fails but the
pages can be read, the page-level rules still run and the verdict says the text rules were skipped.

The pipeline knows nothing of processes. Whoever runs it may watch it through `Hooks`:
`entering` is told each stage as it begins (a worker reports it to its parent and arms its
memory guard), and the two `prefetch` hooks may hand it facts another reader is already
reading (`execution.prefetch`: helpers on the spare core). `NO_HOOKS` is the plain
in-process run of `api.check_path`.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from .aggregate import bound_result
from .limits import DEFAULT_LIMITS, Limits
from .model import Submission
from .packs import ResolvedPack
from .pdf.prechecks import file_sha256, precheck
from .report import FileResult, FileStatus, Finding, Structure, status_of
from .verdicts import classify, describe, is_verdict, partly_read_finding, verdict_finding

if TYPE_CHECKING:
    from .analysis.paper import AnalysedPaper
    from .model import ReferenceCheck, Word
    from .pdf.source import Prefetched, Source
    from .references import ReferenceSettings

TEXT_SKIPPED = "; the text rules were skipped, the page-level rules ran"
"""Ends the message of a verdict about the text layer when the page-level rules still ran."""
_PDFIUM_REASON_RE = re.compile(r"\(PDFium: ([^)]*)\)")


class Hooks(Protocol):
    """What a runner of the pipeline may add (see the module docstring)."""

    def entering(self, stage: str) -> None:
        """Stage `stage` (a key of `STAGES`) begins."""
        ...

    def prefetch_objects(self, path: str) -> Prefetched | None:
        """Before the file is opened (and before PDFium is imported): another reader of
        qpdf's facts of `path` (`pdf.object_facts`), or None."""
        ...

    def prefetch_pages(self, path: str, page_count: int) -> tuple[int, Prefetched] | None:
        """Once the page count is known: (first page index, another reader of the pages from
        there on), or None."""
        ...


class NoHooks:
    """The plain run: nothing watches, nothing is read by another reader."""

    def entering(self, stage: str) -> None:
        return None

    def prefetch_objects(self, path: str) -> Prefetched | None:
        return None

    def prefetch_pages(self, path: str, page_count: int) -> tuple[int, Prefetched] | None:
        return None


NO_HOOKS = NoHooks()


class Known(NamedTuple):
    """What the runner already knows of a file, so that it is not worked out again: its
    SHA-256 (the run loop hashes a file to find its stored result) and whether it passed the
    prechecks (the pool runs them before handing the file to a worker)."""

    sha256: str | None = None
    prechecked: bool = False


NOTHING_KNOWN = Known()


class _File:
    """What the stages learn about one open file as they go."""

    def __init__(self, path: str, sha: str | None, doc: AnalysedPaper, pack: ResolvedPack, submission: Submission,
                 limits: Limits, hooks: Hooks, skip_text: Finding | None, references: ReferenceSettings | None) -> None:
        self.path = path
        self.references = references
        self.reference_check: ReferenceCheck | None = None
        self.sha = sha
        self.doc = doc
        self.pack = pack
        self.submission = submission
        self.limits = limits
        self.hooks = hooks
        self.skip_text = skip_text
        self.count = 0
        self.verdicts: list[Finding] = []
        self.internal = False
        self.text_available = False
        self.findings: list[Finding] = []
        self.crashed = False
        self.structure: Structure | None = None

    def error(self, findings: list[Finding], pages: int | None = None) -> FileResult:
        return _error_result(self.path, self.sha, findings, pages=pages)


def _pages(state: _File) -> FileResult | None:
    state.count = count = state.doc.page_count
    if 0 < count <= state.limits.max_file_pages:
        later = state.hooks.prefetch_pages(state.path, count)  # first: the helper overlaps the page tree
        take = getattr(state.doc.source, "take_later_pages", None)
        if later is not None:
            if take is None:
                later[1].close()
            else:
                take(*later)
    if count == 0:
        return state.error([verdict_finding("no-pages")], pages=0)
    if count > state.limits.max_file_pages:
        return state.error([verdict_finding(
            "too-complex", f"Too many pages: the file has {count} pages; the limit is "
                           f"{state.limits.max_file_pages} (--max-pages).")], pages=count)
    _ = state.doc.pages  # every page's geometry, read now so that a damaged page tree fails here
    return None


def _text(state: _File) -> FileResult | None:
    """Every page's text; a failure becomes a verdict naming the page (and whether the
    failure is our bug), and the text rules are then skipped."""
    for number in range(1, state.count + 1):
        try:
            state.doc.page_layout(number)
        except Exception as error:  # damaged text, exhausted memory or recursion, or our bug
            failure = classify(error)
            state.skip_text = failure.finding(f" while reading the text of page {number}" + TEXT_SKIPPED)
            state.internal = failure.internal
            return None
    return None


def _second_reader(state: _File) -> FileResult | None:
    other = _object_page_count(state.doc)
    if other is not None and other != state.count:
        state.verdicts.append(verdict_finding("page-count-mismatch", f"The PDF libraries disagree on the number "
                                                                     f"of pages: PDFium reads {state.count}, "
                                                                     f"qpdf {other}."))
    if state.skip_text is not None:  # no rule may touch the text layer again, whatever it declares
        state.doc = _without_text(state.doc)
    state.text_available = state.skip_text is None and state.doc.char_count > 0
    if state.skip_text is not None:
        state.verdicts.append(state.skip_text)
    elif not state.text_available:
        state.verdicts.append(verdict_finding("no-text-layer"))
    return None


def _references(state: _File) -> FileResult | None:
    """The bibliography looked up in the run's reference index (the rules report what it said)."""
    from .references.run import look_up  # noqa: PLC0415 - SQLite and the network only for runs that look up

    if state.references is not None:
        state.reference_check = look_up(state.doc.bibliography, state.references, state.limits.timeout)
    return None


def _looks_up(state: _File) -> bool:
    return state.text_available and state.references is not None and any(
        configured.rule.needs_references for configured in state.pack.rules)


def _rules(state: _File) -> FileResult | None:
    from .engine import run_rules  # noqa: PLC0415 - the rules are loaded when a file reaches them

    state.findings, state.crashed = run_rules(state.doc, state.pack, state.submission, state.text_available,
                                              state.reference_check)
    unread = getattr(state.doc.source, "unread", None)  # what the rules' reading skipped as damaged
    skipped = partly_read_finding(unread()) if unread is not None else None
    if skipped is not None:
        state.findings.append(skipped)
    return None


def _structure(state: _File) -> FileResult | None:
    from .analysis.structure import structure_of  # noqa: PLC0415 - as the rules

    try:
        state.structure = structure_of(state.doc, state.pack.main_body_excludes, state.reference_check)
    except Exception as error:  # the rules' findings stand without the structure
        failure = classify(error)
        state.verdicts.append(failure.finding(during("structure")))
        state.internal = state.internal or failure.internal
    return None


def _always(state: _File) -> bool:
    return True


class Stage(NamedTuple):
    """One step of the pipeline over an open file: `run` returns the file's result when the
    file ends here (no pages, too many), None to go on."""

    key: str
    doing: str
    """What it does, in words for messages ("while reading the text")."""
    run: Callable[[_File], FileResult | None]
    wanted: Callable[[_File], bool] = _always
    """Whether the stage runs for this file at all."""


OPEN = "open"
STAGES = (
    Stage("pages", "reading the page tree", _pages),
    Stage("text", "reading the text", _text, lambda state: state.skip_text is None),
    Stage("second-reader", "counting the pages with a second reader (qpdf)", _second_reader),
    Stage("references", "looking the references up", _references, _looks_up),
    Stage("rules", "running the rules", _rules),
    Stage("structure", "describing the structure", _structure, lambda state: state.text_available),
)
"""The stages after opening the file, in order."""
_DOING = {OPEN: "opening the file", **{stage.key: stage.doing for stage in STAGES}}


def during(stage: str) -> str:
    """The end of a verdict's message naming the stage it happened in."""
    return f" while {_DOING[stage]}" if stage in _DOING else ""


def check_document(path: str, pack: ResolvedPack, submission: Submission = Submission(),  # noqa: B008 - frozen
                   limits: Limits = DEFAULT_LIMITS, skip_text: Finding | None = None,
                   hooks: Hooks = NO_HOOKS, known: Known = NOTHING_KNOWN,
                   references: ReferenceSettings | None = None) -> FileResult:
    """Check `path` against a resolved pack; bad input becomes a verdict, never an exception.

    `submission` is what the organizers know about the file; `skip_text`, when given, is the
    verdict to report instead of reading the text layer (the page-level rules run alone);
    `known` is what the runner already found out (hash, prechecks), taken as it is.
    The findings are bounded (`aggregate.bound_result`): identical ones aggregated, at most
    the pack's `max_findings_per_rule` per rule, the report cut to its size limit. With
    `references`, the bibliography is looked up before the rules (`references.look_up`) and
    the reference rules report what the index said.
    """
    return bound_result(_check(path, pack, submission, limits, skip_text, hooks, known, references),
                        pack.max_findings_per_rule)


def _check(path: str, pack: ResolvedPack, submission: Submission, limits: Limits, skip_text: Finding | None,
           hooks: Hooks, known: Known, references: ReferenceSettings | None) -> FileResult:
    if not known.prechecked:
        rejected = precheck_result(path, limits, known.sha256)
        if rejected is not None:
            return rejected
    sha = known.sha256 or file_sha256(path, limits.max_size)
    hooks.entering(OPEN)
    objects_read = hooks.prefetch_objects(path)
    try:
        from .analysis.paper import open_document  # noqa: PLC0415 - PDFium: after the prefetch hook forked its helper
        from .pdf.source import DocumentError  # noqa: PLC0415 - as above
        from .pdf.pdfium_library import fresh_library  # noqa: PLC0415 - as above

        fresh_library()  # nothing an earlier file did to PDFium may change this file's result
    except BaseException:
        if objects_read is not None:
            objects_read.close()
        raise
    try:
        doc = open_document(path, objects_read)  # owns the other reader from here on
    except DocumentError as error:
        try:
            finding = _unopenable(path, str(error))
        except Exception as inner:  # our bug while asking qpdf why: a verdict all the same
            failure = classify(inner)
            return _error_result(path, sha, [failure.finding(during(OPEN))], internal=failure.internal)
        return _error_result(path, sha, [finding], pages=0 if finding.name == "no-pages" else None)
    except Exception as error:  # anything else while opening: memory, recursion, or our bug
        failure = classify(error)
        return _error_result(path, sha, [failure.finding(during(OPEN))], internal=failure.internal)
    state = _File(path, sha, doc, pack, submission, limits, hooks, skip_text, references)
    try:
        return _run_stages(state)
    finally:
        with contextlib.suppress(Exception):  # closing cannot change the verdict
            doc.close()


def _run_stages(state: _File) -> FileResult:
    for stage in STAGES:
        if not stage.wanted(state):
            continue
        state.hooks.entering(stage.key)
        try:
            ended = stage.run(state)
        except Exception as error:  # a stage with no handler of its own failed
            failure = classify(error)
            return _error_result(state.path, state.sha, [failure.finding(during(stage.key))],
                                 internal=failure.internal)
        if ended is not None:
            return ended
    findings = state.verdicts + state.findings
    status = FileStatus.ERROR if any(is_verdict(f) for f in findings) else status_of(findings)
    ran = tuple(c.rule.id for c in state.pack.rules if state.text_available or not c.rule.needs_text)
    return FileResult(path=state.path, sha256=state.sha, status=status, pages=state.count,
                      structure=state.structure, findings=findings,
                      internal_error=state.internal or state.crashed, rules_run=ran)


def precheck_result(path: str, limits: Limits = DEFAULT_LIMITS, sha256: str | None = None) -> FileResult | None:
    """The verdict for a file refused before any parser (unreadable, too large, not a PDF);
    None when it may be parsed. Needs no PDF library: the parent process runs it too.
    `sha256` is the file's hash when the caller has it already."""
    rejection = precheck(path, limits)
    if rejection is None:
        return None
    sha = None if rejection.verdict == "too-complex" else sha256 or file_sha256(path, limits.max_size)
    return _error_result(path, sha, [verdict_finding(rejection.verdict, rejection.message)])


def _error_result(path: str, sha: str | None, findings: list[Finding], pages: int | None = None,
                  internal: bool = False) -> FileResult:
    return FileResult(path=path, sha256=sha, status=FileStatus.ERROR, pages=pages, findings=findings,
                      internal_error=internal)


class _NoTextSource:
    """A source whose pages carry no words: what rules see once the text layer has failed."""

    def __init__(self, source: Source) -> None:
        self._source = source

    def page_words(self, index: int) -> tuple[list[Word], int]:
        return [], 0

    def __getattr__(self, name: str) -> Any:  # everything else comes from the real source
        return getattr(self._source, name)


def _without_text(doc: AnalysedPaper) -> AnalysedPaper:
    from .analysis.paper import AnalysedPaper  # noqa: PLC0415 - the analysis loads PDFium

    return AnalysedPaper(_NoTextSource(doc.source))


def _object_page_count(doc: AnalysedPaper) -> int | None:
    """qpdf's page count for the open document, None when qpdf cannot tell: a second
    reader that fails gives no opinion, not a verdict."""
    count = getattr(doc.source, "object_page_count", None)
    if count is None:
        return None
    try:
        return int(count())
    except Exception as error:  # see the docstring; our own bug goes to the stage's verdict
        if classify(error).internal:
            raise
        return None


def _unopenable(path: str, reason: str) -> Finding:
    """The verdict for a file PDFium cannot open: password, no pages, or damage (with reasons)."""
    from .pdf.objects import open_reader  # noqa: PLC0415 - qpdf, only for a file PDFium cannot open

    encrypted, pages, problem = None, None, None
    try:  # qpdf's view of the file: a second, independent reader of the page tree
        with open_reader(path) as reader:
            encrypted = bool(reader.pdf.is_encrypted)
            pages = len(reader.pdf.pages)
    except Exception as error:  # a second reader that fails gives no opinion, not a verdict
        failure = classify(error)
        if failure.internal:  # unless the failure is our own bug
            raise
        encrypted = True if failure.verdict == "password-protected" else None
        problem = describe(error)
    said_password = any(marker in reason.lower() for marker in ("password", "security"))
    if encrypted or (encrypted is None and said_password and _has_encrypt_entry(path)):
        return verdict_finding("password-protected")
    if pages == 0:
        return verdict_finding("no-pages")
    match = _PDFIUM_REASON_RE.search(reason)
    pdfium = match.group(1) if match else reason.rstrip(".")
    reasons = [f"PDFium: {pdfium}"]
    if problem is not None:
        reasons.append(f"qpdf: {problem}")
    elif pages is not None:
        reasons.append(f"qpdf reads {pages} page{'s' if pages != 1 else ''}, but the checks need PDFium")
    return verdict_finding("unreadable", f"Damaged PDF: it cannot be opened ({'; '.join(reasons)}).")


def _has_encrypt_entry(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return b"/Encrypt" in handle.read()
    except OSError:
        return False
