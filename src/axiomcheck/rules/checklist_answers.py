"""The NeurIPS Paper Checklist answered as that year's checklist asks: every question, an
accepted answer and a justification each, after the references, no question of another year.

The year's questions, accepted answers and the questions earlier lists asked are data of the
template file the pack names (`checklist:` in templates/neurips-2026.yaml), never code.
Whether the checklist must be there at all, and items still at `[TODO]`, are the `checklist`
rule's (AX105): this rule reads the items that were answered.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import BBox, Heading, Line, Region, RegionKind, Severity
from ._checklist import ChecklistItem, checklist_lines, find_items, key
from .base import CheckContext, Violation, from_template, rule

if TYPE_CHECKING:
    from ..model import Document

MIN_EARLIER_KEY = 20
"""Letters of an earlier year's question that must appear for it to count as asked (its start,
so that a question wrapped or cut short by the extraction is still found)."""
MAX_LISTED = 6
"""Questions named one by one in a message; more are counted."""
PROSE_ANSWER = re.compile(r"\?\s*(Yes|No|N/?A)\b")
"""A question answered in its own sentence ("... scope? Yes. The abstract reports ..."), without
the `Answer:` field the checklist prints."""
MIN_WORDING_KEY = 40
"""Letters of a question's wording that stand for the question when its title was left out."""


@dataclass(frozen=True)
class ChecklistAnswersOptions:
    questions: tuple[str, ...] = from_template("checklist.questions")
    """The year's questions in order, by the titles the checklist prints (from the template file)."""
    wordings: tuple[str, ...] = from_template("checklist.wordings", optional=True)
    """Each question as printed, in the same order: a question whose title was left out still
    counts when its wording is there."""
    answers: tuple[str, ...] = from_template("checklist.answers")
    """The answers the checklist accepts, as printed (`[Yes]`, `[No]`, `[N/A]`)."""
    unanswered: str = from_template("checklist.unanswered")
    """What an unanswered item prints (`[TODO]`): left to the `checklist` rule."""
    justification: bool = from_template("checklist.justification")
    """Every answer needs a justification after it."""
    earlier_questions: tuple[str, ...] = from_template("checklist.earlier_questions", optional=True)
    """Questions of earlier years' lists that this year's list no longer asks."""
    label: str = from_template("label", optional=True)
    """The template as people name it (NeurIPS 2026), for messages."""


@rule(id="AX107", name="checklist-answers", group="pages", options=ChecklistAnswersOptions)
def checklist_answers(doc: Document, options: ChecklistAnswersOptions, context: CheckContext) -> Iterator[Violation]:
    """The paper checklist asks every question of the year's list, each answered and justified.

    What it checks: in the section headed "NeurIPS Paper Checklist", the numbered items by
    their titles against the question list of the template the pack names (16 questions in
    2025 and 2026): that every question is there, that each answer is one the checklist
    accepts (`[Yes]`, `[No]`, `[N/A]`), that each answer is followed by a justification when
    the checklist asks for one (in 2026: every answer, "even for [N/A]"), that no question of
    an earlier year's list ("Did you describe the limitations of your work?") is left in, and
    that the checklist comes after the references. Questions answered in a sentence of their
    own ("... scope? Yes. The abstract ...") without the answer field are one warning that
    names them, not unanswered questions. An item still at `[TODO]` is reported by
    `checklist` (AX105), once; a paper without a checklist likewise.

    Why: the checklist is part of the submission; NeurIPS desk-rejects papers without it, and
    a checklist with questions missing, copied from another year or answered without the
    justification it asks for is not the one the reviewers are told to read.

    How to fix: copy the checklist of the current year's style files (checklist.tex) after the
    references, keep every question, answer each with `\\answerYes{}`, `\\answerNo{}` or
    `\\answerNA{}` and write its justification.
    """
    heading = doc.sections.checklist
    if heading is None or not options.questions:
        return
    lines = checklist_lines(doc, heading, running_heads=True)
    titles = options.questions
    items = find_items(lines, titles)
    where = _regions(heading, lines)
    label = f"the {options.label} checklist" if options.label else "this year's checklist"
    yield from _placement(doc, heading)
    yield from _missing(heading, items, titles, _worded(lines, options.wordings), label, where)
    accepted = {key(answer) for answer in options.answers}
    answered_in_prose = [item for item in items if item.answer()[0] is None and _prose_answer(item)]
    yield from _in_prose(answered_in_prose, options)
    for item in items:
        if options.unanswered and options.unanswered in item.text or item in answered_in_prose:
            continue  # still [TODO]: reported by `checklist`; prose answers: said once above
        yield from _answer(item, titles, accepted, options)
    yield from _earlier(lines, options.earlier_questions, label)


def _regions(heading: Heading, lines: list[Line]) -> tuple[Region, ...]:
    """The checklist's text on every page it covers, shaded in the evidence picture."""
    pages: dict[int, BBox] = {heading.page: heading.bbox}
    for line in lines:
        pages[line.page] = pages[line.page].union(line.bbox) if line.page in pages else line.bbox
    return tuple(Region(page, box, RegionKind.SHADE) for page, box in sorted(pages.items()))


def _span(heading: Heading, items: list[ChecklistItem]) -> str:
    last = items[-1].lines[-1].page if items else heading.page
    return f"page {heading.page}" if last == heading.page else f"pages {heading.page}-{last}"


