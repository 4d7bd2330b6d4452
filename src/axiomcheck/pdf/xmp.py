"""XMP packets and JPEG metadata: the person-naming fields, read by parsers of our own.

Both read untrusted bytes from a PDF's objects (`objects`, `object_walk`): the XMP reader
accepts no DTD and stops at the damage of a packet that is not well-formed; the JPEG reader
looks only at the segments at the start of an image. An exception raised in here is a bug
of ours, which the object walk lets through (`object_walk.ParserBug`).
"""

from __future__ import annotations

from typing import Any, Literal
from xml.parsers import expat

XMP_PERSON_FIELDS = ("dc:creator", "dc:contributor", "dc:publisher", "dc:rights", "dc:title",
                     "dc:description", "pdf:Author", "pdf:Keywords", "xmp:CreatorTool",
                     "photoshop:AuthorsPosition", "xmpRights:Owner", "exif:Artist", "tiff:Artist")
XMP_CREATOR_FIELDS = ("dc:creator", "dc:contributor", "pdf:Author", "xmpRights:Owner", "exif:Artist",
                      "tiff:Artist")
"""The XMP fields that name whoever made a figure or image."""
_EXIF_ARTIST, _EXIF_XP_AUTHOR = 0x013B, 0x9C9D
_XMP_JPEG_PREFIX = b"http://ns.adobe.com/xap/1.0/\0"
_MARKER, _APP1, _LAST_MARKERS = 0xFF, 0xE1, (0xD9, 0xDA)
"""A JPEG segment starts with 0xFF and its kind (APP1: EXIF or XMP); the image data (SOS) or
its end (EOI) stops the walk."""
_MAX_EXIF_ENTRIES = 256
"""IFD entries read at most (a damaged count cannot make the loop long)."""
_EXIF_INLINE_BYTES = 4
"""An EXIF value this short is stored in its entry instead of at an offset."""


def parse_xmp(data: str) -> dict[str, list[str]]:
    """The person-naming fields of an XMP packet, each as a list of its distinct values (see
    `XmpReader`)."""
    return XmpReader().read(data).values()


def parse_xmp_counts(data: str) -> tuple[dict[str, list[str]], dict[str, dict[str, int]]]:
    """`parse_xmp`'s values, and for each field the values the packet repeats with how often."""
    reader = XmpReader().read(data)
    return reader.values(), reader.repeats()


class XmpReader:
    """The person-naming fields of an XMP packet, read by expat in one linear pass.

    A field is an element (`<dc:creator><rdf:Seq><rdf:li>Jane Doe</rdf:li>...`, each
    `rdf:li` a value, or the element's text when it has none) or an attribute
    (`<rdf:Description pdf:Author="Jane Doe"/>`); the first element of a field wins over
    attributes, and elements inside it count only for their text. Names are matched with
    their prefix as written, as XMP writers use them.

    Untrusted input: no DTD is accepted (so no entity can expand), and a packet that is not
    well-formed XML is read up to the damage, no further (`damage` then says where). Repeated values are kept once,
    with a count, and at most `MAX_VALUES` distinct values per field, so that a packet naming
    one person a million times costs one value, not a million.
    """

    MAX_VALUES = 1000

    def __init__(self) -> None:
        self._found: dict[str, dict[str, int]] = {}
        self._attributes: dict[str, dict[str, int]] = {}
        self._field: str | None = None
        self._items = 0
        self._text: list[str] = []
        self._parser: Any = None
        self.damage: str | None = None
        """Why the packet was read only up to a point (not well-formed XML, a DTD), or None."""
        self.elements = False
        """Whether any element was read (a packet damaged before its first one holds nothing)."""

    def read(self, data: str) -> XmpReader:
        """Read `data` (once per reader); returns the reader."""
        parser = self._parser = expat.ParserCreate(encoding="utf-8")
        parser.buffer_text = True
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.StartDoctypeDeclHandler = _refuse_dtd
        parser.EntityDeclHandler = _refuse_dtd
        parser.StartElementHandler = self._start
        try:
            parser.Parse(data, True)
        except expat.ExpatError as error:  # damaged: keep what was read before
            self.damage = f"it is not well-formed XML: {expat.ErrorString(error.code)}, line {error.lineno}"
        except _DtdRefused:  # hostile: keep what was read before
            self.damage = "it declares a DTD, which XMP never does"
        self._parser = None
        return self

    # Outside a field only element starts are seen; inside one only text and element ends:
    # each handler costs a call into Python per element, and a packet may hold millions.
    def _start(self, name: str, attributes: dict[str, str]) -> None:
        self.elements = True
        if name in _XMP_PERSON_FIELD_SET and name not in self._found:
            self._field, self._items, self._text = name, 0, []
            self._found[name] = {}
            self._parser.StartElementHandler = None
            self._parser.CharacterDataHandler = self._text.append
            self._parser.EndElementHandler = self._end
            return
        for key, value in attributes.items():
            if key in _XMP_PERSON_FIELD_SET:
                counts = self._attributes.setdefault(key, {})
                if value in counts or len(counts) < self.MAX_VALUES:
                    counts[value] = counts.get(value, 0) + 1

    def _end(self, name: str) -> None:
        if name == "rdf:li":
            value = "".join(self._text)
            self._text.clear()
            self._items += 1
            counts = self._found[self._field or ""]
            if value in counts:
                counts[value] += 1
            elif len(counts) < self.MAX_VALUES:
                counts[value] = 1
        elif name == self._field:
            if self._items == 0:
                self._found[name][" ".join(self._text)] = 1
            self._field = None
            self._parser.StartElementHandler = self._start
            self._parser.CharacterDataHandler = None
            self._parser.EndElementHandler = None

    def _fields(self) -> dict[str, dict[str, int]]:
        """Each field's values, white space normalised (empty values dropped), with counts."""
        merged: dict[str, dict[str, int]] = {}
        for field in XMP_PERSON_FIELDS:
            counts: dict[str, int] = {}
            for raw, times in (self._found.get(field) or self._attributes.get(field) or {}).items():
                value = " ".join(raw.split())
                if value:
                    counts[value] = counts.get(value, 0) + times
            if counts:
                merged[field] = counts
        return merged

    def values(self) -> dict[str, list[str]]:
        """Each field's distinct values, in the order they first appear."""
        return {field: list(values) for field, values in self._fields().items()}

    def repeats(self) -> dict[str, dict[str, int]]:
        """Each field's values that appear more than once, with how often."""
        repeated = {field: {value: times for value, times in values.items() if times > 1}
                    for field, values in self._fields().items()}
        return {field: values for field, values in repeated.items() if values}


