"""Walking a PDF's objects with pikepdf (qpdf): figures' paths and authors, fonts; damaged objects skipped and counted.

qpdf resolves references as they are read (a reference to a missing object reads as null).
A damaged object is one qpdf cannot read (pikepdf's own error types, raised from its C++
layer: `verdicts.raising_library`) or one of the wrong type (an array where a dictionary
belongs). Such an object is skipped, the walk goes on with the others, and `Skipped` keeps
count of it for the report (`objects.read_metadata`, `objects.read_fonts`). Anything else
raised here is a bug of ours and goes through: the rule that asked for these facts becomes
AX990, never a silently missing finding. The same holds for our own packet parsers (`xmp`),
whose exceptions are marked `ParserBug`.

Imported only by the readers of `objects.py`, when a fact of the objects is first asked.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from typing import Any

import pikepdf

from ..model import EmbeddedAuthor, Font
from ..verdicts import describe, missing_library, raising_library
from . import xmp
from .key_order import FileOrder, Place, place_of
from .stream_data import decoded

MAX_XOBJECT_DEPTH = 4
"""Form XObjects followed inside each other at most (deeper nesting is not read)."""
_JPEG_HEAD_BYTES = 65536
"""EXIF and XMP segments sit at the start of a JPEG: only this much of an image is read."""
_EMBEDDED_FONT_KEYS = ("/FontFile", "/FontFile2", "/FontFile3")
_PATH_LIKE_RE = re.compile(r"^(?:[A-Za-z]:[\\/]|/|~/)")
_NUMBERS_SHOWN = 10
"""Object numbers a note about skipped objects lists at most."""
_NAME_CHARSETS = ("utf-8", "gbk", "latin-1")
"""How the bytes of a PDF name are read, in turn (Latin-1 reads any bytes)."""


class ParserBug(Exception):
    """An exception inside axiomcheck's own packet parsers (XMP, EXIF): a bug of ours, which the
    handlers for damaged PDF objects let through so that it becomes a verdict (AX990)."""


def parsed(parser: Callable[[Any], Any], data: Any) -> Any:
    """`parser(data)`, with any exception it raises marked as our bug."""
    try:
        return parser(data)
    except Exception as error:
        raise ParserBug(f"{parser.__name__}: {describe(error)}") from error


def is_damage(error: BaseException) -> bool:
    """Whether `error` says a PDF object is damaged: raised inside a PDF library, and not
    that library telling that a library of ours is missing."""
    return not isinstance(error, ParserBug) and raising_library(error) is not None and missing_library(error) is None


def object_number(value: Any) -> int | None:
    """The object number of an indirect object, None for a direct one (or not an object)."""
    return value.objgen[0] if isinstance(value, pikepdf.Object) and value.is_indirect else None


class Skipped:
    """Damaged objects skipped while reading one kind of fact, by kind, with the first reason."""

    def __init__(self) -> None:
        self._numbers: dict[str, list[int | None]] = {}
        self._reasons: dict[str, str] = {}
        self.notes: list[str] = []
        """Whole sentences for what could not be read at all (the XMP packet)."""

    def add(self, what: str, reference: Any, reason: str) -> None:
        """Count a skipped object: `what` it is (e.g. "figure or image object"), the object
        (its number is shown when it is indirect) and why it was skipped."""
        self._numbers.setdefault(what, []).append(object_number(reference))
        self._reasons.setdefault(what, reason)

    @contextlib.contextmanager
    def guard(self, what: str, reference: Any) -> Iterator[None]:
        """Skip (and count) the object when the block finds it damaged; our bugs go through."""
        try:
            yield
        except Exception as error:
            if not is_damage(error):
                raise
            self.add(what, reference, describe(error))

    def summary(self) -> tuple[str, ...]:
        """One phrase per kind: how many were skipped, their object numbers, the first reason."""
        phrases = list(self.notes)
        for what, numbers in self._numbers.items():
            known = sorted({n for n in numbers if n is not None})
            shown = ", ".join(map(str, known[:_NUMBERS_SHOWN])) + (" ..." if len(known) > _NUMBERS_SHOWN else "")
            where = f" (object{'s' if len(known) > 1 else ''} {shown})" if known else ""
            plural = "s" if len(numbers) > 1 else ""
            phrases.append(f"{len(numbers)} damaged {what}{plural}{where}: {self._reasons[what]}")
        return tuple(phrases)


def is_dictionary(value: Any) -> bool:
    """Whether `value` is a dictionary or a stream (a stream has one)."""
    return isinstance(value, (pikepdf.Dictionary, pikepdf.Stream))


def dictionary(value: Any, what: str, skipped: Skipped) -> Any | None:
    """`value` when it is a dictionary (or a stream, which has one); None when it is absent,
    and counted as damaged when it is anything else."""
    if value is None:
        return None
    if not is_dictionary(value):
        skipped.add(what, value, f"{_kind(value)} where a dictionary belongs")
        return None
    return value


def _kind(value: Any) -> str:
    """What a PDF object is, in words for a note ("an array", "a name", "an int")."""
    kind = str(getattr(value, "_type_name", type(value).__name__))
    return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind}"


def text(value: Any) -> str:
    """A PDF string or name as text: qpdf decodes a string (PDFDocEncoding, UTF-16); a name's
    bytes are read as UTF-8, else GBK, else Latin-1 (a damaged name has bytes of no encoding)."""
    return _name_text(bytes(value)) if isinstance(value, pikepdf.Name) else str(value)


def key_text(key: str) -> str:
    """A dictionary key as text: pikepdf hands out the bytes of a key that is not UTF-8 as
    surrogates, which are read like a name's (`text`)."""
    return _name_text(key.encode("utf-8", "surrogateescape"))


