"""The parts of one bibliography entry, read from its printed text.

Identifiers first, by their form: an arXiv id (`arXiv:2401.01234`, `arxiv.org/abs/...`,
`CoRR, abs/2401.01234`, the old `hep-th/9901001`), a DOI (`10.1145/...`, after `doi:` or in
a `doi.org` link), a URL. Then the year: the one printed right after the authors (ACL and APA
styles: `... Fiedel. 2022. PaLM: ...`, `Brown, B. (2024). ...`), else the last year of the
entry once identifiers, URLs and page ranges are set aside. Then authors and title, by the
style's punctuation:

- a quoted title (IEEE, ACM): the authors are what comes before the quotes;
- "Surname, I." lists (ICML, ICLR's natbib, LLNCS, APA): authors read as surname-initials
  pairs until the list stops (`Bengio, Y. Understanding ...`, `Abdallah, M.: E-xai: ...`);
- else ("I. Surname" and "First Surname" lists): the authors end at the first full stop after
  a word that is no initial (`R. Munos. A general ...`, `et al.`).

The title is the sentence after the authors (after the year when the year follows them), the
venue the sentence after the title. A part that cannot be read is left empty.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import unquote

from ..model import EntryPart, ReferenceEntry

_SPACING_ACCENTS_RE = re.compile("[\u00a8\u00b4\u00b8\u02c6\u02c7\u02d8\u02d9\u02da\u02dc\u02dd]")
"""Accents drawn as glyphs of their own (diaeresis, acute, cedilla, circumflex, caron, breve, dot, ring, tilde)."""
_ARXIV_RES = (
    re.compile(r"arxiv\.org/(?:abs|pdf)/(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})", re.IGNORECASE),
    re.compile(r"\barXiv\s*(?:preprint|e-prints?)?\s*,?\s*(?:arXiv)?\s*:\s*(\d{3,5}\.\d{1,6})", re.IGNORECASE),
    re.compile(r"\barXiv\s*(?:preprint)?\s*,?\s*(?:arXiv)?\s*:?\s*([a-z\-]+(?:\.[A-Z]{2})?/\d{7})", re.IGNORECASE),
    re.compile(r"\babs/(\d{4}\.\d{4,5})\b"),
    re.compile(r"\barXiv\s+(\d{4}\.\d{4,5})\b", re.IGNORECASE),
)
_DOI_MARKED_RE = re.compile(r"(?:\bdoi\s*:\s*|\bDOI\s+|doi\.org/)(\S+)", re.IGNORECASE)
_DOI_RESOLVER_RE = re.compile(r"^(?:https?://)?(?:dx\.)?doi\.org/", re.IGNORECASE)
_DOI_RE = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>]+)")
_URL_RE = re.compile(r"\b(?:https?://|www\.)\S+", re.IGNORECASE)
_TRAILING = ".,;:)]}>\"'”’"
_YEAR_RE = re.compile(r"(?<![\d/.\-])((?:19|20)\d{2})[a-z]?(?![\d/])")
_PAGES_RE = re.compile(r"\b\d+\s*[–—-]+\s*\d+\b")
_LEADING_YEAR_RE = re.compile(r"^\(?((?:19|20)\d{2})[a-z]?\)?(?:[.,:]|\s|$)\s*")
_QUOTED_RE = re.compile(r"[“\"]([^“”\"]{6,}?)[”\"]")
_LETTER = r"[^\W\d_]"
_SURNAME_RE = re.compile(rf"((?:[a-z]{{1,4}}\s+|[dDO]['’])*{_LETTER}[\w'’\-]*(?:[ -]{_LETTER}[\w'’\-]*){{0,2}}),\s+")
"""A family name before its initials: particles ("van der", "d'") and up to three words."""
_INITIALS_RE = re.compile(rf"{_LETTER}\.(?:\s?-?{_LETTER}\.)*(?:\s+{_LETTER}\.(?:\s?-?{_LETTER}\.)*)*")
_AUTHOR_SEPARATOR_RE = re.compile(r",?\s+(?:and|&)\s+|,\s+(?!et al)")
_ET_AL_RE = re.compile(r",?\s*(?:et\s+al\.?|and\s+others\.?|and\s+\d+\s+others\.?)")
_INITIAL_WORD_RE = re.compile(r"^(?:[^\W\d_]\.-?)+$")
_BOUNDARY_RE = re.compile(r"([.?!])[\s]+(?=\S)")
_SPLIT_AUTHORS_RE = re.compile(r",\s*(?:and\s+|&\s*)?|\s+and\s+|\s*&\s*")
_APOSTROPHE_PREFIX_RE = re.compile(r"^[dDO]['’]")
_SUFFIXES = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})
_NOT_NAMES = frozenset({"et", "al", "al.", "others", "and"})
_VENUE_PREFIX_RE = re.compile(r"^(?:In\s+|in\s+)")
MAX_AUTHOR_WORDS = 120
"""A longer first sentence is no author list (a consortium's list of hundreds aside)."""


def parse(number: int, label: str | None, text: str, parts: tuple[EntryPart, ...]) -> ReferenceEntry:
    """The entry `text` (its label removed) with the parts read from it. Accents that the PDF
    draws as marks of their own (OT1 fonts: "Scho¨lkopf", "Kegl, ´ B.") are dropped first:
    names and titles compare without accents anyway."""
    text = unicodedata.normalize("NFC", " ".join(_SPACING_ACCENTS_RE.sub("", text).split()))
    arxiv_id = _arxiv_id(text)
    doi = _doi(text)
    url = _url(text)
    plain = _without_identifiers(text)
    authors_end, authors = _authors(plain)
    rest = plain[authors_end:].lstrip(" .,:;")
    year: int | None = None
    leading = _LEADING_YEAR_RE.match(rest)
    if leading is not None and authors:
        year = int(leading.group(1))
        rest = rest[leading.end():]
    quoted = _QUOTED_RE.search(plain)
    if quoted is not None and (not authors or quoted.start() >= authors_end - 2):
        title: str | None = quoted.group(1).strip(" ,.")
        venue = _venue(plain[quoted.end():])
        if not authors:
            authors = _split_authors(plain[:quoted.start()])
    else:
        title, after = _sentence(rest)
        venue = _venue(after)
    if year is None:
        year = _last_year(plain)
    surnames = tuple(_surname(author) for author in authors)
    return ReferenceEntry(number=number, label=label, text=text, parts=parts, authors=tuple(authors),
                          surnames=surnames, title=title or None, venue=venue, year=year, arxiv_id=arxiv_id,
                          doi=doi, url=url)


def _arxiv_id(text: str) -> str | None:
    for pattern in _ARXIV_RES:
        match = pattern.search(text)
        if match is not None:
            return match.group(1)
    return None


def _doi(text: str) -> str | None:
    """The DOI as printed (after `doi:` or in a doi.org link, else any `10.x/y`), its closing
    punctuation left out; it may be malformed (the `malformed-doi` rule says so)."""
    match = _DOI_MARKED_RE.search(text) or _DOI_RE.search(text)
    if match is None:
        return None
    doi = _DOI_RESOLVER_RE.sub("", unquote(match.group(1))).rstrip(_TRAILING)
    return doi or None


def _url(text: str) -> str | None:
    match = _URL_RE.search(text)
    return match.group(0).rstrip(_TRAILING) if match else None


def _without_identifiers(text: str) -> str:
    """The text with URLs, DOIs and arXiv ids taken out (their digits are no year)."""
    plain = _URL_RE.sub(" ", text)
    plain = _DOI_MARKED_RE.sub(" ", plain)
    plain = _DOI_RE.sub(" ", plain)
    for pattern in _ARXIV_RES:
        plain = pattern.sub(" arXiv ", plain)
    return re.sub(r"\s{2,}", " ", plain).strip()


def _last_year(text: str) -> int | None:
    years = _YEAR_RE.findall(_PAGES_RE.sub(" ", text))
    return int(years[-1]) if years else None


def _authors(text: str) -> tuple[int, list[str]]:
    """Where the author list ends in `text`, and its authors."""
    listed = _surname_initials(text)
    if listed is not None:
        return listed
    end = _first_sentence_end(text)
    if end is None:
        return 0, []
    segment = text[:end]
    if not _looks_like_names(segment):
        return 0, []
    return end, _split_authors(segment)


def _surname_initials(text: str) -> tuple[int, list[str]] | None:
    """A "Surname, I., Surname, I. and Surname, I." list at the start of `text`."""
    authors: list[str] = []
    position = 0
    while True:
        surname = _SURNAME_RE.match(text, position)
        if surname is None or not _APOSTROPHE_PREFIX_RE.sub("", surname.group(1).split()[-1])[:1].isupper():
            break
        initials = _INITIALS_RE.match(text, surname.end())
        if initials is None:
            break
        authors.append(f"{surname.group(1)}, {initials.group(0)}")
        position = initials.end()
        et_al = _ET_AL_RE.match(text, position)
        if et_al is not None:
            position = et_al.end()
            break
        separator = _AUTHOR_SEPARATOR_RE.match(text, position)
        if separator is None:
            break
        following = _SURNAME_RE.match(text, separator.end())
        if following is None or _INITIALS_RE.match(text, following.end()) is None:
            break
        position = separator.end()
    if not authors:
        return None
    return position, authors


def _first_sentence_end(text: str) -> int | None:
    """The end of the first sentence: a full stop after a word that is no initial, or a
    question or exclamation mark."""
    for match in _BOUNDARY_RE.finditer(text):
        if match.group(1) != ".":
            return match.start() + 1
        word = text[:match.start() + 1].rsplit(None, 1)[-1] if text[:match.start()].strip() else ""
        if _INITIAL_WORD_RE.match(word):  # an initial: "J.", "J.-P.", "M.-W."
            continue
        return match.start() + 1
    return None


def _looks_like_names(segment: str) -> bool:
    """Whether a sentence reads as a list of people (or one group): mostly capitalised
    words, initials and joiners, no long run of lower-case prose."""
    words = [w.strip(",.;:") for w in segment.split()]
    if not words or len(words) > MAX_AUTHOR_WORDS:
        return False
    lower = [w for w in words if w and w[0].islower() and w.lower() not in _NOT_NAMES
             and w not in ("van", "von", "der", "den", "de", "del", "della", "di", "da", "dos", "du", "la", "le")]
    return len(lower) <= max(1, len(words) // 5)


def _split_authors(segment: str) -> list[str]:
    segment = _ET_AL_RE.sub("", segment.strip(" ,.;:"))
    names = [part.strip(" .,") for part in _SPLIT_AUTHORS_RE.split(segment)]
    return [name for name in names if name and name.lower() not in _NOT_NAMES and any(c.isalpha() for c in name)]


def _surname(author: str) -> str:
    """The family name: before the comma of "Surname, I.", else the last word that is no suffix."""
    if "," in author:
        return author.split(",", 1)[0].strip()
    words = [w.strip(".,") for w in author.split()]
    while len(words) > 1 and words[-1].lower() in _SUFFIXES:
        words.pop()
    return words[-1] if words else author


def _sentence(text: str) -> tuple[str | None, str]:
    """The first sentence of `text` (a title) and what follows it."""
    text = text.strip()
    if not text:
        return None, ""
    end = _first_sentence_end(text)
    if end is None:
        return text.rstrip(" .,"), ""
    return text[:end].rstrip(" .,"), text[end:].strip()


def _venue(text: str) -> str | None:
    """The sentence after the title, its 'In' and closing year and pages left out."""
    venue, _ = _sentence(_VENUE_PREFIX_RE.sub("", text.strip()))
    if not venue:
        return None
    venue = re.split(r",\s*(?:pp\.|pages|vol\.|volume)\b|,\s*(?:19|20)\d{2}\b|\s\((?:19|20)\d{2}\)", venue)[0]
    venue = venue.strip(" ,.")
    return venue or None
