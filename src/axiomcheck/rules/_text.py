"""Searching the paper's text: regular expressions over its passages (consecutive lines of one
region, so that a match may cross a line break), the sentence around a match, and the
regions rules search. The passages and the region of every line come from the model
(`TextLayer.passages`): analysis worked them out once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import REGIONS, BBox, Passage

if TYPE_CHECKING:
    from ..model import Document

REFERENCES = "references"
AUTHOR_AREA = ("title", "authors")
"""The title and author area: the title, the author block and the authors' footnotes on page 1."""
ACKNOWLEDGMENT_REGIONS = ("acknowledgments", "funding")
"""Where the authors thank people and funders."""
TEXT_REGIONS = tuple(region for region in REGIONS if region != REFERENCES)
"""Every region but the references."""
MAX_QUOTE = 300
"""The longest text a finding quotes as evidence (characters); a longer sentence is cut
around the match."""
SHORT_QUOTE = 160
"""The longest text a finding's message quotes (characters)."""
SENTENCE_LOOKBACK = 4
"""A sentence is looked for this many MAX_QUOTE lengths before a match."""
SENTENCE_END_REACH = 8
"""Characters past a match a sentence end just before it may need (the space and capital after
its full stop)."""
ABBREVIATION_REACH = 20
"""Characters before a full stop searched for the abbreviation it may end."""
_SENTENCE_END_RE = re.compile(r"[.!?](?=\s+[\"'(\[“]?[A-Z0-9])")
_LAST_WORD_RE = re.compile(r"[\w.]*$")
_ABBREVIATIONS = frozenset({"al", "e.g", "i.e", "etc", "fig", "figs", "sec", "secs", "eq", "eqs", "cf", "vs", "resp",
                            "approx", "no", "vol", "pp", "ref", "refs", "tab", "app", "thm", "def", "prop", "dr",
                            "prof"})
_TRAILING = ".,;:'\"!?"
_CLOSING = (")(", "][", "}{")
"""Each closing bracket and the opening one it matches."""


@dataclass(frozen=True)
class Hit:
    """A regular-expression match in the paper's text, located."""

    match: re.Match[str]
    passage: Passage
    page: int
    bbox: BBox

    @property
    def text(self) -> str:
        return " ".join(self.match.group(0).split())

    @property
    def region(self) -> str:
        return self.passage.region

    @property
    def sentence(self) -> str:
        return sentence_around(self.passage.text, self.match.start(), self.match.end())

    @property
    def lines_text(self) -> str:
        """The text of the line(s) that the match spans."""
        first = self.passage.line_at(self.match.start())
        last = self.passage.line_at(max(self.match.start(), self.match.end() - 1))
        return " ".join(line.text for line in self.passage.lines[first:last + 1])


def search(doc: Document, pattern: re.Pattern[str], regions: tuple[str, ...] = TEXT_REGIONS,
           needs: tuple[str, ...] = ()) -> Iterator[Hit]:
    """Every match of `pattern` in the passages of the given regions, in reading order.
    `needs`, when given, are texts of which every match holds one: a passage holding none of
    them is not searched (most passages, for a pattern built around a rare character)."""
    for passage in doc.text.passages:
        if passage.region not in regions or needs and not any(text in passage.text for text in needs):
            continue
        for match in pattern.finditer(passage.text):
            page, box = passage.box(match.start(), match.end())
            yield Hit(match=match, passage=passage, page=page, bbox=box)


def trim(text: str) -> str:
    """`text` without trailing punctuation and unbalanced closing brackets."""
    text = text.rstrip(_TRAILING)
    opening = {pair[0]: pair[1] for pair in _CLOSING}
    while text and text[-1] in opening and text.count(text[-1]) > text.count(opening[text[-1]]):
        text = text[:-1].rstrip(_TRAILING)
    return text


def _is_sentence_end(text: str, position: int) -> bool:
    """The full stop at `position` ends a sentence (it does not end "et al", "Fig" or an initial)."""
    found = _LAST_WORD_RE.search(text, max(0, position - ABBREVIATION_REACH), position)
    word = found.group(0).lower() if found else ""
    return not (word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()))


def sentence_around(text: str, start: int, end: int) -> str:
    """The sentence of `text` that holds start..end, on one line, at most MAX_QUOTE characters."""
    left = max(0, start - SENTENCE_LOOKBACK * MAX_QUOTE)
    for match in _SENTENCE_END_RE.finditer(text, left, start + SENTENCE_END_REACH):
        if match.start() < start and _is_sentence_end(text, match.start()):
            left = match.end()
    right = len(text)
    for match in _SENTENCE_END_RE.finditer(text, end):
        if _is_sentence_end(text, match.start()):
            right = match.end()
            break
    sentence = " ".join(text[left:right].split())
    if len(sentence) <= MAX_QUOTE:
        return sentence
    middle = " ".join(text[start:end].split())
    pad = max(0, (MAX_QUOTE - len(middle)) // 2)
    before = " ".join(text[max(left, start - pad):start].split())
    after = " ".join(text[end:min(right, end + pad)].split())
    return f"…{before} {middle} {after}…".replace("  ", " ")


def clip(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[:limit - 1] + "…"
