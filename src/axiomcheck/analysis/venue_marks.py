"""The stamps and canaries of venues' reviewer copies on a page (`model.VenueMark`), found with
the signatures file (`templates.canaries`).

A stamp is looked for in the page's visible words and in its hidden passages, in reading
order; a canary only in its hidden passages, since a canary that every reader sees is a
quotation, not the venue's instruction.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..model import Line, PageVisibility, VenueMark, Word
from ..templates.canaries import Signature, VenueSignatures

_SENTENCE_END = re.compile(r"[.!?]")
_QUOTES = (("‘", "'"), ("’", "'"), ("‚", "'"), ("′", "'"), ("“", '"'), ("”", '"'), ("„", '"'), ("″", '"'))


def _straight(text: str) -> str:
    """`text` with curly quotes straight (`str.replace`, much faster than `translate` with a table)."""
    for curly, straight in _QUOTES:
        if curly in text:
            text = text.replace(curly, straight)
    return text


def _joined(words: Sequence[Word]) -> tuple[str, list[int]]:
    """The words joined by single spaces (curly quotes made straight), and where each starts."""
    starts = []
    offset = 0
    for word in words:
        starts.append(offset)
        offset += len(word.text) + 1
    return _straight(" ".join(word.text for word in words)), starts


def _matched(words: Sequence[Word], signature: Signature, sentence: bool = False) -> Iterable[tuple[Word, ...]]:
    """The words of each match of `signature` in `words`; with `sentence`, of the whole sentence
    around it (a canary is judged by all it asks)."""
    text, starts = _joined(words)
    for match in signature.pattern.finditer(text):
        begin, end = match.start(), match.end()
        if sentence:
            begin = max(text.rfind(stop, 0, begin) for stop in ".!?") + 1
            after = _SENTENCE_END.search(text, end - 1)
            end = after.end() if after else len(text)
        covered = tuple(word for word, start in zip(words, starts, strict=True)
                        if start < end and start + len(word.text) > begin)
        if covered:
            yield covered


def _hidden_passages(lines: Sequence[Line], visibility: PageVisibility) -> list[list[Word]]:
    """The hidden words of the page in reading order, a passage running on from line to line
    and across the visible words of a line (a canary drawn under a stamp on its baseline is
    read in between the stamp's words); a line without hidden words ends a passage."""
    passages: list[list[Word]] = []
    current: list[Word] = []
    for line in lines:
        hidden = [word for word in line.words if visibility.of(word) is not None]
        if hidden:
            current += hidden
        elif current:
            passages.append(current)
            current = []
    if current:
        passages.append(current)
    return passages


def page_marks(page: int, lines: Sequence[Line], visibility: PageVisibility,
               venues: Sequence[VenueSignatures]) -> list[VenueMark]:
    """Every stamp and canary of `venues` on page `page` (its lines in reading order)."""
    if not visibility.hidden:  # every word visible: the lines' text tells whether a stamp is there at all
        text = _straight(" ".join(line.text for line in lines))
        if not any(stamp.pattern.search(text) for venue in venues for stamp in venue.stamps):
            return []
    passages = _hidden_passages(lines, visibility) if visibility.hidden else []
    visible = [word for line in lines for word in line.words if visibility.of(word) is None]
    marks = []
    for venue in venues:
        source = venue.sources[0]
        for stamp in venue.stamps:
            marks += [VenueMark(venue.venue, "stamp", page, found, stamp.form, source)
                      for words in (visible, *passages) for found in _matched(words, stamp)]
        for canary in venue.canaries:
            marks += [VenueMark(venue.venue, "canary", page, found, canary.form, source)
                      for words in passages for found in _matched(words, canary, sentence=True)]
    return marks
