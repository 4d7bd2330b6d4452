"""What is painted behind text: the page rendered in gray without its text, sampled where the
glyphs are.

The page is rendered twice: as it is, and with every text object (also those of the forms it
draws, such as included figures) switched to the invisible render mode on a private copy of the
page. The second rendering is everything but text (vector fills, images, rules) in its paint
order; where the two differ, glyphs are painted. The median gray of the text-free rendering
under those glyph pixels, within a word's box, is what the word is seen against: a coloured
label under white text, or the paper. Where no glyph pixel shows (white text on white paper
changes nothing), the whole box is sampled. Sampling around the box instead would see the
paper beside a tight coloured label. Boxes are in the
model's convention (points, origin top-left as the text layer reports it); PDFium maps them to
pixels, so crop-box offsets and page rotation are taken into account.
"""

from __future__ import annotations

import ctypes
import math

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image, ImageChops

from ..model import BBox

SCALE = 2.0
"""Pixels per point (144 dpi): several pixels across 4 pt text."""
MAX_PIXELS = 4_000_000
"""Larger pages (posters) are rendered at a lower scale, within this many pixels (a letter page
at SCALE has 1.9 million)."""
MAX_FORM_DEPTH = 8
"""Forms inside forms are searched for text this deep."""
_LEVELS = 255
GLYPH_DIFFERENCE = 24
"""Gray levels by which a pixel must change when text is painted to count as a glyph pixel."""
_HIDDEN_MODE = {pdfium_c.FPDF_TEXTRENDERMODE_FILL: pdfium_c.FPDF_TEXTRENDERMODE_INVISIBLE,
                pdfium_c.FPDF_TEXTRENDERMODE_STROKE: pdfium_c.FPDF_TEXTRENDERMODE_INVISIBLE,
                pdfium_c.FPDF_TEXTRENDERMODE_FILL_STROKE: pdfium_c.FPDF_TEXTRENDERMODE_INVISIBLE,
                pdfium_c.FPDF_TEXTRENDERMODE_FILL_CLIP: pdfium_c.FPDF_TEXTRENDERMODE_CLIP,
                pdfium_c.FPDF_TEXTRENDERMODE_STROKE_CLIP: pdfium_c.FPDF_TEXTRENDERMODE_CLIP,
                pdfium_c.FPDF_TEXTRENDERMODE_FILL_STROKE_CLIP: pdfium_c.FPDF_TEXTRENDERMODE_CLIP}
"""Painting modes and the mode that paints nothing (keeping a clipping path a text sets)."""


def to_pixels(page: pdfium.PdfPage, width: int, height: int, x: float, y_top_down: float) -> tuple[int, int]:
    """Device pixel of a model point (x, y measured down from the top as the text layer gives it)."""
    device_x, device_y = ctypes.c_int(), ctypes.c_int()
    pdfium_c.FPDF_PageToDevice(page.raw, 0, 0, width, height, 0, x, page.get_height() - y_top_down,
                               device_x, device_y)
    return device_x.value, device_y.value


