"""Object-level facts read with pypdf: metadata, XMP, fonts and embedded file paths.

pypdf is imported only when a rule asks for one of these (it costs about 70 ms to import),
and the document information is read before any page is touched, which keeps it cheap.
"""

from __future__ import annotations

import re
from typing import Any

from ..model import Font, Metadata

_XMP_PERSON_FIELDS = ("dc:creator", "dc:contributor", "dc:publisher", "dc:rights", "dc:title",
                      "dc:description", "pdf:Author", "pdf:Keywords", "xmp:CreatorTool",
                      "photoshop:AuthorsPosition", "xmpRights:Owner", "exif:Artist", "tiff:Artist")
_XMP_TEXT_RE = re.compile(r"<rdf:li[^>]*>([^<]*)</rdf:li>")
_EMBEDDED_FONT_KEYS = ("/FontFile", "/FontFile2", "/FontFile3")
_MAX_XOBJECT_DEPTH = 4


def open_reader(path: str) -> Any:
    """A pypdf reader in non-strict mode (damaged files are read as far as possible)."""
    from pypdf import PdfReader

    return PdfReader(path, strict=False)


def _text(value: Any) -> str:
    try:
        return str(value)
    except Exception:  # a damaged string object: keep going with what we can show
        return ""


def read_metadata(reader: Any) -> Metadata:
    """Document information, person-naming XMP fields and embedded figure paths."""
    info: dict[str, str] = {}
    raw_info = reader.metadata or {}
    for key, value in raw_info.items():
        info[str(key).lstrip("/")] = _text(value)
    return Metadata(info=info, xmp=_read_xmp(reader), embedded_paths=tuple(_embedded_paths(reader)))


def _read_xmp(reader: Any) -> dict[str, list[str]]:
    try:
        root = reader.trailer["/Root"].get_object()
        stream = root.get("/Metadata")
        if stream is None:
            return {}
        data = stream.get_object().get_data().decode("utf-8", "replace")
    except Exception:  # XMP is optional: a broken packet is the same as none
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


def _embedded_paths(reader: Any) -> list[tuple[int | None, str]]:
    found: list[tuple[int | None, str]] = []
    seen: set[str] = set()
    for number, page in enumerate(reader.pages, start=1):
        for path in _xobject_paths(page.get("/Resources"), 0):
            if path not in seen:
                seen.add(path)
                found.append((number, path))
    return found


def _xobject_paths(resources: Any, depth: int) -> list[str]:
    if resources is None or depth > _MAX_XOBJECT_DEPTH:
        return []
    paths: list[str] = []
    try:
        xobjects = resources.get_object().get("/XObject")
        if xobjects is None:
            return []
        for ref in xobjects.get_object().values():
            xobject = ref.get_object()
            name = xobject.get("/PTEX.FileName")
            if name is not None:
                paths.append(_text(name))
            paths.extend(_xobject_paths(xobject.get("/Resources"), depth + 1))
    except Exception:  # a damaged resource tree: report the paths found so far
        return paths
    return paths


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
    except Exception:  # a damaged font entry: keep the fonts read so far
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
