"""Object-level facts read with pypdf: metadata, XMP, fonts, embedded file paths and the
authors that included figures carry, and link annotation targets.

pypdf is imported only when a rule asks for one of these (it costs about 70 ms to import),
and the document information is read before any page is touched, which keeps it cheap.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..model import BBox, EmbeddedAuthor, Font, LinkTarget, Metadata

_XMP_PERSON_FIELDS = ("dc:creator", "dc:contributor", "dc:publisher", "dc:rights", "dc:title",
                      "dc:description", "pdf:Author", "pdf:Keywords", "xmp:CreatorTool",
                      "photoshop:AuthorsPosition", "xmpRights:Owner", "exif:Artist", "tiff:Artist")
_XMP_TEXT_RE = re.compile(r"<rdf:li[^>]*>([^<]*)</rdf:li>")
_XMP_CREATOR_FIELDS = ("dc:creator", "dc:contributor", "pdf:Author", "xmpRights:Owner", "exif:Artist",
                       "tiff:Artist")
_EMBEDDED_FONT_KEYS = ("/FontFile", "/FontFile2", "/FontFile3")
_MAX_XOBJECT_DEPTH = 4
_JPEG_HEAD_BYTES = 65536
"""EXIF and XMP segments sit at the start of a JPEG: only this much of an image is read."""
_EXIF_ARTIST, _EXIF_XP_AUTHOR = 0x013B, 0x9C9D
_XMP_JPEG_PREFIX = b"http://ns.adobe.com/xap/1.0/\0"
_PATH_LIKE_RE = re.compile(r"^(?:[A-Za-z]:[\\/]|/|~/)")


DEFAULT_STREAM_CAP = 75_000_000
"""pypdf's own default cap on a decoded stream, in bytes."""
_stream_cap: int | None = None


def cap_decoded_streams(max_bytes: int) -> None:
    """Cap how much pypdf may decode from one stream in this process (a few kilobytes of
    nested compression can otherwise expand to gigabytes); a capped stream raises, and the
    file gets a verdict. The cap is applied when pypdf is first used, so that setting it does
    not import pypdf."""
    global _stream_cap
    _stream_cap = max(1_000_000, min(max_bytes, DEFAULT_STREAM_CAP))


def _apply_stream_cap() -> None:
    from pypdf import get_configuration, overwrite_configuration

    cap = _stream_cap
    if cap is None or get_configuration().zlib_maximum_output_length == cap:
        return
    overwrite_configuration(
        maximum_declared_stream_length=cap, array_based_stream_maximum_output_length=cap,
        jbig2_maximum_output_length=cap, lzw_maximum_output_length=cap,
        run_length_maximum_output_length=cap, zlib_maximum_output_length=cap,
        xmp_maximum_input_length=min(cap, 10_000_000))


class ParserBug(Exception):
    """An exception inside axiomcheck's own packet parsers (XMP, EXIF): a bug of ours, which the
    handlers for damaged PDF objects below let through so that it becomes a verdict (AX990),
    not a silently missing finding."""


def _parsed(parser: Callable[[Any], Any], data: Any) -> Any:
    """`parser(data)`, with any exception it raises marked as our bug."""
    try:
        return parser(data)
    except Exception as error:
        raise ParserBug(f"{parser.__name__}: {type(error).__name__}: {error}") from error


def _reraise_our_bug(error: Exception) -> None:
    """Called in the handlers for damaged objects: a damaged or missing object (whatever a PDF
    library or the walk over its objects raises) skips that object; a bug in our own parsers
    is raised again."""
    if isinstance(error, ParserBug):
        raise error


def open_reader(path: str) -> Any:
    """A pypdf reader in non-strict mode (damaged files are read as far as possible), under
    the stream cap when one is set."""
    from pypdf import PdfReader

    _apply_stream_cap()
    return PdfReader(path, strict=False)


def _text(value: Any) -> str:
    try:
        return str(value)
    except Exception as error:  # a damaged string object: keep going with what we can show
        _reraise_our_bug(error)
        return ""


def read_metadata(reader: Any) -> Metadata:
    """Document information, person-naming XMP fields, what included figures carry (paths,
    authors) and link targets."""
    info: dict[str, str] = {}
    raw_info = reader.metadata or {}
    for key, value in raw_info.items():
        info[str(key).lstrip("/")] = _text(value)
    figures = _FigureFacts()
    for number, page in enumerate(reader.pages, start=1):
        figures.collect(page.get("/Resources"), number, 0)
    return Metadata(info=info, xmp=_read_xmp(reader), embedded_paths=tuple(figures.paths),
                    embedded_authors=tuple(figures.authors), links=tuple(_links(reader)))


