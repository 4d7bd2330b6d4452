"""Check one PDF in this process: the library entry point.

`check_path` turns every way a file can fail to open into a verdict, runs the pack's rules
and returns a `FileResult`; it never raises for a bad file. The command line runs this same
function inside an isolated worker process (see `axiomcheck.isolation`).
"""

from __future__ import annotations

import hashlib
import traceback
from pathlib import Path

from .packs import ResolvedPack, resolve
from .report import FileResult, Report, status_of
from .verdicts import verdict_finding

PDF_HEADER_WINDOW = 1024
_PASSWORD_MARKERS = ("password", "encrypt", "security")


def file_sha256(path: str) -> str | None:
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def has_pdf_header(path: str) -> bool:
    """True when `%PDF-` appears in the first KiB, as PDF readers require."""
    with open(path, "rb") as handle:
        return b"%PDF-" in handle.read(PDF_HEADER_WINDOW)


def _error_result(path: str, sha: str | None, name: str, message: str | None = None,
                  pages: int | None = None, internal: bool = False) -> FileResult:
    return FileResult(path=path, sha256=sha, status="error", pages=pages,
                      findings=[verdict_finding(name, message)], internal_error=internal)


def check_path(path: str, pack: ResolvedPack, authors: tuple[str, ...] = ()) -> FileResult:
    """Check `path` against a resolved pack; bad input becomes a verdict, never an exception."""
    sha = file_sha256(path)
    try:
        if not has_pdf_header(path):
            return _error_result(path, sha, "unreadable", "Not a PDF: the file does not start with '%PDF-'.")
    except OSError as error:
        return _error_result(path, sha, "unreadable", f"Cannot read the file: {error.strerror}.")
    from .parsing import DocumentError, open_document

    try:
        doc = open_document(path)
    except DocumentError as error:
        reason = str(error)
        if any(marker in reason.lower() for marker in _PASSWORD_MARKERS):
            return _error_result(path, sha, "password-protected")
        return _error_result(path, sha, "unreadable", f"Damaged PDF: {reason}.")
    try:
        return _check_document(doc, path, sha, pack, authors)
    except Exception as error:  # a checker bug: reported as ours, never blamed on the paper
        last = traceback.extract_tb(error.__traceback__)[-1]
        return _error_result(path, sha, "internal-error",
                             f"axiomcheck failed: {type(error).__name__}: {error} ({Path(last.filename).name}:{last.lineno}).",
                             internal=True)
    finally:
        doc.close()


def _check_document(doc, path: str, sha: str | None, pack: ResolvedPack,
                    authors: tuple[str, ...]) -> FileResult:
    from .engine import run_rules
    from .structure import structure_of

    if doc.page_count == 0:
        return _error_result(path, sha, "no-pages", pages=0)
    text_available = doc.char_count > 0
    findings, crashed = run_rules(doc, pack, authors, text_available)
    structure = structure_of(doc, pack.main_body_excludes) if text_available else None
    if not text_available:
        findings.append(verdict_finding("no-text-layer"))
    return FileResult(path=path, sha256=sha, status=status_of(findings), pages=doc.page_count,
                      structure=structure, findings=findings, internal_error=crashed)


def check_file(path: str, venue: str = "axiom-2026", track: str = "paper", stage: str | None = None,
               authors: tuple[str, ...] = ()) -> Report:
    """Check one file in this process and return a one-file report (library use, tests)."""
    pack = resolve(venue, track, stage)
    report = Report(venue=pack.venue, track=pack.track, stage=pack.stage)
    report.files.append(check_path(path, pack, authors))
    return report
