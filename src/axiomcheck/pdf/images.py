"""Smaller copies of evidence pictures (Pillow), for pages that embed them: a scaled-down
page, and the part of the page around the box drawn on it (found by its colour)."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from .render import BOX_COLOUR

BOX_COLOUR_TOLERANCE = 24
"""How far (0-255) a channel of a pixel may be from the box colour for the pixel to be the box's
(the anti-aliased edge and JPEG noise)."""

CROP_MARGIN = 90
"""Pixels kept above and below the drawn box in a crop (about 60 points at 108 dpi)."""
MAX_STRIP = 640
"""Tallest crop, in pixels: a tall box is shown from its top."""


def _jpeg(image: Image.Image, quality: int) -> bytes:
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=quality, optimize=True)
    return out.getvalue()


def _box(image: Image.Image) -> tuple[int, int, int, int] | None:
    """Where the box is drawn: the bounds of the pixels of the box colour."""
    red, green, blue = image.split()
    target = BOX_COLOUR
    masks = [channel.point(lambda v, t=t: 255 if abs(v - t) <= BOX_COLOUR_TOLERANCE else 0)
             for channel, t in zip((red, green, blue), target, strict=True)]
    return ImageChops.multiply(ImageChops.multiply(masks[0], masks[1]), masks[2]).getbbox()


def evidence_views(path: str, thumb_width: int = 200, quality: int = 70) -> tuple[bytes, bytes] | None:
    """(the page scaled to `thumb_width` pixels wide, the full-width strip of the page around
    the drawn box at full resolution, at most `MAX_STRIP` tall), both JPEG; None when `path`
    cannot be read as a picture. Without a box to be found, the second is the whole page."""
    try:
        with Image.open(path) as opened:
            image = opened.convert("RGB")
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    thumb_size = (thumb_width, max(1, round(image.height * thumb_width / image.width)))
    thumb = image.resize(thumb_size, Image.Resampling.LANCZOS) if image.width > thumb_width else image
    box = _box(image)
    strip = image
    if box is not None:
        top = max(0, box[1] - CROP_MARGIN)
        strip = image.crop((0, top, image.width, min(image.height, box[3] + CROP_MARGIN, top + MAX_STRIP)))
    return _jpeg(thumb, quality), _jpeg(strip, quality)
