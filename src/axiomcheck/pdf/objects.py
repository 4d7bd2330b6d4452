"""Object-level facts read with pypdf: metadata, XMP, embedded file paths and the authors
that included figures carry, and fonts when PDFium cannot describe them (`pdfium_objects`).

pypdf is imported only when a rule asks for one of these (it costs about 70 ms to import;
`pypdf_loader` keeps its crypto library out until a file is encrypted), and the document
information is read before any page is touched, which keeps it cheap. The walk over the
objects (`object_walk`) skips and counts damaged objects; what it skipped travels with the
facts (`Metadata.unread`, `FontFacts.unread`) so that the report says the check is incomplete.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model import Font, Metadata
from ..verdicts import describe
from .object_walk import FigureFacts, Skipped, is_damage, resolved, text
from .object_walk import read_fonts as walk_fonts
from .pypdf_loader import enable_aes, load_pypdf
from .xmp import XmpReader

GlyphText = dict[str, tuple[dict[str, str], list[str]]]
"""Font name -> (ToUnicode text -> the text its glyph shows, for codes that disagree; texts the
font's other codes map honestly): what `glyph_text.read_glyph_text` finds."""

DEFAULT_STREAM_CAP = 75_000_000
"""pypdf's own default cap on a decoded stream, in bytes."""
XMP_UNREADABLE = "The XMP metadata cannot be read: the metadata check could not look at it"
"""How the report says that the document's XMP packet exists but cannot be read."""
_stream_cap: int | None = None


def cap_decoded_streams(max_bytes: int) -> None:
    """Cap how much pypdf may decode from one stream in this process (a few kilobytes of
    nested compression can otherwise expand to gigabytes); a capped stream raises, and the
    file gets a verdict. The cap is applied when pypdf is first used, so that setting it does
    not import pypdf."""
    global _stream_cap
    _stream_cap = max(1_000_000, min(max_bytes, DEFAULT_STREAM_CAP))


def _apply_stream_cap() -> None:
    pypdf = load_pypdf()
    cap = _stream_cap
    if cap is None or pypdf.get_configuration().zlib_maximum_output_length == cap:
        return
    pypdf.overwrite_configuration(
        maximum_declared_stream_length=cap, array_based_stream_maximum_output_length=cap,
        jbig2_maximum_output_length=cap, lzw_maximum_output_length=cap,
        run_length_maximum_output_length=cap, zlib_maximum_output_length=cap,
        xmp_maximum_input_length=min(cap, 10_000_000))


def open_reader(path: str) -> Any:
    """A pypdf reader in non-strict mode (damaged files are read as far as possible), under
    the stream cap when one is set. An encrypted file gets pypdf's AES provider first
    (`pypdf_loader.enable_aes`: ImportError naming `cryptography` when it is missing)."""
    pypdf = load_pypdf()
    _apply_stream_cap()
    try:
        reader = pypdf.PdfReader(path, strict=False)
    except pypdf.errors.DependencyError:  # AES-256 keys are checked as the file opens
        enable_aes()
        return pypdf.PdfReader(path, strict=False)
    if reader.is_encrypted:  # AES-128 objects are decrypted as they are read
        enable_aes()
    return reader


def page_count(reader: Any) -> int:
    """The page count as pypdf reads the page tree."""
    return len(reader.pages)


def read_metadata(reader: Any) -> Metadata:
    """Document information, person-naming XMP fields and what included figures carry (paths,
    authors); link targets are PDFium's (`pdfium_objects`). Damaged objects are skipped and
    named in `Metadata.unread`."""
    skipped = Skipped()
    info: dict[str, str] = {}
    raw_info = reader.metadata or {}
    for key, value in raw_info.items():
        with skipped.guard("document information entry", value):
            info[str(key).lstrip("/")] = text(value)
    figures = FigureFacts(skipped)
    for number, page in enumerate(reader.pages, start=1):
        figures.collect(page.get("/Resources"), number, 0)
    xmp, repeats = _read_xmp(reader, skipped)
    return Metadata(info=info, xmp=xmp, embedded_paths=tuple(figures.paths),
                    embedded_authors=tuple(figures.authors), xmp_repeats=repeats, unread=skipped.summary())


def _read_xmp(reader: Any, skipped: Skipped) -> tuple[dict[str, list[str]], dict[str, dict[str, int]]]:
    """The document's XMP fields; an XMP packet that exists but cannot be read (or only in
    part) is noted in `skipped`, so that the metadata check is not taken for complete."""
    try:
        root = resolved(reader.trailer["/Root"])
        reference = root.get("/Metadata") if hasattr(root, "get") else None
        stream = resolved(reference)
        if stream is None or not hasattr(stream, "get_data"):
            return {}, {}
        data = stream.get_data().decode("utf-8", "replace")
    except Exception as error:
        if not is_damage(error):
            raise
        skipped.notes.append(f"{XMP_UNREADABLE} ({describe(error)})")
        return {}, {}
    packet = XmpReader().read(data)
    if packet.damage is not None and not packet.elements:
        skipped.notes.append(f"{XMP_UNREADABLE} ({packet.damage})")
    elif packet.damage is not None:
        skipped.notes.append(f"The XMP metadata is damaged ({packet.damage}); the metadata check looked only at "
                             "the part before the damage")
    return packet.values(), packet.repeats()


@dataclass(frozen=True)
class FontFacts:
    """The fonts pypdf reads, and what it skipped as damaged."""

    fonts: list[Font]
    unread: tuple[str, ...] = ()


def read_fonts(reader: Any) -> FontFacts:
    """Every font the pages use (including inside form XObjects), with type and embedding."""
    skipped = Skipped()
    fonts = walk_fonts(reader.pages, skipped)
    return FontFacts(fonts, skipped.summary())
