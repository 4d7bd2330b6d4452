"""Words with boxes and fonts from PDFium, a word at a time.

PDFium builds each page's text layer in C; asking it for a box, size and font per
*character* from Python costs about 10 ms a page. This module asks once per *word* instead:
the page text comes in one call, words are cut from it in Python, and only a word's first
and last characters are looked up (origin, right edge, size, text object). Fonts, fill
colour and render mode are read once per PDF text object and cached. Coordinates are turned
into the model's top-down convention here.
"""

from __future__ import annotations

import ctypes
import re

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from ..model import BBox, Word

_WORD_RE = re.compile(r"[^\s\x00]+")
_BOLD_NAME_RE = re.compile(r"(bold|black|heavy|demi|semibold|medi|\bbx|cmbx|-b\b)", re.IGNORECASE)
_ITALIC_NAME_RE = re.compile(r"(italic|oblique|\bit\b|cmti|-i\b|slant)", re.IGNORECASE)
_MONO_NAME_RE = re.compile(r"(mono|courier|cmtt|typewriter|\btt)", re.IGNORECASE)
_FONT_FLAG_FIXED_PITCH = 1
_FONT_FLAG_ITALIC = 1 << 6
_TEXT_RENDER_INVISIBLE = 3
_SOFT_HYPHEN_MARKERS = str.maketrans({"\x02": "-", "\ufffe": "-", "\u00ad": "-"})


class _FontFacts:
    """What one PDF text object says about the font and paint of its characters."""

    __slots__ = ("name", "bold", "italic", "monospace", "fill_gray", "invisible")

    def __init__(self, name: str, bold: bool, italic: bool, monospace: bool,
                 fill_gray: float | None, invisible: bool) -> None:
        self.name = name
        self.bold = bold
        self.italic = italic
        self.monospace = monospace
        self.fill_gray = fill_gray
        self.invisible = invisible


_UNKNOWN_FONT = _FontFacts("", False, False, False, None, False)


def _font_name(font: object, buffer: ctypes.Array) -> str:
    length = pdfium_c.FPDFFont_GetBaseFontName(font, buffer, len(buffer))
    if length <= 0:
        return ""
    name = buffer.value.decode("latin-1", "replace")
    return name.split("+", 1)[1] if "+" in name[:7] else name


def _read_font_facts(text_object: object, buffer: ctypes.Array) -> _FontFacts:
    font = pdfium_c.FPDFTextObj_GetFont(text_object)
    if not font:
        return _UNKNOWN_FONT
    name = _font_name(font, buffer)
    weight = pdfium_c.FPDFFont_GetWeight(font)
    flags = pdfium_c.FPDFFont_GetFlags(font)
    bold = weight >= 600 or bool(_BOLD_NAME_RE.search(name))
    italic = bool(flags & _FONT_FLAG_ITALIC) or bool(_ITALIC_NAME_RE.search(name))
    monospace = bool(flags & _FONT_FLAG_FIXED_PITCH) or bool(_MONO_NAME_RE.search(name))
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    fill_gray: float | None = None
    if pdfium_c.FPDFPageObj_GetFillColor(text_object, r, g, b, a):
        fill_gray = (0.299 * r.value + 0.587 * g.value + 0.114 * b.value) / 255.0
        if a.value == 0:
            fill_gray = 1.0
    invisible = pdfium_c.FPDFTextObj_GetTextRenderMode(text_object) == _TEXT_RENDER_INVISIBLE
    return _FontFacts(name, bold, italic, monospace, fill_gray, invisible)


def page_words(page: pdfium.PdfPage) -> tuple[list[Word], int]:
    """Return the words of a page, in content order, and its character count."""
    height = page.get_height()
    textpage = page.get_textpage()
    try:
        raw = textpage.raw
        count = pdfium_c.FPDFText_CountChars(raw)
        if count <= 0:
            return [], 0
        text = textpage.get_text_range(0, count)
        if len(text) != count:
            text = "".join(chr(pdfium_c.FPDFText_GetUnicode(raw, i) or 32) for i in range(count))
        return _cut_words(raw, text, height), count
    finally:
        textpage.close()


def _cut_words(raw: object, text: str, height: float) -> list[Word]:
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
    name_buffer = ctypes.create_string_buffer(128)
    facts_by_object: dict[int, _FontFacts] = {}
    get_box = pdfium_c.FPDFText_GetCharBox
    get_origin = pdfium_c.FPDFText_GetCharOrigin
    get_size = pdfium_c.FPDFText_GetFontSize
    get_object = pdfium_c.FPDFText_GetTextObject
    as_address = ctypes.c_void_p
    words: list[Word] = []
    for match in _WORD_RE.finditer(text):
        first, last = match.start(), match.end() - 1
        if not get_origin(raw, first, origin_x, origin_y):
            continue
        get_box(raw, last, left, right, bottom, top)
        size = get_size(raw, first)
        text_object = get_object(raw, first)
        key = ctypes.cast(text_object, as_address).value or 0
        facts = facts_by_object.get(key)
        if facts is None:
            facts = _read_font_facts(text_object, name_buffer) if key else _UNKNOWN_FONT
            facts_by_object[key] = facts
        baseline = height - origin_y.value
        x0 = origin_x.value
        x1 = max(right.value, x0 + 0.1)
        words.append(Word(
            text=match.group().translate(_SOFT_HYPHEN_MARKERS),
            bbox=BBox(x0, baseline - 0.75 * size, x1, baseline + 0.22 * size),
            size=round(size, 2),
            font=facts.name,
            bold=facts.bold,
            italic=facts.italic,
            monospace=facts.monospace,
            fill_gray=facts.fill_gray,
            invisible=facts.invisible,
        ))
    return words
