"""Anonymity rules for the author block: the anonymous block of a double-blind submission
(with ICML's anonymous footnote) and the de-anonymized block of a camera-ready. The block,
the title above it and the footnotes under it are the model's (`Document.author_block`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...model import AuthorBlock, BBox, Line, Severity
from .._names import person_names
from .._places import foot_of_page_one, lines_box
from .._text import MAX_QUOTE, SHORT_QUOTE
from ..base import CheckContext, Violation, option, rule
from ._identity import EMAIL_RE
from ._placeholders import TEMPLATE_EMAILS, is_placeholder_email, placeholder_names

if TYPE_CHECKING:
    from ...model import Document

PLACEHOLDER_WORDS = frozenset({"anonymous", "author", "authors", "author(s)", "affiliation", "address", "email",
                     "e-mail", "institution", "city", "region", "country", "correspondence", "to"})
"""Words of the templates' anonymous blocks and footnotes: a line made only of them (and of
placeholder names and addresses, `rules.anonymity._placeholders`) names nobody."""
_LIGATURE_LOST = frozenset(re.sub("ffi|ffl|ff|fi|fl", "", word) for word in PLACEHOLDER_WORDS)
"""The same words as text extraction gives them when a ligature is lost ("A liation")."""
_ICML_FOOTNOTE_RE = re.compile(r"anonymous\s+institution", re.I)
_CORRESPONDENCE_RE = re.compile(r"correspondence\s+to:?\s*(?P<who>[^<.]{0,80})", re.I)


def names_nobody(line: Line, block: AuthorBlock) -> bool:
    """A line of the templates' anonymous text, placeholder names and addresses (or footnote
    marks) that names no one."""
    if line in block.placeholders or re.sub(r"[^a-z]", "", line.text.lower()) in _LIGATURE_LOST:
        return True
    text = line.text
    for match in reversed(placeholder_names(text)):
        text = text[:match.start()] + " " + text[match.end():]
    words = [w.lower().strip(",.;:*∗†‡<>()0123456789") for w in text.split()]
    return all(not any(c.isalpha() for c in w) or w in PLACEHOLDER_WORDS or ("@" in w and is_placeholder_email(w))
               for w in words)


@rule(id="AX301", name="anonymous-author-block", group="anonymity")
def anonymous_author_block(doc: Document, options: object, context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission shows the template's anonymous author block and nothing else there.

    What it checks: between the title and the abstract, the template prints
    `Anonymous Author(s)` / `Affiliation` / `Address` / `email` (NeurIPS) or
    `Anonymous Authors` with the footnote `Anonymous Institution, ... Correspondence to:
    Anonymous Author <anon.email@domain.com>` (ICML). The block must be there and no line in
    it may name a person, an affiliation or an e-mail address. Real names in its place are
    errors; an empty block, and a line of an anonymous block that may or may not name
    someone, are warnings.

    Why: names, affiliations or e-mails in the author block break double-blind review, the
    most common reason for a formatting desk reject.

    How to fix: build the submission in the template's anonymous review mode (NeurIPS:
    `\\usepackage[dblblindworkshop]{neurips_2026}`, without `final`, `preprint` or
    `nonanonymous`; ICML: no `accepted` option). Keep your `\\author{}` block and
    `\\icmlaffiliation` lines: the template hides them. Do not type names under
    `Anonymous Author(s)` by hand.
    """
    block = doc.author_block
    if not block.anonymous:  # the premise: names are printed where the anonymous block belongs
        yield _missing_block(block)
        return
    if not block.lines:
        yield _empty_block(doc)
    for line in block.lines:
        if not names_nobody(line, block):  # the block reads as anonymous: that this line names someone is unsure
            yield Violation(
                message=f"The anonymous author block also shows '{line.text}'; check that it names nobody.",
                hint="Remove names, affiliations and addresses from the author block; the template prints "
                     "only its anonymous placeholder.",
                page=1, bbox=line.bbox, evidence=line.text, severity=Severity.WARNING)
    if doc.template.name.family == "icml":
        yield from _icml_footnote(doc)


