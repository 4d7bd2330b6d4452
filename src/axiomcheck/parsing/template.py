"""Recognise the template, its year and its mode from the PDF alone.

The page-1 notice says most (see the venue template facts): NeurIPS prints "Submitted to
40th Conference on ... (NeurIPS 2026). Do not distribute." in review modes, "Preprint." with
`preprint`, and "40th Conference ... (NeurIPS 2026). Workshop: <title>." with
`dblblindworkshop,final`; ICML prints "Preliminary work. Under review by ... (ICML)" or
"Proceedings of the 43rd International Conference on Machine Learning ...". When the notice
is missing or edited, geometry (the text block, one or two columns), the line-number column
and the ICML metadata fingerprint decide the family, and the mode follows from the author
block and line numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import AuthorBlock, Notice, TemplateInfo

_NEURIPS_YEAR_RE = re.compile(r"\((?:NeurIPS|NIPS)\s*(\d{4})\)", re.I)
_NEURIPS_ORDINAL_RE = re.compile(r"(\d+)\s*(?:st|nd|rd|th)\s+Conference on Neural Information", re.I)
_ICML_ORDINAL_RE = re.compile(r"(\d+)\s*(?:st|nd|rd|th)\s+International Conference on Machine Learning", re.I)
_ICML_SUBJECT_RE = re.compile(r"International Conference on Machine Learning\s*(\d{4})", re.I)
_WORKSHOP_RE = re.compile(r"\)\.?\s*Workshop:?\s*(.*?)\.?\s*$", re.I)
_TRACKS = (
    ("Position Paper Track", "position"),
    ("Track on Evaluations and Datasets", "eandd"),
    ("Datasets and Benchmarks Track", "eandd"),
    ("Creative AI Track", "creativeai"),
    ("Education Track", "education"),
)
NEURIPS_FIRST_YEAR = 1987
"""NeurIPS 2026 is the 40th conference: year = ordinal + 1986."""
ICML_FIRST_YEAR = 1983
"""ICML 2026 is the 43rd conference: year = ordinal + 1983."""


@dataclass(frozen=True)
class LayoutFacts:
    """Geometry and page-furniture facts the recogniser weighs besides the notice."""

    page_width: float
    page_height: float
    text_left: float
    text_right: float
    columns: int
    line_numbers: bool


def _neurips_year(text: str) -> int | None:
    match = _NEURIPS_YEAR_RE.search(text)
    if match:
        return int(match.group(1))
    match = _NEURIPS_ORDINAL_RE.search(text)
    return int(match.group(1)) + NEURIPS_FIRST_YEAR - 1 if match else None


def _icml_year(text: str, info: dict[str, str]) -> int | None:
    match = _ICML_ORDINAL_RE.search(text)
    if match:
        return int(match.group(1)) + ICML_FIRST_YEAR
    subject = info.get("Subject", "")
    match = _ICML_SUBJECT_RE.search(subject)
    return int(match.group(1)) if match else None


def _name(family: str, year: int | None) -> str:
    return f"{family}-{year}" if year else family


def _neurips_layout(layout: LayoutFacts) -> bool:
    return (layout.columns == 1 and abs(layout.page_width - 612) < 3 and abs(layout.text_left - 108) < 6
            and abs(layout.text_right - 504) < 8)


def _icml_layout(layout: LayoutFacts, info: dict[str, str]) -> bool:
    subject = info.get("Subject", "")
    return layout.columns == 2 and ("International Conference on Machine Learning" in subject
                                    or abs(layout.text_left - 55.4) < 6)


def _neurips_from_notice(text: str, author_block: AuthorBlock) -> TemplateInfo:
    year = _neurips_year(text)
    name = _name("neurips", year)
    evidence = (f"notice: {text}",)
    if text.lower().startswith("submitted to"):
        return TemplateInfo(name, "submission", None, None, evidence)
    workshop = re.search(r"Workshop:?\s*(.*)$", text)
    if workshop:
        title = _WORKSHOP_RE.search(text)
        workshop_title = title.group(1).strip() if title else workshop.group(1).strip().rstrip(".")
        return TemplateInfo(name, "final", "workshop", workshop_title, evidence)
    for phrase, track in _TRACKS:
        if phrase.lower() in text.lower():
            return TemplateInfo(name, "final", track, None, evidence)
    return TemplateInfo(name, "final", "main", None, evidence)


def recognise(notice: Notice | None, layout: LayoutFacts, author_block: AuthorBlock,
              info: dict[str, str]) -> TemplateInfo:
    """Family-year, mode, track and workshop title, with the evidence they rest on."""
    text = notice.text if notice else ""
    if "Neural Information Processing Systems" in text:
        return _neurips_from_notice(text, author_block)
    if "International Conference on Machine Learning" in text:
        year = _icml_year(text, info)
        evidence = (f"notice: {text}",)
        if text.lower().startswith("preliminary work"):
            return TemplateInfo(_name("icml", year), "submission", None, None, evidence)
        if "workshop" in text.lower():
            mode = "submission" if author_block.anonymous else "final"
            return TemplateInfo(_name("icml", year), mode, "workshop", None, evidence)
        return TemplateInfo(_name("icml", year), "final", "main", None, evidence)
    inferred_mode = "submission" if author_block.anonymous and layout.line_numbers else None
    if text.lower().startswith("preprint"):
        inferred_mode = "preprint"
    if _icml_layout(layout, info):
        return TemplateInfo(_name("icml", _icml_year("", info)), inferred_mode, None, None,
                            ("two columns at the ICML positions",) + ((f"notice: {text}",) if text else ()))
    if _neurips_layout(layout):
        return TemplateInfo("neurips", inferred_mode, None, None,
                            ("text block x 108-504 on US Letter",) + ((f"notice: {text}",) if text else ()))
    return TemplateInfo("unknown", inferred_mode, None, None, ())
