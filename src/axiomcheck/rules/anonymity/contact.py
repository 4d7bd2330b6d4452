"""Anonymity rules on ways to contact or identify a person printed in the text: e-mail
addresses (also behind `mailto:` links), ORCID iDs and phone numbers. Matches are found in
the paper's passages (`rules._text.search`), across line breaks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...model import REGIONS, BBox, Severity
from .._text import AUTHOR_AREA, search
from ..base import CheckContext, Violation, option, rule
from ._identity import EMAIL_NEEDS, EMAIL_RE
from ._placeholders import PLACEHOLDER_EMAILS, is_placeholder_email

if TYPE_CHECKING:
    from ...model import Document


@dataclass(frozen=True)
class EmailOptions:
    placeholders: tuple[str, ...] = PLACEHOLDER_EMAILS
    """Addresses that identify nobody (shell-style patterns, case-insensitive): the templates'
    placeholders (`anon.email@domain.com`, `email@domain.com`, `first1.last1@xxx.edu`), local
    parts that stand for nobody (`anonymous@...`, `author1@...`) and the reserved example domains."""


@rule(id="AX302", name="email-address", group="anonymity", options=EmailOptions, severity=Severity.WARNING)
def email_address(doc: Document, options: EmailOptions, context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission shows no e-mail address.

    What it checks: every e-mail address printed in the paper (also `{a,b}@host.org` lists,
    `name{at}host.org` spellings and `mailto:` links behind text). One in the title or author
    area (the author block and the footnotes of page 1) is an error; one elsewhere is a
    warning. Placeholders name nobody and are not flagged: the templates' `anon.email@domain.com`
    and `first1.last1@xxx.edu`, addresses such as `anonymous@email.com` or `author1@...`, and
    the reserved example domains (`user@example.com`).

    Why: an address names its owner or at least the institution; in the author area it
    undoes the anonymous block.

    How to fix: remove the address, or replace a contact sentence by "available on request
    after review" and restore it in the camera-ready. Do not put e-mails in `\\thanks{}` or
    footnotes of page 1; the template hides only `\\author{}`.
    """
    seen: set[str] = set()
    for hit in search(doc, EMAIL_RE, REGIONS, EMAIL_NEEDS):
        if hit.text.lower() not in seen and not is_placeholder_email(hit.text, options.placeholders):
            seen.add(hit.text.lower())
            yield _email_violation(hit.text, hit.region, hit.page, hit.bbox, hit.lines_text)
    for link in doc.metadata.links:
        address = link.uri[len("mailto:"):].split("?")[0]
        if link.uri.lower().startswith("mailto:") and address.lower() not in seen \
                and not is_placeholder_email(address, options.placeholders):
            seen.add(address.lower())
            line = doc.text.line_under(link.page, link.bbox)
            yield _email_violation(address, line.region if line else "body", link.page, link.bbox,
                                   f"mailto:{address} (link target)")


def _email_violation(address: str, region: str, page: int, bbox: BBox | None, evidence: str) -> Violation:
    in_author_area = region in AUTHOR_AREA
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


MIN_NAMED_PHONE_DIGITS = 7
"""Digits a number needs after the word "phone" or "tel." to be a phone number."""
ORCID_MODULUS = 11
"""An ORCID iD ends in its ISO 7064 MOD 11-2 check digit (the value 10 written X)."""


def orcid_valid(identifier: str) -> bool:
    """The ISO 7064 MOD 11-2 check digit of an ORCID iD is right."""
    digits = identifier.replace("-", "")
    total = 0
    for char in digits[:-1]:
        total = (total + int(char)) * 2
    check = (ORCID_MODULUS + 1 - total % ORCID_MODULUS) % ORCID_MODULUS
    return digits[-1].upper() == ("X" if check == ORCID_MODULUS - 1 else str(check))


def _orcid_violation(identifier: str, page: int, bbox: BBox | None, evidence: str) -> Violation:
    return Violation(message=f"The ORCID iD '{identifier}' identifies an author.",
                     hint="Remove ORCID iDs (and `\\orcidlink` badges) from the submission.",
                     page=page, bbox=bbox, evidence=evidence)


@dataclass(frozen=True)
class PersonalIdentifierOptions:
    min_phone_digits: int = option(9, minimum=1)
    """Digits an international (`+43 316 ...`) number needs; after the word "phone"/"tel" 7 do."""


@rule(id="AX303", name="personal-identifier", group="anonymity", options=PersonalIdentifierOptions)
def personal_identifier(doc: Document, options: PersonalIdentifierOptions,
                        context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission prints no ORCID iD and no phone number.

    What it checks: ORCID iDs (`0000-0002-1825-0097`, with a valid check digit, printed or
    as the target of an `orcid.org/` link such as an `\\orcidlink` badge) and phone numbers
    (after "phone", "tel.", "mobile", "fax", or in international form `+43 316 873 4567`)
    anywhere outside the references.

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
    for pattern, minimum in ((_PHONE_KEYWORD_RE, MIN_NAMED_PHONE_DIGITS),
                             (_PHONE_INTERNATIONAL_RE, options.min_phone_digits)):
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


RULES = (email_address, personal_identifier)
