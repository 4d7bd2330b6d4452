"""A paper made with another style is one error, not one per symptom.

When `template-family` says the PDF was made with another template it names (another
venue's, or another year's), the checks that compare the pages with the venue's template (paper size,
notice, line numbers, text block, columns) all fail for that one reason, and a report of
eight errors buries the findings that matter. Their findings are folded into the
`template-family` error: it keeps its message and fix, and its evidence lists each symptom
(`page-size: Page 1 is 210 x 297 mm (a4); allowed: letter.`). The rules that do not follow
from the style (the page limit, anonymity, fonts, integrity) keep their own findings.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .report import Finding

WRONG_STYLE = "template-family"
SYMPTOMS = frozenset({"page-size", "template-notice", "line-numbers", "text-block", "columns"})
"""The rules whose findings follow from a paper's style when it is the wrong one."""


def fold_wrong_style(findings: Sequence[Finding]) -> list[Finding]:
    """`findings` with the symptoms of a wrong style folded into its `template-family` error
    (unchanged when there is no such error, or nothing to fold)."""
    style = next((f for f in findings if f.name == WRONG_STYLE and f.severity == "error" and not f.waived), None)
    symptoms = [f for f in findings if f.name in SYMPTOMS and not f.waived]
    if style is None or not symptoms:
        return list(findings)
    details = "; ".join(f"{f.name}: {f.message.rstrip('.')}" for f in symptoms)
    evidence = f"{style.evidence}. Symptoms of that style: {details}" if style.evidence else \
        f"Symptoms of that style: {details}"
    folded = dataclasses.replace(style, evidence=evidence)
    gone = {id(f) for f in symptoms}
    return [folded if f is style else f for f in findings if id(f) not in gone]
