"""A page's objects in the order they are painted: what is painted under and over each text
object, and what its state says about whether it can show at all.

Walking a loaded page's objects (forms included, their matrices composed) gives, for every
text object, its place in the paint order and what its graphics state says: the layer its
marked content or an enclosing form puts it on, its own transparency, and the clipping path
(PDFium applies a form's /BBox as a clip on the form's objects, and a form's graphics state
at `Do`, its alpha and soft mask included, to what it draws). For the other objects it
records the shapes that can hide text or match its colour: filled paths with their colour,
images and shadings, with their boxes on the page. `visibility.py` reads these facts to pick
the few words whose rendering must be compared; nothing here renders.

Boxes are in the model's convention (points, y measured down from the top of the page as the
text layer gives it).
"""

from __future__ import annotations

import ctypes
from bisect import bisect_left
from collections.abc import Sequence
from typing import NamedTuple

import pypdfium2.raw as pdfium_c

from ..model import BBox
from .pdfium_library import native

MAX_FORM_DEPTH = 8
"""Forms inside forms are walked this deep (deeper objects are not surveyed)."""
MIN_SHAPE_SIDE = 1.5
"""Shapes narrower or lower than this (points: table rules, hairlines, plot markers) cannot
hide a word or be the ground it is read against, and are not recorded."""
GRID = 36.0
"""Side of the grid cells (points) a shape and a word must share to count as meeting (a shape
far larger than the page is looked up where words can be), and the height up to which a word
is found through its top; taller words are checked against every shape."""
TOP_MARGIN = 1.0
"""Points added to the band of tops searched above a shape, so that rounding in a word's
height cannot leave out a word that meets it."""

_VOID = ctypes.c_void_p
_FLOAT_P = ctypes.POINTER(ctypes.c_float)
_UINT_P = ctypes.POINTER(ctypes.c_uint)
_count_objects = native(pdfium_c.FPDFPage_CountObjects, ctypes.c_int, _VOID)
_get_object = native(pdfium_c.FPDFPage_GetObject, _VOID, _VOID, ctypes.c_int)
_count_form_objects = native(pdfium_c.FPDFFormObj_CountObjects, ctypes.c_int, _VOID)
_get_form_object = native(pdfium_c.FPDFFormObj_GetObject, _VOID, _VOID, ctypes.c_ulong)
_object_type = native(pdfium_c.FPDFPageObj_GetType, ctypes.c_int, _VOID)
_get_bounds = native(pdfium_c.FPDFPageObj_GetBounds, ctypes.c_int, _VOID, _FLOAT_P, _FLOAT_P, _FLOAT_P, _FLOAT_P)
_get_matrix = native(pdfium_c.FPDFPageObj_GetMatrix, ctypes.c_int, _VOID, ctypes.POINTER(pdfium_c.FS_MATRIX))
_get_fill_color = native(pdfium_c.FPDFPageObj_GetFillColor, ctypes.c_int, _VOID, _UINT_P, _UINT_P, _UINT_P, _UINT_P)
_get_draw_mode = native(pdfium_c.FPDFPath_GetDrawMode, ctypes.c_int, _VOID, ctypes.POINTER(ctypes.c_int),
                        ctypes.POINTER(ctypes.c_int))
_has_transparency = native(pdfium_c.FPDFPageObj_HasTransparency, ctypes.c_int, _VOID)
_count_marks = native(pdfium_c.FPDFPageObj_CountMarks, ctypes.c_int, _VOID)
_get_mark = native(pdfium_c.FPDFPageObj_GetMark, _VOID, _VOID, ctypes.c_ulong)
_mark_name = native(pdfium_c.FPDFPageObjMark_GetName, ctypes.c_int, _VOID, _VOID, ctypes.c_ulong,
                    ctypes.POINTER(ctypes.c_ulong))
