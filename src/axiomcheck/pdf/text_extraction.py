"""Words with boxes and fonts from PDFium, a word at a time.

PDFium builds each page's text layer in C; asking it for a box, size and font per
*character* from Python costs about 10 ms a page. This module asks once per *word* instead:
the page text comes in one call, words are cut from it in Python, and only a word's first
and last characters are looked up (origin, right edge, text object). Font, fill colour,
render mode and size are read once per PDF text object and cached (every character of a
text object has the object's size). Coordinates are turned into the model's top-down
convention here.
"""

from __future__ import annotations

import ctypes
import math
import re
from collections.abc import Iterable
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from ..model import BBox, Word
from .pdfium_library import native

_WORD_RE = re.compile(r"[^\s\x00\x02]+\x02?|\x02")
"""A word ends at white space or after a soft hyphen: PDFium puts no space between a
hyphenated line end and what the content stream draws next (often a line number)."""
_BOLD_NAME_RE = re.compile(r"(bold|black|heavy|demi|semibold|medi|\bbx|cmbx|-b\b)", re.IGNORECASE)
_ITALIC_NAME_RE = re.compile(r"(italic|oblique|\bit\b|cmti|-i\b|slant)", re.IGNORECASE)
_MONO_NAME_RE = re.compile(r"(mono|courier|cmtt|typewriter|\btt)", re.IGNORECASE)
_FONT_FLAG_FIXED_PITCH = 1
_FONT_FLAG_ITALIC = 1 << 6
_TEXT_RENDER_INVISIBLE = 3
_DOUBLE_P = ctypes.POINTER(ctypes.c_double)


_get_text_object = native(pdfium_c.FPDFText_GetTextObject, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int)
_get_char_origin = native(pdfium_c.FPDFText_GetCharOrigin, ctypes.c_int, ctypes.c_void_p, ctypes.c_int,
                           _DOUBLE_P, _DOUBLE_P)
_get_char_box = native(pdfium_c.FPDFText_GetCharBox, ctypes.c_int, ctypes.c_void_p, ctypes.c_int,
                        _DOUBLE_P, _DOUBLE_P, _DOUBLE_P, _DOUBLE_P)
_get_font_size = native(pdfium_c.FPDFText_GetFontSize, ctypes.c_double, ctypes.c_void_p, ctypes.c_int)
_get_unicode = native(pdfium_c.FPDFText_GetUnicode, ctypes.c_uint, ctypes.c_void_p, ctypes.c_int)
_UINT_P = ctypes.POINTER(ctypes.c_uint)
_get_font = native(pdfium_c.FPDFTextObj_GetFont, ctypes.c_void_p, ctypes.c_void_p)
_get_fill_color = native(pdfium_c.FPDFPageObj_GetFillColor, ctypes.c_int, ctypes.c_void_p,
                          _UINT_P, _UINT_P, _UINT_P, _UINT_P)
_get_render_mode = native(pdfium_c.FPDFTextObj_GetTextRenderMode, ctypes.c_int, ctypes.c_void_p)
_get_matrix = native(pdfium_c.FPDFPageObj_GetMatrix, ctypes.c_int, ctypes.c_void_p,
                      ctypes.POINTER(pdfium_c.FS_MATRIX))
