"""Float rules: main-body figures and tables that LaTeX placed among the references."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..model import Severity
from .base import CheckContext, NoOptions, Violation, rule

if TYPE_CHECKING:
    from ..model import Document


@rule(id="AX106", name="float-after-references", group="pages", severity=Severity.WARNING,
      confidence="heuristic")
def float_after_references(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """No figure or table of the main text sits on a page that should hold references only.

    What it checks: figure and table captions ("Figure 3:", "Table 2.") on the pages after the
    one where the references start and before the appendix or checklist. A float is the main
    text's when it is numbered in the body's sequence ("Figure 3", not "Figure A.1" or
    "Table S2") and the main body cites it. Such a float counts toward the main body: the
    page it sits on is counted by the page limit (`page-limit`), as the venues count figures
    and tables of the main text.

    Why: LaTeX moves a float that does not fit where it is cited to a later page; when that
    page lies past the start of the references, the paper carries more main-text material
    than its page count shows. Reviewers and chairs count it (SIGSOFT's format checker
    flags figures and tables on reference pages for the same reason). It is a warning
    because captions are found by their form and a float's role is inferred from citations.

    How to fix: make room for the float in the main text (shorten the text, shrink the
    figure, or place it with `[t]`/`[h]` where it is cited), or, if it is supplementary,
    move it to the appendix and number it there (`Figure A.1`).
    """
    body = doc.main_body(context.main_body_excludes)
    references = doc.sections.references
    for item in body.floats:
        name = f"{item.kind.capitalize()} {item.number}"
        where = f" (the references start on page {references.page})" if references else ""
        yield Violation(
            message=(f"{name} of the main text, cited from the body, is on page {item.page} among the "
                     f"references{where}; it counts toward the main body, which runs to page {body.pages}."),
            hint=f"Place {name} in the main text before the references, or move it to the appendix.",
            page=item.page, bbox=item.bbox, evidence=item.caption,
        )


RULES = (float_after_references,)
