"""Which words of a page a reader cannot see, measured by rendering.

A word is hidden when the page rendered with it and without it differs by nothing a reader
can see inside its box. Rendering every word twice would cost more than reading the page, so
evidence picks the few words worth the test, from the facts PDFium already holds
(`paint_order.PaintOrder` and the word's text object):

- its text object paints nothing (render mode 3 or 7): hidden, no rendering needed;
- it is painted with alpha 0, or with transparency (soft mask, blend mode, partial alpha);
- it is on optional content (a layer that may be off);
- its clipping path does not contain it;
- a filled shape, image or shading painted after it covers most of it;
- its colour is light, or a shape painted under it has nearly its colour (or is an image).

The candidates' regions are rendered in colour as they are, then with the candidates' text
objects switched off (in memory: the file is never written); in each word's box the pixels
whose colour changed by `VISIBLE_CONTRAST` or more are what a reader sees of it. Fewer than
`MIN_SEEN_PIXELS` of them and the word is hidden, for the first reason of the list above that
its evidence gives. So white text on a red label, text under a semi-transparent highlight and
a partly covered word are visible, and text under an opaque image, outside its clip, on a
layer that is off or painted transparent is not. Words wholly off the page are left to the
caller (geometry, not paint, decides them: overflow or hidden).
"""

from __future__ import annotations

import ctypes
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from ..model import BBox, Hiding, HidingReason, Word
from .paint_order import PaintOrder, Shape, TextState, overlap_share
from .pdfium_library import native

if TYPE_CHECKING:
    from PIL import Image

SCALE = 2.0
"""Pixels per point of the rendered regions (144 dpi): several pixels across 4 pt text."""
MAX_REGION_PIXELS = 4_000_000
"""A region is rendered at a lower scale when it would have more pixels than this."""
VISIBLE_CONTRAST = 38
"""Levels (of 255, in any of red, green, blue) by which a pixel must change when a word is
painted for a reader to see it: 15% of the range (white text at 0.92 gray or lighter on white
paper changes less)."""
MIN_SEEN_PIXELS = 8
"""A word of which fewer pixels change (2 square points at SCALE) is not seen."""
LIGHT_TEXT = 0.8
"""Text whose colour is at least this light (luminance 0..1) is tested: it may sit on paper of
its own colour."""
SIMILAR_COLOUR = 48
"""A filled shape under a word whose colour differs from the word's by less than this (levels
of 255, in each channel) may hide it."""
COVER_SHARE = 0.5
"""A shape painted after a word that covers at least this share of its box may hide it."""
GROUND_SHARE = 0.3
"""A shape under a word must cover this share of its box to be what the word is read against."""
REDACTION_DARKNESS = 0.3
"""A box at most this light (luminance) painted over a word, or under a word of its colour, is
a redaction bar a reader sees: the text is hidden, but visibly so."""
CLIP_TOLERANCE = 1.0
"""A word sticking out of its clipping path's box by less than this (points) is inside it."""
REGION_GAP = 12.0
"""Candidate boxes closer than this (points) are rendered as one region."""
_INVISIBLE_MODES = (pdfium_c.FPDF_TEXTRENDERMODE_INVISIBLE, pdfium_c.FPDF_TEXTRENDERMODE_CLIP)
_STROKE_ONLY = (pdfium_c.FPDF_TEXTRENDERMODE_STROKE, pdfium_c.FPDF_TEXTRENDERMODE_STROKE_CLIP)
_PRIORITY: tuple[HidingReason, ...] = ("layer-off", "transparent", "soft-mask", "clipped", "covered", "colour")
"""Reasons in the order they explain a word that renders as nothing: the first its evidence
gives is reported."""

_VOID = ctypes.c_void_p
_UINT_P = ctypes.POINTER(ctypes.c_uint)
_get_fill_color = native(pdfium_c.FPDFPageObj_GetFillColor, ctypes.c_int, _VOID, _UINT_P, _UINT_P, _UINT_P, _UINT_P)
_get_stroke_color = native(pdfium_c.FPDFPageObj_GetStrokeColor, ctypes.c_int, _VOID, _UINT_P, _UINT_P, _UINT_P,
                           _UINT_P)
_get_render_mode = native(pdfium_c.FPDFTextObj_GetTextRenderMode, ctypes.c_int, _VOID)
_set_active = native(pdfium_c.FPDFPageObj_SetIsActive, ctypes.c_int, _VOID, ctypes.c_int)


