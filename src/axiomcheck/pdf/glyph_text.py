"""Fonts whose text layer says something their glyphs do not show (read with pikepdf).

A simple font draws, for each character code, the glyph its encoding names (`/Encoding`: a
base encoding and `/Differences`, else an embedded Type 1 program's built-in encoding, else
the standard encoding of a standard Latin font); the text a machine reads comes from its
`/ToUnicode` map instead. The two agree in every honest PDF (pdfTeX writes the ToUnicode map
from the glyph names). A ToUnicode map that says other letters than the glyphs are makes the
text layer carry text the page does not show, which a reader never sees.

`read_glyph_text` compares them code by code, letters and digits only (punctuation variants,
ligatures, small capitals and case are not differences), and returns, per font name (subset
prefix dropped, as words carry it), what each lying ToUnicode text stands for on the page and
which texts the font also maps honestly. Composite (Type 0) and Type 3 fonts are not compared:
their glyphs are named only inside the font program. The glyph names and base encodings are
a data file beside this module (`glyph_tables.json`), read on first use.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from pathlib import Path
from typing import Any

import pikepdf

from .object_walk import is_damage, is_dictionary
from .object_walk import text as text_of
from .objects import GlyphText, ObjectReader
from .stream_data import decoded

MAX_DEPTH = 8
"""Form XObjects nested deeper than this are not searched for fonts."""
MAX_PROGRAM_HEAD = 65536
"""Bytes of an embedded Type 1 program searched for its built-in encoding (the clear-text part
that holds it comes first)."""
CODES = 256
"""Simple fonts have one-byte character codes."""
TEXTS_REMEMBERED = 8192
"""ToUnicode texts whose decoding and letters are kept (the fonts of a paper, and of the next
ones, map the same few hundred texts)."""
_STANDARD_LATIN = ("Times", "Helvetica", "Courier", "Arial")
"""Standard fonts (and their look-alikes) whose built-in encoding is the standard one."""
_BFCHAR_RE = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)
_BFRANGE_RE = re.compile(rb"beginbfrange(.*?)endbfrange", re.S)
_HEX_RE = re.compile(rb"<([0-9A-Fa-f\s]*)>")
_RANGE_RE = re.compile(rb"<([0-9A-Fa-f\s]+)>\s*<([0-9A-Fa-f\s]+)>\s*(<[0-9A-Fa-f\s]*>|\[[^\]]*\])")
_BUILTIN_RE = re.compile(rb"dup\s+(\d+)\s*/([^\s/\[\]{}()<>]+)\s+put")
_UNI_NAME_RE = re.compile(r"uni([0-9A-F]{4})+|u([0-9A-F]{4,6})")
_DATA = Path(__file__).parent


@functools.cache
def _tables() -> dict[str, dict[str, str]]:
    """`glyph_tables.json` beside this module: its `glyphs` and `encodings` (JSON, which the
    standard library parses in C: a few milliseconds for the 17,000 names, once a process)."""
    with open(_DATA / "glyph_tables.json", encoding="utf-8") as data:
        tables: dict[str, dict[str, str]] = json.load(data)
    return tables


def glyph_names() -> dict[str, str]:
    """Glyph name (without its slash) -> the text it stands for."""
    return _tables()["glyphs"]


@functools.cache
def base_encodings() -> dict[str, str]:
    """Encoding name (with its slash) -> the character of each of its 256 codes."""
    return {"/" + name: characters for name, characters in _tables()["encodings"].items()}


def read_glyph_text(reader: ObjectReader) -> GlyphText:
    """Every font of the pages (forms included) whose ToUnicode map disagrees with its glyphs."""
    found: GlyphText = {}
    seen: set[tuple[int, int]] = set()
    for page in reader.pdf.pages:
        _collect(page.obj.get("/Resources"), found, seen, 0)
    return found


def _collect(resources: Any, found: GlyphText, seen: set[tuple[int, int]], depth: int) -> None:
    """The fonts of `resources` and of the forms it draws, each font and form once (`seen`
    holds both). A damaged or mistyped object is skipped: the font walk
    (`object_walk.walk_fonts`) counts it for the report."""
    resources = _dictionary(resources)
    if resources is None or depth > MAX_DEPTH:
        return
    for ref in _values(resources.get("/Font")):
        font = _dictionary(ref)
        if font is None or font.objgen in seen:
            continue
        if font.is_indirect:
            seen.add(font.objgen)
        try:
            lying, honest = _compare(font)
        except Exception as error:  # a damaged font: keep what was read; our bugs go through
            if not is_damage(error):
                raise
            continue
        if lying:
            name = text_of(font.get("/BaseFont", "")).lstrip("/")
            name = name.split("+", 1)[1] if "+" in name[:7] else name
            entry = found.setdefault(name, ({}, []))
            entry[0].update(lying)
            entry[1].extend(text for text in honest if text not in entry[1])
    for ref in _values(resources.get("/XObject")):
        xobject = _dictionary(ref)
        if xobject is not None and xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
            if xobject.is_indirect:  # a form drawn from many places (every page, every figure) is read once
                seen.add(xobject.objgen)
            _collect(xobject.get("/Resources"), found, seen, depth + 1)


def _dictionary(value: Any) -> Any | None:
    """`value` when it is a dictionary (or a stream), else None (absent or damaged)."""
    return value if is_dictionary(value) else None


def _values(value: Any) -> list[Any]:
    """The values of a resource dictionary (`/Font`, `/XObject`), none when it is not one."""
    table = _dictionary(value)
    return list(table.values()) if table is not None else []


def _stream_data(value: Any) -> bytes | None:
    """The decoded data of a stream object, None when `value` is not a stream."""
    return decoded(value) if isinstance(value, pikepdf.Stream) else None


def _compare(font: Any) -> tuple[dict[str, str], list[str]]:
    """(ToUnicode text -> glyph text where they disagree, texts mapped honestly) of one font."""
    if font.get("/Subtype") not in ("/Type1", "/TrueType", "/MMType1"):
        return {}, []
    cmap = _stream_data(font.get("/ToUnicode"))
    if cmap is None:
        return {}, []
    glyphs = _encoding(font)
    if not glyphs:
        return {}, []
    lying: dict[str, str] = {}
    honest: list[str] = []
    for code, text in to_unicode(cmap).items():
        shown = glyphs.get(code)
        if shown is None or not _comparable(shown) or not _comparable(text):
            continue
        if _same(shown, text):
            honest.append(text)
        else:
            lying[text] = shown
    return lying, honest


@functools.lru_cache(maxsize=TEXTS_REMEMBERED)
def _comparable(text: str) -> bool:
    return any(char.isalnum() for char in unicodedata.normalize("NFKC", text))


@functools.lru_cache(maxsize=TEXTS_REMEMBERED)
def _letters(text: str) -> str:
    """What two texts must share to be the same letters: letters and digits, case and accents folded."""
    return "".join(c for c in unicodedata.normalize("NFKD", text).casefold() if c.isalnum())


def _same(a: str, b: str) -> bool:
    return _letters(a) == _letters(b)


def to_unicode(data: bytes) -> dict[int, str]:
    """A ToUnicode CMap's single-byte codes and their text (bfchar and bfrange entries)."""
    found: dict[int, str] = {}
    for block in _BFCHAR_RE.findall(data):
        values = _HEX_RE.findall(block)
        for source, target in zip(values[0::2], values[1::2], strict=False):
            code = _number(source)
            if code is not None and code < CODES:
                found[code] = _utf16(target)
    for block in _BFRANGE_RE.findall(data):
        for low, high, target in _RANGE_RE.findall(block):
            first, last = _number(low), _number(high)
            if first is None or last is None or first >= CODES:
                continue
            last = min(last, CODES - 1)
            if target.startswith(b"["):
                for offset, item in enumerate(_HEX_RE.findall(target)[:last - first + 1]):
                    found[first + offset] = _utf16(item)
            else:
                text = _utf16(target.strip(b"<>"))
                for offset in range(last - first + 1):
                    found[first + offset] = text[:-1] + chr(ord(text[-1]) + offset) if text else ""
    return found