def _placement(doc: Document, heading: Heading) -> Iterator[Violation]:
    references = doc.sections.references
    order = doc.sections.headings  # reading order
    if references is None or order.index(heading) > order.index(references):
        return
    yield Violation(
        message=f"The checklist (page {heading.page}) comes before the references (page {references.page}); "
                "the checklist must follow the references.",
        hint="Move the checklist after the references (and after the appendix, as the template places it).",
        page=heading.page, bbox=heading.bbox, evidence=heading.text,
        regions=(Region(references.page, references.bbox, RegionKind.LIMIT),))


def _worded(lines: list[Line], wordings: tuple[str, ...] | None) -> set[int]:
    """The questions whose wording the checklist prints (by position in the year's list)."""
    text = key(" ".join(line.text for line in lines))
    return {index for index, wording in enumerate(wordings or ()) if key(wording)[:MIN_WORDING_KEY] in text}


def _missing(heading: Heading, items: list[ChecklistItem], titles: tuple[str, ...], worded: set[int], label: str,
             where: tuple[Region, ...]) -> Iterator[Violation]:
    found = {item.index for item in items} | worded
    missing = [index for index in range(len(titles)) if index not in found]
    if not missing:
        return
    named = ", ".join(f"{index + 1} '{titles[index]}'" for index in missing[:MAX_LISTED])
    more = f" and {len(missing) - MAX_LISTED} more" if len(missing) > MAX_LISTED else ""
    yield Violation(
        message=f"The checklist ({_span(heading, items)}) asks "
                f"{len(found)} of the {len(titles)} questions of {label}; missing: {named}{more}.",
        hint="Keep every question of the current checklist (checklist.tex of this year's style files), "
             "each with its answer and justification.",
        page=heading.page, bbox=heading.bbox, evidence=f"questions found: {len(found)} of {len(titles)}",
        regions=where)


def _prose_answer(item: ChecklistItem) -> str | None:
    """The answer an item gives in a sentence of its own after its question ("Yes"), if any."""
    match = PROSE_ANSWER.search(" ".join(line.text for line in item.lines))
    return match.group(1) if match else None


def _in_prose(items: list[ChecklistItem], options: ChecklistAnswersOptions) -> Iterator[Violation]:
    """One warning for the questions answered in prose: they are answered, not in the checklist's form."""
    if not items:
        return
    first = items[0]
    numbers = ", ".join(str(item.index + 1) for item in items)
    yield Violation(
        message=f"Checklist questions {numbers} are answered in prose ('{_prose_answer(first)}.') without the "
                f"checklist's answer field; the checklist asks for Answer: {', '.join(options.answers)} "
                "and a justification.",
        hint="Answer each question with \\answerYes{}, \\answerNo{} or \\answerNA{} and move the prose "
             "into its justification.",
        page=first.title_line.page, bbox=first.title_line.bbox, evidence=first.title_line.text,
        severity=Severity.WARNING)


def _answer(item: ChecklistItem, titles: tuple[str, ...], accepted: set[str],
            options: ChecklistAnswersOptions) -> Iterator[Violation]:
    title = titles[item.index]
    answer, answer_line = item.answer()
    choices = ", ".join(options.answers)
    place = answer_line or item.title_line
    box = item.title_line.bbox.union(place.bbox) if place.page == item.title_line.page else place.bbox
    if answer is None or key(answer) not in accepted:
        found = "no answer" if answer is None else f"the answer '{answer}'" if answer else "an empty answer"
        yield Violation(
            message=f"Checklist question {item.index + 1} ('{title}') has {found}; the checklist accepts {choices}.",
            hint="Answer with \\answerYes{}, \\answerNo{} or \\answerNA{}.",
            page=place.page, bbox=box, evidence=place.text)
        return
    if not options.justification:
        return
    justification, line = item.justification()
    if not justification:
        yield Violation(
            message=f"Checklist question {item.index + 1} ('{title}') is answered {answer} without a justification; "
                    "the checklist asks for one after every answer.",
            hint="Write a short (1-2 sentence) justification after the answer, even for [N/A].",
            page=(line or answer_line or item.title_line).page, bbox=(line or answer_line or item.title_line).bbox,
            evidence=(line or answer_line or item.title_line).text)


def _earlier(lines: list[Line], earlier: tuple[str, ...], label: str) -> Iterator[Violation]:
    """One finding for the questions of earlier years' lists that the checklist still asks."""
    found: list[tuple[str, Line]] = []
    keys = [key(line.text) for line in lines]
    joined = [first + second for first, second in zip(keys, [*keys[1:], ""], strict=True)]  # a question may wrap
    for question in earlier:
        question_key = key(question)[:max(MIN_EARLIER_KEY, len(key(question)) // 2)]
        position = next((n for n, text in enumerate(joined) if question_key and question_key in text), None)
        if position is not None:
            found.append((question, lines[position]))
    if not found:
        return
    first = found[0][1]
    listed = "; ".join(f"'{q}'" for q, _ in found[:MAX_LISTED])
    more = f" and {len(found) - MAX_LISTED} more" if len(found) > MAX_LISTED else ""
    yield Violation(
        message=f"The checklist still asks {len(found)} question(s) of an earlier year's list, which {label} "
                f"no longer asks: {listed}{more}.",
        hint="Replace the checklist with the one in this year's style files.",
        page=first.page, bbox=first.bbox, evidence=first.text,
        regions=tuple(Region(line.page, line.bbox, RegionKind.SHADE) for _, line in found[1:]))


RULES = (checklist_answers,)
