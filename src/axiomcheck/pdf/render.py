"""Pictures of pages: a page rendered by PDFium with a finding drawn on it (Pillow).

The finding's box is outlined, the text it is about is shaded, a limit is drawn as a line, and
a legend under the page names the rule and says the message. A box that lies partly off the
page is clipped to it; one wholly off the page is shown by a bar on the edge it lies beyond,
and the legend says where it is. Boxes are in the model's convention (points, origin top-left
of the page as the text layer reports it); PDFium maps them to pixels, so crop-box offsets and
page rotation are taken into account.
"""

from __future__ import annotations

import contextlib
import functools
import textwrap
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageDraw, ImageFont

from .pdfium_library import PdfiumOpenError, open_pdf
from .visibility import to_pixels

SCALE = 1.5
"""Pixels per point (108 dpi): enough to read 9 pt text."""
BOX_COLOUR = (220, 20, 60)
SHADE_COLOUR = (220, 20, 60, 60)
"""The shaded text: the box colour, mostly transparent."""
LIMIT_COLOUR = (30, 90, 200)
LEGEND_MARK = (90, 90, 90)
"""The legend's bullet: not the box colour, so that the drawn box is the only box-coloured thing
on the picture."""
BOX_WIDTH = 3
LIMIT_WIDTH = 3
EDGE_BAR = 10
"""Pixels of the bar drawn on the page edge beyond which a box lies."""
BOX_MARGIN = 2.0
"""Points added around the box so that the outline does not cover the text."""
LEGEND_CHARS = 150
"""Characters per legend line (the default font is about 5 pixels wide)."""
LEGEND_LINES = 4
LEGEND_LINE_HEIGHT = 14
LEGEND_PADDING = 8
_NO_SUCH_CHARACTER = "\U0010fffd"
"""A private-use character no font draws: what a missing glyph (the font's empty box) looks like."""
_ASCII_SIGNS = {"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2265": ">=", "\u2264": "<=", "\u2192": "->",
                "\u2190": "<-", "\u00d7": "x", "\u2248": "~", "\u2260": "!=", "\u00b1": "+/-", "\u2022": "*"}
"""ASCII for signs a legend font often lacks."""


@dataclass(frozen=True)
class BoxPicture:
    """One picture to draw: page `page` (1-based) with `bbox` outlined (None: nothing to outline),
    `shades` shaded and `limits` drawn as lines, a legend under it, saved as PNG to `target`."""

    page: int
    bbox: tuple[float, float, float, float] | None
    target: Path
    shades: tuple[tuple[float, float, float, float], ...] = ()
    limits: tuple[tuple[float, float, float, float], ...] = ()
    legend: str = ""


def draw_box_pictures(pdf_path: str, pictures: Sequence[BoxPicture]) -> dict[BoxPicture, str | None]:
    """Render each picture: None for each one written, else why it is not (a page that does
    not exist or that PDFium cannot draw, a target that cannot take the file)."""
    if not pictures:
        return {}
    try:
        pdf = open_pdf(pdf_path)
    except (PdfiumOpenError, pdfium.PdfiumError) as error:
        return dict.fromkeys(pictures, f"PDFium could not open the file to draw it ({error})")
    drawn: dict[BoxPicture, str | None] = {}
    try:
        for picture in pictures:
            drawn[picture] = _render_or_why(pdf, picture)
    finally:
        pdf.close()
    return drawn


def _render_or_why(pdf: pdfium.PdfDocument, picture: BoxPicture) -> str | None:
    if not 1 <= picture.page <= len(pdf):
        return f"the file has no page {picture.page} to draw"
    try:
        _render(pdf, picture)
    except pdfium.PdfiumError as error:
        return f"PDFium could not draw page {picture.page} ({error})"
    except OSError as error:  # a full disk, say: no half-written picture is left behind
        with contextlib.suppress(OSError):
            picture.target.unlink()
        return f"{picture.target} could not be written ({error.strerror or error})"
    return None


def _pixels(page: pdfium.PdfPage, image: Image.Image, box: tuple[float, float, float, float],
            margin: float) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    corners = [to_pixels(page, image.width, image.height, x, y)
               for x, y in ((x0 - margin, y0 - margin), (x1 + margin, y1 + margin))]
    left, right = sorted(c[0] for c in corners)
    top, bottom = sorted(c[1] for c in corners)
    return left, top, right, bottom


def _render(pdf: pdfium.PdfDocument, picture: BoxPicture) -> None:
    page = pdf[picture.page - 1]
    try:
        bitmap = page.render(scale=SCALE)
        try:
            image = bitmap.to_pil().convert("RGB")
        finally:
            bitmap.close()
        shade = Image.new("RGBA", image.size, (0, 0, 0, 0))
        shading = ImageDraw.Draw(shade)
        for box in picture.shades:
            clipped = _clip(_pixels(page, image, box, 0.0), image.size)
            if clipped:
                shading.rectangle(clipped, fill=SHADE_COLOUR)
        image = Image.alpha_composite(image.convert("RGBA"), shade).convert("RGB")
        draw = ImageDraw.Draw(image)
        for box in picture.limits:
            clipped = _clip(_pixels(page, image, box, 0.0), image.size)
            if clipped:
                middle = (clipped[1] + clipped[3]) // 2
                draw.line((clipped[0], middle, clipped[2], middle), fill=LIMIT_COLOUR, width=LIMIT_WIDTH)
        where = ""
        if picture.bbox is not None:
            rect = _pixels(page, image, picture.bbox, BOX_MARGIN)
            clipped = _clip(rect, image.size)
            if clipped:
                draw.rectangle(clipped, outline=BOX_COLOUR, width=BOX_WIDTH)
            else:
                where = _edge_bar(draw, rect, image.size)
        _with_legend(image, picture.legend + where).save(picture.target, format="PNG")
    finally:
        page.close()


