"""Object-level facts read with pikepdf (qpdf): metadata, XMP, embedded file paths and the
authors that included figures carry, and fonts when PDFium cannot describe them (`pdfium_objects`).

pikepdf is imported only when a rule asks for one of these (`load_pikepdf`); qpdf parses the
file in C++, decrypts it (RC4 and AES, with the empty password) and repairs what it can, so
that opening a paper and reading its page tree costs a few milliseconds. The walk over the
objects (`object_walk`) skips and counts damaged objects; what it skipped travels with the
facts (`Metadata.unread`, `FontFacts.unread`) so that the report says the check is incomplete.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model import Font, Metadata
from ..verdicts import DETAIL_CHARS, describe
from .stream_data import decoded, load_pikepdf

GlyphText = dict[str, tuple[dict[str, str], list[str]]]
"""Font name -> (ToUnicode text -> the text its glyph shows, for codes that disagree; texts the
font's other codes map honestly): what `glyph_text.read_glyph_text` finds."""

XMP_UNREADABLE = "The XMP metadata cannot be read: the metadata check could not look at it"
_LOST_OBJECT_MARKS = ("treating object as null", "is missing or invalid; repairing")
"""What qpdf's warnings say when it reads a damaged object as null, or replaces a page's resources."""
"""How the report says that the document's XMP packet exists but cannot be read."""
def describe_warning(warning: str) -> str:
    """One of qpdf's warnings as a message quotes it: at most `verdicts.DETAIL_CHARS` of it."""
    text = " ".join(warning.split())
    return text if len(text) <= DETAIL_CHARS else text[:DETAIL_CHARS - 1].rstrip() + "…"


class _Described(str):
    """A path that qpdf names "file" in its messages: a report never quotes where the file
    was read from (a run's folder, the web page's upload folder), so the same file gets the
    same report wherever it lies."""

    def __str__(self) -> str:
        return "file"


class ObjectReader:
    """A file as qpdf reads it (`pdf`, a pikepdf.Pdf) and its path; closing it releases the file."""

    def __init__(self, pdf: Any, path: str) -> None:
        self.pdf = pdf
        self.path = path

    def close(self) -> None:
        self.pdf.close()

    def __enter__(self) -> ObjectReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_reader(path: str) -> ObjectReader:
    """The file opened with qpdf, read as far as its damage allows; an encrypted file opens
    with the empty password (raises pikepdf.PasswordError when that does not)."""
    return ObjectReader(load_pikepdf().open(_Described(path)), path)


def page_count(reader: ObjectReader) -> int:
    """The page count as qpdf reads the page tree."""
    return len(reader.pdf.pages)


def read_metadata(reader: ObjectReader) -> Metadata:
    """Document information (in the file's order of entries), person-naming XMP fields and what
    included figures carry (paths, authors); link targets are PDFium's (`pdfium_objects`).
    Damaged objects are skipped and named in `Metadata.unread`."""
    from .key_order import FileOrder, place_of  # noqa: PLC0415 - with pikepdf, when the metadata is asked
    from .object_walk import FigureFacts, Skipped, is_dictionary, key_text, text  # noqa: PLC0415 - as above

    skipped = Skipped()
    pdf = reader.pdf
    order = FileOrder(pdf, reader.path)
    info: dict[str, str] = {}
    raw_info = pdf.trailer.get("/Info")
    if is_dictionary(raw_info):
        for key in order.keys(raw_info, place_of(raw_info, (None, ()), "/Info")):
            value = raw_info.get(key)
            with skipped.guard("document information entry", value):
                info[key_text(key).lstrip("/")] = text(value)
    figures = FigureFacts(skipped, order)
    for number, page in enumerate(pdf.pages, start=1):
        resources = page.obj.get("/Resources")
        figures.collect(resources, number, 0, place_of(resources, (page.obj, ()), "/Resources"))
    xmp, repeats = _read_xmp(pdf, skipped)
    return Metadata(info=info, xmp=xmp, embedded_paths=tuple(figures.paths),
                    embedded_authors=tuple(figures.authors), xmp_repeats=repeats,
                    unread=skipped.summary() + qpdf_repairs(pdf))


def _read_xmp(pdf: Any, skipped: Any) -> tuple[dict[str, list[str]], dict[str, dict[str, int]]]:
    """The document's XMP fields; an XMP packet that exists but cannot be read (or only in
    part) is noted in `skipped` (`object_walk.Skipped`), so that the metadata check is not
    taken for complete."""
    from .object_walk import is_damage, is_dictionary  # noqa: PLC0415 - with pikepdf, as the walk
    from .xmp import XmpReader  # noqa: PLC0415 - as above

    try:
        root = pdf.trailer.get("/Root")
        stream = root.get("/Metadata") if is_dictionary(root) else None
        if not isinstance(stream, load_pikepdf().Stream):
            return {}, {}
        data = decoded(stream).decode("utf-8", "replace")
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
    """The fonts qpdf reads, and what it skipped as damaged."""

    fonts: list[Font]
    unread: tuple[str, ...] = ()


def read_fonts(reader: ObjectReader) -> FontFacts:
    """Every font the pages use (including inside form XObjects), with type and embedding."""
    from .object_walk import Skipped, walk_fonts  # noqa: PLC0415 - with pikepdf, when the fonts are asked

    skipped = Skipped()
    fonts = walk_fonts(reader.pdf.pages, skipped)
    return FontFacts(fonts, skipped.summary() + qpdf_repairs(reader.pdf))


def qpdf_repairs(pdf: Any) -> tuple[str, ...]:
    """What qpdf, reading the file, could not parse and read as null instead, or had to
    replace (a page's resources): one phrase, or none. The walks above see the repaired file,
    in which nothing is missing, so without it the report would not say that what they read
    is incomplete."""
    lost = [warning for warning in pdf.get_warnings() if any(mark in warning for mark in _LOST_OBJECT_MARKS)]
    if not lost:
        return ()
    plural = "s" if len(lost) > 1 else ""
    return (f"{len(lost)} damaged object{plural} qpdf read as null or replaced: {describe_warning(lost[0])}",)
