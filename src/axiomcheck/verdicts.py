"""Verdicts: what a file gets when it cannot be checked as a paper, and internal failures.

These are not rules a pack can turn off: they say why the rules could not run (or could
only partly run). Each has an id in the AX9xx range, shown in the report like a rule, and a
file that carries one has the status `error` ("not checked"). docs/limits-and-verdicts.md
explains them; `classify` decides which one an exception deserves.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from types import TracebackType

from .model import Severity
from .report import Finding

PDF_LIBRARIES = frozenset({"pypdfium2", "pypdfium2_raw", "pikepdf", "pdfplumber", "pdfminer"})
"""Top-level packages whose exceptions mean "this file is damaged", not "axiomcheck has a bug"."""
_PASSWORD_ERRORS = frozenset({"PasswordError", "FileNotDecryptedError", "PDFPasswordIncorrect"})
"""Exception classes of those libraries that mean "encrypted, and the empty password does not open it"."""
DETAIL_CHARS = 300
"""At most this much of an exception's own text is quoted in a message."""
_ADDRESS_RES = (
    (re.compile(r"IndirectObject\((\d+), (\d+), \d+\)"), r"IndirectObject(\1, \2)"),
    (re.compile(r" (?:object )?at 0x[0-9a-fA-F]+"), ""),
    (re.compile(r"\b0x[0-9a-fA-F]{8,}\b"), "0x…"),
)
"""Parts of library messages that differ between runs of the same file (a reader that quotes
`IndirectObject(186, 0, 140057800509520)` with its memory address; Python's `<... object at
0x7f...>`): object numbers are kept, addresses never."""


@dataclass(frozen=True)
class Verdict:
    id: str
    name: str
    severity: Severity
    summary: str
    hint: str
    doc: str


_BUG_HINT = "This is a bug in axiomcheck, not in your paper: please report it with the file."