def _name_text(raw: bytes) -> str:
    for charset in _NAME_CHARSETS[:-1]:
        try:
            return raw.decode(charset)
        except UnicodeDecodeError:
            continue
    return raw.decode(_NAME_CHARSETS[-1])


class FigureFacts:
    """Paths and author names found in the XObjects (figures, images) of the pages, in the
    order the file lists them (`key_order`)."""

    def __init__(self, skipped: Skipped, order: FileOrder | None = None) -> None:
        self.paths: list[tuple[int | None, str]] = []
        self.authors: list[EmbeddedAuthor] = []
        self.skipped = skipped
        self._order = order
        self._seen: set[tuple[str, str]] = set()
        self._visited: set[int] = set()

    def collect(self, resources: Any, page: int, depth: int, place: Place = (None, ())) -> None:
        """Read the XObjects of a resource dictionary (written at `place`) and of the forms
        among them."""
        if resources is None or depth > MAX_XOBJECT_DEPTH:
            return
        refs: list[Any] = []
        with self.skipped.guard("resource dictionary", resources):
            found = dictionary(resources, "resource dictionary", self.skipped)
            xobjects = dictionary(found.get("/XObject"), "XObject dictionary", self.skipped) if found else None
            if xobjects is not None:
                keys = self._order.keys(xobjects, place_of(xobjects, place, "/XObject")) if self._order else xobjects
                refs = [xobjects.get(key) for key in keys]
        for ref in refs:
            number = object_number(ref)
            if number in self._visited:
                continue
            if number is not None:
                self._visited.add(number)
            with self.skipped.guard("figure or image object", ref):
                xobject = dictionary(ref, "figure or image object", self.skipped)
                if xobject is not None:
                    self._read(xobject, page)
                    inner = xobject.get("/Resources")
                    self.collect(inner, page, depth + 1, place_of(inner, (xobject, ()), "/Resources"))

    def _read(self, xobject: Any, page: int) -> None:
        name = xobject.get("/PTEX.FileName")
        shown = text(name) if name is not None else ""
        if shown:
            self._path(page, shown)
        info = dictionary(xobject.get("/PTEX.InfoDict"), "included PDF's information dictionary", self.skipped)
        if info is not None:
            self._author(page, text(info.get("/Author", "")), f"/Author of the included PDF {shown}".rstrip())
            title = text(info.get("/Title", ""))
            if _PATH_LIKE_RE.match(title):
                self._path(page, title)
        metadata = xobject.get("/Metadata")
        if isinstance(metadata, pikepdf.Stream):
            packet = parsed(xmp.parse_xmp, decoded(metadata).decode("utf-8", "replace"))
            for field in xmp.XMP_CREATOR_FIELDS:
                for value in packet.get(field, ()):
                    self._author(page, value, f"XMP {field} of an included figure or image")
        if isinstance(xobject, pikepdf.Stream) and xobject.get("/Subtype") == "/Image" and \
                xobject.get("/Filter") == "/DCTDecode":
            for source, value in parsed(xmp.jpeg_authors, xobject.read_raw_bytes()[:_JPEG_HEAD_BYTES]):
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