EMPTY_BLOCK_EVIDENCE = "no line between the title and the abstract"
AUTHOR_BLOCK_HEIGHT = 36.0
"""Points under the title where a missing author block is pointed at."""
MAX_SHOWN_LINES = 4
"""Lines of a named author block quoted in the finding."""


def _empty_block(doc: Document) -> Violation:
    """No line between the title and the abstract: nobody is named, but the template's anonymous
    block is not there either (a blanked camera-ready, or a block removed by hand)."""
    return Violation(
        message="The author block is empty: nobody is named, but the template's anonymous block "
                "('Anonymous Author(s)') is missing between the title and the abstract.",
        hint="Build the submission in the template's review mode, which prints 'Anonymous Author(s)'; "
             "do not blank the author block by hand.",
        page=1, bbox=_under_title(doc), evidence=EMPTY_BLOCK_EVIDENCE, severity=Severity.WARNING)


def _under_title(doc: Document) -> BBox | None:
    """Where the author block belongs: the space under the title."""
    title = doc.author_block.title
    if not title:
        return None
    bottom = max(line.bbox.y1 for line in title)
    return BBox(min(line.bbox.x0 for line in title), bottom, max(line.bbox.x1 for line in title),
                bottom + AUTHOR_BLOCK_HEIGHT)


def _missing_block(block: AuthorBlock) -> Violation:
    lines = block.lines
    shown = "; ".join(line.text for line in lines[:MAX_SHOWN_LINES])
    what = "the template's example authors" if _only_example_authors(lines) else ""
    return Violation(
        message=f"The anonymous author block is missing: page 1 shows {what}{' ' if what else ''}"
                f"'{shown[:SHORT_QUOTE]}' between the title and the abstract.",
        hint="Build the submission in the template's anonymous review mode so that it prints "
             "'Anonymous Author(s)' instead of the authors.",
        page=1, bbox=lines_box(lines), evidence=shown[:MAX_QUOTE])


def _only_example_authors(lines: tuple[Line, ...]) -> bool:
    """The block names the templates' example authors ("Firstname1 Lastname1", "David S.
    Hippocampus") and no other person."""
    text = "\n".join(line.text for line in lines)
    examples = placeholder_names(text)
    for match in reversed(examples):
        text = text[:match.start()] + " " + text[match.end():]
    return bool(examples) and not person_names(text)


def _icml_footnote(doc: Document) -> Iterator[Violation]:
    footnote = doc.author_block.footnotes
    text = " ".join(line.text for line in footnote)
    if not _ICML_FOOTNOTE_RE.search(text):  # a template finding: the block itself is anonymous
        yield Violation(
            message="The author block is anonymous, but ICML's anonymous footnote ('Anonymous Institution, ... "
                    "Correspondence to: Anonymous Author') is missing from page 1"
                    + (f"; it shows '{text[:SHORT_QUOTE]}'." if text else "."),
            hint="Keep the template's `\\printAffiliationsAndNotice{}` after the abstract; in review mode "
                 "it prints the anonymous footnote.",
            page=1, bbox=lines_box(footnote) or foot_of_page_one(doc),
            evidence=text[:MAX_QUOTE] or "no footnote at the foot of page 1",
            severity=Severity.WARNING)
        return
    for match in _CORRESPONDENCE_RE.finditer(text):
        who = match.group("who").strip()
        if who and not who.lower().startswith("anonymous"):
            yield Violation(
                message=f"ICML's anonymous footnote names '{who}' as the corresponding author.",
                hint="Leave `\\icmlcorrespondingauthor` to the template: in review mode it prints "
                     "'Anonymous Author'.",
                page=1, bbox=lines_box(footnote), evidence=match.group(0))