class _Paint(NamedTuple):
    """How a text object paints its glyphs."""

    mode: int
    rgb: tuple[int, int, int] | None
    alpha: int


def to_pixels(page: pdfium.PdfPage, width: int, height: int, x: float, y_top_down: float) -> tuple[int, int]:
    """Device pixel, in a `width` x `height` rendering of the whole page, of a model point (x, y
    measured down from the top as the text layer gives it): crop-box offsets and page rotation
    are PDFium's to apply."""
    device_x, device_y = ctypes.c_int(), ctypes.c_int()
    pdfium_c.FPDF_PageToDevice(page.raw, 0, 0, width, height, 0, x, page.get_height() - y_top_down,
                               device_x, device_y)
    return device_x.value, device_y.value


_RGBA = tuple(ctypes.c_uint() for _ in range(4))
_RGBA_P = tuple(ctypes.pointer(value) for value in _RGBA)


def _paint(key: int) -> _Paint:
    """How the text object at address `key` paints: render mode, colour (the stroke's when it
    only strokes) and alpha."""
    mode = _get_render_mode(key)
    read = _get_stroke_color if mode in _STROKE_ONLY else _get_fill_color
    if not read(key, *_RGBA_P):
        return _Paint(mode, None, 255)
    r, g, b, a = _RGBA
    return _Paint(mode, (r.value, g.value, b.value), a.value)


def _object_facts(key: int, state: TextState | None) -> tuple[_Paint, TextState | None, bool]:
    """A text object's paint and state, and whether they alone make its words suspect (any
    word then needs a look at its box: its clip, or its colour)."""
    paint = _paint(key)
    suspect = paint.alpha == 0 or (paint.rgb is not None and _luminance(paint.rgb) >= LIGHT_TEXT) or (
        state is not None and (state.layer or state.transparency or state.clip is not None))
    return paint, state, suspect


def _luminance(rgb: tuple[int, int, int]) -> float:
    return (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]) / 255.0


def _inside(box: BBox, area: BBox, tolerance: float) -> bool:
    return (area.x0 - tolerance <= box.x0 and box.x1 <= area.x1 + tolerance
            and area.y0 - tolerance <= box.y0 and box.y1 <= area.y1 + tolerance)


@dataclass
class _Evidence:
    """Why a word might not be seen, from the facts alone."""

    reasons: list[HidingReason]
    cover: Shape | None = None
    """The last shape painted over most of the word."""
    ground: Shape | None = None
    """The last shape under the word of nearly its colour (or an image)."""


def suspicions(box: BBox, paint: _Paint, state: TextState | None, shapes: Sequence[Shape]) -> _Evidence:
    """The reasons, from evidence alone, why a word drawn in `box` might not be seen (see the
    module docstring); no reasons when nothing suggests it."""
    found = _state_reasons(box, paint, state)
    order = state.order if state is not None else 0
    covers = [shape for shape in shapes if shape.order > order and overlap_share(shape.box, box) >= COVER_SHARE]
    if covers:
        found.append("covered")
    grounds = _grounds(box, paint, order, shapes)
    if paint.rgb is not None and (_luminance(paint.rgb) >= LIGHT_TEXT or grounds):
        found.append("colour")
    return _Evidence(found, covers[-1] if covers else None, grounds[-1] if grounds else None)


def _state_reasons(box: BBox, paint: _Paint, state: TextState | None) -> list[HidingReason]:
    """The reasons the text object's own state gives: a layer switched off, transparency, a
    clipping path the word lies outside."""
    found: list[HidingReason] = []
    if state is not None and state.layer:
        found.append("layer-off")
    if paint.alpha == 0:
        found.append("transparent")
    elif state is not None and state.transparency:
        found.append("soft-mask")
    if state is not None and state.clip is not None and not _inside(box, state.clip, CLIP_TOLERANCE):
        found.append("clipped")
    return found


def _grounds(box: BBox, paint: _Paint, order: int, shapes: Sequence[Shape]) -> list[Shape]:
    """The shapes painted before the word, under most of it, in nearly its colour (or images)."""
    if paint.rgb is None:
        return []
    rgb = paint.rgb
    return [shape for shape in shapes if shape.order < order and overlap_share(shape.box, box) >= GROUND_SHARE
            and (shape.rgb is None or max(abs(a - b) for a, b in zip(shape.rgb, rgb, strict=True)) < SIMILAR_COLOUR)]


@dataclass
class _Candidate:
    index: int
    key: int
    evidence: _Evidence
    paint: _Paint
    state: TextState | None


