"""Anonymity rules that read the paper's text: e-mail addresses, ORCID iDs and phone numbers,
visible acknowledgments and funding, self-references, and (in a camera-ready) what is left
over from anonymization. Matches are found with `anonymity_scan`, across line breaks.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import BBox
from .anonymity_scan import (ACKNOWLEDGMENT_REGIONS, AUTHOR, REFERENCES, TEXT_REGIONS, Hit, Run, locate, runs,
                             search, trim)
from .base import CheckContext, Severity, Violation, rule

if TYPE_CHECKING:
    from ..model import Document

_AT = r"(?:@|\s?[\[{(]at[\]})]\s?)"
_DOT = r"(?:\.|\s?[\[{(]dot[\]})]\s?)"
EMAIL_RE = re.compile(
    rf"(?<![\w.+-])(?:\{{[^{{}}@]{{1,200}}\}}|[\w.+-]*\w){_AT}\w[\w-]*(?:{_DOT}[\w-]+)*{_DOT}[A-Za-z]{{2,}}\b")
"""An e-mail address, also `{a, b}@host.org` lists and `name{at}host{dot}org` spellings."""
ALL_REGIONS = (*TEXT_REGIONS, REFERENCES)


@dataclass(frozen=True)
class EmailOptions:
    placeholders: tuple[str, ...] = ("*@domain.com", "*@example.com", "*@example.org", "*@example.net",
                                     "*@*.example", "*@*.test", "*@*.invalid", "*@localhost", "*@xxx.*",
                                     "git@*")
    """Addresses that identify nobody (shell-style patterns, case-insensitive): the templates'
    placeholders (`anon.email@domain.com`, `email@domain.com`) and the reserved example domains."""


def _is_placeholder(address: str, patterns: tuple[str, ...]) -> bool:
    address = address.lower()
    return any(fnmatch.fnmatchcase(address, pattern.lower()) for pattern in patterns)


@rule(id="AX302", name="email-address", group="anonymity", options=EmailOptions, severity=Severity.WARNING)
def email_address(doc: Document, options: EmailOptions, context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission shows no e-mail address.

    What it checks: every e-mail address printed in the paper (also `{a,b}@host.org` lists,
    `name{at}host.org` spellings and `mailto:` links behind text). One in the title or author
    area (the author block and the footnotes of page 1) is an error; one elsewhere is a
    warning. The templates' placeholder `anon.email@domain.com` and the reserved example
    domains (`user@example.com`) are not flagged.

    Why: an address names its owner or at least the institution; in the author area it
    undoes the anonymous block.

    How to fix: remove the address, or replace a contact sentence by "available on request
    after review" and restore it in the camera-ready. Do not put e-mails in `\\thanks{}` or
    footnotes of page 1; the template hides only `\\author{}`.
    """
    seen: set[str] = set()
    for hit in search(doc, EMAIL_RE, ALL_REGIONS):
        if hit.text.lower() not in seen and not _is_placeholder(hit.text, options.placeholders):
            seen.add(hit.text.lower())
            yield _email_violation(hit.text, hit.region, hit.page, hit.bbox, hit.lines_text)
    for link in doc.metadata.links:
        address = link.uri[len("mailto:"):].split("?")[0]
        if link.uri.lower().startswith("mailto:") and address.lower() not in seen \
                and not _is_placeholder(address, options.placeholders):
            seen.add(address.lower())
            where = locate(doc, link.page, link.bbox)
            yield _email_violation(address, where[0] if where else "body", link.page, link.bbox,
                                   f"mailto:{address} (link target)")


def _after_heading(text: str) -> str:
    """The text after the heading ("6 Acknowledgments. We thank ..." -> "We thank ...")."""
    return re.sub(r"^\W*[\w ]{0,60}?(?:acknowledge?ments?|funding)\b[\s.:\u2014-]*", "", text, flags=re.I)


def _run_box(run: Run) -> BBox:
    lines = [line for line in run.lines if line.page == run.lines[0].page]
    box = lines[0].bbox
    for line in lines[1:]:
        box = box.union(line.bbox)
    return box


def _email_violation(address: str, region: str, page: int, bbox: BBox | None, evidence: str) -> Violation:
    in_author_area = region == AUTHOR
    return Violation(
        message=f"The e-mail address '{address}' appears "
                + ("in the title and author area." if in_author_area else f"on page {page}."),
        hint="Remove e-mail addresses from the submission; restore them in the camera-ready.",
        page=page, bbox=bbox, evidence=evidence,
        severity=Severity.ERROR if in_author_area else None)


