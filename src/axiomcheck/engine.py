"""Run a resolved rule pack over one document and collect stamped findings.

A rule limited to template families (`applies_to:` in the pack) runs only on PDFs recognised
as one of them. A rule that raises does not stop the others. A bug in axiomcheck becomes an `AX990
rule-crashed` finding that names the rule, and the file is marked as an internal error (exit
code 3); an exception from a PDF library on a damaged file, or exhausted memory or recursion,
becomes the file's verdict instead (`verdicts.classify`). Rules stopped by the same cause
share one finding. A paper in another style gets one error for it, its symptoms folded in
(`wrong_style.py`). Findings keep their types (severity, confidence, boxes and regions); boxes
are rounded to 0.1 pt, as the report writes them.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from .model import ReferenceCheck, Submission
from .packs import ResolvedPack
from .report import Finding
from .rules import CheckContext
from .verdicts import Failure, classify
from .wrong_style import fold_wrong_style

if TYPE_CHECKING:
    from .model import Document


NOTHING_KNOWN = Submission()
"""A file the organizers told nothing about."""


def run_rules(doc: Document, pack: ResolvedPack, submission: Submission = NOTHING_KNOWN,
              text_available: bool = True, references: ReferenceCheck | None = None) -> tuple[list[Finding], bool]:
    """Findings of every configured rule, and whether any rule crashed; `references` is what a
    reference index said of the bibliography (None: no index was given)."""
    context = CheckContext(venue=pack.venue, track=pack.track, stage=pack.stage,
                           main_body_excludes=pack.main_body_excludes, submission=submission,
                           references=references)
    findings: list[Finding] = []
    crashed = False
    failures: dict[Failure, list[str]] = {}
    for configured in pack.rules:
        rule = configured.rule
        if rule.needs_text and not text_available:
            continue
        try:
            if configured.applies_to and doc.template.name.family not in configured.applies_to:
                continue  # the pack limits this rule to other template families
            for violation in rule.check(doc, configured.options, context):
                findings.append(Finding(
                    rule=rule.id, name=rule.name, severity=violation.severity or configured.severity,
                    message=violation.message, hint=violation.hint, page=violation.page,
                    bbox=violation.bbox.rounded() if violation.bbox else None,
                    evidence=violation.evidence, confidence=rule.confidence,
                    regions=tuple(dataclasses.replace(region, bbox=region.bbox.rounded())
                                  for region in violation.regions)))
        except Exception as error:  # one failing rule must not hide the others' findings
            failures.setdefault(classify(error, "rule-crashed"), []).append(f"{rule.id} {rule.name}")
    for failure, labels in failures.items():  # one finding per cause, naming every rule it stopped
        crashed = crashed or failure.internal
        findings.append(failure.finding(f"; rule{'s' if len(labels) > 1 else ''} {', '.join(labels)} could not run"))
    if doc.template.name.known:  # a style it names (a style it cannot name keeps its symptoms' findings)
        findings = fold_wrong_style(findings)
    findings.sort(key=lambda f: (f.severity.rank, f.page or 0, f.rule))
    return findings, crashed
