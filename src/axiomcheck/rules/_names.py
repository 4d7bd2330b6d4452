"""Person names as every rule compares them: the one place that knows how a name is printed.

A listed name ("Jane Doe", "Doe, Jane", "Jean-Pierre Dupont", "Jan van der Berg", "Jürgen
Müller") is matched in text however the paper prints it: in any case; without its diacritics,
with them as separate glyphs (OT1's `M¨ uller`) or transliterated (`Mueller`, `Soeren` for
Søren, `Gross` for Groß); with its hyphens as spaces or left out; with the given and middle
names as initials (`J. Doe`, `J.-P. Dupont`, `Jane Q. Doe`) or the middle names and particles
left out (`Jan Berg`); surname first (`Doe, Jane`, `Doe, J.`); with affiliation marks glued
to it (`Jane Doe1`). A different spelling is a different name.

Text is compared after `clean` (diacritics, accent glyphs and ligatures removed, special
letters transliterated: ß ss, æ ae, ø o, ł l; dashes as `-`); `fold` also lowers it and keeps
the way back to the original offsets, so that a match can be located in the paper.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass
from types import MappingProxyType

_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2212"
_SPACING_ACCENTS = "\u00a8\u00b4\u0060\u02c6\u02dc\u00b8\u02c7\u02d8\u02d9\u02da\u02dd\u00af\u005e\u007e"
"""Accents a PDF may keep as glyphs of their own (OT1 `\\"u` is `u` plus `¨`)."""
_LETTERS = MappingProxyType({
    "\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2032": "'", "ı": "i", "ȷ": "j", "ø": "o", "Ø": "O", "ł": "l",
    "Ł": "L", "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "þ": "th", "ð": "d",
    **{dash: "-" for dash in _DASHES}})
"""Letters that Unicode does not decompose into a base letter and an accent, written as
their usual transliteration; apostrophes as `'`, dashes as `-`."""
_EDIT_RE = re.compile(rf"\s*[{re.escape(_SPACING_ACCENTS)}]\s*(?=[a-z])|[{re.escape(_SPACING_ACCENTS)}]|[^\x00-\x7f]")
"""What `clean` changes: a separate accent glyph (with the spaces around it, inside a word:
"M¨ uller"), and any character outside ASCII."""
SEPARATOR = r"[\s\-]+"
"""What stands between two words of a name: spaces, line breaks or a hyphen."""
_LETTER_BEFORE = r"(?<![a-z])"
_LETTER_AFTER = r"(?![a-z])"
PARTICLES = frozenset({"van", "von", "der", "den", "de", "da", "del", "della", "di", "du", "le", "la", "ter", "ten",
                       "bin", "ibn", "al", "el", "dos", "das", "y"})
"""Lower-case words inside surnames (van der, de la, bin)."""
MIN_NAME_WORDS = 2
"""A name has its forms (initials, surname first, account spellings) when it has a given name and
a surname; a one-word name is matched whole."""
MIN_SURNAME = 4
"""A surname shorter than this is not looked for inside an account name (too many false matches)."""


def _clean_char(char: str) -> str:
    """A character outside ASCII as `clean` writes it (possibly several characters, or none)."""
    char = _LETTERS.get(char, char)
    decomposed = unicodedata.normalize("NFKD", char)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def lowercase(text: str) -> str:
    """Lower case, one character for one (offsets stay valid)."""
    return text.lower() if text.isascii() else "".join(low if len(low := c.lower()) == 1 else c for c in text)


@dataclass(frozen=True)
class Folded:
    """Text cleaned and in lower case (what patterns search), with the way back to the
    offsets of the text it was made from."""

    text: str
    anchors: tuple[tuple[int, int], ...] = ()
    """(offset in `text`, offset in the original) where the two stop running in step."""

    def original(self, offset: int) -> int:
        """The offset in the original text of the character at `offset` (or of the end)."""
        index = bisect.bisect_right(self.anchors, (offset, float("inf"))) - 1
        if index < 0:
            return offset
        folded_at, original_at = self.anchors[index]
        return original_at + (offset - folded_at)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original offsets of the characters start..end of the folded text."""
        if end <= start:
            return self.original(start), self.original(start)
        return self.original(start), self.original(end - 1) + 1