def page_hidings(page: pdfium.PdfPage, words: Sequence[Word], keys: Sequence[int]) -> dict[int, Hiding]:
    """Why each hidden word of a loaded page cannot be seen, by index into `words` (`keys[i]` is
    the address of the text object drawing `words[i]`, 0 when unknown). Switches text objects
    off and on again while it renders, in memory only."""
    if len(keys) != len(words):
        raise ValueError("page_hidings needs one text object address per word")
    width, height = page.get_size()
    order = PaintOrder(page.raw, width, height)
    texts = order.texts
    objects = {key: _object_facts(key, texts.get(key)) for key in dict.fromkeys(keys) if key}
    marked = {key for key, (paint, _, suspect) in objects.items() if suspect or paint.mode in _INVISIBLE_MODES}
    touching = order.touching([word.bbox for word in words])
    # Only a word of a marked object or one a shape touches can be hidden by paint: the others
    # (most words of most pages) are not visited.
    chosen = set(touching)
    if marked:
        chosen.update(index for index, key in enumerate(keys) if key in marked)
    hidings: dict[int, Hiding] = {}
    candidates: list[_Candidate] = []
    page_box = BBox(0.0, 0.0, width, height)
    for index in sorted(chosen):
        key, box = keys[index], words[index].bbox
        if not key or not _meets(box, page_box):
            continue  # unknown object, or wholly off the page (the caller's to judge)
        paint, state, suspect = objects[key]
        shapes = touching.get(index, ())
        if paint.mode in _INVISIBLE_MODES:
            hidings[index] = Hiding("render-mode", f"text render mode {paint.mode}")
        elif suspect or shapes:
            evidence = suspicions(box, paint, state, shapes)
            if evidence.reasons:
                candidates.append(_Candidate(index, key, evidence, paint, state))
    if candidates:
        hidings.update(_rendered(page, words, candidates))
    return hidings


def _meets(a: BBox, b: BBox) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def _regions(boxes: list[BBox]) -> list[BBox]:
    """Boxes merged where they come within REGION_GAP of each other."""
    regions: list[BBox] = []
    for box in sorted(boxes, key=lambda b: (b.y0, b.x0)):
        grown = BBox(box.x0 - REGION_GAP, box.y0 - REGION_GAP, box.x1 + REGION_GAP, box.y1 + REGION_GAP)
        for index, region in enumerate(regions):
            if _meets(region, grown):
                regions[index] = region.union(box)
                break
        else:
            regions.append(box)
    return regions


class _Raster:
    """Renders regions of a page: `pixels` maps a top-down box to the pixel rectangle of the
    whole-page device space at `scale`, which PDFium draws a window of."""

    def __init__(self, page: pdfium.PdfPage, scale: float) -> None:
        self.page = page
        width, height = page.get_size()
        self.size = (max(math.ceil(width * scale), 1), max(math.ceil(height * scale), 1))
        span = max(width, height, 1.0)
        (ox, oy), (rx, ry), (dx, dy) = (to_pixels(page, self.size[0], self.size[1], x, y)
                                        for x, y in ((0.0, 0.0), (span, 0.0), (0.0, span)))
        self.origin = (ox, oy)
        self.x_step = ((rx - ox) / span, (ry - oy) / span)
        self.y_step = ((dx - ox) / span, (dy - oy) / span)

    def pixels(self, box: BBox) -> tuple[int, int, int, int]:
        xs, ys = [], []
        for x, y in ((box.x0, box.y0), (box.x1, box.y1), (box.x0, box.y1), (box.x1, box.y0)):
            xs.append(self.origin[0] + x * self.x_step[0] + y * self.y_step[0])
            ys.append(self.origin[1] + x * self.x_step[1] + y * self.y_step[1])
        left, top = max(math.floor(min(xs)), 0), max(math.floor(min(ys)), 0)
        right, bottom = min(math.ceil(max(xs)), self.size[0]), min(math.ceil(max(ys)), self.size[1])
        return left, top, max(right, left), max(bottom, top)

    def render(self, rect: tuple[int, int, int, int]) -> Image.Image:
        """The pixels of `rect` (left, top, right, bottom) as PDFium paints the page, in RGB."""
        left, top, right, bottom = rect
        bitmap = pdfium.PdfBitmap.new_native(right - left, bottom - top, pdfium_c.FPDFBitmap_BGR)
        try:
            bitmap.fill_rect((255, 255, 255, 255), 0, 0, right - left, bottom - top)
            pdfium_c.FPDF_RenderPageBitmap(bitmap, self.page, -left, -top, self.size[0], self.size[1], 0, 0)
            image: Image.Image = bitmap.to_pil().copy()  # to_pil shares the bitmap's memory, freed by close()
            return image
        finally:
            bitmap.close()


