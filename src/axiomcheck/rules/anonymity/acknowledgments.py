"""The visible-acknowledgments rule: acknowledgments, funding statements and grant numbers
in a double-blind submission. Acknowledgment sections are regions of the model (a heading
opens them); grant numbers and sentences that name who funds the work are searched in the
rest of the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...model import BBox, Passage, Severity
from .._places import lines_box
from .._text import ACKNOWLEDGMENT_REGIONS, MAX_QUOTE, search, sentence_around
from ..base import CheckContext, Violation, option, rule

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
_WORK = r"(?:this|the|our|present)\s+(?:work|research|project|study|paper|effort)"
_FUNDED_RE = re.compile(
    rf"\b{_WORK}\s+(?:was|is|has\s+been|were|are|is\s+being)\s+(?:[\w-]+\s+){{0,2}}?"
    r"(?:supported|funded|sponsored|financed|co-?funded|made\s+possible)\s+(?:in\s+part\s+)?by\b"
    rf"|\b(?:who|which|that)\s+(?:were|was|are|is|have\s+been|has\s+been)\s+(?:[\w-]+\s+)?"
    rf"(?:funding|sponsoring|supporting|financing)\s+{_WORK}\b"
    rf"|\b(?:funds?|funded|sponsors?|sponsored|finances?|financed)\s+{_WORK}\b"
    r"|\b(?:we|the\s+authors?)\s+(?:(?:gratefully|kindly)\s+)?(?:acknowledge|thank)\s+(?:[\w&.,'-]+\s+){0,8}?"
    r"(?:for\s+)?(?:(?:the\s+)?funding|financial\s+support|(?:the\s+)?support\s+(?:of|from))\b"
    r"|\b(?:funding|financial\s+support)\s+(?:for\s+this\s+(?:work|research|project)\s+)?(?:was|is|has\s+been)\s+"
    r"(?:provided|received)\s+(?:by|from)\b",
    re.I)
"""A sentence that says who funds the work ("This work was supported by ...", "the approach
implemented at Adarga (who were funding this work)", "We acknowledge ... for funding")."""
_THANKS_RE = re.compile(
    r"\b(?:thanks?|thanked|thankful|grateful|gratitude|indebted|acknowledges?|acknowledged|funds?|funded|"
    r"funding|sponsors?|sponsored|sponsorship|financed|financial\s+support|supported\s+(?:by|in\s+part|partly)|"
    r"support\s+(?:of|from)|grants?)\b", re.I)
"""Words of thanks and funding: text that acknowledges someone."""


@dataclass(frozen=True)
class VisibleAcknowledgmentsOptions:
    template_phrases: tuple[str, ...] = ("do not include acknowledg", "use unnumbered", "only in the final",
                                         "in the anonymized submission", "for blind review")
    """Words of the templates' own instructions under an Acknowledgments heading (not a leak)."""
    withheld: str = option((
        r"\[\s*(?:redacted|omitted|removed|withheld|hidden|anonymi[sz]ed|blinded)[^\]]{0,80}\]"
        r"|\b(?:redacted|omitted|removed|withheld|hidden|suppressed|anonymi[sz]ed|blinded)\s+(?:\w+\s+){0,2}?"
        r"(?:for|during|until|to\s+(?:preserve|ensure|maintain))\b"
        r"|\bwill\s+be\s+(?:added|included|provided|restored|given)\s+(?:\w+\s+){0,3}?(?:in|for|after|upon)\s+"
        r"(?:the\s+)?(?:final|camera[- ]ready|publication|acceptance|de-?anonymi[sz]ed)"
        r"|\[\s*(?:\.\.\.|…)\s*\]"), regex=True)
    """A regular expression (case-insensitive) for text that withholds the acknowledgments
    ("[Redacted for anonymous review.]", "Omitted for anonymity", "will be added in the final
    version"). A section that withholds its thanks and thanks no one besides is information."""


@rule(id="AX306", name="visible-acknowledgments", group="anonymity", options=VisibleAcknowledgmentsOptions)
def visible_acknowledgments(doc: Document, options: VisibleAcknowledgmentsOptions,
                            context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission shows no acknowledgments, funding statement or grant number.

    What it checks: no heading "Acknowledgments", "Acknowledgements", "Funding" (or
    "Acknowledgments and Disclosure of Funding") is printed, and no sentence outside the
    references names a grant, award or contract number ("supported by ... grant P 36512") or
    says who funds the work ("This work was supported by ...", "the approach implemented at
    Adarga (who were funding this work)", "We acknowledge ... for funding"). The templates' own
    instruction text under such a heading is not flagged, and a section that withholds its
    content ("[Redacted for anonymous review.]", "Omitted for anonymity") and thanks no one
    besides is only information: it names nobody.

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
        notes = list(withheld.finditer(content))
        rest = withheld.sub(" ", content)
        if notes and not _THANKS_RE.search(rest):
            first = notes[0]  # a bracketed note is whole; another is quoted with its sentence
            note = first.group(0) if first.group(0).startswith("[") else sentence_around(content, first.start(),
                                                                                          first.end())
            yield Violation(
                message=f"The acknowledgments on page {passage.lines[0].page} are withheld for review: '{note}'.",
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
    yield from _funding_in_text(doc)


def _funding_in_text(doc: Document) -> Iterator[Violation]:
    """Grant numbers in a funding sentence, and sentences that say who funds the work, outside
    the acknowledgments (and the references); one finding per sentence."""
    seen: set[str] = set()
    for hit in search(doc, _GRANT_RE):
        if hit.region not in ACKNOWLEDGMENT_REGIONS and _FUNDING_WORDS_RE.search(hit.sentence) \
                and hit.sentence not in seen:
            seen.add(hit.sentence)
            yield Violation(
                message=f"A funding statement with the grant number '{hit.text}' is visible on page {hit.page}.",
                hint="Remove funding statements and grant numbers from the submission; add them back, "
                     "in the `ack` environment, in the camera-ready.",
                page=hit.page, bbox=hit.bbox, evidence=hit.sentence)
    for hit in search(doc, _FUNDED_RE):  # a sentence with a grant number was reported above
        if hit.region not in ACKNOWLEDGMENT_REGIONS and hit.sentence not in seen and not _GRANT_RE.search(hit.sentence):
            seen.add(hit.sentence)
            yield Violation(
                message=f"Page {hit.page} says who funds the work ('{hit.text}'): a funding statement in a "
                        "double-blind submission.",
                hint="Remove the funder from the submission (write 'this work was funded by [withheld for "
                     "review]'); add it back, in the `ack` environment, in the camera-ready.",
                page=hit.page, bbox=hit.bbox, evidence=hit.sentence)


RULES = (visible_acknowledgments,)
