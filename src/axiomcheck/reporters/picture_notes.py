"""Which findings get a picture, and the note a finding carries when its picture could not be
drawn: what the parent process needs of pictures without loading PDFium (`reporters.evidence`
draws them, in a worker)."""

from __future__ import annotations

import dataclasses

from ..model import RegionKind
from ..report import FileResult, Finding


def on_page(finding: Finding, kind: RegionKind) -> tuple[tuple[float, float, float, float], ...]:
    """The boxes of `finding`'s regions of `kind` on its own page."""
    return tuple(region.bbox for region in finding.regions
                 if region.kind == kind and region.page == finding.page)


def wants_picture(finding: Finding) -> bool:
    """Whether `finding` is drawn when pictures are asked for: it has a page and a box or
    shaded text on that page."""
    return finding.page is not None and (finding.bbox is not None or bool(on_page(finding, RegionKind.SHADE)))


def without_pictures(result: FileResult, why: str) -> FileResult:
    """`result` with `why` as the picture note of every finding that would have had a
    picture and has none: the pictures could not be drawn at all."""
    return dataclasses.replace(result, findings=[
        dataclasses.replace(f, picture_note=why) if wants_picture(f) and f.evidence_image is None else f
        for f in result.findings])
