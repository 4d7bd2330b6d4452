"""The named-institution rule: an anonymous submission that says where its authors work.

Two kinds of evidence: an institution named in running prose next to first-person or
study-site wording ("at the University of Memphis we ...", "participants were recruited from
the University of Memphis", "approved by the Institutional Review Board at ..."), and the
affiliations the organizers know (a manifest's `affiliations` column) printed anywhere outside
the references.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...model import Passage, Severity
from .._names import Folded, fold
from .._text import AUTHOR_AREA, REFERENCES, search, sentence_around
from ..base import CheckContext, Violation, option, rule

if TYPE_CHECKING:
    from ...model import Document

_CAPITAL = r"[A-Z][\w'’&\-]*"
INSTITUTION = (rf"(?:{_CAPITAL}\s+){{0,4}}(?:University|Universit[äéà]t?|Institute|College|Polytechnic|Academy|"
               rf"Laborator(?:y|ies)|Hospital|Research\s+Center|Research\s+Centre)"
               rf"(?:\s+(?:of|for|at)\s+(?:the\s+)?{_CAPITAL}(?:\s+(?:{_CAPITAL}|of|and|&)){{0,3}})?")
"""A capitalised institution name: "University of Memphis", "Graz University of Technology",
"Allen Institute for Artificial Intelligence"."""
_MIN_AFFILIATION = 6
"""Affiliations shorter than this (folded letters) are not searched: too many false matches."""


@dataclass(frozen=True)
class NamedInstitutionOptions:
    prose: str = option(rf"\b(?:[Aa]t|[Ff]rom|[Bb]y|[Ww]ith|[Ii]n)\s+(?:[Tt]he\s+)?(?P<institution>{INSTITUTION})",
                        groups=("institution",))
    """A regular expression (case-sensitive) for an institution after a preposition; the group
    `institution` is the name."""
    first_person: str = option((r"\b(?:we|our|us)\b|\b(?:recruited|participants|volunteers|subjects|students|"
                                r"IRB|Institutional\s+Review\s+Board|ethics\s+(?:board|committee)|approved|approval|"
                                r"consent)\b"), regex=True)
    """A regular expression (case-insensitive) that, in the same sentence, makes the institution
    the authors' own: first person, or the site of a study with people (recruiting, ethics board)."""


@rule(id="AX312", name="named-institution", group="anonymity", options=NamedInstitutionOptions,
      severity=Severity.WARNING, confidence="heuristic")
def named_institution(doc: Document, options: NamedInstitutionOptions,
                      context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission does not say at which institution its authors work.

    What it checks: outside the references, an institution named after a preposition in a
    sentence that makes it the authors' own: first person ("at the University of Memphis we
    collected ..."), or the site of a study with people ("participants were recruited from
    ...", "approved by the Institutional Review Board at ..."); and, when the organizers give
    the authors' affiliations (a manifest's `affiliations` column), every place one of them is
    printed outside the references: an error in the title and author area, a warning in the
    text. Institutions that are merely cited or thanked for a dataset in the third person are
    not reported. A heuristic: read the quoted sentence.

    Why: the institution where a study ran, or where "we" are, narrows the authors down to a
    few people; reviewers in the field often know who works there.

    How to fix: write "at our institution", "participants were recruited from a university
    student body", "approved by the institutional review board (name withheld for review)",
    and restore the names in the camera-ready.
    """
    prose = re.compile(options.prose)
    first_person = re.compile(options.first_person, re.I)
    reported: set[str] = set()
    for hit in search(doc, prose):
        if hit.region in AUTHOR_AREA:
            continue
        name = " ".join(hit.match.group("institution").split())
        sentence = sentence_around(hit.passage.text, hit.match.start(), hit.match.end())
        cue = first_person.search(sentence)
        if cue is None or name.lower() in reported:
            continue
        reported.add(name.lower())
        yield Violation(
            message=f"Page {hit.page} names the institution '{name}' as the authors' own or their study's "
                    f"site ('{' '.join(cue.group(0).split())}' in the same sentence).",
            hint="Write 'our institution' or 'a university' instead, and restore the name in the camera-ready.",
            page=hit.page, bbox=hit.bbox, evidence=sentence)
    yield from _known_affiliations(doc, context, reported)


def _known_affiliations(doc: Document, context: CheckContext, reported: set[str]) -> Iterator[Violation]:
    if not context.submission.affiliations:
        return
    folded = [(passage, fold(passage.text)) for passage in doc.text.passages if passage.region != REFERENCES]
    for affiliation in context.submission.affiliations:
        words = fold(affiliation).text.split()
        if len(re.sub(r"[^a-z]", "", "".join(words))) < _MIN_AFFILIATION or affiliation.lower() in reported:
            continue
        pattern = re.compile(r"(?<!\w)" + r"\s+".join(re.escape(word) for word in words) + r"(?!\w)")
        for passage, text in folded:
            match = pattern.search(text.text)
            if match is None:
                continue
            yield _affiliation_violation(affiliation, passage, text, match)
            break


def _affiliation_violation(affiliation: str, passage: Passage, text: Folded, match: re.Match[str]) -> Violation:
    start, end = text.span(match.start(), match.end())
    page, box = passage.box(start, end)
    in_author_area = passage.region in AUTHOR_AREA
    return Violation(
        message=f"The authors' affiliation '{affiliation}' is printed "
                + ("in the title and author area." if in_author_area else f"on page {page}."),
        hint="Remove the affiliation from the submission; restore it in the camera-ready.",
        page=page, bbox=box, evidence=sentence_around(passage.text, start, end),
        severity=Severity.ERROR if in_author_area else None)


RULES = (named_institution,)