def _normalise(text: str, lower: bool) -> Folded:
    if text.isascii() and not _EDIT_RE.search(text):
        return Folded(text.lower() if lower else text)
    parts: list[str] = []
    anchors: list[tuple[int, int]] = []
    length = 0
    position = 0
    for match in _EDIT_RE.finditer(text):
        plain = text[position:match.start()]
        parts.append(plain)
        length += len(plain)
        replaced = "" if len(match.group()) != 1 or match.group() in _SPACING_ACCENTS else _clean_char(match.group())
        for index, char in enumerate(replaced):
            anchors.append((length + index, match.start()))
            parts.append(char)
        length += len(replaced)
        position = match.end()
        anchors.append((length, position))
    parts.append(text[position:])
    result = "".join(parts)
    return Folded(lowercase(result) if lower else result, tuple(anchors))


def clean(text: str) -> str:
    """`text` with diacritics, separate accent glyphs and ligatures removed, special letters
    transliterated, dashes as '-' and case kept: what names and titles are compared on."""
    return _normalise(text, lower=False).text


def fold(text: str) -> Folded:
    """`clean(text)` in lower case, with its way back to the offsets of `text`."""
    return _normalise(text, lower=True)


def squash(text: str) -> str:
    """Letters and digits of the folded text, for matching account names ("Jane Doe" janedoe)."""
    return re.sub(r"[^a-z0-9]+", "", fold(text).text)


def name_words(name: str) -> list[str]:
    """The words of a listed name, cleaned, in lower case, given name first ("Doe, Jane" is
    read as "Jane Doe"); full stops dropped."""
    name = clean(name).strip()
    if name.count(",") == 1:
        last, first = (part.strip() for part in name.split(","))
        name = f"{first} {last}"
    return [w for w in re.split(r"[\s,]+", lowercase(name).replace(".", " ").strip()) if w]


def _umlauts(part: str) -> str:
    """A name part whose a, o, u may be followed by an `e` ("Müller" folds to "muller", and is
    also written "Mueller"), either way round, and whose apostrophe may be left out ("D'Eramo")."""
    part = re.sub(r"([aou])e", r"\1", part)
    return "".join("'?" if c == "'" else re.escape(c) + ("e?" if c in "aou" else "") for c in part)


def _word(word: str, initial: bool) -> str:
    """One word of a name: its parts joined by a hyphen, a space or nothing; as an initial,
    each part's first letter with an optional full stop ("J.-P.", "J. P.", "JP")."""
    parts = [p for p in word.split("-") if p]
    if initial:
        return r"[\s\-]*".join(re.escape(p[0]) + r"\.?" for p in parts)
    return r"[\s\-]*".join(_umlauts(p) for p in parts)


@dataclass(frozen=True)
class NamePatterns:
    """Patterns for one listed name in folded text (`fold`), best form first."""

    full: re.Pattern[str]
    """The given name in full, first: "Jane Doe", "Jane Q. Doe", "Jean Pierre Dupont"."""
    reversed: re.Pattern[str] | None
    """Surname first: "Doe, Jane", "Doe, J." (None for a one-word name)."""
    initial: re.Pattern[str] | None
    """The given name as an initial: "J. Doe", "J.-P. Dupont" (None for a one-word name)."""

    def forms(self, initials: bool) -> list[re.Pattern[str]]:
        """The patterns to search, best first: the given name in full only, or (`initials`)
        also surname first and the given name as an initial."""
        found = [self.full]
        if initials:
            found += [pattern for pattern in (self.reversed, self.initial) if pattern is not None]
        return found

    def any_form(self, initials: bool) -> re.Pattern[str]:
        """One pattern for the `forms`: its search finds the first place any of them is printed."""
        return re.compile("|".join(f"(?:{pattern.pattern})" for pattern in self.forms(initials)))


