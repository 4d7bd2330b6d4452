"""Reading a paper checklist: its lines, its numbered items and what each item answers.

The NeurIPS Paper Checklist prints one numbered item per question: the question's title in
bold ("5. Open access to data and code"), then `Question:`, `Answer:` (a bracketed answer such
as `[Yes]`) and `Justification:` lines, and the template's guidelines. A title that does not
fit on its line wraps onto the next, so a title is recognised by its first words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import FURNITURE, Heading, Line

if TYPE_CHECKING:
    from ..model import Document

_ITEM_RE = re.compile(r"^(\d{1,2})[.)]\s+(\S.*)$")
_ANSWER_RE = re.compile(r"\bAnswer\s*:\s*(.*)$")
_JUSTIFICATION_RE = re.compile(r"\bJustification\s*:\s*(.*)$")
_GUIDELINES_RE = re.compile(r"^Guidelines\s*:")
_BRACKETED_RE = re.compile(r"^\[[^\]]{0,12}\]")
MIN_WRAPPED_TITLE = 12
"""A line holding at least this many letters of a title's start is that title wrapped onto the
next line ("15. Institutional review board (IRB) approvals or equivalent for research with human")."""


def key(text: str) -> str:
    """Lower-case letters only: how titles, questions and answers are compared. Digits go too:
    no title has one, and a review-mode line number glued to a hyphenated word ("sub-168")
    must not hide the title it ends."""
    return "".join(c for c in text.lower() if c.isalpha())


def checklist_lines(doc: Document, heading: Heading, running_heads: bool = False) -> list[Line]:
    """The lines after the checklist heading, up to the next section of another kind; with
    `running_heads`, also the lines the page furniture detector set aside (an "Answer: [Yes]"
    that opens two pages looks like a running head to it)."""
    later = [h for h in doc.sections.headings
             if h.kind not in ("checklist", "body") and (h.page, h.bbox.y0) > (heading.page, heading.bbox.y0)]
    stop = min(((h.page, h.bbox.y0) for h in later), default=(doc.page_count + 1, 0.0))
    lines: list[Line] = []
    for page in range(heading.page, min(stop[0], doc.page_count) + 1):
        for line in doc.text.page(page).lines:
            position = (page, line.bbox.y0)
            furniture = line.role in FURNITURE and not running_heads
            if (heading.page, heading.bbox.y1) <= position < stop and not furniture:
                lines.append(line)
    return lines


@dataclass(frozen=True)
class ChecklistItem:
    """One numbered item of a checklist that carries one of the expected titles."""

    index: int
    """The position of its title in the expected list (0-based)."""
    number: int
    """The number printed before the title."""
    lines: tuple[Line, ...]
    """The title line and every line up to the next item."""

    @property
    def title_line(self) -> Line:
        return self.lines[0]

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)

    def answer(self) -> tuple[str | None, Line | None]:
        """The answer as printed (`[Yes]`, or the words after `Answer:`) and its line; (None,
        None) when the item has no `Answer:` label."""
        for line in self.lines:
            match = _ANSWER_RE.search(line.text)
            if match:
                rest = match.group(1).strip()
                bracketed = _BRACKETED_RE.match(rest)
                return (bracketed.group(0) if bracketed else rest.split(" ", 1)[0] if rest else ""), line
        return None, None

    def justification(self) -> tuple[str | None, Line | None]:
        """The justification's text and the line that starts it; (None, None) without a
        `Justification:` label, in which case words after the answer on its line count."""
        for position, line in enumerate(self.lines):
            match = _JUSTIFICATION_RE.search(line.text)
            if match is None:
                continue
            parts = [match.group(1).strip()]
            for following in self.lines[position + 1:]:
                if _GUIDELINES_RE.match(following.text) or _ANSWER_RE.search(following.text):
                    break
                parts.append(following.text.strip())
            return " ".join(p for p in parts if p), line
        answer, answer_line = self.answer()
        if answer_line is not None and answer:
            after = _ANSWER_RE.search(answer_line.text)
            rest = after.group(1).strip()[len(answer):].strip(" .") if after else ""
            if rest:
                return rest, answer_line
        return None, None


def find_items(lines: list[Line], titles: tuple[str, ...]) -> list[ChecklistItem]:
    """The items of `lines` whose numbered title line starts one of `titles`, in order; an
    item runs to the next recognised item."""
    keys = [key(title) for title in titles]
    starts: list[tuple[int, int, int]] = []  # (line position, title index, printed number)
    for position, line in enumerate(lines):
        match = _ITEM_RE.match(line.text)
        if match is None:
            continue
        index = title_index(match.group(2), keys)
        if index is not None:
            starts.append((position, index, int(match.group(1))))
    items = []
    for number, (position, index, printed) in enumerate(starts):
        end = starts[number + 1][0] if number + 1 < len(starts) else len(lines)
        items.append(ChecklistItem(index=index, number=printed, lines=tuple(lines[position:end])))
    return items


def title_index(text: str, keys: list[str]) -> int | None:
    """Which expected title `text` (a numbered line without its number) shows: the whole title
    (perhaps followed by more words), or a title's start that wrapped onto the next line."""
    line_key = key(text)
    if not line_key:
        return None
    for index, title_key in enumerate(keys):
        if line_key.startswith(title_key):
            return index
    for index, title_key in enumerate(keys):
        if len(line_key) >= MIN_WRAPPED_TITLE and title_key.startswith(line_key):
            return index
    return None
