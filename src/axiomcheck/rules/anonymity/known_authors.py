"""The known-author rule: the organizers' list of author names (`--authors FILE`) checked
against the title and author area, the metadata, the body text and the references. Names are
matched as `rules._names` prints them (initials, surname first, diacritics, transliterations).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...model import Passage, Severity
from .._names import MIN_NAME_WORDS, Folded, fold, name_patterns, name_words
from .._text import AUTHOR_AREA, MAX_QUOTE, REFERENCES
from ..base import CheckContext, Violation, rule
from ._identity import metadata_values

if TYPE_CHECKING:
    from ...model import Document

CONTEXT = 80
"""Characters quoted on each side of a name found in the text."""


@dataclass(frozen=True)
class KnownAuthorOptions:
    initials: bool = True
    """Also match the short forms "J. Doe", "Doe, Jane" and "Doe, J."."""


@rule(id="AX309", name="known-author", group="anonymity", options=KnownAuthorOptions)
def known_author(doc: Document, options: KnownAuthorOptions, context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission does not name its own authors, as the organizers know them.

    What it checks: with an author list (`axiomcheck check --authors FILE`: CSV or one name
    per line, or per file in a batch manifest), every listed name ("Jane Doe", and "J. Doe",
    "Doe, Jane", "Doe, J."; in any case, with or without its diacritics or transliterated
    ("Mueller" for Müller), hyphens as spaces, a middle initial added) in the title and author
    area, the PDF metadata, and the text outside the references is an error; in the
    references it is only information, since citing one's own work in the third person is
    allowed. Without a list it checks nothing.

    Why: a name anywhere outside the references (a footnote, an acknowledgment, a figure
    label, the document properties) identifies the authors to the reviewers.

    How to fix: remove the name (from `\\thanks{}`, footnotes, figure text, acknowledgments,
    and the metadata with `\\hypersetup{pdfauthor={}}`); cite your own papers like anyone
    else's ("Doe et al. [3]"), which is fine.
    """
    if not context.authors:
        return
    passages = doc.text.passages
    folded = [fold(passage.text) for passage in passages]
    for name in context.authors:
        if len(name_words(name)) < MIN_NAME_WORDS:  # a surname alone would match too much
            continue
        pattern = name_patterns(name).any_form(options.initials)
        yield from _in_text(passages, folded, name, pattern)
        yield from _in_metadata(doc, name, pattern)


def _in_text(passages: tuple[Passage, ...], folded: list[Folded], name: str,
             pattern: re.Pattern[str]) -> Iterator[Violation]:
    reported: set[str] = set()
    for passage, text in zip(passages, folded, strict=True):
        kind = "references" if passage.region == REFERENCES else "author" if passage.region in AUTHOR_AREA else "text"
        if kind in reported:
            continue
        match = pattern.search(text.text)
        if match is None:
            continue
        reported.add(kind)
        start, end = text.span(match.start(), match.end())
        page, box = passage.box(start, end)
        shown = " ".join(passage.text[start:end].split())
        where = {"references": "in the references", "author": "in the title and author area",
                 "text": f"in the text on page {page}"}[kind]
        yield Violation(
            message=f"The known author '{name}' is named {where} ('{shown}')"
                    + (" (self-citation in the third person is allowed)." if kind == "references" else "."),
            hint="Cite your own work in the third person; remove the name everywhere else."
            if kind == "references" else "Remove the author's name from the submission.",
            page=page, bbox=box, evidence=" ".join(passage.text[max(0, start - CONTEXT):end + CONTEXT].split()),
            severity=Severity.INFO if kind == "references" else None)


def _in_metadata(doc: Document, name: str, pattern: re.Pattern[str]) -> Iterator[Violation]:
    for _, value, where in metadata_values(doc):
        if pattern.search(fold(value).text):
            yield Violation(
                message=f"The known author '{name}' is named in the PDF's {where}.",
                hint="Clear the metadata field, e.g. `\\hypersetup{pdfauthor={}}`.",
                evidence=f"{where}: {' '.join(value.split())[:MAX_QUOTE]}")
            return


RULES = (known_author,)