GLUED_WIDTH = 2.0
"""A word wider than this many font sizes per character, or ending left of where it starts,
may be runs of text glued together: a hyphenated line end and the line number the content
stream draws next, with no space between them. A line number is cut off such a word where
the characters jump apart (a word continued on the next line after its hyphen stays whole)."""
SAME_SIZE = 0.5
"""Points within which the two pieces of a word hyphenated across lines share their size: a
piece in another size is other text the content stream drew next (a footnote's first word
after "ac-" at a column's foot), cut off."""
GLUED_GAP = 1.0
"""Characters of one word stand no further apart than this many font sizes, nor further back."""
_DIGITS = "0123456789"
"""A word that ends (or starts) with one of these may have a line number glued to it."""
MAX_NUMBER_DIGITS = 4
"""A line number cut off a word has at most this many digits."""
MIN_WORD_WIDTH = 0.1
"""The least width (points) of a word's box."""
_PIECE_RE = re.compile(r".+", re.DOTALL)
"""A piece of a word cut in two (`_glued_pieces`), matched at its place in the page's text as
`_cut_words` reads words."""
_PAIR_PLACEHOLDER = "\u200b"
_HIGH_SURROGATE = 0xD800
"""UTF-16 units from here up to _LOW_SURROGATE open a surrogate pair ..."""
_LOW_SURROGATE = 0xDC00
"""... and from here up to _SURROGATES_END close one."""
_SURROGATES_END = 0xE000
"""The first UTF-16 unit past the surrogates."""
_BOLD_WEIGHT = 600
"""A font of at least this weight (PDF font descriptor's FontWeight) is bold."""
_WORD_FIXES = str.maketrans({"\x02": "-", "\ufffe": "-", "\u00ad": "-", _PAIR_PLACEHOLDER: None})
_new = tuple.__new__
"""Builds a named tuple (`Word`, `BBox`) from its fields in order, without the keyword handling
of its constructor: half the cost, at two per word in the loop that cuts every word."""
_FIXED_CHARS_RE = re.compile("[" + "".join(re.escape(chr(code)) for code in _WORD_FIXES) + "]")
"""Any of the characters `_WORD_FIXES` changes."""


class _FontFacts:
    """What a font, and a text object's paint and size, say about its characters."""

    __slots__ = ("name", "bold", "italic", "monospace", "fill_gray", "invisible", "size", "rounded_size")

    def __init__(self, name: str, bold: bool, italic: bool, monospace: bool,
                 fill_gray: float | None, invisible: bool, size: float = 0.0) -> None:
        self.name = name
        self.bold = bold
        self.italic = italic
        self.monospace = monospace
        self.fill_gray = fill_gray
        self.invisible = invisible
        self.size = size
        """The characters' size in points: PDFium's size for the object's characters (the
        `Tf` size) times the vertical scale of the object's matrix, so that text set as
        `1 Tf` with a scaling text matrix does not measure 1 pt."""
        self.rounded_size = round(size, 2)


_UNKNOWN_FONT = _FontFacts("", False, False, False, None, False)


def _font_name(font: object, buffer: ctypes.Array[ctypes.c_char]) -> str:
    length = pdfium_c.FPDFFont_GetBaseFontName(font, buffer, len(buffer))
    if length <= 0:
        return ""
    name: str = buffer.value.decode("latin-1", "replace")
    return name.split("+", 1)[1] if "+" in name[:7] else name


def _read_font(font: object, buffer: ctypes.Array[ctypes.c_char]) -> _FontFacts:
    """Name, weight and style of a font (paint left unknown)."""
    name = _font_name(font, buffer)
    weight = pdfium_c.FPDFFont_GetWeight(font)
    flags = pdfium_c.FPDFFont_GetFlags(font)
    bold = weight >= _BOLD_WEIGHT or bool(_BOLD_NAME_RE.search(name))
    italic = bool(flags & _FONT_FLAG_ITALIC) or bool(_ITALIC_NAME_RE.search(name))
    monospace = bool(flags & _FONT_FLAG_FIXED_PITCH) or bool(_MONO_NAME_RE.search(name))
    return _FontFacts(name, bold, italic, monospace, None, False)


