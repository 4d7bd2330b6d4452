"""Recognise the template, its year and its mode from the PDF alone.

Evidence, strongest first (see the venue template facts):

1. The page-1 notice in the template's own wording names family, year and mode: NeurIPS
   prints "Submitted to 40th Conference on ... (NeurIPS 2026). Do not distribute." in review
   modes, "Preprint." with `preprint`, "40th Conference ... (NeurIPS 2026). <track>." with
   `final`; ICML prints "Preliminary work. Under review by ... (ICML)", "Proceedings of the
   43rd International Conference on Machine Learning ..." or "Preprint. <date>.".
2. Geometry decides the family when the notice is missing or was rewritten by a workshop:
   NeurIPS is one column at x 108-504 with plain line numbers (1, 2, 3), ICML two columns at
   x 55.4-541.4 (or the ICML PDF Subject fingerprint) with a zero-padded ruler (000, 001).
   A running head naming another venue (ICLR, ACL, IEEE, ...) rules NeurIPS out.
3. Style fingerprints give the year when no notice prints it: the 2026 NeurIPS style sets
   the notice in 8 pt (earlier styles in 9 pt, with the same "Preprint. Under review."
   notice since 2020), and the ICML style writes "Proceedings of the International
   Conference on Machine Learning <year>" into the PDF Subject.
4. The author block and the line-number column give the mode when no notice does.

The year is reported only when one of these states it; otherwise the name is the family
alone (`neurips`, `icml`). The creation date is never used: papers are often rebuilt long
after they were written, with last year's style.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import AuthorBlock, Notice, TemplateInfo

NEURIPS_TEXT_BLOCK = (108.0, 504.0)
ICML_TEXT_BLOCK = (55.44, 541.44)
NEURIPS_EDGE_TOLERANCE = (6.0, 8.0)
ICML_EDGE_TOLERANCE = (4.0, 6.0)
NEURIPS_2026_NOTICE_SIZE = 8.5
"""The 2026 NeurIPS style forces \\footnotesize to 8 pt, so its notice is set in ~7.97 pt;
every earlier style sets it in ~8.97 pt."""
NEURIPS_FIRST_YEAR = 1987
"""NeurIPS 2026 is the 40th conference: year = ordinal + 1986."""
ICML_FIRST_YEAR = 1983
"""ICML 2026 is the 43rd conference: year = ordinal + 1983."""

_NEURIPS_NAME_RE = re.compile(r"Conference on Neural Information Processing Systems", re.I)
_NEURIPS_YEAR_RE = re.compile(r"\b(?:NeurIPS|NIPS)\s*'?\s*(\d{4})\b", re.I)
_NEURIPS_ORDINAL_RE = re.compile(r"(?<!\d)(\d+)\s*(?:st|nd|rd|th)\s+(?:Annual\s+)?Conference on Neural Information", re.I)
_ICML_OFFICIAL_RE = re.compile(
    r"^(?:Preliminary work\.\s*Under review by the International Conference on Machine Learning"
    r"|Proceedings of the .{0,24}International Conference on Machine Learning)", re.I)
_ICML_ORDINAL_RE = re.compile(r"\b(\d{2})\s*(?:st|nd|rd|th)?\s+International Conference on Machine Learning", re.I)
_ICML_SUBJECT_RE = re.compile(r"International Conference on Machine Learning\s*(\d{4})", re.I)
_COPYRIGHT_YEAR_RE = re.compile(r"Copyright\s+(\d{4})", re.I)
_ANY_YEAR_RE = re.compile(r"\b(19[89]\d|20\d\d)\b")
_WORKSHOP_TITLE_RE = re.compile(r"\)\.?\s*Workshop:?\s*(.*?)\.?\s*$", re.I)
_FOREIGN_HEADER_RE = re.compile(
    r"\b(?:ICLR|ACL|EMNLP|NAACL|COLING|AAAI|IJCAI|CVPR|ICCV|ECCV|COLM|TMLR|JMLR|IEEE|ACM|AISTATS|UAI|"
    r"A\s+PREPRINT|arXiv)\b")
_TRACKS = (
    ("Position Paper Track", "position"),
    ("Track on Evaluations and Datasets", "eandd"),
    ("Datasets and Benchmarks Track", "eandd"),
    ("Creative AI Track", "creativeai"),
    ("Education Track", "education"),
)


@dataclass(frozen=True)
class LayoutFacts:
    """Geometry and page-furniture facts the recogniser weighs besides the notice."""

    page_width: float
    page_height: float
    text_left: float
    text_right: float
    columns: int
    line_numbers: bool
    notice_size: float | None = None
    """Font size of the page-1 notice, None without a notice."""
    padded_line_numbers: bool = False
    """The line numbers are zero-padded (000, 001, ...), as ICML's and ICLR's rulers are."""
    header_text: str = ""
    """The running head at the top of the pages after the first (empty when there is none)."""


def _name(family: str, year: int | None) -> str:
    return f"{family}-{year}" if year else family


def _neurips_layout(layout: LayoutFacts) -> bool:
    left, right = NEURIPS_TEXT_BLOCK
    left_tol, right_tol = NEURIPS_EDGE_TOLERANCE
    return (layout.columns == 1 and abs(layout.text_left - left) <= left_tol
            and abs(layout.text_right - right) <= right_tol
            and not (layout.line_numbers and layout.padded_line_numbers)
            and not _FOREIGN_HEADER_RE.search(layout.header_text))


def _icml_subject(info: dict[str, str]) -> bool:
    return "International Conference on Machine Learning" in info.get("Subject", "")


def _icml_layout(layout: LayoutFacts, info: dict[str, str]) -> bool:
    left, right = ICML_TEXT_BLOCK
    left_tol, right_tol = ICML_EDGE_TOLERANCE
    at_icml_edges = abs(layout.text_left - left) <= left_tol and abs(layout.text_right - right) <= right_tol
    return layout.columns == 2 and (at_icml_edges or _icml_subject(info))


def _family(text: str, layout: LayoutFacts, info: dict[str, str]) -> tuple[str, str]:
    """The family and the evidence that decided it."""
    if _NEURIPS_NAME_RE.search(text):
        return "neurips", f"notice: {text}"
    if _ICML_OFFICIAL_RE.search(text):
        return "icml", f"notice: {text}"
    if _icml_layout(layout, info):
        fingerprint = " and the ICML PDF Subject" if _icml_subject(info) else ""
        where = f"x {layout.text_left:.0f}-{layout.text_right:.0f}"
        return "icml", f"two columns at the ICML positions ({where}){fingerprint}"
    if _neurips_layout(layout):
        return "neurips", f"one column at the NeurIPS text block (x {layout.text_left:.0f}-{layout.text_right:.0f})"
    return "unknown", ""


def _neurips_year(text: str, layout: LayoutFacts) -> tuple[int | None, str | None]:
    match = _NEURIPS_YEAR_RE.search(text)
    if match:
        return int(match.group(1)), None
    match = _NEURIPS_ORDINAL_RE.search(text)
    if match:
        return int(match.group(1)) + NEURIPS_FIRST_YEAR - 1, None
    if text and not _NEURIPS_NAME_RE.search(text) and not text.lower().startswith("preprint"):
        match = _ANY_YEAR_RE.search(text)
        if match:
            return int(match.group(1)), f"year {match.group(1)} named in the workshop's own notice"
    if layout.notice_size is not None and layout.notice_size < NEURIPS_2026_NOTICE_SIZE:
        return 2026, (f"notice set in {layout.notice_size:.2f} pt: only the 2026 style sets it in 8 pt "
                      "(earlier styles: 9 pt)")
    return None, None


def _icml_year(text: str, info: dict[str, str]) -> tuple[int | None, str | None]:
    match = _ICML_ORDINAL_RE.search(text)
    if match:
        return int(match.group(1)) + ICML_FIRST_YEAR, None
    if _ICML_OFFICIAL_RE.search(text):
        match = _COPYRIGHT_YEAR_RE.search(text)
        if match:
            return int(match.group(1)), None
    match = _ICML_SUBJECT_RE.search(info.get("Subject", ""))
    if match:
        return int(match.group(1)), f"PDF Subject '{info['Subject']}' (set by the ICML style)"
    return None, None


def _mode_without_notice(layout: LayoutFacts, author_block: AuthorBlock, family: str) -> tuple[str | None, str]:
    """Mode from the author block and line numbers when no notice says it."""
    if author_block.anonymous and layout.line_numbers:
        return "submission", "anonymous author block and line numbers"
    if family == "icml" and author_block.anonymous:
        return "submission", "anonymous author block"
    if family == "icml" and not layout.line_numbers:
        return "final", ("named authors and no line ruler: accepted mode (a preprint looks the same "
                         "without its notice)")
    return None, ("no notice: every NeurIPS mode prints one, so the style file was edited and nothing "
                  "else in the PDF tells the mode" if family == "neurips" else "")


def _neurips(text: str, layout: LayoutFacts, author_block: AuthorBlock, evidence: list[str]) -> TemplateInfo:
    year, year_evidence = _neurips_year(text, layout)
    if year_evidence:
        evidence.append(year_evidence)
    name = _name("neurips", year)
    lowered = text.lower()
    if lowered.startswith("submitted to"):
        return TemplateInfo(name, "submission", None, None, tuple(evidence))
    if lowered.startswith("preprint"):
        return TemplateInfo(name, "preprint", None, None, tuple(evidence))
    if _NEURIPS_NAME_RE.search(text):
        workshop = _WORKSHOP_TITLE_RE.search(text)
        if workshop:
            return TemplateInfo(name, "final", "workshop", workshop.group(1).strip(), tuple(evidence))
        for phrase, track in _TRACKS:
            if phrase.lower() in lowered:
                return TemplateInfo(name, "final", track, None, tuple(evidence))
        return TemplateInfo(name, "final", "main", None, tuple(evidence))
    if text:
        evidence.append(f"the workshop's own notice: {text}")
        mode = "submission" if author_block.anonymous and layout.line_numbers else "final"
        track = "workshop" if "workshop" in lowered else None
        return TemplateInfo(name, mode, track, None, tuple(evidence))
    mode, why = _mode_without_notice(layout, author_block, "neurips")
    evidence += [why] if why else []
    return TemplateInfo(name, mode, None, None, tuple(evidence))


def _icml(text: str, layout: LayoutFacts, author_block: AuthorBlock, info: dict[str, str],
          evidence: list[str]) -> TemplateInfo:
    year, year_evidence = _icml_year(text, info)
    if year_evidence:
        evidence.append(year_evidence)
    name = _name("icml", year)
    lowered = text.lower()
    if lowered.startswith("preliminary work"):
        return TemplateInfo(name, "submission", None, None, tuple(evidence))
    if lowered.startswith("proceedings of"):
        return TemplateInfo(name, "final", "main", None, tuple(evidence))
    if lowered.startswith("preprint"):
        evidence.append(f"notice: {text}")
        return TemplateInfo(name, "preprint", None, None, tuple(evidence))
    if "workshop" in lowered:
        evidence.append(f"the workshop's own notice: {text}")
        mode = "submission" if author_block.anonymous else "final"
        return TemplateInfo(name, mode, "workshop", None, tuple(evidence))
    mode, why = _mode_without_notice(layout, author_block, "icml")
    evidence += [why] if why else []
    return TemplateInfo(name, mode, None, None, tuple(evidence))


def recognise(notice: Notice | None, layout: LayoutFacts, author_block: AuthorBlock,
              info: dict[str, str]) -> TemplateInfo:
    """Family-year, mode, track and workshop title, with the evidence they rest on."""
    text = notice.text if notice else ""
    family, why = _family(text, layout, info)
    evidence = [why] if why else []
    if family == "neurips":
        return _neurips(text, layout, author_block, evidence)
    if family == "icml":
        return _icml(text, layout, author_block, info, evidence)
    if text:
        evidence.append(f"notice of no known template: {text}")
    return TemplateInfo("unknown", None, None, None, tuple(evidence))