def _rendered(page: pdfium.PdfPage, words: Sequence[Word], candidates: list[_Candidate]) -> dict[int, Hiding]:
    """The candidates that render as nothing a reader sees (see the module docstring)."""
    width, height = page.get_size()
    scale = min(SCALE, math.sqrt(MAX_REGION_PIXELS / max(width * height, 1.0)))
    raster = _Raster(page, scale)
    rects = [raster.pixels(region) for region in _regions([words[c.index].bbox for c in candidates])]
    rects = [rect for rect in rects if rect[2] > rect[0] and rect[3] > rect[1]]
    painted = [raster.render(rect) for rect in rects]
    keys = {c.key for c in candidates}
    for key in keys:
        _set_active(key, 0)
    try:
        bare = [raster.render(rect) for rect in rects]
    finally:
        for key in keys:
            _set_active(key, 1)
    changed = [_changed(with_text, without_text) for with_text, without_text in zip(painted, bare, strict=True)]
    found: dict[int, Hiding] = {}
    for candidate in candidates:
        box = raster.pixels(words[candidate.index].bbox)
        seen = 0
        windows = []
        for rect, image, mask in zip(rects, bare, changed, strict=True):
            window = (max(box[0], rect[0]) - rect[0], max(box[1], rect[1]) - rect[1],
                      min(box[2], rect[2]) - rect[0], min(box[3], rect[3]) - rect[1])
            if window[2] > window[0] and window[3] > window[1]:
                seen += mask.crop(window).histogram()[255]
                windows.append((image, window))
        if seen < MIN_SEEN_PIXELS:
            found[candidate.index] = _hiding(candidate, windows[0][0].crop(windows[0][1]) if windows else None)
    return found


def _hiding(candidate: _Candidate, ground: Image.Image | None) -> Hiding:
    """Why a candidate that renders as nothing is hidden: the first reason of `_PRIORITY` its
    evidence gives; a dark box a reader sees over or under it makes it a redaction, and the
    bounding box of the figure that draws it, a crop. `ground` is the word's box rendered
    without it (its median colour is the background a colour finding names)."""
    evidence = candidate.evidence
    reason = next(r for r in _PRIORITY if r in evidence.reasons)
    if reason == "clipped" and candidate.state is not None and candidate.state.in_form:
        return Hiding("cropped")
    box = evidence.cover if reason == "covered" else evidence.ground if reason == "colour" else None
    if box is not None and box.rgb is not None and _luminance(box.rgb) <= REDACTION_DARKNESS:
        return Hiding("redacted", _hex(box.rgb))
    if reason == "covered" and evidence.cover is not None:
        cover = evidence.cover
        return Hiding(reason, f"a {_hex(cover.rgb)} fill" if cover.rgb is not None else f"a {cover.kind}"
                      if cover.kind != "image" else "an image")
    if reason == "colour" and candidate.paint.rgb is not None and ground is not None:
        return Hiding(reason, f"{_hex(candidate.paint.rgb)} on {_hex(_median(ground))}")
    return Hiding(reason, "alpha 0" if reason == "transparent" else "")


_SEEN_LEVELS = [0] * VISIBLE_CONTRAST + [255] * (256 - VISIBLE_CONTRAST)
"""A gray level's change: 255 when a reader sees it (VISIBLE_CONTRAST or more), else 0."""


def _changed(painted: Image.Image, bare: Image.Image) -> Image.Image:
    """A mask (mode L) of the pixels whose colour changed by VISIBLE_CONTRAST or more in some
    channel: 255 there, 0 elsewhere."""
    from PIL import ImageChops  # noqa: PLC0415 - Pillow, only on a page with regions to compare

    bands = ImageChops.difference(painted, bare).split()
    changed = bands[0]
    for band in bands[1:]:
        changed = ImageChops.lighter(changed, band)
    return changed.point(_SEEN_LEVELS)


def _median(image: Image.Image) -> tuple[int, int, int]:
    """The median colour of `image` channel by channel."""
    middle = []
    for band in image.split():
        counts = band.histogram()
        total, seen = sum(counts), 0
        for level, count in enumerate(counts):
            seen += count
            if 2 * seen >= total:
                middle.append(level)
                break
    return middle[0], middle[1], middle[2]


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)
