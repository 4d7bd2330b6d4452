"""What is painted behind text: the page rendered in gray at low resolution, sampled in a thin
frame around a box.

The box itself holds the glyphs, drawn in the text's own colour, so the frame just outside it
is sampled instead, and its median gray is what the text is seen against: the paper, a
coloured heading bar, a figure's dark cell. Boxes are in the model's convention (points,
origin top-left as the text layer reports it); PDFium maps them to pixels, so crop-box
offsets and page rotation are taken into account.
"""

from __future__ import annotations

import ctypes
import math

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

from ..model import BBox

SCALE = 2.0
"""Pixels per point (144 dpi): enough for a frame of a few pixels around 4 pt text."""
MAX_PIXELS = 4_000_000
"""Larger pages (posters) are rendered at a lower scale, within this many pixels (a letter page
at SCALE has 1.9 million)."""
GAP = 0.5
"""Points left between the box and the frame, for glyphs that reach past the box."""
FRAME = 1.5
"""Thickness of the sampled frame in points."""
_LEVELS = 255


def to_pixels(page: pdfium.PdfPage, width: int, height: int, x: float, y_top_down: float) -> tuple[int, int]:
    """Device pixel of a model point (x, y measured down from the top as the text layer gives it)."""
    device_x, device_y = ctypes.c_int(), ctypes.c_int()
    pdfium_c.FPDF_PageToDevice(page.raw, 0, 0, width, height, 0, x, page.get_height() - y_top_down,
                               device_x, device_y)
    return device_x.value, device_y.value


class PageRaster:
    """A page in gray (PIL mode L) and the affine map from model points to its pixels: `origin`
    is the pixel of the page's top-left corner, `x_step` and `y_step` the pixels moved per point
    to the right and down."""

    def __init__(self, image: Image.Image, origin: tuple[float, float], x_step: tuple[float, float],
                 y_step: tuple[float, float]) -> None:
        self.image = image
        self.origin = origin
        self.x_step = x_step
        self.y_step = y_step

    def _rect(self, box: BBox, margin: float) -> tuple[int, int, int, int]:
        """Pixel rectangle (left, top, right, bottom) of `box` grown by `margin` points."""
        xs, ys = [], []
        for x, y in ((box.x0 - margin, box.y0 - margin), (box.x1 + margin, box.y1 + margin)):
            xs.append(self.origin[0] + x * self.x_step[0] + y * self.y_step[0])
            ys.append(self.origin[1] + x * self.x_step[1] + y * self.y_step[1])
        return round(min(xs)), round(min(ys)), round(max(xs)), round(max(ys))

    def gray_around(self, box: BBox) -> float | None:
        """Median gray (0 black .. 1 white) of the frame around `box`, None when it is off the page."""
        left, top, right, bottom = self._rect(box, GAP + FRAME)
        inner_left, inner_top, inner_right, inner_bottom = self._rect(box, GAP)
        strips = ((left, top, right, inner_top), (left, inner_bottom, right, bottom),
                  (left, inner_top, inner_left, inner_bottom), (inner_right, inner_top, right, inner_bottom))
        counts = [0] * (_LEVELS + 1)
        for x0, y0, x1, y1 in strips:
            x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, self.image.width), min(y1, self.image.height)
            if x0 < x1 and y0 < y1:
                counts = [a + b for a, b in zip(counts, self.image.crop((x0, y0, x1, y1)).histogram())]
        total = sum(counts)
        if not total:
            return None
        seen = 0
        for level, count in enumerate(counts):
            seen += count
            if 2 * seen >= total:
                break
        return level / _LEVELS


def render_page(page: pdfium.PdfPage) -> PageRaster:
    """The page in gray at SCALE pixels per point, or fewer on a large page (the caller closes the page)."""
    width, height = page.get_size()
    bitmap = page.render(scale=min(SCALE, math.sqrt(MAX_PIXELS / max(width * height, 1.0))), grayscale=True)
    try:
        image = bitmap.to_pil().copy()  # to_pil shares the bitmap's memory, freed by close()
    finally:
        bitmap.close()
    span = max(width, height, 1.0)
    origin = to_pixels(page, image.width, image.height, 0.0, 0.0)
    right = to_pixels(page, image.width, image.height, span, 0.0)
    down = to_pixels(page, image.width, image.height, 0.0, span)
    return PageRaster(image, origin, ((right[0] - origin[0]) / span, (right[1] - origin[1]) / span),
                      ((down[0] - origin[0]) / span, (down[1] - origin[1]) / span))


def plain_raster(width: float, height: float, gray: float) -> PageRaster:
    """A page painted in one gray all over, one pixel per point (synthetic pages have no pixels)."""
    image = Image.new("L", (max(round(width), 1), max(round(height), 1)), round(gray * _LEVELS))
    return PageRaster(image, (0.0, 0.0), (1.0, 0.0), (0.0, 1.0))