_ORCID_RE = re.compile(r"(?<![\d-])(?:orcid\.org/)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])(?![\d-])", re.I)
_PHONE_KEYWORD_RE = re.compile(
    r"\b(?:phone|tel|telephone|mobile|cell|fax)\b\.?:?[ \t]?(?P<number>\+?\(?\d[\d ().\-/]{5,}\d)", re.I)
_YEARS_RE = re.compile(r"^(?:(?:19|20)\d\d\W*){2,}$")
_PHONE_INTERNATIONAL_RE = re.compile(r"(?<![\w+.\-])(?P<number>\+\d{1,3}(?:[ \-]\(?\d{2,5}\)?){2,5})(?![\w.]*\d)")


def orcid_valid(identifier: str) -> bool:
    """The ISO 7064 MOD 11-2 check digit of an ORCID iD is right."""
    digits = identifier.replace("-", "")
    total = 0
    for char in digits[:-1]:
        total = (total + int(char)) * 2
    check = (12 - total % 11) % 11
    return digits[-1].upper() == ("X" if check == 10 else str(check))


def _orcid_violation(identifier: str, page: int, bbox: BBox | None, evidence: str) -> Violation:
    return Violation(message=f"The ORCID iD '{identifier}' identifies an author.",
                     hint="Remove ORCID iDs (and `\\orcidlink` badges) from the submission.",
                     page=page, bbox=bbox, evidence=evidence)


@dataclass(frozen=True)
class PersonalIdentifierOptions:
    min_phone_digits: int = 9
    """Digits an international (`+43 316 ...`) number needs; after the word "phone"/"tel" 7 do."""


