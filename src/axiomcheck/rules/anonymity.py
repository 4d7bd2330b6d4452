"""Anonymity rules: the author block of a double-blind submission and of a camera-ready."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..model import BBox
from .base import CheckContext, Violation, rule

if TYPE_CHECKING:
    from ..parsing import Document

EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
PLACEHOLDER_WORDS = {"anonymous", "author", "authors", "author(s)", "affiliation", "address", "email",
                     "e-mail", "institution", "city", "region", "country", "correspondence", "to:",
                     "anonymous@", "anon.email@domain.com", "<anon.email@domain.com>."}
PLACEHOLDER_EMAILS = ("anon.email@domain.com",)


def _block_box(doc: "Document") -> BBox | None:
    lines = doc.author_block.lines
    if not lines:
        return None
    box = lines[0].bbox
    for line in lines[1:]:
        box = box.union(line.bbox)
    return box


@rule(id="AX301", name="anonymous-author-block", group="anonymity")
def anonymous_author_block(doc: "Document", options: object, context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission shows the template's anonymous author block and nothing else there.

    What it checks: between the title and the abstract, the template prints
    `Anonymous Author(s)` / `Affiliation` / `Address` / `email` (NeurIPS) or
    `Anonymous Authors` (ICML). It must be there, and no e-mail address may stand in it.

    Why: names, affiliations or e-mails in the author block break double-blind review, the
    most common reason for a formatting desk reject.

    How to fix: build the submission in the template's anonymous review mode (NeurIPS: no
    `final`, `preprint` or `nonanonymous` option; ICML: no `accepted` option). Keep your
    `\\author{}` block: the template hides it.
    """
    block = doc.author_block
    box = _block_box(doc)
    if not block.anonymous:
        shown = "; ".join(line.text for line in block.lines[:4]) or "(nothing)"
        yield Violation(
            message="The anonymous author block is missing: page 1 shows "
                    f"'{shown[:160]}' between the title and the abstract.",
            hint="Build the submission in the template's anonymous review mode so that it prints "
                 "'Anonymous Author(s)' instead of the authors.",
            page=1, bbox=box, evidence=shown[:300])
        return
    for line in block.lines:
        for match in EMAIL_RE.finditer(line.text):
            if match.group(0).lower() not in PLACEHOLDER_EMAILS:
                yield Violation(
                    message=f"The author block shows the e-mail address '{match.group(0)}'.",
                    hint="Remove real e-mail addresses; the template prints a placeholder.",
                    page=1, bbox=line.bbox, evidence=line.text)


@rule(id="AX310", name="camera-ready-anonymous", group="anonymity")
def camera_ready_anonymous(doc: "Document", options: object, context: CheckContext) -> Iterator[Violation]:
    """A camera-ready names its authors and carries no anonymous placeholders.

    What it checks: the author block must not be the template's anonymous block, must hold
    at least one line that is not a placeholder, and must not show `anon.email@domain.com`.

    Why: the proceedings and the workshop website print what the PDF shows; an anonymous
    camera-ready loses its authors their credit.

    How to fix: pass the template's `final` option (ICML: `accepted`) and fill `\\author{}` with
    the same author list as on OpenReview.
    """
    block = doc.author_block
    box = _block_box(doc)
    if block.anonymous:
        yield Violation(
            message="The camera-ready still shows the anonymous author block.",
            hint="Pass `final` to the style (ICML: `accepted`) and restore the author names.",
            page=1, bbox=box, evidence=block.text[:300])
        return
    real_lines = [line for line in block.lines
                  if any(w.text.lower().strip(",.;:*") not in PLACEHOLDER_WORDS and any(c.isalpha() for c in w.text)
                         for w in line.words)]
    if not real_lines:
        yield Violation(
            message="No author names were found between the title and the abstract.",
            hint="Fill `\\author{}` with the authors and affiliations as listed on OpenReview.",
            page=1, bbox=box)
    for line in block.lines:
        if any(p in line.text.lower() for p in PLACEHOLDER_EMAILS):
            yield Violation(
                message="The author block still shows the placeholder e-mail 'anon.email@domain.com'.",
                hint="Replace the placeholder with the corresponding author's address.",
                page=1, bbox=line.bbox, evidence=line.text)


RULES = (anonymous_author_block, camera_ready_anonymous)
