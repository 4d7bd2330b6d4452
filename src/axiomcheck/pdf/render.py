"""Pictures of pages: a page rendered by PDFium with boxes drawn on it (Pillow).

Boxes are in the model's convention (points, origin top-left of the page as the text layer
reports it); PDFium maps them to pixels, so crop-box offsets and page rotation are taken
into account.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium

from .background import to_pixels
from .pdfium_library import PdfiumOpenError, open_pdf

SCALE = 1.5
"""Pixels per point (108 dpi): enough to read 9 pt text."""
BOX_COLOUR = (220, 20, 60)
BOX_WIDTH = 3
BOX_MARGIN = 2.0
"""Points added around the box so that the outline does not cover the text."""


@dataclass(frozen=True)
class BoxPicture:
    """One picture to draw: page `page` (1-based) with `bbox` outlined, saved as PNG to `target`."""

    page: int
    bbox: tuple[float, float, float, float]
    target: Path


def draw_box_pictures(pdf_path: str, pictures: Sequence[BoxPicture]) -> list[BoxPicture]:
    """Render each picture; returns those written. A page that does not exist or that PDFium
    cannot draw gets no picture."""
    written: list[BoxPicture] = []
    if not pictures:
        return written
    try:
        pdf = open_pdf(pdf_path)
    except (PdfiumOpenError, pdfium.PdfiumError):
        return written
    try:
        for picture in pictures:
            if not 1 <= picture.page <= len(pdf):
                continue
            try:
                _render(pdf, picture)
            except pdfium.PdfiumError:
                continue
            written.append(picture)
    finally:
        pdf.close()
    return written


def _render(pdf: pdfium.PdfDocument, picture: BoxPicture) -> None:
    from PIL import ImageDraw

    page = pdf[picture.page - 1]
    try:
        image = page.render(scale=SCALE).to_pil().convert("RGB")
        x0, y0, x1, y1 = picture.bbox
        corners = [to_pixels(page, image.width, image.height, x, y)
                   for x, y in ((x0 - BOX_MARGIN, y0 - BOX_MARGIN), (x1 + BOX_MARGIN, y1 + BOX_MARGIN))]
        left, right = sorted(c[0] for c in corners)
        top, bottom = sorted(c[1] for c in corners)
        ImageDraw.Draw(image).rectangle((left, top, right, bottom), outline=BOX_COLOUR, width=BOX_WIDTH)
        image.save(picture.target, format="PNG")
    finally:
        page.close()
