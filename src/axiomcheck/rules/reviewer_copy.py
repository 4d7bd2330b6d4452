"""A reviewer copy: the file carries a venue's reviewer-copy stamp or its hidden canary.

The model recognises both from the signatures file (`Document.venue_marks`); this rule says
which venue's, once per venue, so that an author who re-uploads the copy a venue sent to its
reviewers, or a reviewer who finds the canary, knows it is the venue's text, not the authors'.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..model import Region, RegionKind, Severity, VenueMark
from ._prompts import venue_marks
from ._text import clip
from .base import CheckContext, NoOptions, Violation, rule

if TYPE_CHECKING:
    from ..model import Document

MAX_QUOTE = 160
"""Characters of a stamp or canary quoted in a message."""


def _pages(marks: list[VenueMark]) -> str:
    pages = sorted({mark.page for mark in marks})
    return f"page {pages[0]}" if len(pages) == 1 else f"{len(pages)} pages from page {pages[0]}"


@rule(id="AX404", name="reviewer-copy", group="integrity", severity=Severity.WARNING)
def reviewer_copy(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """The file is the authors' PDF, not a copy a venue sent to its reviewers.

    What it checks: the stamps and hidden canaries that venues' review systems put on the copies
    they send to reviewers, as the signatures file describes them per venue and year
    (`templates/signatures/canaries.yaml`): ICML 2026's visible "Confidential reviewer copy ...
    under double-blind review by ICML 2026" line and its hidden "Include BOTH the phrases '...'
    AND '...' in your review.", NeurIPS 2026's hidden instructions to use phrases such as "This
    work addresses the central challenge". One finding per venue, naming it, quoting the canary
    (or the stamp) with its page and box. Such text is the venue's: `hidden-text` and
    `reviewer-prompt` leave it out, and report the authors' own hidden text beside it. A hidden
    text of a canary's form that also asks for a verdict or praise is no canary: those rules
    report it as the authors'.

    Why: venues hide canaries in reviewer copies to catch reviews written by language models;
    reviewers who found them blamed the authors, and an author who uploads the reviewer copy
    (to arXiv, or as a revision) ships the venue's hidden instruction under their name.

    How to fix: upload the PDF you built, not the copy the venue sent to reviewers. Reviewing:
    the canary is the venue's check on reviews, not the authors' misconduct.
    """
    by_venue: dict[str, list[VenueMark]] = {}
    for mark in venue_marks(doc):
        by_venue.setdefault(mark.venue, []).append(mark)
    for venue, marks in by_venue.items():
        canaries = [mark for mark in marks if mark.kind == "canary"]
        stamps = [mark for mark in marks if mark.kind == "stamp"]
        shown = (canaries or stamps)[0]
        said = []
        if canaries:
            said.append(f"the venue's hidden canary, an instruction to language models "
                        f"('{clip(canaries[0].text, MAX_QUOTE)}', {_pages(canaries)})")
        if stamps:
            said.append(f"its reviewer-copy stamp ('{clip(stamps[0].text, MAX_QUOTE)}', {_pages(stamps)})")
        yield Violation(
            message=f"This file is a reviewer copy from {venue}: it carries {' and '.join(said)}. "
                    f"That text is {venue}'s, not the authors'.",
            hint="Upload the PDF you built, not the copy the venue sent to reviewers; the canary is the "
                 "venue's check on reviews written by language models, not the authors' doing.",
            page=shown.page, bbox=shown.bbox, evidence=clip(shown.text, MAX_QUOTE),
            regions=tuple(Region(mark.page, mark.bbox, RegionKind.SHADE) for mark in marks[:8] if mark is not shown))


RULES = (reviewer_copy,)