VERDICTS: dict[str, Verdict] = {v.name: v for v in (
    Verdict("AX900", "unreadable", Severity.ERROR, "The file is not a PDF, or the PDF is damaged and cannot be read.",
            "Export the PDF again from the source (e.g. rebuild with pdflatex) and upload the new file.",
            "The message says which: \"Not a PDF\" when the file does not start with `%PDF-` within "
            "its first KiB, as every PDF reader requires (it also says what the file looks like "
            "instead: empty, a Word document, an image, a web page, ...), and no parser was run; "
            "\"Damaged PDF\" when its structure is damaged beyond what the PDF libraries can repair, "
            "with the reader's reason; \"Cannot read the file\" when it could not be opened at all. "
            "When only part of the file is damaged (the text layer, or the objects some rules "
            "read), the other rules still ran and the message names the ones that could not."),
    Verdict("AX901", "password-protected", Severity.ERROR, "The PDF needs a password to open.",
            "Remove the password or encryption (e.g. `qpdf --decrypt in.pdf out.pdf`) and upload the result.",
            "The PDF is encrypted and does not open with an empty password, so its text cannot be "
            "read. Encrypted PDFs that open without a password (owner-password restrictions only) "
            "are checked normally."),
    Verdict("AX902", "no-pages", Severity.ERROR, "The PDF has no pages.",
            "Export the paper again; the file holds no page.",
            "The document's page tree is empty: there is nothing to check or to review."),
    Verdict("AX903", "too-complex", Severity.ERROR, "The PDF is too large or too complex to check within the limits.",
            "Check that the right file was uploaded; rasterised or huge figures can be replaced by "
            "smaller ones. Organizers can raise the limits with --timeout, --max-memory, --max-size, --max-pages.",
            "The message says which limit was reached: the file size (--max-size), the page count "
            "(--max-pages), the time to check it (--timeout), the memory it needed (--max-memory), "
            "or objects nested too deeply to follow. Such files are usually damaged or built to "
            "exhaust readers. When only reading the text hit the limit, the page-level rules still ran."),
    Verdict("AX904", "no-text-layer", Severity.WARNING,
            "The PDF has no extractable text (e.g. a scanned or image-only paper); text rules were skipped.",
            "Produce the PDF from LaTeX or a word processor, not by scanning or printing to an image.",
            "No page carries text that can be extracted. Page-size and page-count rules ran; page "
            "limits, anonymity and template rules could not, so the file is not accepted "
            "automatically (status `error`): a person has to look at it."),
    Verdict("AX905", "page-count-mismatch", Severity.ERROR, "The PDF libraries disagree on the number of pages.",
            "Repair the file (e.g. `qpdf in.pdf out.pdf`) or export it again.",
            "Two independent readers (PDFium and qpdf) count different numbers of pages, a sign of "
            "a damaged or deliberately ambiguous file: a reviewer's viewer may show pages the check "
            "did not see."),
    Verdict("AX906", "partly-read", Severity.INFO, "Some of the PDF's objects are damaged and were skipped: the checks "
            "that read them are incomplete.",
            "Export the PDF again from the source; if the same objects stay damaged, a person should look at "
            "what the message names.",
            "PDF libraries could not read some objects (a figure, a font, the XMP metadata, a page's links or "
            "picture), or read them only in part; the message names each kind, how many, their object "
            "numbers and the first reason. The rules ran on everything else, so the other findings stand "
            "and the file keeps its status, but a problem inside what was skipped (an author's name in an "
            "unreadable XMP packet, say) cannot have been found. One such finding per file."),
    Verdict("AX907", "machine-stopped", Severity.ERROR,
            "The machine stopped the check, not the file: it is checked again on the next run.",
            "Nothing to change in the paper. Run the same command again when the machine is calmer (fewer "
            "--jobs, more free memory): a results store checks this file again without --force.",
            "The check could not finish for a cause of the machine's, which a calm run would not meet: "
            "its worker was killed from outside twice (SIGKILL: an operator, or the system's out-of-memory "
            "killer acting on the machine's whole load; the worker's own memory is capped by --max-memory "
            "and would have ended otherwise), or it ran out of time twice while the machine was too busy "
            "to give it a processor for half of its --timeout. The message says which and what the file "
            "got. Such a result is never kept as the file's: `batch` checks it again on its next run, "
            "and the web page's author may simply upload again."),
    Verdict("AX990", "rule-crashed", Severity.ERROR, "A rule failed on this file; the other rules still ran.",
            _BUG_HINT,
            "A rule raised an unexpected exception in axiomcheck's own code. Its result is missing; "
            "the other rules' findings are complete. The run exits with code 3."),
    Verdict("AX999", "internal-error", Severity.ERROR, "axiomcheck failed on this file.", _BUG_HINT,
            "The checker itself failed outside any single rule (or its worker process ended "
            "without a result for a reason that is not the file's). The run exits with code 3."),
)}

VERDICT_IDS = frozenset(v.id for v in VERDICTS.values())
MACHINE_IDS = frozenset({VERDICTS["machine-stopped"].id})
"""Verdicts of the machine's, not the file's: never stored as the file's result."""
NOTE_IDS = frozenset({VERDICTS["partly-read"].id})
"""Verdicts that say a check is incomplete without stopping it: the file keeps its status."""


def verdict_finding(name: str, message: str | None = None, evidence: str | None = None) -> Finding:
    """A finding for verdict `name`, with a specific message when one is known."""
    verdict = VERDICTS[name]
    return Finding(rule=verdict.id, name=verdict.name, severity=verdict.severity,
                   message=message or verdict.summary, hint=verdict.hint, evidence=evidence)


def machine_caused(findings: Sequence[Finding]) -> bool:
    """Whether a file was not checked for a cause of the machine's (`MACHINE_IDS`): a result
    the next run checks again rather than keeps."""
    return any(finding.rule in MACHINE_IDS for finding in findings)


def is_verdict(finding: Finding) -> bool:
    """Whether `finding` is an AX9xx verdict that makes the file `error` (not, or not fully,
    checked); `partly-read` only notes what was skipped and is not one."""
    return finding.rule in VERDICT_IDS and finding.rule not in NOTE_IDS