class PageRaster:
    """A page in gray (PIL mode L) without its text, and the affine map from model points to its
    pixels: `origin` is the pixel of the page's top-left corner, `x_step` and `y_step` the pixels
    moved per point to the right and down."""

    def __init__(self, image: Image.Image, origin: tuple[float, float], x_step: tuple[float, float],
                 y_step: tuple[float, float], glyphs: Image.Image | None = None) -> None:
        self.image = image
        self.glyphs = glyphs
        """Where text paints the page (mode L, 255 on glyph pixels); None: unknown."""
        self.origin = origin
        self.x_step = x_step
        self.y_step = y_step

    def _rect(self, box: BBox) -> tuple[int, int, int, int]:
        """Pixel rectangle (left, top, right, bottom) of `box`, at least one pixel wide and high."""
        xs, ys = [], []
        for x, y in ((box.x0, box.y0), (box.x1, box.y1)):
            xs.append(self.origin[0] + x * self.x_step[0] + y * self.y_step[0])
            ys.append(self.origin[1] + x * self.x_step[1] + y * self.y_step[1])
        left, top = math.floor(min(xs)), math.floor(min(ys))
        return left, top, max(math.ceil(max(xs)), left + 1), max(math.ceil(max(ys)), top + 1)

    def gray_behind(self, box: BBox) -> float | None:
        """Median gray (0 black .. 1 white) painted under `box` by everything but text, None when
        the box is off the page."""
        left, top, right, bottom = self._rect(box)
        left, top = max(left, 0), max(top, 0)
        right, bottom = min(right, self.image.width), min(bottom, self.image.height)
        if left >= right or top >= bottom:
            return None
        rect = (left, top, right, bottom)
        counts = self.image.crop(rect).histogram()
        if self.glyphs is not None:
            under_glyphs = self.image.crop(rect).histogram(mask=self.glyphs.crop(rect))
            counts = under_glyphs if sum(under_glyphs) else counts
        total = sum(counts)
        seen = 0
        for level, count in enumerate(counts):
            seen += count
            if 2 * seen >= total:
                break
        return level / _LEVELS


def hide_text(page: pdfium.PdfPage) -> int:
    """Switch every text object of `page`, also inside its forms, to a mode that paints nothing
    (in memory only: the file is never written). Returns how many were switched."""
    return _hide_in(page.raw, pdfium_c.FPDFPage_CountObjects, pdfium_c.FPDFPage_GetObject, 0)


def _hide_in(parent: object, count: object, get: object, depth: int) -> int:
    hidden = 0
    for index in range(max(count(parent), 0)):
        obj = get(parent, index)
        kind = pdfium_c.FPDFPageObj_GetType(obj)
        if kind == pdfium_c.FPDF_PAGEOBJ_TEXT:
            mode = _HIDDEN_MODE.get(pdfium_c.FPDFTextObj_GetTextRenderMode(obj))
            if mode is not None:
                hidden += bool(pdfium_c.FPDFTextObj_SetTextRenderMode(obj, mode))
        elif kind == pdfium_c.FPDF_PAGEOBJ_FORM and depth < MAX_FORM_DEPTH:
            hidden += _hide_in(obj, pdfium_c.FPDFFormObj_CountObjects, pdfium_c.FPDFFormObj_GetObject, depth + 1)
    return hidden


def _gray(page: pdfium.PdfPage, scale: float) -> Image.Image:
    bitmap = page.render(scale=scale, grayscale=True)
    try:
        return bitmap.to_pil().copy()  # to_pil shares the bitmap's memory, freed by close()
    finally:
        bitmap.close()


def render_page(page: pdfium.PdfPage) -> PageRaster:
    """The page in gray without its text, and where its glyphs are, at SCALE pixels per point or
    fewer on a large page. Changes `page` in memory (its text stops painting): the caller passes
    a page it loaded for this and closes it afterwards."""
    width, height = page.get_size()
    scale = min(SCALE, math.sqrt(MAX_PIXELS / max(width * height, 1.0)))
    painted = _gray(page, scale)
    hide_text(page)
    image = _gray(page, scale)
    glyphs = ImageChops.difference(painted, image).point(lambda level: 255 if level > GLYPH_DIFFERENCE else 0)
    span = max(width, height, 1.0)
    origin = to_pixels(page, image.width, image.height, 0.0, 0.0)
    right = to_pixels(page, image.width, image.height, span, 0.0)
    down = to_pixels(page, image.width, image.height, 0.0, span)
    return PageRaster(image, origin, ((right[0] - origin[0]) / span, (right[1] - origin[1]) / span),
                      ((down[0] - origin[0]) / span, (down[1] - origin[1]) / span), glyphs)


def plain_raster(width: float, height: float, gray: float) -> PageRaster:
    """A page painted in one gray all over, one pixel per point (synthetic pages have no pixels)."""
    image = Image.new("L", (max(round(width), 1), max(round(height), 1)), round(gray * _LEVELS))
    return PageRaster(image, (0.0, 0.0), (1.0, 0.0), (0.0, 1.0))
