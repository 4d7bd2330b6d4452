"""What a PDF carries besides its text: fonts, link targets, metadata and the authors that
included figures name. Read from the PDF's objects (costlier than the text), on demand."""

from __future__ import annotations

from dataclasses import dataclass, field

from .geometry import BBox


@dataclass(frozen=True)
class Font:
    """A font resource used by the document."""

    name: str
    subtype: str
    """Type3 for a Type 3 font; otherwise, read with PDFium, the embedded program's format
    (Type1, TrueType, OpenType); read with qpdf (when PDFium cannot describe a font of the
    file, e.g. one not embedded), the PDF subtype (Type1, TrueType, Type0, MMType1)."""
    embedded: bool
    pages: tuple[int, ...]


@dataclass(frozen=True)
class EmbeddedAuthor:
    """A name that an included figure or image carries in its own metadata."""

    page: int | None
    value: str
    source: str
    """Where it was found, e.g. "/Author of the included PDF ./figs/a.pdf", "EXIF Artist of an image"."""


@dataclass(frozen=True)
class LinkTarget:
    """The target of a link annotation (what a click opens, printed or not)."""

    page: int
    uri: str
    bbox: BBox | None


@dataclass(frozen=True)
class Metadata:
    """Document information dictionary and XMP packet, as text."""

    info: dict[str, str]
    xmp: dict[str, list[str]]
    """XMP properties that can name a person (dc:creator, dc:title, pdf:Author, ...), each
    value once."""
    embedded_paths: tuple[tuple[int | None, str], ...] = ()
    """(page or None, path) for every /PTEX.FileName and path-like image metadata found."""
    embedded_authors: tuple[EmbeddedAuthor, ...] = ()
    """Authors named by included PDFs (/PTEX.InfoDict), image XMP and JPEG EXIF."""
    links: tuple[LinkTarget, ...] = ()
    """Every URI link annotation, in page order."""
    xmp_repeats: dict[str, dict[str, int]] = field(default_factory=dict)
    """XMP values the packet gives more than once, with how often (field -> value -> times)."""
    unread: tuple[str, ...] = ()
    """What could not be read and was skipped (damaged objects, an unreadable XMP packet), one
    phrase each: the checks that read the metadata are incomplete by that much."""
