"""Anonymity rules on how the text is worded: self-references in a submission ("our previous
work [12]") and, in a camera-ready, what is left over from anonymization ("[anonymized for
review]", anonymous links, "Anonymous (2026)" citations).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...model import REGIONS, BBox, Severity
from .._text import REFERENCES, Hit, search, trim
from ..base import CheckContext, Violation, option, rule

if TYPE_CHECKING:
    from ...model import Document

QUOTE_REACH = 200
"""Characters before a self-reference searched for an open quotation mark."""
IN_PAPER_REACH = 40
"""Characters after "as we showed" searched for a reference to this paper ("in Section 3")."""
_IN_PAPER_RE = re.compile(r"^\W{0,3}(?:in\s+)?(?:the\s+)?(?:sec\.|section|§|eq\.|equation|fig\.|figure|table|"
                          r"appendix|app\.|theorem|lemma|corollary|proposition|definition|algorithm|above|"
                          r"below|this\s+paper|this\s+work)", re.I)


def _quoted(hit: Hit) -> bool:
    """The match stands inside quotation marks (an example of what not to write)."""
    before = hit.passage.text[max(0, hit.match.start() - QUOTE_REACH):hit.match.start()]
    return before.count("“") > before.count("”") or before.count('"') % 2 == 1


@dataclass(frozen=True)
class SelfReferenceOptions:
    patterns: tuple[str, ...] = option((
        r"\bour\s+(?:own\s+)?(?:previous|prior|earlier|recent|preliminary|past|former|preceding)\s+"
        r"(?:work|works|paper|papers|study|studies|publication|publications|research|article)\b",
        r"\bas\s+we\s+(?:have\s+)?(?:previously\s+|recently\s+)?(?:showed|shown|demonstrated|proved|proven|reported|"
        r"found|argued|proposed|observed)\s+(?:previously\s+|earlier\s+|before\s+)?in\s+(?=[\[(]|our\b|"
        r"[A-Z][\w'-]+\s+(?:et\s+al|and\s+[A-Z]|\(\d{4}))",
        r"\bwe\s+(?:have\s+)?(?:previously|recently|earlier)\s+(?:showed|shown|proposed|introduced|demonstrated|"
        r"developed|presented|reported|studied|published)\b",
        r"\bour\s+(?:work|paper|study|method|approach|framework)\s*(?=\[\d|\([A-Z][\w'-]+(?:\s+et\s+al\.?)?,?\s+\d{4})",
    ), regex=True)
    """Regular expressions (case-insensitive) for wording that cites one's own earlier work."""


@rule(id="AX308", name="self-reference", group="anonymity", options=SelfReferenceOptions,
      severity=Severity.WARNING, confidence="heuristic")