class _FactsCache:
    """Font facts per font handle, and paint and size per text object, each read once per page."""

    def __init__(self, textpage: Any) -> None:
        self.textpage = ctypes.cast(textpage, ctypes.c_void_p).value
        self.buffer = ctypes.create_string_buffer(128)
        self.fonts: dict[int, _FontFacts] = {}
        self.objects: dict[int, _FontFacts] = {}
        self.rgba = tuple(ctypes.c_uint() for _ in range(4))
        self.rgba_p = tuple(ctypes.pointer(v) for v in self.rgba)
        self.matrix = pdfium_c.FS_MATRIX()
        self.matrix_p = ctypes.pointer(self.matrix)

    def for_object(self, key: int, char_index: int) -> _FontFacts:
        """Facts for the text object at address `key`, which draws character `char_index`
        (every character of a text object has the object's size)."""
        facts = self.objects.get(key)
        if facts is not None:
            return facts
        font_key = _get_font(key) or 0
        base = self.fonts.get(font_key)
        if base is None:
            font = ctypes.cast(ctypes.c_void_p(font_key), pdfium_c.FPDF_FONT)
            base = self.fonts[font_key] = _read_font(font, self.buffer) if font_key else _UNKNOWN_FONT
        r, g, b, a = self.rgba
        fill_gray: float | None = None
        if _get_fill_color(key, *self.rgba_p):
            fill_gray = 1.0 if a.value == 0 else (0.299 * r.value + 0.587 * g.value + 0.114 * b.value) / 255.0
        invisible = _get_render_mode(key) == _TEXT_RENDER_INVISIBLE
        scale = 1.0
        if _get_matrix(key, self.matrix_p):
            scale = math.hypot(self.matrix.c, self.matrix.d) or 1.0
        size = _get_font_size(self.textpage, char_index) * scale
        facts = _FontFacts(base.name, base.bold, base.italic, base.monospace, fill_gray, invisible, size)
        self.objects[key] = facts
        return facts


def page_words(page: pdfium.PdfPage, objects: list[int] | None = None) -> tuple[list[Word], int]:
    """Return the words of a page, in content order, and its character count. `objects`, when
    given, receives the address of the text object that draws each word (0 when unknown), for
    the visibility test that runs while the page is loaded."""
    height = page.get_height()
    textpage = page.get_textpage()
    try:
        raw = textpage.raw
        count = pdfium_c.FPDFText_CountChars(raw)
        if count <= 0:
            return [], 0
        text = textpage.get_text_range(0, count)
        if len(text) != count:
            text = _text_by_index(raw, count)
        return _cut_words(raw, text, height, objects), count
    finally:
        textpage.close()


def _text_by_index(raw: Any, count: int) -> str:
    """One character per PDFium index: a surrogate pair becomes its character followed by a
    zero-width placeholder (dropped from words), a lone surrogate becomes U+FFFD."""
    handle = ctypes.cast(raw, ctypes.c_void_p).value
    units = [_get_unicode(handle, i) for i in range(count)]
    chars = []
    index = 0
    while index < count:
        unit = units[index]
        if _HIGH_SURROGATE <= unit < _LOW_SURROGATE and index + 1 < count \
                and _LOW_SURROGATE <= units[index + 1] < _SURROGATES_END:
            chars.append(chr(0x10000 + ((unit - _HIGH_SURROGATE) << 10) + (units[index + 1] - _LOW_SURROGATE)))
            chars.append(_PAIR_PLACEHOLDER)
            index += 2
            continue
        chars.append("\ufffd" if _HIGH_SURROGATE <= unit < _SURROGATES_END else chr(unit or 32))
        index += 1
    return "".join(chars)


