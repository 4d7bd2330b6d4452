"""Anonymity rules on what the PDF carries besides its text: document information and XMP
that name a person, and the paths and authors that included figures and images keep.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .anonymity_text import EMAIL_RE
from .base import CheckContext, Severity, Violation, rule

if TYPE_CHECKING:
    from ..model import Document

_TOOL_RE = re.compile(
    r"\b(?:la)?tex\b|pdf(?:la)?tex|xetex|luatex|luahbtex|hyperref|dvips|dvipdfm|ghostscript|acrobat|adobe|"
    r"distiller|illustrator|photoshop|indesign|inkscape|microsoft|\bword\b|powerpoint|excel|office|libreoffice|"
    r"openoffice|keynote|quartz|mac\s?os|matplotlib|\bpgf|tikz|gnuplot|matlab|mathematica|wolfram|plotly|"
    r"overleaf|google|chrom(?:e|ium)|skia|cairo|pypdf|pikepdf|itext|openpdf|qpdf|pdfium|prince|pandoc|typst|"
    r"arxiv|genpdf|pdfcreator|foxit|nitro|\bfop\b|ieee|\bacm\b|springer|elsevier|curran", re.I)
"""Programs and publishers that fill metadata fields: their names identify no author."""
_PLACEHOLDER_WORDS = {"anonymous", "anon", "author", "authors", "author(s)", "submission", "paper", "id",
                      "unknown", "none", "n/a", "na", "user", "owner", "administrator", "admin", "windows", "the",
                      "for", "review", "blind", "double-blind", "name", "names", "tbd", "et", "al", "al.", "and"}
_COMMON_WORDS = {
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
    "submission", "review", "anonymous", "authors", "author"}
_INITIAL_RE = re.compile(r"^(?:[A-Z]\.)(?:-?[A-Z]\.)*$")
_BY_RE = re.compile(r"\b(?:by|authors?:)\s+(?P<name>(?:[A-Z][\w.'\-]*\s+){1,3}[A-Z][\w'\-]+)")


def names_person(value: str, name_lists: bool = True) -> bool:
    """A metadata value that holds an e-mail address, "by Jane Doe", or (with `name_lists`) a
    list of personal names: "J. Doe and K. Lee", "Jane Doe, John Roe", "Doe, J.". A single
    "Jane Doe" is not told apart from two capitalised words ("Browser Test") here."""
    if EMAIL_RE.search(value):
        return True
    by = _BY_RE.search(value)
    if by and _is_name(by.group("name")):
        return True
    if not name_lists:
        return False
    parts = [p for p in re.split(r"\s*(?:;|&|\band\b|,|\n)\s*", value.strip()) if p]
    if len(parts) == 2 and "," in value and len(parts[0].split()) == 1 and _INITIAL_RE.match(parts[1]):
        parts = [f"{parts[1]} {parts[0]}"]
    with_initial = any(_INITIAL_RE.match(word) for part in parts for word in part.split())
    return (len(parts) >= 2 or with_initial) and all(_is_name(part) for part in parts)


def _is_name(part: str) -> bool:
    words = part.split()
    if not 2 <= len(words) <= 4:
        return False
    return all(_INITIAL_RE.match(word) or _is_name_word(word) for word in words)


def _is_name_word(word: str) -> bool:
    letters = word.replace("-", "").replace("'", "").replace("’", "")
    return (letters.isalpha() and word[0].isupper() and not (len(letters) > 1 and letters.isupper())
            and word.lower() not in _COMMON_WORDS)


def identifies(value: str) -> bool:
    """A value of an author field that is not empty, not a placeholder, and not a program."""
    words = [w.strip(",.;:()[]").rstrip("0123456789") for w in value.lower().replace("(s)", "s").split()]
    if not any(any(c.isalpha() for c in w) for w in words):
        return False
    if all(w in _PLACEHOLDER_WORDS or not any(c.isalpha() for c in w) for w in words):
        return False
    return not _TOOL_RE.search(value)


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


@dataclass(frozen=True)
class MetadataIdentityOptions:
    person_fields: tuple[str, ...] = ("Author", "dc:creator", "dc:contributor", "pdf:Author", "xmpRights:Owner",
                                      "exif:Artist", "tiff:Artist")
    """Fields meant for people: any value other than a placeholder or a program name is flagged."""
    text_fields: tuple[str, ...] = ("Title", "Subject", "Keywords", "Creator", "dc:title", "dc:description",
                                    "dc:rights", "pdf:Keywords", "xmp:CreatorTool")
    """Other fields: flagged when the value holds an e-mail address or "by <name>"."""
    name_list_fields: tuple[str, ...] = ("Title", "Subject", "Creator", "dc:title", "dc:description",
                                         "dc:rights", "xmp:CreatorTool")
    """Text fields also flagged when the value is a list of personal names ("J. Doe and K. Lee";
    keyword lists are left out: "Lottery Tickets, Mixed Precision" reads like two names)."""


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


@rule(id="AX304", name="metadata-identity", group="anonymity", options=MetadataIdentityOptions, needs_text=False)
def metadata_identity(doc: Document, options: MetadataIdentityOptions, context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission's PDF metadata names no one.

    What it checks: the document information (/Author, /Title, /Subject, /Keywords,
    /Creator) and the XMP packet (dc:creator, dc:contributor, pdf:Author, dc:title, ...).
    An author field holding anything but a placeholder ("Anonymous Authors") or a program
    name ("Jane Doe", "Doe, Jane", a login such as "jdoe") is an error; another field is an
    error when it holds an e-mail address, "by Jane Doe", or a list of names ("J. Doe and
    K. Lee", "Jane Doe, John Roe"). Program names ("LaTeX with hyperref", "pdfTeX",
    "Microsoft Word") and a /Title equal to the paper's title are fine.

    Why: PDF viewers show the metadata in the document properties, and OpenReview keeps the
    file as uploaded: a filled-in /Author undoes the anonymous author block.

    How to fix: with hyperref, clear the fields: `\\hypersetup{pdfauthor={}, pdfsubject={},
    pdfkeywords={}}` (or `pdfauthor={Anonymous Authors}`), and do not pass
    `pdfusetitle` to hyperref in the submission. ICML's style sets pdfauthor to "Anonymous
    Authors" in review mode; keep it. Word and other editors: remove personal information
    (File > Info > Inspect Document) before exporting. An XMP packet (from `hyperxmp`,
    `pdfx` or an editor) must be cleared too: drop `\\usepackage{hyperxmp}` for the review
    version, or strip it with `exiftool -all:all= paper.pdf` / `qpdf`.
    """
    title = _letters(doc.title)
    for field, value, where in metadata_values(doc):
        value = " ".join(value.split())
        if field in options.person_fields and identifies(value):
            yield _metadata_violation(where, value)
        elif field in options.text_fields and names_person(value, field in options.name_list_fields) \
                and not _TOOL_RE.search(value):
            if field.lower() in ("title", "dc:title") and title and _letters(value) == title:
                continue
            yield _metadata_violation(where, value)