_XMP_PERSON_FIELD_SET = frozenset(XMP_PERSON_FIELDS)


class _DtdRefused(Exception):
    """An XMP packet declared a DTD: never in XMP, and where entity bombs live."""


def _refuse_dtd(*_: object) -> None:
    raise _DtdRefused



def jpeg_authors(data: bytes) -> list[tuple[str, str]]:
    """(source, name) pairs from a JPEG's EXIF Artist/XPAuthor tags and its XMP creators."""
    found: list[tuple[str, str]] = []
    if not data.startswith(b"\xff\xd8"):
        return found
    position = 2
    while position + 4 <= len(data) and data[position] == _MARKER and data[position + 1] not in _LAST_MARKERS:
        length = int.from_bytes(data[position + 2:position + 4], "big")
        segment = data[position + 4:position + 2 + length]
        if data[position + 1] == _APP1 and segment.startswith(b"Exif\0\0"):
            found.extend(("EXIF Artist", value) for value in _exif_artists(segment[6:]))
        elif data[position + 1] == _APP1 and segment.startswith(_XMP_JPEG_PREFIX):
            xmp = parse_xmp(segment[len(_XMP_JPEG_PREFIX):].decode("utf-8", "replace"))
            found.extend((f"XMP {field}", value) for field in XMP_CREATOR_FIELDS for value in xmp.get(field, ()))
        position += 2 + length
    return found


def _exif_artists(tiff: bytes) -> list[str]:
    """Artist (ASCII) and XPAuthor (UTF-16) from the first IFD of an EXIF TIFF structure."""
    order: Literal["little", "big"] = "little" if tiff[:2] == b"II" else "big"

    def number(start: int, size: int) -> int:
        return int.from_bytes(tiff[start:start + size], order)

    ifd = number(4, 4)
    values = []
    for index in range(min(number(ifd, 2), _MAX_EXIF_ENTRIES)):
        entry = ifd + 2 + 12 * index
        tag, count = number(entry, 2), number(entry + 4, 4)
        if tag not in (_EXIF_ARTIST, _EXIF_XP_AUTHOR) or entry + 12 > len(tiff):
            continue
        start = entry + 8 if count <= _EXIF_INLINE_BYTES else number(entry + 8, 4)
        text = tiff[start:start + count].decode("utf-16-le" if tag == _EXIF_XP_AUTHOR else "latin-1", "replace")
        if text.strip("\0 "):
            values.append(text.strip("\0 "))
    return values
