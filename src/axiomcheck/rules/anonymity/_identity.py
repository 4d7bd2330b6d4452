"""What names a person, outside the running text: e-mail addresses, metadata values that
are a person's name or a list of names, author fields that are not a placeholder or a
program's name. Shared by the contact, metadata and known-author rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ._placeholders import is_placeholder_email, is_placeholder_value

if TYPE_CHECKING:
    from ...model import Document

_AT = r"(?:@|\s?[\[{(]at[\]})]\s?)"
_DOT = r"(?:\.|\s?[\[{(]dot[\]})]\s?)"
EMAIL_RE = re.compile(
    rf"(?<![\w.+-])(?:\{{[^{{}}@]{{1,200}}\}}|[\w.+-]*\w){_AT}\w[\w-]*(?:{_DOT}[\w-]+)*{_DOT}[A-Za-z]{{2,}}\b")
"""An e-mail address, also `{a, b}@host.org` lists and `name{at}host{dot}org` spellings."""
EMAIL_NEEDS = ("@", "at]", "at}", "at)")
"""Every match of EMAIL_RE holds one of these (its `@`, or the `at` of a spelled-out one)."""
TOOL_RE = re.compile(
    r"\b(?:la)?tex\b|pdf(?:la)?tex|xetex|luatex|luahbtex|hyperref|dvips|dvipdfm|ghostscript|acrobat|adobe|"
    r"distiller|illustrator|photoshop|indesign|inkscape|microsoft|\bword\b|powerpoint|excel|office|libreoffice|"
    r"openoffice|keynote|quartz|mac\s?os|matplotlib|\bpgf|tikz|gnuplot|matlab|mathematica|wolfram|plotly|"
    r"overleaf|google|chrom(?:e|ium)|skia|cairo|pypdf|pikepdf|itext|openpdf|qpdf|pdfium|prince|pandoc|typst|"
    r"arxiv|genpdf|pdfcreator|foxit|nitro|\bfop\b|ieee|\bacm\b|springer|elsevier|curran", re.I)
"""Programs and publishers that fill metadata fields: their names identify no author."""
_PLACEHOLDER_WORDS = frozenset({"anonymous", "anon", "author", "authors", "author(s)", "submission", "paper", "id",
                      "unknown", "none", "n/a", "na", "user", "owner", "administrator", "admin", "windows", "the",
                      "for", "review", "blind", "double-blind", "name", "names", "tbd", "et", "al", "al.", "and"})
_COMMON_WORDS = frozenset({
    "learning", "machine", "deep", "neural", "network", "networks", "model", "models", "language", "large",
    "data", "dataset", "datasets", "training", "efficient", "efficiency", "sparse", "sparsity", "feature",
    "features", "scaling", "law", "laws", "attention", "transformer", "transformers", "optimization", "theory",
    "analysis", "graph", "graphs", "reinforcement", "generative", "diffusion", "vision", "image", "images",
    "text", "robust", "robustness", "adversarial", "representation", "representations", "inference",
    "quantization", "pruning", "compression", "bayesian", "gradient", "descent", "stochastic", "linear",
    "kernel", "kernels", "method", "methods", "approach", "framework", "towards", "toward", "beyond", "via",
    "proceedings", "conference", "workshop", "international", "journal", "abstract", "draft", "version",
    "preprint", "title", "untitled", "document", "presentation", "slides", "report", "university",
    "institute", "department", "lab", "laboratory", "research", "science", "sciences", "computer",
    "engineering", "mathematics", "statistics", "artificial", "intelligence", "agent", "agents", "reasoning",
    "policy", "reward", "control", "system", "systems", "algorithm", "algorithms", "foundation",
    "foundations", "principles", "predictive", "prediction", "cost", "spectrum", "curvature", "experts",
    "mixture", "memory", "online", "federated", "causal", "physics", "medical", "information", "processing",
    "computation", "computing", "benchmark", "evaluation", "supplementary", "material", "appendix", "paper",
    "submission", "review", "anonymous", "authors", "author"})
SURNAME_FIRST_PARTS = 2
"""A name written surname first ("Doe, J.") splits at its comma into two parts: one name."""
MIN_NAME_WORDS = 2
"""A person's name in metadata has at least this many words ("Jane Doe") ..."""
MAX_NAME_WORDS = 4
"""... and at most this many ("Jane Q. van Doe")."""
_INITIAL_RE = re.compile(r"^(?:[A-Z]\.)(?:-?[A-Z]\.)*$")
_BY_RE = re.compile(r"\b(?:by|authors?:)\s+(?P<name>(?:[A-Z][\w.'\-]*\s+){1,3}[A-Z][\w'\-]+)")


def names_person(value: str, name_lists: bool = True) -> bool:
    """A metadata value that holds an e-mail address, "by Jane Doe", or (with `name_lists`) a
    list of personal names: "J. Doe and K. Lee", "Jane Doe, John Roe", "Doe, J.". A single
    "Jane Doe" is not told apart from two capitalised words ("Browser Test") here; the
    templates' placeholders (`anon.email@domain.com`, "Firstname1 Lastname1") name nobody."""
    if is_placeholder_value(value):
        return False
    if any(not is_placeholder_email(m.group(0)) for m in EMAIL_RE.finditer(value)):
        return True
    by = _BY_RE.search(value)
    if by and _is_name(by.group("name")):
        return True
    if not name_lists:
        return False
    parts = [p for p in re.split(r"\s*(?:;|&|\band\b|,|\n)\s*", value.strip()) if p]
    if len(parts) == SURNAME_FIRST_PARTS and "," in value and len(parts[0].split()) == 1 \
            and _INITIAL_RE.match(parts[1]):
        parts = [f"{parts[1]} {parts[0]}"]
    with_initial = any(_INITIAL_RE.match(word) for part in parts for word in part.split())
    return (len(parts) > 1 or with_initial) and all(_is_name(part) for part in parts)


def _is_name(part: str) -> bool:
    words = part.split()
    if not MIN_NAME_WORDS <= len(words) <= MAX_NAME_WORDS:
        return False
    return all(_INITIAL_RE.match(word) or _is_name_word(word) for word in words)


def _is_name_word(word: str) -> bool:
    letters = word.replace("-", "").replace("'", "").replace("’", "")
    return (letters.isalpha() and word[0].isupper() and not (len(letters) > 1 and letters.isupper())
            and word.lower() not in _COMMON_WORDS)


def identifies(value: str) -> bool:
    """A value of an author field that is not empty, not a placeholder ("Anonymous Authors",
    "Firstname1 Lastname1, Firstname2 Lastname2", `anon.email@domain.com`), and not a program."""
    if is_placeholder_value(value):
        return False
    words = [w.strip(",.;:()[]").rstrip("0123456789") for w in value.lower().replace("(s)", "s").split()]
    if not any(any(c.isalpha() for c in w) for w in words):
        return False
    if all(w in _PLACEHOLDER_WORDS or not any(c.isalpha() for c in w) for w in words):
        return False
    return not TOOL_RE.search(value)


def metadata_values(doc: Document) -> Iterator[tuple[str, str, str]]:
    """(field, value, where) for every document-information entry and XMP property."""
    metadata = doc.metadata
    for key, value in metadata.info.items():
        yield key, value, f"document information /{key}"
    for key, values in metadata.xmp.items():
        repeats = metadata.xmp_repeats.get(key, {})
        for value in values:
            times = repeats.get(value, 1)
            yield key, value, f"XMP {key}" + (f" (given {times:,} times)" if times > 1 else "")