def _read_xmp(reader: Any) -> dict[str, list[str]]:
    try:
        root = reader.trailer["/Root"].get_object()
        stream = root.get("/Metadata")
        if stream is None:
            return {}
        data = stream.get_object().get_data().decode("utf-8", "replace")
    except Exception as error:  # XMP is optional: a broken packet is the same as none
        _reraise_our_bug(error)
        return {}
    return parse_xmp(data)


def parse_xmp(data: str) -> dict[str, list[str]]:
    """The person-naming fields of an XMP packet, each as a list of its values."""
    found: dict[str, list[str]] = {}
    for field in _XMP_PERSON_FIELDS:
        element = re.search(rf"<{field}\b[^>]*>(.*?)</{field}>", data, re.DOTALL)
        attribute = re.search(rf'\b{field}="([^"]*)"', data)
        values: list[str] = []
        if element:
            items = _XMP_TEXT_RE.findall(element.group(1))
            values = items or [re.sub(r"<[^>]+>", "", element.group(1))]
        elif attribute:
            values = [attribute.group(1)]
        values = [" ".join(v.split()) for v in values if v.strip()]
        if values:
            found[field] = values
    return found


class _FigureFacts:
    """Paths and author names found in the XObjects (figures, images) of the pages."""

    def __init__(self) -> None:
        self.paths: list[tuple[int | None, str]] = []
        self.authors: list[EmbeddedAuthor] = []
        self._seen: set[tuple[str, str]] = set()
        self._visited: set[int] = set()

    def collect(self, resources: Any, page: int, depth: int) -> None:
        if resources is None or depth > _MAX_XOBJECT_DEPTH:
            return
        try:
            xobjects = resources.get_object().get("/XObject")
            refs = list(xobjects.get_object().values()) if xobjects is not None else []
        except Exception as error:  # a damaged resource dictionary: nothing to read here
            _reraise_our_bug(error)
            return
        for ref in refs:
            number = getattr(ref, "idnum", None)
            if number in self._visited:
                continue
            if number is not None:
                self._visited.add(number)
            try:
                xobject = ref.get_object()
                self._read(xobject, page)
            except Exception as error:  # a damaged XObject: skip it, keep the others
                _reraise_our_bug(error)
                continue
            self.collect(xobject.get("/Resources"), page, depth + 1)

    def _read(self, xobject: Any, page: int) -> None:
        name = xobject.get("/PTEX.FileName")
        shown = _text(name) if name is not None else ""
        if shown:
            self._path(page, shown)
        info = xobject.get("/PTEX.InfoDict")
        if info is not None:
            info = info.get_object()
            self._author(page, _text(info.get("/Author", "")), f"/Author of the included PDF {shown}".rstrip())
            title = _text(info.get("/Title", ""))
            if _PATH_LIKE_RE.match(title):
                self._path(page, title)
        metadata = xobject.get("/Metadata")
        if metadata is not None:
            xmp = _parsed(parse_xmp, metadata.get_object().get_data().decode("utf-8", "replace"))
            for field in _XMP_CREATOR_FIELDS:
                for value in xmp.get(field, ()):
                    self._author(page, value, f"XMP {field} of an included figure or image")
        if xobject.get("/Subtype") == "/Image" and _text(xobject.get("/Filter")) == "/DCTDecode":
            for source, value in _parsed(jpeg_authors, xobject.get_data()[:_JPEG_HEAD_BYTES]):
                self._author(page, value, f"{source} of a JPEG image")

    def _path(self, page: int, path: str) -> None:
        if ("path", path) not in self._seen:
            self._seen.add(("path", path))
            self.paths.append((page, path))

    def _author(self, page: int, value: str, source: str) -> None:
        value = " ".join(value.split())
        if value and ("author", value) not in self._seen:
            self._seen.add(("author", value))
            self.authors.append(EmbeddedAuthor(page=page, value=value, source=source))


def jpeg_authors(data: bytes) -> list[tuple[str, str]]:
    """(source, name) pairs from a JPEG's EXIF Artist/XPAuthor tags and its XMP creators."""
    found: list[tuple[str, str]] = []
    if not data.startswith(b"\xff\xd8"):
        return found
    position = 2
    while position + 4 <= len(data) and data[position] == 0xFF and data[position + 1] not in (0xD9, 0xDA):
        length = int.from_bytes(data[position + 2:position + 4], "big")
        segment = data[position + 4:position + 2 + length]
        if data[position + 1] == 0xE1 and segment.startswith(b"Exif\0\0"):
            found.extend(("EXIF Artist", value) for value in _exif_artists(segment[6:]))
        elif data[position + 1] == 0xE1 and segment.startswith(_XMP_JPEG_PREFIX):
            xmp = parse_xmp(segment[len(_XMP_JPEG_PREFIX):].decode("utf-8", "replace"))
            found.extend((f"XMP {field}", value) for field in _XMP_CREATOR_FIELDS for value in xmp.get(field, ()))
        position += 2 + length
    return found


