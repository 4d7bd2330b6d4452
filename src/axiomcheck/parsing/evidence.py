"""Evidence pictures: the page of a finding, rendered with the finding's box drawn on it.

`check --evidence DIR` calls `attach_evidence` after the rules ran: every finding with a page
and a box gets one PNG in DIR, and its `evidence_image` names the file. Boxes are in the
model's convention (points, origin top-left of the page as the text layer reports it); PDFium
maps them to pixels, so crop-box offsets and page rotation are taken into account.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pypdfium2 as pdfium

from .background import to_pixels

if TYPE_CHECKING:
    from ..report import Finding

SCALE = 1.5
"""Pixels per point (108 dpi): enough to read 9 pt text."""
BOX_COLOUR = (220, 20, 60)
BOX_WIDTH = 3
BOX_MARGIN = 2.0
"""Points added around the box so that the outline does not cover the text."""
_UNSAFE_RE = re.compile(r"[^\w.-]+")


def _render(pdf: pdfium.PdfDocument, number: int, bbox: list[float], target: Path) -> None:
    from PIL import ImageDraw

    page = pdf[number - 1]
    try:
        image = page.render(scale=SCALE).to_pil().convert("RGB")
        x0, y0, x1, y1 = bbox
        corners = [to_pixels(page, image.width, image.height, x, y)
                   for x, y in ((x0 - BOX_MARGIN, y0 - BOX_MARGIN), (x1 + BOX_MARGIN, y1 + BOX_MARGIN))]
        left, right = sorted(c[0] for c in corners)
        top, bottom = sorted(c[1] for c in corners)
        ImageDraw.Draw(image).rectangle((left, top, right, bottom), outline=BOX_COLOUR, width=BOX_WIDTH)
        image.save(target, format="PNG")
    finally:
        page.close()


def attach_evidence(pdf_path: str, findings: list["Finding"], directory: str) -> list["Finding"]:
    """`findings` with `evidence_image` set for every finding that has a page and a box.

    Files are named `<pdf stem>-<nn>-<rule id>-p<page>.png` in `directory` (created if needed),
    `nn` being the finding's position in the list. A page PDFium cannot render gets no picture.
    """
    wanted = [i for i, f in enumerate(findings) if f.page is not None and f.bbox is not None]
    if not wanted:
        return findings
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    stem = _UNSAFE_RE.sub("_", Path(pdf_path).stem)
    result = list(findings)
    pdf = pdfium.PdfDocument(pdf_path)
    try:
        for index in wanted:
            finding = findings[index]
            if not 1 <= finding.page <= len(pdf):
                continue
            target = folder / f"{stem}-{index + 1:02d}-{finding.rule}-p{finding.page}.png"
            try:
                _render(pdf, finding.page, finding.bbox, target)
            except pdfium.PdfiumError:  # a page PDFium cannot draw gets no picture; the finding stands
                continue
            result[index] = dataclasses.replace(finding, evidence_image=str(target))
    finally:
        pdf.close()
    return result
