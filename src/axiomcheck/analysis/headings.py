"""Recognise section headings by structure: a short line set apart by weight, size or space.

A heading is a line that (1) is short, (2) is set apart from body text by bold type, a larger
size, capitals or extra space above, and (3) reads as a known section title once its number
is split off. The words "References" or "Appendix" inside a sentence never qualify: the
line must *be* the title, not contain it. Extraction quirks are normalised first: bold words
that lost their spaces ("NeurIPSPaperChecklist") and small caps split after their first
letter ("R EFERENCES").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Line

MAX_HEADING_WORDS = 12
SIZE_STEP = 0.8
"""A line this many points above the body size is set apart by size alone."""
SPACE_ABOVE = 1.45
"""A plain line preceded by more than this many body sizes of white space is set apart."""

_NUMBER_RE = re.compile(
    r"^(?:(?:appendix|appendices|supplementary\s+material)\s+)?"
    r"(?P<num>(?:[0-9]{1,2}|[A-Z]|[IVX]{1,5})(?:\.[0-9]{1,2})*)[.:)]?\s+(?=\S)",
    re.IGNORECASE,
)
_SPLIT_CAPS_RE = re.compile(r"\b([A-Z]) ([A-Z]{2,})\b")

_TITLES: dict[str, tuple[str, ...]] = {
    "references": ("references", "reference", "bibliography", "referencesandnotes",
                   "literaturecited", "citedliterature", "workscited"),
    "checklist": ("neuripspaperchecklist", "paperchecklist", "neuripschecklist",
                  "reproducibilitychecklist", "checklist"),
    "acknowledgments": ("acknowledgments", "acknowledgements", "acknowledgment",
                        "acknowledgement", "acknowledgmentsanddisclosureoffunding",
                        "acknowledgementsanddisclosureoffunding", "disclosureoffunding",
                        "funding", "fundingacknowledgements", "fundingacknowledgments",
                        "acknowledgmentsandfunding", "acknowledgementsandfunding"),
    "impact": ("broaderimpact", "broaderimpacts", "impactstatement", "broaderimpactstatement",
               "broaderimpactsstatement", "societalimpact", "societalimpacts",
               "ethicsstatement", "ethicalstatement", "ethicalconsiderations",
               "ethicsandbroaderimpact", "ethicsandbroaderimpacts", "ethicsstatementandbroaderimpact",
               "potentialsocietalimpact", "potentialnegativesocietalimpact",
               "creditauthorstatement", "creditauthorshipcontributionstatement",
               "authorcontributions", "reproducibilitystatement"),
    "appendix": ("appendix", "appendices", "supplementarymaterial", "supplementarymaterials",
                 "supplementary", "technicalappendices", "technicalappendix",
                 "supplementaryappendix", "onlineappendix"),
}
_APPENDIX_PREFIXES = ("appendix", "appendices", "supplementarymaterial", "supplementary",
                      "technicalappendi")


@dataclass(frozen=True)
class HeadingCandidate:
    """A line that looks like a heading, with its title split from its number."""

    line: Line
    title: str
    key: str
    """Lower-case letters of the title only: the form matched against known titles."""
    number: str | None
    kind: str | None
    """Known section kind, or None for an ordinary (body) heading."""


def normalise(text: str) -> str:
    """Undo extraction quirks: small caps split after the first letter, odd spaces."""
    text = " ".join(text.split())
    previous = None
    while previous != text:
        previous = text
        text = _SPLIT_CAPS_RE.sub(r"\1\2", text)
    return text


def title_key(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def split_number(text: str) -> tuple[str | None, str]:
    """("6", "References") from "6 References"; ("A", "Proofs") from "Appendix A: Proofs"."""
    match = _NUMBER_RE.match(text)
    if not match:
        return None, text
    rest = text[match.end():]
    number = match.group("num")
    if len(rest) < 2 or not re.search(r"[A-Za-z]{2}", rest):
        return None, text
    if number.isalpha() and len(number) == 1 and not text[: match.end()].rstrip().endswith(
            (".", ":", ")")) and rest[:1].islower():
        return None, text
    return number, rest


def classify_title(key: str) -> str | None:
    """The section kind a heading title names, or None."""
    for kind, titles in _TITLES.items():
        if key in titles:
            return kind
    if key.startswith(_APPENDIX_PREFIXES) and len(key) < 60:
        return "appendix"
    if key.startswith(("acknowledgments", "acknowledgements")) and len(key) < 50:
        return "acknowledgments"
    return None


def _set_apart(line: Line, body_size: float, space_above: float | None) -> bool:
    words = line.words
    if not words:
        return False
    if line.size >= body_size + SIZE_STEP:
        return True
    letters = [w for w in words if any(c.isalpha() for c in w.text)]
    if letters and all(w.bold for w in letters):
        return True
    text = "".join(w.text for w in letters)
    if len(text) >= 4 and text.isupper():
        return True
    return space_above is not None and space_above > SPACE_ABOVE * body_size


def heading_candidate(line: Line, body_size: float, space_above: float | None) -> HeadingCandidate | None:
    """Return the line as a heading when it is one, else None."""
    if len(line.words) > MAX_HEADING_WORDS:
        return None
    text = normalise(line.text)
    if not any(c.isalpha() for c in text) or text.endswith((",", ";")):
        return None
    if not _set_apart(line, body_size, space_above):
        return None
    number, title = split_number(text)
    key = title_key(title)
    if not key:
        return None
    kind = classify_title(key)
    if kind is None and title_key(text).startswith(_APPENDIX_PREFIXES):
        kind = "appendix"
    if kind is None and (line.size < body_size - 0.5 or not line.bold):
        return None
    if kind is None and text.rstrip().endswith(".") and line.size < body_size + SIZE_STEP:
        return None
    return HeadingCandidate(line=line, title=title, key=key, number=number, kind=kind)


def run_in_heading(line: Line) -> HeadingCandidate | None:
    """A bold run-in heading such as "Acknowledgments. We thank ..." (paragraph style)."""
    bold_words = []
    for word in line.words:
        if not word.bold:
            break
        bold_words.append(word.text)
    if not bold_words or len(bold_words) == len(line.words) or len(bold_words) > 6:
        return None
    title = normalise(" ".join(bold_words)).rstrip(".:")
    kind = classify_title(title_key(title))
    if kind not in ("acknowledgments", "impact"):
        return None
    return HeadingCandidate(line=line, title=title, key=title_key(title), number=None, kind=kind)
