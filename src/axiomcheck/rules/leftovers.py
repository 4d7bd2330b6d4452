"""Leftovers: what a draft leaves on the page and venues and arXiv now reject for.

Undefined references and citations ("Figure ??", "[?]"), notes to co-authors and placeholder
numbers ("TODO: add ablation results here", "XX.X"), and a chat assistant's words to its user
("Certainly! Here is a revised version ..."). Each finding quotes the printed text with its
page and box (`_leftover`); code listings, the reference list and the checklist are not read.
Warnings by default: a pack may raise them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..model import Line, Passage, Role, Severity
from ._leftover import SKIPPED_REGIONS, Spot, around, page_finding, read_lines
from ._text import sentence_around
from .base import CheckContext, NoOptions, Violation, rule

if TYPE_CHECKING:
    from ..model import Document

_UNDEFINED_REF_RE = re.compile(r"^[(\[]?\?\?+[)\]]?[.,;:)]*$")
"""LaTeX's mark for a reference to a label it does not know: "??" (also "(??)", "??.")."""
_UNDEFINED_CITE_RE = re.compile(r"^[(\[]\?(?:[,;\])][.,;:]*)?$|^\?[\])][.,;:]*$")
"""An undefined citation: "[?]", "[?, ?]" (numeric styles), "(?)" and "? (?)" (author-year)."""
_BOLD_MARK_RE = re.compile(r"^\?[.,;:)]*$")
"""natbib's undefined `\\citet`: a bold "?" standing for the authors' names."""


def _undefined(line: Line) -> Iterator[Spot]:
    if "?" not in line.text:
        return
    for index, word in enumerate(line.words):
        if not word.monospace and (_UNDEFINED_REF_RE.match(word.text) or _UNDEFINED_CITE_RE.match(word.text)
                                   or word.bold and _BOLD_MARK_RE.match(word.text)):
            yield Spot((word,), around(line, index, 2, 1))


@rule(id="AX601", name="unresolved-reference", group="leftovers", severity=Severity.WARNING,
      confidence="heuristic")