def _number(hex_digits: bytes) -> int | None:
    digits = b"".join(hex_digits.split())  # ASCII whitespace dropped, as `\s` matches it
    return int(digits, 16) if digits else None


@functools.lru_cache(maxsize=TEXTS_REMEMBERED)
def _utf16(hex_digits: bytes) -> str:
    digits = b"".join(hex_digits.split())
    if len(digits) % 4:
        digits = digits.rjust(len(digits) + 4 - len(digits) % 4, b"0")
    return bytes.fromhex(digits.decode("ascii")).decode("utf-16-be", "replace")


def _encoding(font: Any) -> dict[int, str]:
    """Code -> the text of the glyph the font draws for it (only codes whose glyph is known)."""
    encoding = font.get("/Encoding")
    base: str | None = None
    differences: Any = None
    if isinstance(encoding, pikepdf.Name):
        base = text_of(encoding)
    elif is_dictionary(encoding):
        base = text_of(encoding["/BaseEncoding"]) if "/BaseEncoding" in encoding else None
        differences = encoding.get("/Differences")
    glyphs: dict[int, str] = {}
    encodings = base_encodings()
    if base in encodings:
        glyphs.update((code, char) for code, char in enumerate(encodings[base]) if char)
    elif base is None:
        glyphs.update(_builtin(font))
    if isinstance(differences, pikepdf.Array):
        code = 0
        items: list[Any] = list(differences)  # numbers come back as Python ints, names as pikepdf Names
        for item in items:
            if isinstance(item, int):
                code = item
                continue
            text = glyph_name_text(text_of(item))
            if text is not None:
                glyphs[code] = text
            else:
                glyphs.pop(code, None)
            code += 1
    return glyphs


