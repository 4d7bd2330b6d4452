"""Template rules: which template, year and mode made the PDF (the page-1 notice, the
recognised family), the review-mode line numbers, and styles axiomcheck cannot verify yet."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

from ..model import FURNITURE, BBox, Notice, Severity, TemplateInfo, TemplateMode, TemplateName, enclosing
from ._places import foot_of_page_one
from ._text import SHORT_QUOTE
from .base import CheckContext, Violation, from_template, rule

if TYPE_CHECKING:
    from ..model import Document

def made_with(template: TemplateInfo) -> str:
    """How the recognised template mode is switched on, as an author would write it."""
    return template.option or "no mode the template prints"


_STAGE_PLURALS = MappingProxyType({"submission": "submissions", "camera-ready": "camera-ready versions"})


@dataclass(frozen=True)
class TemplateNoticeOptions:
    notice: str = ""
    """Which of the template's notices is required at this stage (a key of `notices:` in the
    template file: submission, preprint, final, final-workshop, ...); empty: accept any known notice."""
    expected: str = from_template("notices.{notice}.text", optional=True)
    """The exact notice the template prints at this stage (from the template file; a pack may
    write its own, e.g. a workshop's notice)."""
    mode: TemplateMode | None = from_template("notices.{notice}.mode", optional=True)
    """The mode the expected notice belongs to (submission, preprint, final)."""
    track: str = from_template("notices.{notice}.track", optional=True)
    """The track of the expected final notice (main, workshop, ...); empty for other modes."""
    workshop_title: str = ""
    """The workshop title `\\workshoptitle{}` must set (camera-ready), compared loosely."""
    option_hint: str = from_template("notices.{notice}.option", optional=True)
    """The LaTeX options that print the expected notice, quoted in the fix hint."""
    template: str = from_template("template", optional=True)
    """The template and year the expected notice belongs to (e.g. neurips-2026). A PDF made with
    another template or year is reported once, by template-family (AX202), not here too."""
    where: Literal["notice", "running_head"] | None = from_template("notices.{notice}.where", optional=True)
    """Where the template prints it: the foot of page 1 (`notice`, the default) or the running
    head at the top of every page (`running_head`, as ICLR does)."""


def _loose(text: str) -> str:
    text = text.replace("’", "'").replace("“", '"').replace("”", '"')
    text = re.sub(r"(\d)\s+(st|nd|rd|th)\b", r"\1\2", text)
    return re.sub(r"\s+", " ", text).strip().rstrip(".").lower()


@rule(id="AX201", name="template-notice", group="template", options=TemplateNoticeOptions)
def template_notice(doc: Document, options: TemplateNoticeOptions, context: CheckContext) -> Iterator[Violation]:
    """The page-1 notice is the one the venue's template prints at this stage.

    What it checks: the small print at the foot of page 1 (for NeurIPS 2026 submissions
    "Submitted to 40th Conference on Neural Information Processing Systems (NeurIPS 2026).
    Do not distribute."; for an AXIOM camera-ready "40th Conference on Neural Information
    Processing Systems (NeurIPS 2026). Workshop: AXIOM Foundations of Efficient Deep
    Learning."), including an empty or different workshop title. A notice of the wrong mode or
    track says which options made the PDF and which the venue requires. Any other difference
    in a notice of the required template means the notice was edited by hand, which is a
    warning; a missing notice, the wrong mode or track and an empty or different workshop
    title keep the rule's severity. A notice of another template or year is left to
    template-family (AX202), so that it is reported once. A template that prints its mode in
    the running head instead (ICLR: "Under review as a conference paper at ICLR 2026") is
    checked there, at the top of page 1.

    Why: the notice shows which template, year and options made the PDF. A preprint notice,
    last year's notice, a hand-edited notice or a missing `\\workshoptitle` all mean the paper
    was not set with the required template options.

    How to fix: load the style with the options the venue asks for, e.g.
    `\\usepackage[dblblindworkshop]{neurips_2026}` for a submission, and
    `\\usepackage[dblblindworkshop,final]{neurips_2026}` with
    `\\workshoptitle{AXIOM Foundations of Efficient Deep Learning}` for the camera-ready; do not
    edit the notice by hand.
    """
    in_head = options.where == "running_head"
    notice = _running_head(doc) if in_head else doc.notice
    expected = options.expected or ""
    fix = f"Use {options.option_hint}." if options.option_hint else "Use the venue's template options."
    template = doc.template
    if notice is None:
        yield Violation(
            message=("No running head was found at the top of page 1" if in_head
                     else "No template notice was found at the foot of page 1")
                    + (f"; expected '{expected}'." if expected else "."),
            hint=f"{fix} The notice must not be removed or replaced.",
            page=1, bbox=_top_of_page_one(doc) if in_head else foot_of_page_one(doc),
            evidence="no running head on page 1" if in_head else _page_one_foot(doc))
        return
    if options.template and _other_template(template.name, TemplateName.parse(options.template)):
        return
    titled = _workshop_title(notice, template, options)
    if titled is not None:
        yield titled
    elif expected and _loose(notice.text) != _loose(expected):
        marker = "running head" if in_head else "page-1 notice"
        message, severity = _notice_differs(notice, template, options, marker, context.stage)
        yield Violation(message=message, hint=f"{fix} Do not edit the notice by hand.",
                        page=1, bbox=notice.bbox, evidence=notice.text, severity=severity)


def _workshop_title(notice: Notice, template: TemplateInfo, options: TemplateNoticeOptions) -> Violation | None:
    """An empty workshop title, or another than the venue's, in a workshop's final notice."""
    title = template.workshop_title
    if not options.workshop_title or template.track != "workshop" or title is None:
        return None
    if not title.strip():
        return Violation(message="The notice's workshop title is empty ('Workshop: .').",
                         hint=f"Add \\workshoptitle{{{options.workshop_title}}} to the preamble.",
                         page=1, bbox=notice.bbox, evidence=notice.text)
    if _loose(title) != _loose(options.workshop_title):
        return Violation(message=f"The notice names the workshop '{title}'; expected '{options.workshop_title}'.",
                         hint=f"Set \\workshoptitle{{{options.workshop_title}}}.",
                         page=1, bbox=notice.bbox, evidence=notice.text)
    return None


def _notice_differs(notice: Notice, template: TemplateInfo, options: TemplateNoticeOptions, marker: str,
                    stage: str) -> tuple[str, Severity | None]:
    """What a notice other than the expected one means: the wrong mode or track (the options
    that made the PDF), a notice of the required template edited by hand (a warning), or
    another template's notice."""
    expected = options.expected or ""
    if template.mode and options.mode and (template.mode != options.mode
                                           or _other_track(template, options.track or "")):
        stages = _STAGE_PLURALS.get(stage, f"{stage} versions")
        required = options.option_hint or "the venue's template options"
        return (f"This PDF was made with {made_with(template)} ({marker} '{notice.text}'); "
                f"{stages} must use {required}."), None
    if template.name.known:
        return (f"The {marker} reads '{notice.text}'; the template prints '{expected}' "
                "with the required options, so the notice was edited by hand."), Severity.WARNING
    return f"The {marker} reads '{notice.text}'; the venue's template prints '{expected}'.", None


HEAD_ZONE = 0.08
"""A running head lies in the top 8% of the page (ICLR's baseline is at y 35.4 of 792)."""


def _running_head(doc: Document) -> Notice | None:
    """Page 1's running head as a notice (ICLR prints its mode there), None without one."""
    if not doc.page_count:
        return None
    height = doc.pages[0].height
    lines = [line for line in doc.text.page(1).lines
             if line.role in FURNITURE and line.bbox.y1 <= HEAD_ZONE * height]
    if not lines:
        return None
    return Notice(text=" ".join(line.text for line in lines), bbox=enclosing(line.bbox for line in lines))


def _top_of_page_one(doc: Document) -> BBox | None:
    """Where page 1's running head belongs: the top strip of the page over the text's width."""
    if not doc.page_count:
        return None
    left, right = doc.text_span
    return BBox(left, 0.0, max(right, left + 1.0), HEAD_ZONE * doc.pages[0].height)


def _page_one_foot(doc: Document) -> str:
    """What stands where the notice belongs: the lowest line of page 1."""
    lines = [line for line in doc.text.lines(1) if any(c.isalnum() for c in line.text)] if doc.page_count else []
    if not lines:
        return "page 1 has no text"
    lowest = max(lines, key=lambda line: line.bbox.y1)
    return f"no notice wording at the foot of page 1; its last line reads '{lowest.text[:SHORT_QUOTE]}'"


def _layout_evidence(doc: Document) -> str:
    """The geometry the recogniser saw, for a template it could not name."""
    left, right = doc.text_span
    page = doc.pages[0]
    return (f"page {page.width:.0f} x {page.height:.0f} pt, {doc.columns} column(s), "
            f"body text x {left:.0f}-{right:.0f}, no known notice")


def _numbered_pages(doc: Document) -> str:
    pages = [page for page in doc.text.pages if page.lines]
    numbered = sum(1 for page in pages if page.ruler)
    return f"a line-number column on {numbered} of {len(pages)} pages with text"


def _other_template(found: TemplateName, required: TemplateName) -> bool:
    """True when `found` names a family, or a year, other than `required` (both known)."""
    if not found.known:
        return False
    if found.family != required.family:
        return True
    return found.year is not None and required.year is not None and found.year != required.year


def _other_track(template: TemplateInfo, expected_track: str) -> bool:
    """True when a final notice belongs to another track than the expected notice: the main,
    position, ... track where a workshop's notice is expected, a workshop's where it is not, or
    the main track's where the position track's is expected."""
    return (template.mode == "final" and template.track is not None and bool(expected_track)
            and template.track != expected_track)


@dataclass(frozen=True)
class TemplateFamilyOptions:
    expected: str = from_template("template")
    """The template the venue requires: family and year (neurips-2026, icml-2026), or a family
    alone (neurips, icml) to accept any year; by default the pack's template."""
    label: str = from_template("label", optional=True)
    """The required template as people name it (NeurIPS 2026), for messages."""
    option_hint: str = ""
    """How to load the required template, quoted in the fix hint."""


@rule(id="AX202", name="template-family", group="template", options=TemplateFamilyOptions)
def template_family(doc: Document, options: TemplateFamilyOptions, context: CheckContext) -> Iterator[Violation]:
    """The PDF was made with the template family and year the venue requires.

    What it checks: the template recognised from the PDF alone (`structure.template` in the
    JSON report): the page-1 notice, the text block and columns, the line-number style, the
    notice's type size and the ICML PDF Subject fingerprint give the family (NeurIPS, ICML or
    unknown) and, when the PDF states it, the year. A different family or year is reported with
    what was found and what is required; a year the PDF does not state is a warning. When it
    names the other style, the findings that follow from that style (paper size, notice, line
    numbers, text block, columns) are folded into this one error, listed in its evidence, so
    that they do not bury the findings that matter.

    Why: each year's style changes notices, checklists and font sizes; a paper set in last
    year's style or another conference's template is not formatted as the venue asks, and
    its page count is not comparable.

    How to fix: download the venue's current style file (e.g. `neurips_2026.sty`) and load it
    as the call for papers says; do not copy the preamble of an older paper.
    """
    template = doc.template
    family, year = template.name.family, template.name.year
    expected = TemplateName.parse(options.expected)
    required_family, required_year = expected.family, expected.year
    required = options.label or options.expected
    hint = (f"Use the {required} template" + (f": {options.option_hint}." if options.option_hint else "."))
    notice = doc.notice
    box = notice.bbox if notice else foot_of_page_one(doc)
    evidence = "; ".join(template.evidence) or _layout_evidence(doc)
    if not template.name.known:
        yield Violation(
            message="This PDF was not made with a template axiomcheck recognises (no known notice, text block or "
                    f"metadata); the venue requires {required}.", hint=hint, page=1, bbox=box, evidence=evidence)
    elif family != required_family:
        yield Violation(
            message=f"This PDF was made with the {template.label} template; the venue requires "
                    f"{required}.", hint=hint, page=1, bbox=box, evidence=evidence)
    elif required_year is not None and year is None:
        yield Violation(
            message=f"This PDF was made with the {template.label} template, but it does not state "
                    f"the year (no dated notice or style fingerprint); the venue requires {required}.",
            hint=hint, severity=Severity.WARNING, page=1, bbox=box, evidence=evidence)
    elif required_year is not None and year != required_year:
        yield Violation(
            message=f"This PDF was made with the {template.label} style; the venue requires "
                    f"{required}.", hint=hint, page=1, bbox=box, evidence=evidence)


@dataclass(frozen=True)
class LineNumbersOptions:
    required: bool = True
    """True: the review-mode line numbers must be printed; False: they must not be."""


@rule(id="AX203", name="line-numbers", group="template", options=LineNumbersOptions)
def line_numbers(doc: Document, options: LineNumbersOptions, context: CheckContext) -> Iterator[Violation]:
    """Line numbers are printed in review mode and absent from the camera-ready.

    What it checks: the column of line numbers that the template prints beside the text in
    submission mode (NeurIPS: small sans-serif numbers left of the text block; ICML: a gray
    000, 001, ... ruler), on at least half of the pages with text.

    Why: reviewers cite line numbers; their absence in a submission means the review mode
    was switched off. In a camera-ready they mean the `final` option is missing.

    How to fix: for a submission, do not pass `final` or `preprint` and do not remove
    `\\linenumbers`; for a camera-ready, pass `final` (ICML: `accepted`).
    """
    present = doc.line_numbers
    if options.required and not present:
        yield Violation(
            message="No line numbers were found; the review version must print them.",
            hint="Build the submission in the template's review mode (no `final` or `preprint` option).",
            page=1, bbox=_ruler_place(doc), evidence=_numbered_pages(doc))
    elif not options.required and present:
        page = next((page.page for page in doc.text.pages if page.ruler), 1)
        words = doc.text.page(page).line_number_words
        yield Violation(
            message="Line numbers are printed; the camera-ready must not have them.",
            hint="Pass the template's `final` option (ICML: `accepted`).",
            page=page, bbox=words[0].bbox if words else None,
            evidence=" ".join(w.text for w in words[:5]))


RULER_WIDTH = 24.0
"""Points left of the text where the templates print their line numbers ..."""
RULER_GAP = 2.0
"""... up to this many points from the text."""


def _ruler_place(doc: Document) -> BBox | None:
    """Where page 1's line numbers belong: a strip left of its body text."""
    lines = doc.text.text_lines(1) if doc.page_count else ()
    if not lines:
        return None
    left = min(line.bbox.x0 for line in lines)
    return BBox(max(0.0, left - RULER_WIDTH), min(line.bbox.y0 for line in lines), max(1.0, left - RULER_GAP),
                max(line.bbox.y1 for line in lines))


@dataclass(frozen=True)
class TemplateUnverifiableOptions:
    style: str = "the workshop's own style file"
    """The style the venue requires, as the call for papers names it."""


@rule(id="AX211", name="template-unverifiable", group="template", options=TemplateUnverifiableOptions,
      severity=Severity.INFO, needs_text=False)
def template_unverifiable(doc: Document, options: TemplateUnverifiableOptions,
                          context: CheckContext) -> Iterator[Violation]:
    """The venue requires a style whose layout axiomcheck does not know yet.

    What it checks: nothing in the PDF; it states, once per file, that the required style
    cannot be verified (HiLD 2026 asks for its own camera-ready style file, whose geometry,
    fonts and notice are not published with the call for papers).

    Why: a pass from the other rules must not be read as "the style is right" when no rule
    knows what the style looks like.

    How to fix: authors: follow the workshop's style instructions. Organizers: describe the
    style in a template file (docs/templates.md), name it in your pack (`template:`), enable
    template-family, template-notice and the layout rules (docs/rule-packs-extending.md) and
    disable this rule.
    """
    yield Violation(
        message=f"The camera-ready must use {options.style}; axiomcheck cannot verify that style until its "
                "layout facts (notice, text block, fonts) are described in a template file the rule pack names.",
        hint="Follow the workshop's style instructions; organizers can describe the style in a template file "
             "and name it in the pack (docs/templates.md).",
        page=1, evidence=f"recognised as {doc.template.name}, mode {doc.template.mode or 'unknown'}")


RULES = (template_notice, template_family, line_numbers, template_unverifiable)