def unresolved_reference(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """Every cross-reference and citation resolves: no "??" and no "[?]".

    What it checks: the marks LaTeX prints for a label or a citation key it does not know:
    "??" where a number belongs ("Figure ??", "Section ??", "(??)"), "[?]" and "[?, ?]" in
    numeric citation styles, "(?)" and "? (?)" in author-year ones, and the bold "?" that
    stands for an undefined citation's authors ("Flow Matching (FM) ? defines"). One finding
    per page, quoting each place with the words before it and boxing it; text in a monospaced
    font (code) is not read.

    Why: reviewers notice "Figure ??" first and read it as a paper sent unfinished; ICLR area
    chairs desk-reject for such placeholders.

    How to fix: run LaTeX and BibTeX again until the log has no "undefined" warning; correct
    the label or citation key it names (a typo, a missing `\\label`, an entry missing from the
    .bib file).
    """
    for page in range(1, doc.page_count + 1):
        spots = [spot for line in read_lines(doc, page) for spot in _undefined(line)]
        if spots:
            yield page_finding(page, spots, ("undefined reference or citation", "undefined references or citations"),
                               "Run LaTeX and BibTeX until no reference or citation is undefined, and correct "
                               "the labels and keys the log names.")


_NOTES = frozenset({"TODO", "FIXME", "TO-DO", "TBD"})
_NOTE_END = ":"
_WITHHELD_AFTER = frozenset({"grant", "grants", "of", "at", "by", "from", "where", "called", "named", "number", "no",
                             "anonymous", "anonymized", "anonymised", "redacted"})
_WITHHELD_BEFORE = frozenset({"university", "institute", "lab", "laboratory", "company", "inc", "corp", "hospital",
                              "foundation", "college", "department", "school", "center", "centre", "grant", "is",
                              "where", "denotes", "stands", "represents", "means"})
"""Words before or after an "XXX" that stands for a withheld name ("grant XXX", "XXX University")
or names a placeholder the text explains ("where XXXX is a non-existent package")."""
_PLACEHOLDER_NUMBER_RE = re.compile(
    r"^[(\[±]*(?:(?:\d+|X{1,3}|x{2,3})[.,](?:X{1,3}|x{2,3})|(?:X{1,3}|x{2,3})[.,]\d+|X{2,3}%|\?\?[.,]\?+)%?[)\],;:]*$")
"""A number not yet filled in: "XX.X", "0.XX", "X.XX%", "xx.xx", "XX%" ("4.x", a version, is none)."""
_TABLE_PLACEHOLDER_RE = re.compile(r"^X{2,}$")
"""A table cell of X's ("XX", "XXX"): a number not yet filled in."""
_STRIP = "()[]{}.,;:!?\"'“”‘’*"
_INITIALS_NOTE_RE = re.compile(r"[\[(][A-Z]{2,4}:")
"""A note signed with its writer's initials: "[YRM: add ...]" (then an instruction, `_NOTE_VERBS`)."""
_NOTE_VERBS = frozenset({"add", "fix", "check", "cite", "update", "rewrite", "revise", "expand", "cut", "shorten",
                         "remove", "delete", "move", "insert", "clarify", "verify", "confirm", "fill", "write",
                         "rephrase", "explain", "mention", "need", "needs", "todo", "double-check", "rerun", "redo"})
_MAY_HOLD_PLACEHOLDER_RE = re.compile(r"XX|xx|X[.,]|[.,]X|\?\?|TODO|FIXME|TO-DO|TBD|[\[(][A-Z]{2,4}:")
"""A line without any of these holds no note or placeholder (a cheap test before its words)."""


def _is_note(line: Line, index: int) -> bool:
    word = line.words[index].text
    bare = word.strip(_STRIP)
    if bare not in _NOTES:
        return False
    previous = line.words[index - 1].text if index else ""
    return (word.endswith(_NOTE_END) or word[:1] in "([" or index == 0 or previous.endswith((".", ":", "!", "?"))
            or len(line.words) == 1)


def _is_initials_note(line: Line, index: int) -> bool:
    """"[YRM: add sentence number 1 here]": initials in brackets, a colon, an instruction."""
    if index + 1 >= len(line.words) or not _INITIALS_NOTE_RE.fullmatch(line.words[index].text):
        return False
    return line.words[index + 1].text.strip(_STRIP).lower() in _NOTE_VERBS


def _is_placeholder_x(line: Line, index: int) -> bool:
    bare = line.words[index].text.strip(_STRIP)
    if not re.fullmatch(r"X{3,}", bare) or line.region in ("acknowledgments", "funding", "authors", "title"):
        return False
    before = line.words[index - 1].text.strip(_STRIP).lower() if index else ""
    after = line.words[index + 1].text.strip(_STRIP).lower() if index + 1 < len(line.words) else ""
    return before not in _WITHHELD_AFTER and after not in _WITHHELD_BEFORE


def _row(lines: list[Line], line: Line) -> str:
    """The text of the table row `line` is a cell of (the cells sharing its baseline)."""
    cells = [other for other in lines if abs(other.baseline - line.baseline) < 1.0]
    return " | ".join(cell.text for cell in sorted(cells, key=lambda cell: cell.bbox.x0))


def _placeholders(lines: list[Line], line: Line) -> Iterator[Spot]:
    if not _MAY_HOLD_PLACEHOLDER_RE.search(line.text):
        return
    for index, word in enumerate(line.words):
        if word.monospace:
            continue
        in_table = line.role == Role.TABLE_CELL
        if in_table and _TABLE_PLACEHOLDER_RE.match(word.text.strip(_STRIP)) or _PLACEHOLDER_NUMBER_RE.match(word.text):
            yield Spot((word,), _row(lines, line) if in_table else around(line, index, 2, 1))
        elif _is_note(line, index) or _is_initials_note(line, index) or _is_placeholder_x(line, index):
            yield Spot((word,), _row(lines, line) if in_table else around(line, index, 1, 6))


@rule(id="AX602", name="placeholder-text", group="leftovers", severity=Severity.WARNING, confidence="heuristic")
def placeholder_text(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """No notes to co-authors or numbers still to be filled in are printed.

    What it checks: notes written for the authors, not the readers: "TODO" and "FIXME" (and
    "TBD") as a note (followed by a colon, in brackets, or opening a line or a sentence:
    "TODO: add ablation results here", "[TODO]"), a note signed with initials that asks for
    something ("[YRM: add ...]"), "XXX" where text is still to come (not the
    "XXX University" or "grant XXX" of an anonymized submission, nor in the acknowledgments or
    the author block, nor one the text explains: "where XXXX is ..."); and placeholder numbers
    ("XX.X", "0.XX", "X.XX%", "XX" or "XXX" in a table cell; not a version such as "4.x").
    One finding per page, quoting each place with its context; the checklist (`checklist`
    reports its [TODO] answers), the reference list and code are not read.

    Why: ICLR area chairs desk-reject submissions with TODO/XXX placeholders and dummy numbers;
    reviewers read them as a paper not ready for review.

    How to fix: write the missing text or numbers, or delete the note (`\\todo{}` notes:
    load todonotes with the `disable` option).
    """
    for page in range(1, doc.page_count + 1):
        lines = list(read_lines(doc, page))
        if not _MAY_HOLD_PLACEHOLDER_RE.search("\n".join(line.text for line in lines)):
            continue
        spots = [spot for line in lines for spot in _placeholders(lines, line)]
        if spots:
            yield page_finding(page, spots, ("note or placeholder", "notes or placeholders"),
                               "Write the missing text or numbers, or delete the note before submitting.")


_CHATTER_RE = re.compile(
    r"\b(?:certainly|sure|of course|absolutely)[!,.]?\s+here(?:'s|’s|\s+is|\s+are)\b"
    r"|\bas an ai(?:\s+language)?\s+model\b|\bas a (?:large\s+)?language model,\s+i\b"
    r"|\bi hope this helps\b|\blet me know if you(?:'d|\s+would|\s+need|\s+want|\s+have)\b"
    r"|\bhere(?:'s|’s|\s+is)\s+(?:a|an|the|your)\s+(?:revised|rewritten|improved|polished|refined|condensed|shortened"
    r"|expanded|more concise|updated)\s+(?:version|draft|paragraph|section|text)\b"
    r"|\bas of my (?:last\s+)?(?:knowledge\s+)?(?:cutoff|update)\b"
    r"|\bi (?:cannot|can't|can’t) (?:fulfill|assist with|help with|comply with) (?:this|that|your) request\b"
    r"|\bregenerate response\b|\bi apologi[sz]e for (?:the|any) confusion\b", re.I)
"""What a chat assistant says to its user, not what a paper says to its reader."""
_EXAMPLE_LEAD_RE = re.compile(r"(?:e\.g\.,?|such as|like|for example,?|for instance,?|i\.e\.,?|reads?|says?|:)\s*$",
                              re.I)
_SHOWN_ROLES = frozenset({Role.TABLE_CELL, Role.FLOAT_TEXT, Role.CAPTION})
"""Where papers show a model's output as an example (tables, figures and their captions)."""


_SENTENCE_START_RE = re.compile(r"[.!?][\"'”’)\]]*\s+")
_LIST_MARKER_RE = re.compile(r"^(?:[•◦▪‣∙·*–—-]|\(?\d{1,2}[.)]|\(?[a-z][.)]|\(?[ivx]{1,4}[.)])$")
_OPENER_RE = re.compile(r"\b(?:certainly|sure|of course|absolutely)[!,.]$", re.I)
"""An assistant's opening word just before a sentence start: the sentence it opened was judged there."""


def _sentence_starts(passage: Passage) -> list[int]:
    """Where the passage's sentences start: its start, after the end of a sentence, a line after
    a heading, and a list item after its bullet. Chatter opens a sentence of its own, so only
    these places are tried."""
    starts = {0, *(found.end() for found in _SENTENCE_START_RE.finditer(passage.text))}
    for at, line in enumerate(passage.lines):
        if at and passage.lines[at - 1].role == Role.HEADING:
            starts.add(passage.starts[at])
        if len(line.words) > 1 and _LIST_MARKER_RE.match(line.words[0].text):
            starts.add(passage.starts[at] + len(line.words[0].text) + 1)
    return sorted(starts)


def _chatter(passage: Passage) -> Iterator[tuple[int, Spot]]:
    """(page, spot) of each sentence of the passage that a chat assistant opened, not as an example."""
    text = passage.text
    for start in _sentence_starts(passage):
        match = _CHATTER_RE.match(text, start)
        if match is None:
            continue
        before = text[max(0, start - 14): start].rstrip()
        line = passage.lines[passage.line_at(start)]
        if (_EXAMPLE_LEAD_RE.search(before) or _OPENER_RE.search(before) or line.role in _SHOWN_ROLES
                or all(word.monospace for word in line.words)):
            continue
        sentence = " ".join(sentence_around(text, match.start(), match.end()).split())
        sentence = sentence[max(0, sentence.find(match.group(0).split()[0])):]
        yield passage.box(match.start(), match.end())[0], Spot(line.words, sentence)


@rule(id="AX603", name="llm-chatter", group="leftovers", severity=Severity.WARNING, confidence="heuristic")
def llm_chatter(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """No words a chat assistant wrote to its user are left in the paper.

    What it checks: the paper's running text for what a language model says to the person
    who asked it, not to a reader: "Certainly! Here is", "Sure, here's", "Here is a revised
    version of the ...", "As an AI language model", "I hope this helps", "Let me know if you
    ...", "As of my last knowledge update", "I cannot fulfill this request", "Regenerate
    response", where it opens a sentence of the text. After a quotation mark, a speaker's name
    ("LLaDA Certainly! ..."), "e.g.", "such as" or a colon, in a table, a figure or a caption
    (where papers on language models show their outputs) or in code, it is an example, not a
    leftover. One finding per page, quoting each sentence.

    Why: arXiv (from May 2026) bans authors for a year for leftover prompts and an assistant's
    meta-comments; venues read them as text no author checked.

    How to fix: delete the assistant's words and check the passage they came with; if the paper
    discusses such outputs, quote them as examples.
    """
    by_page: dict[int, list[Spot]] = {}
    for passage in doc.text.passages:
        if passage.region not in SKIPPED_REGIONS:
            for page, spot in _chatter(passage):
                by_page.setdefault(page, []).append(spot)
    for page, spots in sorted(by_page.items()):
        yield page_finding(page, spots, ("sentence of a chat assistant", "sentences of a chat assistant"),
                           "Delete the assistant's words (and check the text they came with).")


RULES = (unresolved_reference, placeholder_text, llm_chatter)
