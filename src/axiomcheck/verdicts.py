"""Verdicts: what a file gets when it cannot be checked as a paper, and internal failures.

These are not rules a pack can turn off: they say why the rules could not run (or could
only partly run). Each has an id in the AX9xx range, shown in the report like a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from .report import Finding


@dataclass(frozen=True)
class Verdict:
    id: str
    name: str
    severity: str
    summary: str
    hint: str
    doc: str


VERDICTS: dict[str, Verdict] = {v.name: v for v in (
    Verdict("AX900", "unreadable", "error", "The file is not a PDF or is too damaged to read.",
            "Export the PDF again from the source (e.g. rebuild with pdflatex) and upload the new file.",
            "The file does not start like a PDF, or its structure is damaged beyond what the PDF "
            "libraries can repair. Nothing in it could be checked."),
    Verdict("AX901", "password-protected", "error", "The PDF needs a password to open.",
            "Remove the password or encryption (e.g. `qpdf --decrypt in.pdf out.pdf`) and upload the result.",
            "The PDF is encrypted with a user password, so its text cannot be read. Venues need "
            "PDFs that open without a password."),
    Verdict("AX902", "no-pages", "error", "The PDF has no pages.",
            "Export the paper again; the file holds no page.",
            "The document's page tree is empty: there is nothing to check or to review."),
    Verdict("AX903", "too-complex", "error", "The PDF exceeds the checker's time, memory, size or page limits.",
            "Check that the right file was uploaded; rasterised or huge figures can be replaced by "
            "smaller ones. Organizers can raise the limits with --timeout, --max-memory, --max-size, --max-pages.",
            "Reading the file took longer, or needed more memory, pages or bytes, than the limits "
            "allow. Such files are usually damaged or built to exhaust readers."),
    Verdict("AX904", "no-text-layer", "warning", "The PDF has no extractable text; text rules were skipped.",
            "Produce the PDF from LaTeX or a word processor, not by scanning or printing to an image.",
            "No page carries text that can be extracted (a scanned or image-only PDF). Page-size "
            "and metadata rules ran; page limits, anonymity and template rules could not."),
    Verdict("AX905", "page-count-mismatch", "error", "The PDF libraries disagree on the number of pages.",
            "Repair the file (e.g. `qpdf in.pdf out.pdf`) or export it again.",
            "Two independent readers count different numbers of pages, a sign of a damaged or "
            "deliberately ambiguous file whose content a reviewer may not see as checked."),
    Verdict("AX990", "rule-crashed", "error", "A rule failed on this file; the other rules still ran.",
            "This is a bug in axiomcheck, not in your paper: please report it with the file.",
            "A rule raised an unexpected exception. Its result is missing; the other rules' "
            "findings are complete. The run exits with code 3."),
    Verdict("AX999", "internal-error", "error", "axiomcheck failed on this file.",
            "This is a bug in axiomcheck, not in your paper: please report it with the file.",
            "The checker itself failed outside any single rule. The run exits with code 3."),
)}


def verdict_finding(name: str, message: str | None = None, evidence: str | None = None) -> Finding:
    """A finding for verdict `name`, with a specific message when one is known."""
    verdict = VERDICTS[name]
    return Finding(rule=verdict.id, name=verdict.name, severity=verdict.severity,
                   message=message or verdict.summary, hint=verdict.hint, evidence=evidence)
