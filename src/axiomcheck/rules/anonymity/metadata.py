"""Anonymity rules on what the PDF carries besides its text: document information and XMP
that name a person, and the paths and authors that included figures and images keep.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...model import Severity
from .._text import MAX_QUOTE
from ..base import CheckContext, Violation, option, rule
from ._identity import TOOL_RE, identifies, metadata_values, names_person

if TYPE_CHECKING:
    from ...model import Document

VALUE_QUOTE = 120
"""The longest metadata value a message quotes (characters)."""


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
                and not TOOL_RE.search(value):
            if field.lower() in ("title", "dc:title") and title and _letters(value) == title:
                continue
            yield _metadata_violation(where, value)


def _metadata_violation(where: str, value: str) -> Violation:
    return Violation(
        message=f"The PDF's {where} is '{value[:VALUE_QUOTE]}', which names a person.",
        hint="Clear the field for the submission, e.g. `\\hypersetup{pdfauthor={}}`.",
        evidence=f"{where}: {value[:MAX_QUOTE]}")


@dataclass(frozen=True)
class EmbeddedPathOptions:
    personal_paths: tuple[str, ...] = option((
        r"(?:^|[/\\])home[/\\](?P<user>[^/\\]+)[/\\]", r"(?:^|[/\\])Users[/\\](?P<user>[^/\\]+)[/\\]",
        r"Documents and Settings[/\\](?P<user>[^/\\]+)[/\\]",
        r"(?:^|[/\\])(?:Dropbox|OneDrive|Google ?Drive|iCloud ?Drive|Overleaf)\b[^/\\]*[/\\]"), regex=True)
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
