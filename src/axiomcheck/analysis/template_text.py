"""Sentences of the templates' example papers left in a paper (`model.TemplateText`), found page
by page with the template files' `leftovers:` lists.

A sentence is compared by its words, lower-cased, every number read as one placeholder, and
punctuation and hyphens between letters aside, so that "5.5~inches (33~picas)", a word
hyphenated at a line end and last year's copy of a sentence that names its year are found. A placeholder title is
looked for in the title only; an abstract's or an instruction's sentence anywhere in the text.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..model import Line, TemplateText, TemplateTextKind, Word
from ..templates import all_templates

MIN_TOKENS = 5
"""Shorter sentences are too common to say that a template's text was left in."""
_TOKEN = re.compile(r"[a-z]+|\d+")
_QUICK_TOKEN = re.compile(r"[a-z]+|#")
_WORD_RE = re.compile(r"[a-z]+")
_DIGITS_RE = re.compile(r"\d+")
_HYPHEN_RE = re.compile(r"(?<=[A-Za-z])-\s*(?=[A-Za-z])")
"""A hyphen between letters, in a word or at a line end: compared without it."""


def _tokens(text: str) -> list[str]:
    """`text`'s tokens as compared: hyphens between letters dropped ("camera-ready", "submis-sions",
    "left- and"), lower case, every number "#"."""
    return ["#" if token[0].isdigit() else token for token in _TOKEN.findall(_HYPHEN_RE.sub("", text).lower())]


@dataclass(frozen=True)
class Needle:
    """One sentence of a template's example paper, as compared."""

    template: str
    kind: TemplateTextKind
    source: str
    key: str
    """Its tokens joined by single spaces."""
    words: frozenset[str]
    """Its words, once each (numbers aside): a page without one of them cannot hold it."""


@functools.cache
def needles(first_family: str | None = None) -> tuple[Needle, ...]:
    """The sentences of every shipped template's `leftovers:`, each once: the first template's
    wins, those of `first_family` (the paper's own) first."""
    templates = sorted(all_templates(), key=lambda facts: (facts.family != first_family, -(facts.year or 0)))
    found: dict[str, Needle] = {}
    for facts in templates:
        texts = facts.leftovers
        if texts is None:
            continue
        kinds: tuple[tuple[TemplateTextKind, tuple[str, ...]], ...] = (
            ("title", texts.titles), ("abstract", texts.abstracts), ("instruction", texts.instructions))
        for kind, sentences in kinds:
            for sentence in sentences:
                key = " ".join(_tokens(sentence))
                if len(key.split()) >= MIN_TOKENS and key not in found:
                    found[key] = Needle(facts.family_label, kind, texts.source, key, frozenset(key.split()) - {"#"})
    return tuple(found.values())


def _tokenised(lines: Sequence[Line]) -> tuple[str, list[int], list[Word]]:
    """The lines' tokens (as `_tokens` reads them, a word that ends in a hyphen joined to the next)
    as one string, where each token starts, and the word each token belongs to."""
    tokens: list[str] = []
    owners: list[Word] = []
    joining = False
    for line in lines:
        for word in line.words:
            pieces = _tokens(word.text)
            if joining and pieces and tokens:
                tokens[-1] += pieces.pop(0)
            tokens += pieces
            owners += [word] * len(pieces)
            joining = len(word.text) > 1 and word.text.endswith("-") and word.text[-2].isalpha()
    starts, offset = [], 1
    for token in tokens:
        starts.append(offset)
        offset += len(token) + 1
    return " " + " ".join(tokens) + " ", starts, owners


def _present(lines: Sequence[Line], chosen: Sequence[Needle]) -> list[Needle]:
    """The needles the lines hold, found without knowing their words (most pages hold no template
    text: only a page that does is read word by word): first by their words, then in order."""
    text = _HYPHEN_RE.sub("", "\n".join(line.text for line in lines)).lower()
    vocabulary = set(_WORD_RE.findall(text))
    candidates = [needle for needle in chosen if needle.words <= vocabulary]
    if not candidates:
        return []
    joined = " " + " ".join(_QUICK_TOKEN.findall(_DIGITS_RE.sub("#", text.replace("#", " ")))) + " "
    return [needle for needle in candidates if f" {needle.key} " in joined]


def _found(lines: Sequence[Line], chosen: Sequence[Needle], page: int) -> Iterator[TemplateText]:
    present = _present(lines, chosen)
    if not present:
        return
    text, starts, owners = _tokenised(lines)
    for needle in present:
        at = text.find(f" {needle.key} ")
        while at >= 0:
            first = bisect.bisect_left(starts, at + 1)
            words = tuple(dict.fromkeys(owners[first:first + len(needle.key.split())]))
            yield TemplateText(needle.template, needle.kind, page, words, needle.source)
            at = text.find(f" {needle.key} ", at + 1)


def page_template_texts(page: int, lines: Sequence[Line], found_needles: Sequence[Needle]) -> list[TemplateText]:
    """The example papers' sentences on page `page` (its text lines), titles in its title only."""
    titles = [needle for needle in found_needles if needle.kind == "title"]
    others = [needle for needle in found_needles if needle.kind != "title"]
    texts = list(_found([line for line in lines if line.region == "title"], titles, page)) if page == 1 else []
    return texts + list(_found(lines, others, page))