def _exif_artists(tiff: bytes) -> list[str]:
    """Artist (ASCII) and XPAuthor (UTF-16) from the first IFD of an EXIF TIFF structure."""
    order = "little" if tiff[:2] == b"II" else "big"

    def number(start: int, size: int) -> int:
        return int.from_bytes(tiff[start:start + size], order)

    ifd = number(4, 4)
    values = []
    for index in range(min(number(ifd, 2), 256)):
        entry = ifd + 2 + 12 * index
        tag, count = number(entry, 2), number(entry + 4, 4)
        if tag not in (_EXIF_ARTIST, _EXIF_XP_AUTHOR) or entry + 12 > len(tiff):
            continue
        start = entry + 8 if count <= 4 else number(entry + 8, 4)
        text = tiff[start:start + count].decode("utf-16-le" if tag == _EXIF_XP_AUTHOR else "latin-1", "replace")
        if text.strip("\0 "):
            values.append(text.strip("\0 "))
    return values


def _links(reader: Any) -> list[LinkTarget]:
    """URI link annotations with their boxes in top-down page coordinates."""
    found: list[LinkTarget] = []
    for number, page in enumerate(reader.pages, start=1):
        try:
            annotations = page.get("/Annots")
            height = float(page.cropbox.top)
            for ref in (annotations.get_object() if annotations is not None else ()):
                annotation = ref.get_object()
                action = annotation.get("/A")
                uri = action.get_object().get("/URI") if action is not None else None
                if uri is None:
                    continue
                found.append(LinkTarget(page=number, uri=_text(uri), bbox=_top_down(annotation.get("/Rect"), height)))
        except Exception as error:  # a damaged annotation array: keep the links read so far
            _reraise_our_bug(error)
            continue
    return found


def _top_down(rect: Any, top: float) -> BBox | None:
    try:
        x0, y0, x1, y1 = (float(v) for v in rect)
    except (TypeError, ValueError):
        return None
    return BBox(min(x0, x1), top - max(y0, y1), max(x0, x1), top - min(y0, y1))


def read_fonts(reader: Any) -> list[Font]:
    """Every font the pages use (including inside form XObjects), with type and embedding."""
    fonts: dict[str, dict[str, Any]] = {}
    for number, page in enumerate(reader.pages, start=1):
        _collect_fonts(page.get("/Resources"), number, fonts, 0)
    return [Font(name=name, subtype=facts["subtype"], embedded=facts["embedded"],
                 pages=tuple(sorted(facts["pages"]))) for name, facts in sorted(fonts.items())]


def _collect_fonts(resources: Any, page: int, fonts: dict[str, dict[str, Any]], depth: int) -> None:
    if resources is None or depth > _MAX_XOBJECT_DEPTH:
        return
    try:
        resources = resources.get_object()
        font_dict = resources.get("/Font")
        for ref in (font_dict.get_object().values() if font_dict is not None else ()):
            font = ref.get_object()
            name = _base_name(font)
            entry = fonts.setdefault(name, {"subtype": _text(font.get("/Subtype", "/unknown")).lstrip("/"),
                                            "embedded": _is_embedded(font), "pages": set()})
            entry["pages"].add(page)
        xobjects = resources.get("/XObject")
        for ref in (xobjects.get_object().values() if xobjects is not None else ()):
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form":
                _collect_fonts(xobject.get("/Resources"), page, fonts, depth + 1)
    except Exception as error:  # a damaged font entry: keep the fonts read so far
        _reraise_our_bug(error)
        return


def _base_name(font: Any) -> str:
    name = _text(font.get("/BaseFont", "")).lstrip("/")
    if not name:
        name = _text(font.get("/Name", "")).lstrip("/") or "(unnamed Type 3)"
    return name.split("+", 1)[1] if "+" in name[:7] else name


def _is_embedded(font: Any) -> bool:
    subtype = font.get("/Subtype")
    if subtype == "/Type3":
        return True
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts")
        if descendants is None:
            return False
        font = descendants.get_object()[0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in _EMBEDDED_FONT_KEYS)
