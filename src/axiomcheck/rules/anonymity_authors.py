"""The known-author rule: the organizers' list of author names (`--authors FILE`) checked
against the title and author area, the metadata, the body text and the references.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .anonymity_metadata import metadata_values
from .anonymity_scan import AUTHOR, REFERENCES, Run, runs
from .base import CheckContext, Severity, Violation, rule

if TYPE_CHECKING:
    from ..model import Document


def fold(text: str) -> str:
    """Case- and accent-folded text, one character for one (offsets stay valid)."""
    if text.isascii():
        return text.lower()
    return "".join(_fold_char(char) for char in text)


@functools.lru_cache(maxsize=4096)
def _fold_char(char: str) -> str:
    base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)).lower()
    return base if len(base) == 1 else char


def name_pattern(name: str, initials: bool) -> re.Pattern[str] | None:
    """A pattern for `name` as printed: "Jane Q. Doe", "Jane Doe", and with `initials` also
    "J. Doe", "Doe, Jane" and "Doe, J." (folded, any spacing and line breaks)."""
    words = fold(name).replace(",", " ").split()
    if len(words) < 2:
        return None
    first, last = re.escape(words[0]), re.escape(words[-1])
    full = r"\s+".join(re.escape(w) for w in words)
    forms = [full, rf"{first}\s+{last}"]
    if initials:
        initial = re.escape(words[0][0])
        forms += [rf"{initial}\.\s*(?:[a-z]\.\s*)*{last}", rf"{last},\s+{first}", rf"{last},\s+{initial}\."]
    return re.compile(rf"(?<!\w)(?:{'|'.join(forms)})(?!\w)")


@dataclass(frozen=True)
class KnownAuthorOptions:
    initials: bool = True
    """Also match the short forms "J. Doe", "Doe, Jane" and "Doe, J."."""


@rule(id="AX309", name="known-author", group="anonymity", options=KnownAuthorOptions)
def known_author(doc: Document, options: KnownAuthorOptions, context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission does not name its own authors, as the organizers know them.

    What it checks: with an author list (`axiomcheck check --authors FILE`: CSV or one name
    per line, or per file in a batch manifest), every listed name ("Jane Doe", and "J. Doe",
    "Doe, Jane", "Doe, J.") in the title and author area, the PDF metadata, and the text
    outside the references is an error; in the references it is only information, since
    citing one's own work in the third person is allowed. Without a list it checks nothing.

    Why: a name anywhere outside the references (a footnote, an acknowledgment, a figure
    label, the document properties) identifies the authors to the reviewers.

    How to fix: remove the name (from `\\thanks{}`, footnotes, figure text, acknowledgments,
    and the metadata with `\\hypersetup{pdfauthor={}}`); cite your own papers like anyone
    else's ("Doe et al. [3]"), which is fine.
    """
    if not context.authors:
        return
    folded = [(run, fold(run.text)) for run in runs(doc)]
    for name in context.authors:
        pattern = name_pattern(name, options.initials)
        if pattern is None:
            continue
        yield from _in_text(folded, name, pattern)
        yield from _in_metadata(doc, name, pattern)


def _in_text(folded: list[tuple[Run, str]], name: str, pattern: re.Pattern[str]) -> Iterator[Violation]:
    reported: set[str] = set()
    for run, text in folded:
        kind = "references" if run.region == REFERENCES else "author" if run.region == AUTHOR else "text"
        if kind in reported:
            continue
        match = pattern.search(text)
        if match is None:
            continue
        reported.add(kind)
        page, box = run.box(match.start(), match.end())
        shown = " ".join(run.text[match.start():match.end()].split())
        where = {"references": "in the references", "author": "in the title and author area",
                 "text": f"in the text on page {page}"}[kind]
        yield Violation(
            message=f"The known author '{name}' is named {where} ('{shown}')"
                    + (" (self-citation in the third person is allowed)." if kind == "references" else "."),
            hint="Cite your own work in the third person; remove the name everywhere else."
            if kind == "references" else "Remove the author's name from the submission.",
            page=page, bbox=box, evidence=" ".join(run.text[max(0, match.start() - 80):match.end() + 80].split()),
            severity=Severity.INFO if kind == "references" else None)


def _in_metadata(doc: Document, name: str, pattern: re.Pattern[str]) -> Iterator[Violation]:
    for field, value, where in metadata_values(doc):
        if pattern.search(fold(value)):
            yield Violation(
                message=f"The known author '{name}' is named in the PDF's {where}.",
                hint="Clear the metadata field, e.g. `\\hypersetup{pdfauthor={}}`.",
                evidence=f"{where}: {' '.join(value.split())[:300]}")
            return


RULES = (known_author,)