def name_patterns(name: str) -> NamePatterns:
    """Patterns for `name` as printed (see the module docstring). Middle names and particles
    may be left out or printed as initials; an extra middle initial is allowed."""
    words = name_words(name)
    if not words:
        raise ValueError("an empty name")
    last = _word(words[-1], initial=False)
    if len(words) == 1:
        return NamePatterns(re.compile(rf"{_LETTER_BEFORE}{last}{_LETTER_AFTER}"), None, None)
    middles = "".join(rf"(?:{SEPARATOR}(?:{_word(w, False)}|{_word(w, True)}))?" for w in words[1:-1])
    tail = rf"{middles}(?:{SEPARATOR}[a-z]\.)*"
    given, given_initial = _word(words[0], False), _word(words[0], True)
    return NamePatterns(
        full=re.compile(rf"{_LETTER_BEFORE}{given}{tail}{SEPARATOR}{last}{_LETTER_AFTER}"),
        reversed=re.compile(rf"{_LETTER_BEFORE}{last}\s*,\s*(?:{given}|{given_initial}){tail}{_LETTER_AFTER}"),
        initial=re.compile(rf"{_LETTER_BEFORE}{given_initial}{tail}{SEPARATOR}{last}{_LETTER_AFTER}"))


def account_forms(name: str) -> tuple[set[str], set[str]]:
    """(full forms, surname) of a name as an account might spell it: "janedoe", "jdoe",
    "doejane", "janed", every word joined; and "doe" (when at least MIN_SURNAME letters)."""
    words = [re.sub(r"[^a-z0-9]+", "", word) for word in name_words(name)]
    words = [word for word in words if word]
    if len(words) < MIN_NAME_WORDS:
        return set(), set()
    first, last = words[0], words[-1]
    full = {first + last, first[0] + last, last + first, first + last[0], "".join(words)}
    return full, {last} if len(last) >= MIN_SURNAME else set()


ORG_WORDS = frozenset({
    "university", "universitat", "universite", "universidad", "universita", "college", "institute", "institut",
    "school", "department", "dept", "faculty", "laboratory", "laboratories", "lab", "labs", "center", "centre",
    "research", "inc", "ltd", "llc", "gmbh", "corporation", "corp", "company", "group", "team", "academy",
    "foundation", "hospital", "technology", "sciences", "science", "engineering", "computer", "national", "google",
    "deepmind", "microsoft", "meta", "amazon", "nvidia", "apple", "openai", "anthropic", "ibm", "email", "mail",
})
"""Words that make a capitalised run an affiliation, not a person."""
_NAME_WORD = r"(?:[A-Z][A-Za-z'\u2019]+|[A-Z]\.)"
_RUN_SEPARATOR = r"(?: ?- ?| )"
NAME_RUN_RE = re.compile(rf"(?<![A-Za-z]){_NAME_WORD}(?:{_RUN_SEPARATOR}(?:{_NAME_WORD}|[a-z]{{1,5}}))*"
                          rf"{_RUN_SEPARATOR}[A-Z][A-Za-z'\u2019]+(?![A-Za-z])")
"""Two or more capitalised words (lower-case particles inside): how a person's name is printed."""
NAME_MARKS_RE = re.compile(r"\band\b|[\d*\u2217\u2020\u2021\u00a7\u00b6,;&]")
"""What separates names in a row: `and`, commas, footnote and affiliation marks."""


def is_person(run: str) -> bool:
    """A capitalised run (`NAME_RUN_RE`) that reads as a person's name: two or more words
    besides particles, none of them an organisation's word ("University", "Lab", "Google")."""
    words = [w.strip(".").lower() for w in re.split(SEPARATOR, run)]
    return not any(w in ORG_WORDS for w in words) and sum(1 for w in words if w not in PARTICLES) >= MIN_NAME_WORDS


def person_names(text: str) -> list[str]:
    """The runs of `text` (cleaned, marks and `and` taken for separators) that read as a
    person's name: "Yang Deng1, Jane Roe2 and K. Lee" gives Yang Deng, Jane Roe, K. Lee."""
    return [m.group(0) for m in NAME_RUN_RE.finditer(NAME_MARKS_RE.sub("  ", clean(text))) if is_person(m.group(0))]