_get_clip = native(pdfium_c.FPDFPageObj_GetClipPath, _VOID, _VOID)
_count_clip_paths = native(pdfium_c.FPDFClipPath_CountPaths, ctypes.c_int, _VOID)
_count_clip_segments = native(pdfium_c.FPDFClipPath_CountPathSegments, ctypes.c_int, _VOID, ctypes.c_int)
_get_clip_segment = native(pdfium_c.FPDFClipPath_GetPathSegment, _VOID, _VOID, ctypes.c_int, ctypes.c_int)
_segment_point = native(pdfium_c.FPDFPathSegment_GetPoint, ctypes.c_int, _VOID, _FLOAT_P, _FLOAT_P)
_TEXT, _PATH, _IMAGE = pdfium_c.FPDF_PAGEOBJ_TEXT, pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_IMAGE
_SHADING, _FORM = pdfium_c.FPDF_PAGEOBJ_SHADING, pdfium_c.FPDF_PAGEOBJ_FORM
_SHAPE_KINDS = {_PATH: "fill", _IMAGE: "image"}
"""What a shape is, by object type (anything else recorded is a shading)."""
_OC_MARK = "OC"
"""The marked-content tag of optional content (`/OC /name BDC ... EMC`)."""

Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _compose(inner: Matrix, outer: Matrix) -> Matrix:
    """The matrix applying `inner`, then `outer` (PDF row-vector convention)."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


class Shape(NamedTuple):
    """Something other than text that paints an area: a filled path, an image or a shading (a
    named tuple: a page may have thousands)."""

    order: int
    """Its place in the page's paint order (text objects are numbered in the same sequence)."""
    box: BBox
    kind: str
    """fill, image or shading."""
    rgb: tuple[int, int, int] | None
    """A filled path's colour, None for images and shadings (many colours)."""


class TextState(NamedTuple):
    """What a text object's graphics state says about where and whether it can show (a named
    tuple: one per text object of every page)."""

    order: int
    layer: bool
    """On optional content (its own marked content or an enclosing form's)."""
    transparency: bool
    """PDFium reports transparency for it: a soft mask, a blend mode, an alpha below 1 (an
    enclosing form's transparency group, which most figures have, is not counted)."""
    clip: BBox | None
    """The bounding box of its clipping path on the page, None when it is not clipped."""
    in_form: bool
    """Drawn by a form XObject (an included figure), whose bounding box clips it."""