def _clip(rect: tuple[int, int, int, int], size: tuple[int, int]) -> tuple[int, int, int, int] | None:
    """`rect` within the picture, None when none of it is on the page."""
    left, top, right, bottom = max(rect[0], 0), max(rect[1], 0), min(rect[2], size[0] - 1), min(rect[3], size[1] - 1)
    return (left, top, right, bottom) if left <= right and top <= bottom else None


def _edge_bar(draw: ImageDraw.ImageDraw, rect: tuple[int, int, int, int], size: tuple[int, int]) -> str:
    """Draw a bar on the page edge beyond which `rect` lies; the words for the legend."""
    width, height = size
    left, top, right, bottom = rect
    span_x = (max(0, min(left, width - 1)), max(0, min(right, width - 1)))
    span_y = (max(0, min(top, height - 1)), max(0, min(bottom, height - 1)))
    sides = []
    if left >= width:
        draw.rectangle((width - EDGE_BAR, span_y[0], width - 1, max(span_y[1], span_y[0] + EDGE_BAR)), fill=BOX_COLOUR)
        sides.append("right")
    elif right < 0:
        draw.rectangle((0, span_y[0], EDGE_BAR, max(span_y[1], span_y[0] + EDGE_BAR)), fill=BOX_COLOUR)
        sides.append("left")
    if top >= height:
        draw.rectangle((span_x[0], height - EDGE_BAR, max(span_x[1], span_x[0] + EDGE_BAR), height - 1),
                       fill=BOX_COLOUR)
        sides.append("below")
    elif bottom < 0:
        draw.rectangle((span_x[0], 0, max(span_x[1], span_x[0] + EDGE_BAR), EDGE_BAR), fill=BOX_COLOUR)
        sides.append("above")
    return f" [the box lies off the page, {' and '.join(sides)} of it: marked by the bar on that edge]"


def drawable(text: str, font: ImageFont.FreeTypeFont) -> str:
    """`text` with every character `font` has no glyph for (it would draw an empty box)
    replaced: by its letter without accents (é: e), by ASCII for common signs (–: -, ≥: >=),
    else by `?`."""
    return "".join(char if char.isascii() or _has_glyph(font, char) else _stand_in(font, char) for char in text)


def _stand_in(font: ImageFont.FreeTypeFont, char: str) -> str:
    plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    if plain and all(c.isascii() or _has_glyph(font, c) for c in plain):
        return plain
    return _ASCII_SIGNS.get(char, "?")


@functools.lru_cache(maxsize=4096)
def _has_glyph(font: ImageFont.FreeTypeFont, char: str) -> bool:
    return _ink(font, char) != _ink(font, _NO_SUCH_CHARACTER)


@functools.lru_cache(maxsize=4096)
def _ink(font: ImageFont.FreeTypeFont, char: str) -> tuple[tuple[int, int], bytes]:
    mask = font.getmask(char)
    return mask.size, bytes(mask)


def _with_legend(image: Image.Image, legend: str) -> Image.Image:
    """`image` with the legend under it (unchanged when there is none)."""
    if not legend:
        return image
    lines = textwrap.wrap(legend, LEGEND_CHARS)
    if len(lines) > LEGEND_LINES:
        lines = lines[:LEGEND_LINES]
        lines[-1] = lines[-1][:LEGEND_CHARS - 1] + "…"
    band = 2 * LEGEND_PADDING + LEGEND_LINE_HEIGHT * len(lines)
    framed = Image.new("RGB", (image.width, image.height + band), (255, 255, 255))
    framed.paste(image, (0, 0))
    draw = ImageDraw.Draw(framed)
    draw.line((0, image.height, image.width, image.height), fill=(120, 120, 120), width=1)
    draw.rectangle((LEGEND_PADDING, image.height + LEGEND_PADDING + 2, LEGEND_PADDING + 8,
                    image.height + LEGEND_PADDING + 10), outline=LEGEND_MARK, width=2)
    font = ImageFont.load_default()
    if not isinstance(font, ImageFont.FreeTypeFont):  # Pillow before 10.1: a Latin-1 bitmap font
        lines = [line.encode("latin-1", "replace").decode("latin-1") for line in lines]
    else:
        lines = [drawable(line, font) for line in lines]
    for index, line in enumerate(lines):
        draw.text((LEGEND_PADDING + 14, image.height + LEGEND_PADDING + index * LEGEND_LINE_HEIGHT), line,
                  fill=(0, 0, 0), font=font)
    return framed
