"""The visible-acknowledgments rule: acknowledgments, funding statements and grant numbers
in a double-blind submission. Acknowledgment sections are regions of the model (a heading
opens them); grant numbers are searched in the rest of the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...model import BBox, Passage
from .._places import lines_box
from .._text import ACKNOWLEDGMENT_REGIONS, MAX_QUOTE, search
from ..base import CheckContext, Severity, Violation, rule

if TYPE_CHECKING:
    from ...model import Document

OPENING = 600
"""Characters of an acknowledgments section read as its opening (for the template's own
instructions and a withholding note)."""

def _after_heading(text: str) -> str:
    """The text after the heading ("6 Acknowledgments. We thank ..." -> "We thank ...")."""
    return re.sub(r"^\W*[\w ]{0,60}?(?:acknowledge?ments?|funding)\b[\s.:\u2014-]*", "", text, flags=re.I)


def _first_page_box(passage: Passage) -> BBox | None:
    """The box of the passage's lines on its first page."""
    return lines_box([line for line in passage.lines if line.page == passage.lines[0].page])


_GRANT_RE = re.compile(
    r"\b(?i:grants?(?:\s+agreement)?|awards?|contracts?|projects?)\s+(?i:no\.?\s*|nos\.?\s*|number\s+|#\s*)?"
    r"[A-Z]{0,8}[\s\-]?\d[\w\-/.]{3,}")
_FUNDING_WORDS_RE = re.compile(r"\b(?:support|supported|fund|funded|funding|sponsor|sponsored|financ|"
                               r"acknowledg|thank|grateful)", re.I)


@dataclass(frozen=True)
class VisibleAcknowledgmentsOptions:
    template_phrases: tuple[str, ...] = ("do not include acknowledg", "use unnumbered", "only in the final",
                                         "in the anonymized submission", "for blind review")
    """Words of the templates' own instructions under an Acknowledgments heading (not a leak)."""
    withheld: str = (
        r"\[\s*(?:redacted|omitted|removed|withheld|hidden|anonymi[sz]ed|blinded)[^\]]{0,80}\]"
        r"|\b(?:redacted|omitted|removed|withheld|hidden|suppressed|anonymi[sz]ed|blinded)\s+(?:\w+\s+){0,2}?"
        r"(?:for|during|until|to\s+(?:preserve|ensure|maintain))\b"
        r"|\bwill\s+be\s+(?:added|included|provided|restored|given)\s+(?:\w+\s+){0,3}?(?:in|for|after|upon)\s+"
        r"(?:the\s+)?(?:final|camera[- ]ready|publication|acceptance|de-?anonymi[sz]ed)"
        r"|\[\s*(?:\.\.\.|…)\s*\]")
    """A regular expression (case-insensitive) for text that withholds the acknowledgments
    ("[Redacted for anonymous review.]", "Omitted for anonymity", "will be added in the final version")."""
    withheld_length: int = 160
    """Longest text (characters, after the heading) that can be a withholding note rather than thanks."""



@rule(id="AX306", name="visible-acknowledgments", group="anonymity", options=VisibleAcknowledgmentsOptions)
def visible_acknowledgments(doc: Document, options: VisibleAcknowledgmentsOptions,
                            context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission shows no acknowledgments, funding statement or grant number.

    What it checks: no heading "Acknowledgments", "Acknowledgements", "Funding" (or
    "Acknowledgments and Disclosure of Funding") is printed, and no sentence outside the
    references names a grant, award or contract number ("supported by ... grant P 36512").
    The templates' own instruction text under such a heading is not flagged, and a section
    whose short text withholds its content ("[Redacted for anonymous review.]", "Omitted for
    anonymity") is only information: it names nobody.

    Why: thanks, funders and grant numbers name the authors' institutions and often the
    authors themselves. The NeurIPS template hides the `ack` environment in review mode, so a
    visible section was added by hand.

    How to fix: put acknowledgments and funding inside `\\begin{ack} ... \\end{ack}` (NeurIPS:
    hidden until `final`), not in `\\section*{Acknowledgments}`; ICML: comment them out until
    the camera-ready. Remove grant numbers from footnotes and `\\thanks{}`.
    """
    withheld = re.compile(options.withheld, re.I)
    for passage in doc.text.passages:
        if passage.region not in ACKNOWLEDGMENT_REGIONS:
            continue
        opening = " ".join(passage.text[:OPENING].split())
        if any(phrase in opening.lower() for phrase in options.template_phrases):
            continue
        content = _after_heading(opening)
        if len(content) <= options.withheld_length and withheld.search(content):
            yield Violation(
                message=f"The acknowledgments on page {passage.lines[0].page} are withheld for review: '{content}'.",
                hint="Nothing to do for review; put the acknowledgments back in the camera-ready.",
                page=passage.lines[0].page, bbox=_first_page_box(passage), evidence=opening[:MAX_QUOTE],
                severity=Severity.INFO)
            continue
        yield Violation(
            message=f"An acknowledgments section is visible on page {passage.lines[0].page}: "
                    f"'{passage.lines[0].text}'.",
            hint="Move acknowledgments and funding into the `ack` environment, which the template hides "
                 "in review mode.",
            page=passage.lines[0].page, bbox=passage.lines[0].bbox, evidence=opening[:MAX_QUOTE])
    for hit in search(doc, _GRANT_RE):
        if hit.region not in ACKNOWLEDGMENT_REGIONS and _FUNDING_WORDS_RE.search(hit.sentence):
            yield Violation(
                message=f"A funding statement with the grant number '{hit.text}' is visible on page {hit.page}.",
                hint="Remove funding statements and grant numbers from the submission; add them back, "
                     "in the `ack` environment, in the camera-ready.",
                page=hit.page, bbox=hit.bbox, evidence=hit.sentence)


RULES = (visible_acknowledgments,)