def _builtin(font: Any) -> dict[int, str]:
    """The built-in encoding of an embedded Type 1 program, or the standard encoding of a
    standard Latin font that is not embedded."""
    descriptor = _dictionary(font.get("/FontDescriptor"))
    program = _stream_data(descriptor.get("/FontFile")) if descriptor is not None else None
    if program is not None:
        head = program[:MAX_PROGRAM_HEAD]
        if b"StandardEncoding def" in head:
            return dict(enumerate(base_encodings()["/StandardEncoding"]))
        found = {}
        for code, name in _BUILTIN_RE.findall(head):
            text = glyph_name_text("/" + name.decode("latin-1"))
            if text is not None and int(code) < CODES:
                found[int(code)] = text
        return found
    if descriptor is not None and any(key in descriptor for key in ("/FontFile2", "/FontFile3")):
        return {}
    name = text_of(font.get("/BaseFont", ""))
    if font.get("/Subtype") == "/Type1" and any(family in name for family in _STANDARD_LATIN):
        return {code: char for code, char in enumerate(base_encodings()["/StandardEncoding"]) if char}
    return {}


def glyph_name_text(name: str) -> str | None:
    """The text a glyph name stands for (Adobe Glyph List, `uniXXXX`, `uXXXXX`, ligatures
    `f_i`, suffixes `.sc`), None when the name says nothing (`g123`, `.notdef`)."""
    base = name.lstrip("/").split(".", 1)[0]
    if not base:
        return None
    parts = []
    for part in base.split("_"):
        known = glyph_names().get(part)
        if known is not None:
            parts.append(known)
            continue
        match = _UNI_NAME_RE.fullmatch(part)
        if match is None:
            return None
        digits = part[3:] if part.startswith("uni") else part[1:]
        step = 4 if part.startswith("uni") else len(digits)
        try:
            parts.append("".join(chr(int(digits[i:i + step], 16)) for i in range(0, len(digits), step)))
        except ValueError:
            return None
    return "".join(parts)