def self_reference(doc: Document, options: SelfReferenceOptions, context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission cites the authors' own work in the third person.

    What it checks: wording such as "our previous work [12]", "in our earlier paper",
    "as we showed in [3]", "we previously proposed", "our prior work" outside the references;
    references to this paper's own sections, figures or equations ("as we showed in
    Section 3") are not flagged. A heuristic: read the quoted sentence.

    Why: "our previous work [12]" tells the reviewers that the authors of [12] wrote this
    paper.

    How to fix: cite your earlier work like anyone else's: "Doe et al. [12] showed ..."
    instead of "In our previous work [12] we showed ...". Do not drop the citation.
    """
    seen: set[tuple[int, str]] = set()
    for pattern in options.patterns:
        for hit in search(doc, re.compile(pattern, re.I)):
            if _IN_PAPER_RE.match(hit.passage.text[hit.match.end():hit.match.end() + IN_PAPER_REACH]) or _quoted(hit):
                continue
            key = (hit.page, hit.sentence)
            if key not in seen:
                seen.add(key)
                yield Violation(
                    message=f"'{hit.text}' on page {hit.page} tells the reviewers whose earlier work this is.",
                    hint="Refer to your own earlier work in the third person ('Doe et al. [12] showed').",
                    page=hit.page, bbox=hit.bbox, evidence=hit.sentence)


@dataclass(frozen=True)
class LeftoverAnonymizationOptions:
    patterns: tuple[str, ...] = option((
        r"(?:https?://)?(?:[\w-]+\.)*anonym[\w-]*\.[\w.-]+(?:/[^\s]*)?",
        r"(?:https?://)?osf\.io/\S*view_only\S*",
        r"\bAnonymous\s*(?:\(\d{4}[a-z]?\)|,\s*\d{4}[a-z]?\b|\d{4}[a-z]?\b|et\s+al\.?)",
        r"\[(?:anonymi[sz]ed|anonymous|redacted|removed|hidden)(?:\s[^\]\n]{0,40})?\]",
        r"\b(?:anonymi[sz]ed|omitted|removed|hidden|redacted|withheld)\s+(?:for|during|to\s+(?:preserve|ensure|"
        r"maintain))\s+(?:the\s+)?(?:double[-\s]blind\s+|blind\s+|anonymous\s+)?(?:review|anonymity|submission|"
        r"reviewing)\b",
    ), regex=True)
    """Regular expressions (case-insensitive) for anonymized links and citations."""
    reference_entry: str = option(r"(?m)^[ \t]*(?:\[\d+\][ \t]*)?Anonymous[.,]", regex=True)
    """A reference list entry whose author is "Anonymous"."""


@rule(id="AX311", name="leftover-anonymization", group="anonymity", options=LeftoverAnonymizationOptions,
      severity=Severity.WARNING)
def leftover_anonymization(doc: Document, options: LeftoverAnonymizationOptions,
                           context: CheckContext) -> Iterator[Violation]:
    """A camera-ready keeps nothing of the anonymization for review.

    What it checks: links to anonymous hosting (`anonymous.4open.science/r/...`, OSF
    view-only links), citations of "Anonymous (2026)" or "Anonymous et al.", reference entries
    by "Anonymous", and markers such as "[anonymized for review]" or "link removed for
    anonymity". Thanking "the anonymous reviewers" is fine, and so are acknowledgments.

    Why: the workshop asks the camera-ready to be de-anonymized: anonymous links expire and
    self-citations to "Anonymous" hide your own work from readers.

    How to fix: replace anonymous links by the real repository, restore the real authors in
    self-citations (`\\cite{doe2026}` instead of the anonymized bibliography entry), and undo
    every "[anonymized]" placeholder.
    """
    seen: set[str] = set()
    patterns = [re.compile(p, re.I) for p in options.patterns]
    found = [hit for pattern in patterns for hit in search(doc, pattern, REGIONS)]
    found += [hit for hit in search(doc, re.compile(options.reference_entry), (REFERENCES,))]
    taken: list[tuple[int, int, int]] = []
    for hit in sorted(found, key=lambda h: (h.page, h.bbox.y0, h.bbox.x0, -len(h.text))):
        text = trim(hit.text)
        span = (id(hit.passage), hit.match.start(), hit.match.end())
        if text.lower() not in seen and not any(_overlap(span, other) for other in taken):
            seen.add(text.lower())
            taken.append(span)
            yield _leftover(text, hit.page, hit.bbox, hit.sentence)
    for link in doc.metadata.links:
        if link.uri.lower() not in seen and any(p.search(link.uri) for p in patterns[:2]) \
                and not any(link.uri.lower().startswith(text) or text in link.uri.lower() for text in seen):
            seen.add(link.uri.lower())
            yield _leftover(link.uri, link.page, link.bbox, f"{link.uri} (link target)")


def _leftover(text: str, page: int, bbox: BBox | None, evidence: str) -> Violation:
    return Violation(message=f"'{text}' on page {page} is left over from the anonymized submission.",
                     hint="Replace anonymous links and citations by the real ones in the camera-ready.",
                     page=page, bbox=bbox, evidence=evidence)


def _overlap(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return a[0] == b[0] and a[1] < b[2] and b[1] < a[2]


RULES = (self_reference, leftover_anonymization)