@rule(id="AX303", name="personal-identifier", group="anonymity", options=PersonalIdentifierOptions)
def personal_identifier(doc: Document, options: PersonalIdentifierOptions,
                        context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission prints no ORCID iD and no phone number.

    What it checks: ORCID iDs (`0000-0002-1825-0097`, with a valid check digit, printed or
    as the target of an `orcid.org/` link such as an `\\orcidlink` badge) and phone numbers (after "phone", "tel.", "mobile", "fax", or in
    international form `+43 316 873 4567`) anywhere outside the references.

    Why: an ORCID iD or a phone number identifies a person as surely as a name.

    How to fix: remove the identifier from the submission (ORCID badges from `orcidlink`,
    contact lines in footnotes or `\\thanks{}`); add it back in the camera-ready.
    """
    orcids: set[str] = set()
    for hit in search(doc, _ORCID_RE):
        if orcid_valid(hit.match.group(1)) and hit.match.group(1) not in orcids:
            orcids.add(hit.match.group(1))
            yield _orcid_violation(hit.match.group(1), hit.page, hit.bbox, hit.sentence)
    for link in doc.metadata.links:
        found = _ORCID_RE.search(link.uri)
        if "orcid.org/" in link.uri.lower() and found and found.group(1) not in orcids:
            orcids.add(found.group(1))
            yield _orcid_violation(found.group(1), link.page, link.bbox, f"{link.uri} (link target)")
    reported: set[str] = set()
    for pattern, minimum in ((_PHONE_KEYWORD_RE, 7), (_PHONE_INTERNATIONAL_RE, options.min_phone_digits)):
        for hit in search(doc, pattern):
            number = " ".join(hit.match.group("number").split())
            key = re.sub(r"\D", "", number)
            if len(key) >= minimum and not _YEARS_RE.match(number) \
                    and not any(key in seen or seen in key for seen in reported):
                reported.add(key)
                yield Violation(
                    message=f"The phone number '{number}' identifies an author.",
                    hint="Remove phone numbers from the submission.",
                    page=hit.page, bbox=hit.bbox, evidence=hit.sentence)


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
    ack_runs = [run for run in runs(doc) if run.region in ACKNOWLEDGMENT_REGIONS]
    withheld = re.compile(options.withheld, re.I)
    for run in ack_runs:
        opening = " ".join(run.text[:600].split())
        if any(phrase in opening.lower() for phrase in options.template_phrases):
            continue
        content = _after_heading(opening)
        if len(content) <= options.withheld_length and withheld.search(content):
            yield Violation(
                message=f"The acknowledgments on page {run.lines[0].page} are withheld for review: '{content}'.",
                hint="Nothing to do for review; put the acknowledgments back in the camera-ready.",
                page=run.lines[0].page, bbox=_run_box(run), evidence=opening[:300], severity=Severity.INFO)
            continue
        yield Violation(
            message=f"An acknowledgments section is visible on page {run.lines[0].page}: '{run.lines[0].text}'.",
            hint="Move acknowledgments and funding into the `ack` environment, which the template hides "
                 "in review mode.",
            page=run.lines[0].page, bbox=run.lines[0].bbox, evidence=opening[:300])
    for hit in search(doc, _GRANT_RE):
        if hit.region not in ACKNOWLEDGMENT_REGIONS and _FUNDING_WORDS_RE.search(hit.sentence):
            yield Violation(
                message=f"A funding statement with the grant number '{hit.text}' is visible on page {hit.page}.",
                hint="Remove funding statements and grant numbers from the submission; add them back, "
                     "in the `ack` environment, in the camera-ready.",
                page=hit.page, bbox=hit.bbox, evidence=hit.sentence)


_IN_PAPER_RE = re.compile(r"^\W{0,3}(?:in\s+)?(?:the\s+)?(?:sec\.|section|§|eq\.|equation|fig\.|figure|table|"
                          r"appendix|app\.|theorem|lemma|corollary|proposition|definition|algorithm|above|"
                          r"below|this\s+paper|this\s+work)", re.I)


def _quoted(hit: Hit) -> bool:
    """The match stands inside quotation marks (an example of what not to write)."""
    before = hit.run.text[max(0, hit.match.start() - 200):hit.match.start()]
    return before.count("“") > before.count("”") or before.count('"') % 2 == 1


@dataclass(frozen=True)
class SelfReferenceOptions:
    patterns: tuple[str, ...] = (
        r"\bour\s+(?:own\s+)?(?:previous|prior|earlier|recent|preliminary|past|former|preceding)\s+"
        r"(?:work|works|paper|papers|study|studies|publication|publications|research|article)\b",
        r"\bas\s+we\s+(?:have\s+)?(?:previously\s+|recently\s+)?(?:showed|shown|demonstrated|proved|proven|reported|"
        r"found|argued|proposed|observed)\s+(?:previously\s+|earlier\s+|before\s+)?in\s+(?=[\[(]|our\b|"
        r"[A-Z][\w'-]+\s+(?:et\s+al|and\s+[A-Z]|\(\d{4}))",
        r"\bwe\s+(?:have\s+)?(?:previously|recently|earlier)\s+(?:showed|shown|proposed|introduced|demonstrated|"
        r"developed|presented|reported|studied|published)\b",
        r"\bour\s+(?:work|paper|study|method|approach|framework)\s*(?=\[\d|\([A-Z][\w'-]+(?:\s+et\s+al\.?)?,?\s+\d{4})",
    )
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
            if _IN_PAPER_RE.match(hit.run.text[hit.match.end():hit.match.end() + 40]) or _quoted(hit):
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
    patterns: tuple[str, ...] = (
        r"(?:https?://)?(?:[\w-]+\.)*anonym[\w-]*\.[\w.-]+(?:/[^\s]*)?",
        r"(?:https?://)?osf\.io/\S*view_only\S*",
        r"\bAnonymous\s*(?:\(\d{4}[a-z]?\)|,\s*\d{4}[a-z]?\b|\d{4}[a-z]?\b|et\s+al\.?)",
        r"\[(?:anonymi[sz]ed|anonymous|redacted|removed|hidden)(?:\s[^\]\n]{0,40})?\]",
        r"\b(?:anonymi[sz]ed|omitted|removed|hidden|redacted|withheld)\s+(?:for|during|to\s+(?:preserve|ensure|"
        r"maintain))\s+(?:the\s+)?(?:double[-\s]blind\s+|blind\s+|anonymous\s+)?(?:review|anonymity|submission|"
        r"reviewing)\b",
    )
    """Regular expressions (case-insensitive) for anonymized links and citations."""
    reference_entry: str = r"(?m)^[ \t]*(?:\[\d+\][ \t]*)?Anonymous[.,]"
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
    found = [hit for pattern in patterns for hit in search(doc, pattern, ALL_REGIONS)]
    found += [hit for hit in search(doc, re.compile(options.reference_entry), (REFERENCES,))]
    taken: list[tuple[int, int, int]] = []
    for hit in sorted(found, key=lambda h: (h.page, h.bbox.y0, h.bbox.x0, -len(h.text))):
        text = trim(hit.text)
        span = (id(hit.run), hit.match.start(), hit.match.end())
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


RULES = (email_address, personal_identifier, visible_acknowledgments, self_reference, leftover_anonymization)
