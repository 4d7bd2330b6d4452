"""Evidence pictures: the page of a finding, rendered with the finding drawn on it.

`check --evidence DIR` calls `attach_evidence` on each file's result: every finding with a
page and a box (or shaded regions on its page) gets one PNG in DIR, and its `evidence_image`
names the file. The picture outlines the box, shades the finding's `shade` regions on that
page, draws its `limit` regions as lines, and carries a legend with the rule and the message.
The drawing itself is `pdf.render`'s.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from ..pdf.render import BoxPicture, draw_box_pictures
from ..model import RegionKind
from ..report import FileResult, Finding
from .picture_notes import on_page, wants_picture

_UNSAFE_RE = re.compile(r"[^\w.-]+")


def legend(finding: Finding) -> str:
    """The picture's legend: rule id, name, severity and message, and what the marks mean."""
    keys = []
    if on_page(finding, RegionKind.LIMIT):
        keys.append("blue line: where the limit falls")
    if on_page(finding, RegionKind.SHADE):
        keys.append("shaded: the text the finding is about")
    return f"{finding.rule} {finding.name} ({finding.severity}): {finding.message}" + \
        (f" [{'; '.join(keys)}]" if keys else "")


def attach_evidence(pdf_path: str, findings: list[Finding], directory: str) -> list[Finding]:
    """`findings` with `evidence_image` set for every finding that has a page and a box or
    shaded regions on that page.

    Files are named `<pdf stem>-<nn>-<rule id>-p<page>.png` in `directory` (created if needed),
    `nn` being the finding's position in the list. A finding whose picture cannot be drawn
    (a page PDFium cannot render, a folder that cannot take the file) gets a `picture_note`
    saying why instead.
    """
    wanted = {i: (f, f.page) for i, f in enumerate(findings) if f.page is not None and wants_picture(f)}
    if not wanted:
        return findings
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return [dataclasses.replace(f, picture_note=f"the folder {directory} could not be made "
                                                   f"({error.strerror or error})") if i in wanted else f
                for i, f in enumerate(findings)]
    stem = _UNSAFE_RE.sub("_", Path(pdf_path).stem)
    pictures = {BoxPicture(page, f.bbox,
                           folder / f"{stem}-{i + 1:02d}-{f.rule}-p{page}.png",
                           shades=on_page(f, RegionKind.SHADE), limits=on_page(f, RegionKind.LIMIT),
                           legend=legend(f)): i
                for i, (f, page) in wanted.items()}
    result = list(findings)
    for picture, why_not in draw_box_pictures(pdf_path, list(pictures)).items():
        index = pictures[picture]
        result[index] = dataclasses.replace(findings[index], evidence_image=str(picture.target)) if why_not is None \
            else dataclasses.replace(findings[index], picture_note=why_not)
    return result


def with_evidence(result: FileResult, directory: str) -> FileResult:
    """`result` with evidence pictures attached (see `attach_evidence`)."""
    return dataclasses.replace(result, findings=attach_evidence(result.path, result.findings, directory))

