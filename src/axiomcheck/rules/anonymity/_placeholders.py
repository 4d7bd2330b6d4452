"""What the templates and authors print in place of an identity: placeholder e-mail addresses
(`anon.email@domain.com`, `anonymous@email.com`, `first1.last1@xxx.edu`), placeholder authors
(`Firstname1 Lastname1`, `David S. Hippocampus`, `First Author`) and placeholder affiliations
(`Anonymous Institution`, `Cranberry-Lemon University`).

One notion for every rule: a placeholder names nobody, so the submission rules (e-mail
addresses, metadata, the anonymous author block) never accuse one, and the camera-ready rule
reports every one left on page 1.
"""

from __future__ import annotations

import fnmatch
import re

TEMPLATE_EMAILS = (
    # the templates' placeholder domains
    "*@domain.*", "*@*.domain.*", "*@domain", "*@xxx.*", "*@*.xxx.*", "*@institution.*", "*@affiliation.*",
    "*@university.edu", "*@*cranberry-lemon.edu", "*@anonymous.*", "*@anon.*",
    # local parts that stand for nobody ({anonymous, anon.email, author1, first.last, ...}@anywhere)
    "anonymous*@*", "anon@*", "anon.*@*", "anon_*@*", "email@*", "e-mail@*", "mail@*", "author@*",
    "author[0-9]@*", "author[0-9][0-9]@*", "authors@*", "coauthor*@*", "firstname*@*", "first.last*@*",
    "first[0-9].last[0-9]@*", "name@*", "name.surname@*", "your.name@*", "yourname@*", "your.email@*",
    "youremail@*", "user@*", "username@*", "someone@*", "somebody@*", "xxx*@*",
)
"""Addresses the templates print in place of a real one, and addresses that stand for nobody
(shell-style patterns, compared in lower case): `anon.email@domain.com`, `first1.last1@xxx.edu`,
`hippo@cs.cranberry-lemon.edu`, `anonymous@email.com`."""
RESERVED_EMAILS = ("*@example.*", "*@*.example.*", "*@*.example", "*@*.test", "*@*.invalid", "*@localhost", "git@*")
"""Addresses at the reserved example domains (RFC 2606) and `git@` remotes: nobody's."""
PLACEHOLDER_EMAILS = TEMPLATE_EMAILS + RESERVED_EMAILS
"""Every address that identifies nobody."""

PLACEHOLDER_NAMES = (
    r"Firstname\d*\s+Lastname\d*", r"First\s+Author", r"Second\s+Author", r"Third\s+Author", r"Fourth\s+Author",
    r"Anonymous\s+Authors?(?:\s*\(s\))?", r"Anonymous\s+(?:Institution|City|Region|Country)",
    r"Anonymous\s+ACL\s+submission", r"Author\s+Name\d*", r"Your\s+Name", r"Name\s+Surname", r"Coauthor",
    r"David\s+S\.\s+Hippocampus", r"Antiquus\s+S\.\s+Hippocampus", r"Natalia\s+Cerebro", r"Amelie\s+P\.\s+Amygdale",
    r"Ji\s+Q\.\s+Ren", r"Yevgeny\s+LeNet", r"Cranberry-Lemon\s+University",
)
"""Names and affiliations the templates print as examples (regular expressions, matched whole
words, capitalised as printed: "the first author" in a sentence is none): they name nobody."""

_PLACEHOLDER_NAME_RE = re.compile(r"(?:" + "|".join(PLACEHOLDER_NAMES) + r")\d*")
_NAME_LIST_SPLIT_RE = re.compile(r"\s*(?:;|,|&|\band\b|\n)\s*")


def is_placeholder_email(address: str, patterns: tuple[str, ...] = PLACEHOLDER_EMAILS) -> bool:
    """Whether `address` is a placeholder by `patterns` (shell-style, case-insensitive)."""
    address = address.strip().lower()
    return any(fnmatch.fnmatchcase(address, pattern.lower()) for pattern in patterns)


def placeholder_names(text: str) -> list[re.Match[str]]:
    """Every template placeholder name or affiliation printed in `text`."""
    return [m for m in _PLACEHOLDER_NAME_RE.finditer(text)
            if (m.start() == 0 or not text[m.start() - 1].isalnum())
            and (m.end() == len(text) or not text[m.end()].isalpha())]


def is_placeholder_value(value: str) -> bool:
    """Whether a metadata value or a printed line is nothing but placeholders: names such as
    "Firstname1 Lastname1, Firstname2 Lastname2" and placeholder e-mail addresses."""
    parts = [part for part in _NAME_LIST_SPLIT_RE.split(value.strip()) if part]
    return bool(parts) and all(_PLACEHOLDER_NAME_RE.fullmatch(part) or ("@" in part and is_placeholder_email(part))
                               for part in parts)