def partly_read_finding(unread: Sequence[str]) -> Finding | None:
    """The one `partly-read` finding for what a file's reading skipped (None when nothing)."""
    if not unread:
        return None
    phrases = sorted((phrase.rstrip(". ") for phrase in unread), key=lambda p: not p.startswith("The XMP"))
    first = phrases[0][:1].upper() + phrases[0][1:]
    others = f" Also skipped as damaged: {'; '.join(phrases[1:])}." if len(phrases) > 1 else ""
    if first.startswith("The XMP metadata"):
        return verdict_finding("partly-read", f"{first}.{others}")
    return verdict_finding("partly-read", f"Skipped as damaged, so the checks that read them are incomplete: "
                                          f"{'; '.join(phrases)}.")


@dataclass(frozen=True)
class Failure:
    """What an exception raised while checking a file says: which verdict, the cause in
    words, and whether it is a bug in axiomcheck rather than the file's doing."""

    verdict: str
    cause: str
    internal: bool
    location: str | None = None
    """file:line where axiomcheck's own code failed (bugs only)."""

    def finding(self, context: str) -> Finding:
        """The finding, `context` saying what could not be done (e.g. " while reading the text")."""
        return verdict_finding(self.verdict, f"{self.cause}{context}.", evidence=self.location)


def classify(error: Exception, internal: str = "internal-error") -> Failure:
    """The `Failure` for `error`: exhausted memory or recursion is the file's complexity, a
    library we depend on that is not installed is our fault (`internal-error`, the library
    named), an exception raised inside a PDF library is the file's damage, and anything raised
    by axiomcheck's own code is our bug (verdict `internal`)."""
    if isinstance(error, MemoryError):
        return Failure("too-complex", "Too much memory: the check needed more than the limit allows "
                                      "(--max-memory)", False)
    if isinstance(error, RecursionError):
        return Failure("too-complex", "Too complex: the file's objects are nested too deeply to follow", False)
    detail = describe(error)
    missing = missing_library(error)
    if missing is not None:
        return Failure("internal-error", f"axiomcheck cannot read this file because the library {missing} is not "
                                         f"installed ({detail}); install it (pip install '{missing}') or "
                                         "reinstall axiomcheck", True, _innermost(error.__traceback__))
    library = raising_library(error)
    if library is not None and type(error).__name__ in _PASSWORD_ERRORS:
        return Failure("password-protected", f"Password needed: {library} cannot decrypt it without one "
                                             f"({detail})", False)
    if library is not None:
        return Failure("unreadable", f"Damaged PDF: {library} cannot read it ({detail})", False)
    return Failure(internal, f"axiomcheck failed ({detail})", True, _innermost(error.__traceback__))


def describe(error: BaseException) -> str:
    """`Type: message` of an exception, as messages quote it: the same for the same file in
    every run (memory addresses removed, object numbers kept) and at most `DETAIL_CHARS` of
    the message."""
    text = str(error)
    for pattern, replacement in _ADDRESS_RES:
        text = pattern.sub(replacement, text)
    text = " ".join(text.split())
    if len(text) > DETAIL_CHARS:
        text = text[:DETAIL_CHARS - 1].rstrip() + "…"
    return f"{type(error).__name__}: {text}".rstrip(":. ")


def missing_library(error: BaseException) -> str | None:
    """The library an import that failed says is missing, or None."""
    if isinstance(error, ImportError):
        package = (error.name or "").split(".")[0]
        return package if package and package != "axiomcheck" else None
    return None


def raising_library(error: BaseException) -> str | None:
    """The PDF library `error` comes from: its class's package, or the innermost frame that is
    in a PDF library or in axiomcheck (standard-library frames are skipped); else None."""
    package = type(error).__module__.split(".")[0]
    if package in PDF_LIBRARIES:
        return package
    frames = []
    tb = error.__traceback__
    while tb is not None:
        frames.append(str(tb.tb_frame.f_globals.get("__name__", "")).split(".")[0])
        tb = tb.tb_next
    for package in reversed(frames):
        if package in PDF_LIBRARIES:
            return package
        if package == "axiomcheck":
            return None
    return None


def _innermost(tb: TracebackType | None) -> str | None:
    last = None
    while tb is not None:
        last = tb
        tb = tb.tb_next
    if last is None:
        return None
    return f"{last.tb_frame.f_code.co_filename}:{last.tb_lineno}"
