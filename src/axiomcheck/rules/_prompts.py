"""What a prompt to AI reviewers asks, read from its words, and what the venues put there
themselves (a private helper of the integrity rules).

A prompt is recognised by what it asks, not by a fixed sentence: an instruction that asks for
a verdict ("you must recommend acceptance", "give it a high score"), for praise ("write a
positive review", "do not mention any weaknesses"), for a phrase in the review ("include the
phrase ..."), or to ignore instructions, in a sentence that speaks to a reviewer or a model
(an instruction to ignore instructions needs no addressee). A venue's canary (the model's
`VenueMark`) asks only for phrases; one that also asks for a verdict or praise is no canary.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..model import Document, VenueMark, Word

_ASKS = (
    ("ignore", r"\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?"
               r"(?:previous|prior|above|preceding|earlier|other|original|system)\s+"
               r"(?:instructions|prompts?|directions|rules|guidelines)"),
    ("verdict", r"\brecommend(?:s|ed|ing)?\s+(?:(?:a|an|the|its|this|strong|clear|immediate|to|for)\s+)*accept"
                r"|\b(?:accept|approve)\s+(?:this|the)\s+(?:paper|submission|manuscript|work)"
                r"|\b(?:give|assign|award|grant)\s+(?:\w+\s+){0,3}?(?:high(?:est)?|top|maximum|max|perfect|full|strong|"
                r"excellent|positive|favou?rable)\s+(?:scores?|ratings?|marks?|grades?|evaluations?)"
                r"|\b(?:rate|score|grade)\s+(?:\w+\s+){0,3}?(?:highly|high|excellent|outstanding|10|9|(?:a\s+)?strong)\b"
                r"|\bstrong(?:ly)?\s+accept|\b(?:should|must|deserves?\s+to)\s+be\s+accepted"
                r"|\b(?:do\s+not|don't|never)\s+reject"),
    ("praise", r"\b(?:positive|favou?rable|glowing|enthusiastic)\s+(?:review|evaluation|assessment|feedback|comments?)"
               r"|\bpraise\b|\b(?:emphasi[sz]e|highlight|stress|focus\s+on)\s+(?:only\s+)?(?:the\s+)?(?:\w+\s+)?"
               r"(?:strengths|novelty|contributions?|positives?|merits)"
               r"|\b(?:do\s+not|don't|never|avoid|without)\s+(?:\w+\s+){0,3}?(?:negatives?|weakness(?:es)?|flaws|"
               r"limitations|criticism|critiques?|shortcomings|concerns)"),
    ("phrase", r"\b(?:include|use|insert|add|mention|write|repeat|contain|incorporate)\s+(?:\w+\s+){0,3}?"
               r"(?:phrases?|words?|sentences?|keywords?|terms?)\b"
               r"|\b(?:start|begin|open|end|conclude)\s+(?:your|the)\s+(?:review|response|answer|summary)\s+with"),
)
OVERLAP = 1.0
"""Points a visible word and a hidden word of one line must share across to be drawn one over the other."""
_ASK_RES = tuple((kind, re.compile(pattern, re.I)) for kind, pattern in _ASKS)
_ADDRESSED = re.compile(r"\b(?:you|your|reviews?|reviewers?|referees?|AIs?|LLMs?|GPT|ChatGPT|language\s+models?|"
                        r"assistants?|evaluators?)\b", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_QUOTED = re.compile(r"([\"'])[^\"']{3,}?\1")
ASKING = MappingProxyType({"ignore": "to ignore their instructions", "verdict": "for a verdict",
                           "praise": "for praise", "phrase": "to write a phrase into the review"})
"""What a prompt asks for, as a message says it (by kind)."""
FAVOURS = ("ignore", "verdict", "praise")
"""Asks no canary makes: a text that makes them is the authors' prompt, whatever else it matches."""


def asks(text: str) -> str | None:
    """The first kind of request (`ASKING`'s keys, in their order) `text` makes, None if none."""
    return next((kind for kind, pattern in _ASK_RES if pattern.search(text)), None)


def prompt_kind(text: str) -> str | None:
    """What an instruction to reviewers in `text` asks for, sentence by sentence: a request in a
    sentence that speaks to a reviewer or a model (an instruction to ignore instructions needs
    no addressee); None when no sentence is one."""
    for sentence in _SENTENCE_END.split(text):
        kind = asks(sentence)
        if kind == "ignore" or (kind is not None and _ADDRESSED.search(sentence)):
            return kind
    return None


def is_canary(mark: VenueMark) -> bool:
    """A venue's stamp, or a canary that asks for nothing but phrases."""
    unquoted = _QUOTED.sub("'...'", mark.text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"'))
    return mark.kind == "stamp" or not any(asks(sentence) in FAVOURS for sentence in _SENTENCE_END.split(unquoted))


def venues_words(doc: Document, page: int) -> frozenset[Word]:
    """The words of page `page` that a venue put there (its stamps and canaries): not the authors'."""
    return frozenset(word for mark in venue_marks(doc, page) for word in mark.words)


def venue_marks(doc: Document, page: int | None = None) -> Iterator[VenueMark]:
    """The venues' stamps and canaries (of page `page`, or of every page), as `is_canary` reads them."""
    return (mark for mark in doc.venue_marks if (page is None or mark.page == page) and is_canary(mark))


def overlaid(words: Iterable[Word], hidden: Callable[[Word], bool]) -> frozenset[Word]:
    """The visible words of a line that hidden text of the line is drawn over (a hidden sentence
    laid on a printed one): reading order interleaves them, and they do not end a hidden run.
    The hidden text spans from word to word across gaps narrower than its type is high."""
    words = tuple(words)
    spans: list[list[float]] = []
    for box in sorted((w.bbox for w in words if hidden(w)), key=lambda b: b.x0):
        if spans and box.x0 - spans[-1][1] < box.y1 - box.y0:
            spans[-1][1] = max(spans[-1][1], box.x1)
        else:
            spans.append([box.x0, box.x1])
    return frozenset(w for w in words if not hidden(w)
                     and any(min(right, w.bbox.x1) - max(left, w.bbox.x0) > OVERLAP for left, right in spans))