@dataclass(frozen=True)
class CameraReadyAnonymousOptions:
    placeholders: tuple[str, ...] = option((), regex=True)
    """Regular expressions for a template's own placeholder authors, affiliations and e-mails,
    besides the ones every template prints (`rules.anonymity._placeholders`: `Firstname1
    Lastname1`, `David S. Hippocampus`, `Anonymous Institution`, ...)."""
    placeholder_emails: tuple[str, ...] = TEMPLATE_EMAILS
    """Addresses the templates print in place of a real one, and addresses that stand for
    nobody (shell-style patterns, case-insensitive): `anon.email@domain.com`,
    `anonymous@email.com`, `first1.last1@xxx.edu`, ... (an address at a reserved example
    domain is not a template's)."""


@rule(id="AX310", name="camera-ready-anonymous", group="anonymity", options=CameraReadyAnonymousOptions)
def camera_ready_anonymous(doc: Document, options: CameraReadyAnonymousOptions,
                           context: CheckContext) -> Iterator[Violation]:
    """A camera-ready names its authors and carries no anonymous placeholders.

    What it checks: the author block must not be the template's anonymous block and must
    hold at least one line that names someone; neither the author block nor the footnotes of
    page 1 may show a placeholder: an address that stands for nobody (`anon.email@domain.com`,
    `anonymous@email.com`, `first1.last1@xxx.edu`), `Anonymous Institution`, or the templates'
    example authors (`David S. Hippocampus`, `Firstname1 Lastname1`, `First Author`); each
    placeholder is reported once, at its first line.

    Why: the proceedings and the workshop website print what the PDF shows; an anonymous
    camera-ready loses its authors their credit, and the workshop asks for the same author
    list as on OpenReview.

    How to fix: pass the template's `final` option (AXIOM:
    `\\usepackage[dblblindworkshop,final]{neurips_2026}`; ICML: `accepted`) and fill
    `\\author{}` (ICML: `\\icmlauthor`, `\\icmlaffiliation`, `\\icmlcorrespondingauthor`) with
    the authors, affiliations and e-mails as listed on OpenReview.
    """
    block = doc.author_block
    if block.template_anonymous:
        yield Violation(
            message="The camera-ready still shows the anonymous author block.",
            hint="Pass `final` to the style (ICML: `accepted`) and restore the author names.",
            page=1, bbox=lines_box(block.lines) or _under_title(doc), evidence=block.text[:MAX_QUOTE])
        return
    placeholders = list(_placeholders(doc, options))
    if all(names_nobody(line, block) for line in block.lines) \
            and not any(line in block.lines for line, _ in placeholders):  # else the placeholders say it
        yield Violation(
            message="No author names were found between the title and the abstract.",
            hint="Fill `\\author{}` with the authors and affiliations as listed on OpenReview.",
            page=1, bbox=lines_box(block.lines) or _under_title(doc),
            evidence=block.text[:MAX_QUOTE] or EMPTY_BLOCK_EVIDENCE)
    for line, placeholder in placeholders:
        yield Violation(
            message=f"Page 1 still shows the template placeholder '{placeholder}'.",
            hint="Replace the placeholder with the real author, affiliation or e-mail address.",
            page=1, bbox=line.bbox, evidence=line.text)


def _placeholders(doc: Document, options: CameraReadyAnonymousOptions) -> Iterator[tuple[Line, str]]:
    """(line, placeholder) for the first placeholder not shown yet on each line of the author
    block and the footnotes of page 1: each placeholder once, one per line."""
    block = doc.author_block
    patterns = [re.compile(p, re.I) for p in options.placeholders]
    shown: set[str] = set()
    for line in (*block.lines, *block.footnotes):
        found = [m for p in patterns for m in p.finditer(line.text)] + placeholder_names(line.text)
        found += [m for m in EMAIL_RE.finditer(line.text)
                  if is_placeholder_email(m.group(0), options.placeholder_emails)]
        first = min((m for m in found if m.group(0).lower() not in shown), key=lambda m: m.start(), default=None)
        if first is not None:
            shown.add(first.group(0).lower())
            yield line, first.group(0)


RULES = (anonymous_author_block, camera_ready_anonymous)