def collect_fonts(resources: Any, page: int, fonts: dict[str, dict[str, Any]], depth: int,
                  skipped: Skipped, forms_read: set[tuple[int, int]]) -> None:
    """Add the fonts of a resource dictionary (and of the form XObjects in it) to `fonts`;
    `forms_read` holds the forms already read for this page (a form drawn from many places is
    read once a page, not once per path to it)."""
    if resources is None or depth > MAX_XOBJECT_DEPTH:
        return
    refs: list[Any] = []
    forms: list[Any] = []
    with skipped.guard("resource dictionary", resources):
        found = dictionary(resources, "resource dictionary", skipped)
        font_dict = dictionary(found.get("/Font"), "font dictionary", skipped) if found else None
        refs = list(font_dict.values()) if font_dict is not None else []
        xobjects = dictionary(found.get("/XObject"), "XObject dictionary", skipped) if found else None
        forms = list(xobjects.values()) if xobjects is not None else []
    for ref in refs:
        with skipped.guard("font", ref):
            font = dictionary(ref, "font", skipped)
            if font is not None:
                entry = fonts.setdefault(_base_name(font), {
                    "subtype": text(font.get("/Subtype", "/unknown")).lstrip("/"),
                    "embedded": _is_embedded(font, skipped), "pages": set()})
                entry["pages"].add(page)
    for ref in forms:
        with skipped.guard("figure or image object", ref):
            xobject = dictionary(ref, "figure or image object", skipped)
            if xobject is not None and xobject.get("/Subtype") == "/Form" and xobject.objgen not in forms_read:
                if xobject.is_indirect:
                    forms_read.add(xobject.objgen)
                collect_fonts(xobject.get("/Resources"), page, fonts, depth + 1, skipped, forms_read)


def _base_name(font: Any) -> str:
    name = text(font.get("/BaseFont", "")).lstrip("/")
    if not name:
        name = text(font.get("/Name", "")).lstrip("/") or "(unnamed Type 3)"
    return name.split("+", 1)[1] if "+" in name[:7] else name


def _is_embedded(font: Any, skipped: Skipped) -> bool:
    subtype = font.get("/Subtype")
    if subtype == "/Type3":
        return True
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts")
        if not isinstance(descendants, pikepdf.Array) or not len(descendants):
            return False
        font = dictionary(descendants[0], "font", skipped)
        if font is None:
            return False
    descriptor = dictionary(font.get("/FontDescriptor"), "font descriptor", skipped)
    return descriptor is not None and any(key in descriptor for key in _EMBEDDED_FONT_KEYS)


def walk_fonts(pages: Any, skipped: Skipped) -> list[Font]:
    """Every font the pages use (including inside form XObjects), with type and embedding."""
    fonts: dict[str, dict[str, Any]] = {}
    for number, page in enumerate(pages, start=1):
        collect_fonts(page.obj.get("/Resources"), number, fonts, 0, skipped, set())
    return [Font(name=name, subtype=facts["subtype"], embedded=facts["embedded"],
                 pages=tuple(sorted(facts["pages"]))) for name, facts in sorted(fonts.items())]