class PaintOrder:
    """The facts of one loaded page's objects (see the module docstring)."""

    def __init__(self, page: object, width: float, height: float) -> None:
        self.width = width
        self.height = height
        self.texts: dict[int, TextState] = {}
        self.shapes: list[Shape] = []
        self._order = 0
        self._bounds = tuple(ctypes.c_float() for _ in range(4))
        self._bounds_p = tuple(ctypes.pointer(value) for value in self._bounds)
        self._rgba = tuple(ctypes.c_uint() for _ in range(4))
        self._rgba_p = tuple(ctypes.pointer(value) for value in self._rgba)
        self._matrix = pdfium_c.FS_MATRIX()
        self._fill, self._stroke = ctypes.c_int(), ctypes.c_int()
        self._fill_p, self._stroke_p = ctypes.pointer(self._fill), ctypes.pointer(self._stroke)
        root = ctypes.cast(page, _VOID).value or 0  # type: ignore[arg-type]  # a PDFium page handle
        self._walk(_get_object, _count_objects(root), root, _IDENTITY, False, 0)

    def _walk(self, get: object, count: int, holder: int, matrix: Matrix, layer: bool, depth: int) -> None:
        texts = self.texts
        in_form = depth > 0
        for index in range(count):
            item = get(holder, index)  # type: ignore[operator]
            kind = _object_type(item)
            self._order += 1
            if kind == _TEXT:
                clip = _get_clip(item)
                texts[item] = TextState(self._order, layer or _on_layer(item), bool(_has_transparency(item)),
                                        self._clip_box(clip, matrix) if clip else None, in_form)
            elif kind == _FORM:
                if depth < MAX_FORM_DEPTH and _get_matrix(item, ctypes.byref(self._matrix)):
                    m = self._matrix
                    inner = _compose((m.a, m.b, m.c, m.d, m.e, m.f), matrix)
                    self._walk(_get_form_object, _count_form_objects(item), item, inner, layer or _on_layer(item),
                               depth + 1)
            elif kind in (_PATH, _IMAGE, _SHADING):
                self._add_shape(item, kind, matrix)

    def _add_shape(self, item: int, kind: int, matrix: Matrix) -> None:
        rgb: tuple[int, int, int] | None = None
        if kind == _PATH:
            if not _get_draw_mode(item, self._fill_p, self._stroke_p) or self._fill.value == 0:
                return  # a stroked line: it cannot cover a word
            if not _get_fill_color(item, *self._rgba_p):
                return
            r, g, b, a = (value.value for value in self._rgba)
            if a == 0:
                return
            rgb = (r, g, b)
        if not _get_bounds(item, *self._bounds_p):
            return
        left, bottom, right, top = (value.value for value in self._bounds)
        box = self._to_page(left, bottom, right, top, matrix)
        if box.width < MIN_SHAPE_SIDE or box.height < MIN_SHAPE_SIDE:
            return
        self.shapes.append(Shape(self._order, box, _SHAPE_KINDS.get(kind, "shading"), rgb))

    def _clip_box(self, clip: int, matrix: Matrix) -> BBox | None:
        """The page box of clipping path `clip` (a text object's), None when it has no points."""
        xs: list[float] = []
        ys: list[float] = []
        x, y = ctypes.c_float(), ctypes.c_float()
        for path in range(max(_count_clip_paths(clip), 0)):
            for segment in range(max(_count_clip_segments(clip, path), 0)):
                point = _get_clip_segment(clip, path, segment)
                if point and _segment_point(point, ctypes.byref(x), ctypes.byref(y)):
                    xs.append(x.value)
                    ys.append(y.value)
        if not xs:
            return None
        return self._to_page(min(xs), min(ys), max(xs), max(ys), matrix)

    def _to_page(self, left: float, bottom: float, right: float, top: float, matrix: Matrix) -> BBox:
        """A box in an object's space as a top-down box on the page."""
        a, b, c, d, e, f = matrix
        corners = [(x * a + y * c + e, x * b + y * d + f) for x in (left, right) for y in (bottom, top)]
        xs = [x for x, _ in corners]
        ys = [y for _, y in corners]
        return BBox(min(xs), self.height - max(ys), max(xs), self.height - min(ys))

    def _cells_of(self, box: BBox) -> list[tuple[int, int]]:
        """The grid cells `box` meets, within one cell around the page (a shape far larger than
        the page is looked up where words can be)."""
        first_column, last_column = int(max(box.x0, -GRID) // GRID), int(min(box.x1, self.width + GRID) // GRID)
        first_row, last_row = int(max(box.y0, -GRID) // GRID), int(min(box.y1, self.height + GRID) // GRID)
        if first_column == last_column and first_row == last_row:
            return [(first_column, first_row)]  # most words
        return [(column, row) for column in range(first_column, last_column + 1)
                for row in range(first_row, last_row + 1)]

    def touching(self, boxes: Sequence[BBox]) -> dict[int, list[Shape]]:
        """The shapes each of `boxes` meets and shares a grid cell with (`_cells_of`), in paint
        order, by the box's index (boxes no shape meets are left out). Boxes are sorted by their
        top; each shape looks at the boxes whose top lies between GRID above its own top and its
        bottom, plus the few boxes taller than GRID: a page of text with a few rules and boxes
        costs a sort of its words."""
        if not self.shapes:
            return {}
        short = [index for index, box in enumerate(boxes) if box.y1 - box.y0 <= GRID]
        tall = [index for index, box in enumerate(boxes) if not box.y1 - box.y0 <= GRID]
        short.sort(key=lambda index: boxes[index].y0)
        tops = [boxes[index].y0 for index in short]
        found: dict[int, list[Shape]] = {}
        for shape in self.shapes:
            area = shape.box
            first, last = bisect_left(tops, area.y0 - GRID - TOP_MARGIN), bisect_left(tops, area.y1)
            cells: set[tuple[int, int]] | None = None
            for index in short[first:last] + tall if tall else short[first:last]:
                box = boxes[index]
                if not _meets(area, box):
                    continue
                if cells is None:
                    cells = set(self._cells_of(area))
                if not cells.isdisjoint(self._cells_of(box)):
                    found.setdefault(index, []).append(shape)
        return found


def _on_layer(item: int) -> bool:
    """The object carries optional-content marked content (`/OC` tag)."""
    marks = _count_marks(item)
    if marks <= 0:
        return False
    buffer = ctypes.create_string_buffer(32)
    length = ctypes.c_ulong()
    for index in range(marks):
        mark = _get_mark(item, index)
        if mark and _mark_name(mark, buffer, len(buffer), ctypes.byref(length)) and \
                buffer.raw[:max(length.value - 2, 0)].decode("utf-16-le", "replace") == _OC_MARK:
            return True
    return False




def _meets(a: BBox, b: BBox) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def overlap_share(shape: BBox, box: BBox) -> float:
    """The share of `box`'s area that `shape` covers."""
    width = min(shape.x1, box.x1) - max(shape.x0, box.x0)
    height = min(shape.y1, box.y1) - max(shape.y0, box.y0)
    area = box.width * box.height
    return max(width, 0.0) * max(height, 0.0) / area if area > 0 else 0.0