def _metadata_violation(where: str, value: str) -> Violation:
    return Violation(
        message=f"The PDF's {where} is '{value[:120]}', which names a person.",
        hint="Clear the field for the submission, e.g. `\\hypersetup{pdfauthor={}}`.",
        evidence=f"{where}: {value[:300]}")


@dataclass(frozen=True)
class EmbeddedPathOptions:
    personal_paths: tuple[str, ...] = (
        r"(?:^|[/\\])home[/\\](?P<user>[^/\\]+)[/\\]", r"(?:^|[/\\])Users[/\\](?P<user>[^/\\]+)[/\\]",
        r"Documents and Settings[/\\](?P<user>[^/\\]+)[/\\]",
        r"(?:^|[/\\])(?:Dropbox|OneDrive|Google ?Drive|iCloud ?Drive|Overleaf)\b[^/\\]*[/\\]")
    """Regular expressions (case-insensitive) for paths that show a person: a home folder
    (`(?P<user>...)` names the user) or a synchronised folder (Dropbox, OneDrive, Overleaf)."""
    generic_users: tuple[str, ...] = ("runner", "user", "username", "shared", "public", "default", "guest",
                                      "ubuntu", "root", "admin", "administrator", "builder", "vagrant", "docker",
                                      "travis", "circleci", "jenkins")
    """Account names that identify nobody (CI machines, containers)."""


@rule(id="AX305", name="embedded-path", group="anonymity", options=EmbeddedPathOptions,
      severity=Severity.WARNING, needs_text=False)
def embedded_path(doc: Document, options: EmbeddedPathOptions, context: CheckContext) -> Iterator[Violation]:
    """Included figures carry no personal file path and no author name.

    What it checks: pdfTeX records the file name of every included PDF figure
    (/PTEX.FileName, and the figure's own /Title); a path under a user's home folder
    (`/home/<user>/`, `/Users/<user>/`, `C:\\Users\\<user>\\`) or in a Dropbox, OneDrive or
    Overleaf folder is flagged, quoting the path. So is an author name that a figure or image
    keeps in its own metadata (the /Author of an included PDF, image XMP, JPEG EXIF Artist).

    Why: the path shows the user name of the machine the paper was built on, often the
    author's name or login; figure metadata names whoever drew the figure.

    How to fix: include figures by relative path (`\\includegraphics{figs/plot.pdf}`), and
    stop pdfTeX from writing the figure's metadata with `\\pdfsuppressptexinfo=-1` (or
    `\\pdfvariable suppressoptionalinfo 1023` in LuaTeX) at the top of the preamble. Clear a
    figure's author before including it (matplotlib: `savefig(..., metadata={"Author": None})`;
    images: `exiftool -all= figure.jpg`).
    """
    generic = {user.lower() for user in options.generic_users}
    patterns = [re.compile(p, re.I) for p in options.personal_paths]
    for page, path in doc.metadata.embedded_paths:
        match = next((m for p in patterns if (m := p.search(path))), None)
        user = (match.groupdict().get("user") or "") if match else ""
        if match and user.lower() not in generic:
            yield Violation(
                message=f"An included figure on page {page} carries the path '{path}'"
                        + (f", which shows the user name '{user}'." if user else "."),
                hint="Add `\\pdfsuppressptexinfo=-1` to the preamble and include figures by relative path.",
                page=page, evidence=path)
    for author in doc.metadata.embedded_authors:
        if identifies(author.value):
            yield Violation(
                message=f"An included figure on page {author.page} names '{author.value}' ({author.source}).",
                hint="Clear the figure's author metadata before including it, or add `\\pdfsuppressptexinfo=-1`.",
                page=author.page, evidence=f"{author.source}: {author.value}")


RULES = (metadata_identity, embedded_path)