def _cut_words(raw: Any, text: str, height: float, objects: list[int] | None = None,
               matches: Iterable[re.Match[str]] | None = None) -> list[Word]:
    """The words of `text` (the page's characters by PDFium index) with their boxes and fonts;
    `matches` are the words' spans in `text`, every run of non-space characters by default.
    `objects`, when given, receives the address of the text object that draws each word.

    Per word, three calls into PDFium: the first character's origin, the last one's right
    edge and the text object that draws the first; the object's font, paint and size are
    read once (`_FactsCache`)."""
    handle = ctypes.cast(raw, ctypes.c_void_p).value
    right, origin_x, origin_y, unused = (ctypes.c_double() for _ in range(4))
    right_p, origin_x_p, origin_y_p, unused_p = (ctypes.pointer(v) for v in (right, origin_x, origin_y, unused))
    cache = _FactsCache(raw)
    by_object = cache.objects
    words: list[Word] = []
    append = words.append
    fixes = _FIXED_CHARS_RE.search(text) is not None  # most pages have nothing to fix
    for match in matches if matches is not None else _WORD_RE.finditer(text):
        word_text = match.group().translate(_WORD_FIXES) if fixes else match.group()
        if not word_text:
            continue
        first = match.start()
        if not _get_char_origin(handle, first, origin_x_p, origin_y_p):
            continue
        _get_char_box(handle, match.end() - 1, unused_p, right_p, unused_p, unused_p)
        key = _get_text_object(handle, first) or 0
        facts = by_object.get(key) if key else _UNKNOWN_FONT
        if facts is None:
            facts = cache.for_object(key, first)
        size = facts.size if key else _get_font_size(handle, first)
        baseline = height - origin_y.value
        x0 = origin_x.value
        x1 = right.value
        if _may_be_glued(word_text, x0, x1, size):
            pieces = _glued_pieces(handle, text, first, match.end(), size) if len(word_text) > 1 else []
            if len(pieces) > 1:
                words += _cut_words(raw, text, height, objects,
                                    [found for piece in pieces if (found := _PIECE_RE.match(text, *piece))])
                continue
            x1 = max(x1, x0 + MIN_WORD_WIDTH)
        append(_new(Word, (word_text, _new(BBox, (x0, baseline - 0.75 * size, x1, baseline + 0.22 * size)),
                           facts.rounded_size if key else round(size, 2), facts.name, facts.bold, facts.italic,
                           facts.monospace, facts.fill_gray, facts.invisible)))
        if objects is not None:
            objects.append(key)
    return words


def _may_be_glued(text: str, x0: float, x1: float, size: float) -> bool:
    """Whether a word's box may hold several words glued by the extraction: it is narrower than
    a word can be, or it starts or ends with a digit and is wider than its letters."""
    return x1 < x0 + MIN_WORD_WIDTH or (text[-1] in _DIGITS or text[0] in _DIGITS) \
        and x1 - x0 > GLUED_WIDTH * size * len(text)


def _glued_pieces(handle: int | None, text: str, first: int, end: int, size: float) -> list[tuple[int, int]]:
    """The characters first..end cut where a line number stands apart from the rest: where the
    next character starts left of the previous one or more than GLUED_GAP font sizes right of
    it, and the run before or after that place is a number, or the two runs differ in size."""
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    pointers = [ctypes.pointer(v) for v in (left, right, bottom, top)]
    pieces: list[tuple[int, int]] = []
    start = first
    previous: tuple[float, float] | None = None
    gap = GLUED_GAP * max(size, 1.0)
    for index in range(first, end):
        if not _get_char_box(handle, index, *pointers):
            continue
        if previous is not None and (left.value < previous[0] - gap or left.value > previous[1] + gap):
            pieces.append((start, index))
            start = index
        previous = (left.value, right.value)
    pieces.append((start, end))
    kept: list[tuple[int, int]] = []
    for piece in pieces:
        if kept and not (_is_number(text, kept[-1]) or _is_number(text, piece)) \
                and abs(_get_font_size(handle, kept[-1][1] - 1) - _get_font_size(handle, piece[0])) <= SAME_SIZE:
            kept[-1] = (kept[-1][0], piece[1])
        else:
            kept.append(piece)
    return kept


def _is_number(text: str, piece: tuple[int, int]) -> bool:
    run = text[piece[0]:piece[1]]
    return run.isdigit() and len(run) <= MAX_NUMBER_DIGITS
