"""The NeurIPS Paper Checklist: required, optional or forbidden, and answered.

The checklist is the section headed "NeurIPS Paper Checklist" (found by the section parser);
its items are numbered lines ("3. Theory assumptions and proofs"), each followed by
`Question:`, `Answer:` and `Justification:`. The template prints an unanswered item as a bold
red `[TODO]`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..model import BBox, Line, Severity
from ._checklist import checklist_lines
from .base import CheckContext, Violation, rule

if TYPE_CHECKING:
    from ..model import Document

_ITEM_RE = re.compile(r"^(\d{1,2})\.\s+\S")
_TODO = "[TODO]"
MAX_ITEM_FINDINGS = 5
"""Up to this many unanswered items get a finding each; more are reported in one finding."""


@dataclass(frozen=True)
class ChecklistOptions:
    presence: Literal["required", "optional", "forbidden"] = "optional"
    """required: the checklist must be there and answered; optional: it may be left out, but
    unanswered items are warnings; forbidden: it must not be in the PDF."""


@rule(id="AX105", name="checklist", group="pages", options=ChecklistOptions)
def checklist(doc: Document, options: ChecklistOptions, context: CheckContext) -> Iterator[Violation]:
    """The NeurIPS Paper Checklist is present or absent as the venue says, and answered.

    What it checks: the section headed "NeurIPS Paper Checklist". With `presence: required` it
    must be there and no item may be left at the template's `[TODO]` answer (one error per
    item, with its number; one error listing the numbers when more than five are open); with
    `optional`, unanswered items are warnings; with `forbidden`, the checklist must not be in
    the PDF.

    Why: the NeurIPS main track desk-rejects papers without a completed checklist; workshops
    decide for themselves, and a half-filled checklist tells reviewers the paper was rushed.

    How to fix: answer every item with `\\answerYes{}`, `\\answerNo{}` or `\\answerNA{}` and a
    justification, or (where the venue forbids it, or it is optional and unfinished) delete
    the checklist section.
    """
    heading = doc.sections.checklist
    if heading is None:
        if options.presence == "required":
            yield Violation(
                message="The paper has no 'NeurIPS Paper Checklist' section; this venue requires it.",
                hint="Add the checklist from the template after the references and appendix, with every item answered.",
                page=doc.page_count or None, bbox=_end_of_text(doc))
        return
    if options.presence == "forbidden":
        yield Violation(
            message=f"The paper includes the NeurIPS Paper Checklist (page {heading.page}); "
                    "this venue does not allow it.",
            hint="Delete the checklist section.", page=heading.page, bbox=heading.bbox, evidence=heading.text)
        return
    severity = None if options.presence == "required" else Severity.WARNING
    hint = ("Answer every item with \\answerYes{}, \\answerNo{} or \\answerNA{} and a justification"
            + ("." if options.presence == "required" else ", or delete the optional checklist."))
    unanswered = _unanswered(checklist_lines(doc, heading))
    if len(unanswered) > MAX_ITEM_FINDINGS:
        numbers = [number for number, _, _ in unanswered]
        first_item, first_todo = unanswered[0][1], unanswered[0][2]
        yield Violation(
            message=f"{len(unanswered)} checklist items are unanswered (still [TODO]): items {_ranges(numbers)}.",
            hint=hint, page=first_todo.page, bbox=_item_box(first_item, first_todo),
            evidence=first_todo.text, severity=severity)
        return
    for number, item, todo in unanswered:
        title = item.text if item is not None else "before the first item"
        yield Violation(
            message=f"Checklist item {number or '?'} ('{title}') is unanswered: it still shows [TODO].",
            hint=hint, page=todo.page, bbox=_item_box(item, todo), evidence=todo.text, severity=severity)


def _end_of_text(doc: Document) -> BBox | None:
    """The last line of the paper: where the checklist would have to follow."""
    if not doc.page_count:
        return None
    lines = doc.text.text_lines(doc.page_count)
    return lines[-1].bbox if lines else None


def _unanswered(lines: list[Line]) -> list[tuple[int, Line | None, Line]]:
    """(item number, item line, first [TODO] line) for each item still showing [TODO]."""
    found: list[tuple[int, Line | None, Line]] = []
    item: Line | None = None
    for line in lines:
        if _ITEM_RE.match(line.text):
            item = line
        if _TODO not in line.text:
            continue
        match = _ITEM_RE.match(item.text) if item is not None else None
        number = int(match.group(1)) if match else 0
        if not found or found[-1][0] != number:
            found.append((number, item, line))
    return found


def _item_box(item: Line | None, todo: Line) -> BBox:
    return todo.bbox if item is None or item.page != todo.page else item.bbox.union(todo.bbox)


def _ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 5] -> "1-3, 5"."""
    spans: list[list[int]] = []
    for number in numbers:
        if spans and number == spans[-1][1] + 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


RULES = (checklist,)
