"""Template rules: the page-1 notice and the review-mode line numbers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import CheckContext, Violation, rule

if TYPE_CHECKING:
    from ..parsing import Document


@dataclass(frozen=True)
class TemplateNoticeOptions:
    expected: str = ""
    """The exact notice the template prints at this stage (empty: accept any known notice)."""
    workshop_title: str = ""
    """The workshop title `\\workshoptitle{}` must set (camera-ready), compared loosely."""
    option_hint: str = ""
    """The LaTeX options that print the expected notice, quoted in the fix hint."""


def _loose(text: str) -> str:
    text = text.replace("’", "'").replace("“", '"').replace("”", '"')
    text = re.sub(r"(\d)\s+(st|nd|rd|th)\b", r"\1\2", text)
    return re.sub(r"\s+", " ", text).strip().rstrip(".").lower()


@rule(id="AX201", name="template-notice", group="template", options=TemplateNoticeOptions)
def template_notice(doc: "Document", options: TemplateNoticeOptions, context: CheckContext) -> Iterator[Violation]:
    """The page-1 notice is the one the venue's template prints at this stage.

    What it checks: the small print at the foot of page 1 (for NeurIPS 2026 submissions
    "Submitted to 40th Conference on Neural Information Processing Systems (NeurIPS 2026).
    Do not distribute."; for an AXIOM camera-ready "40th Conference on Neural Information
    Processing Systems (NeurIPS 2026). Workshop: AXIOM Foundations of Efficient Deep
    Learning."), including an empty or different workshop title.

    Why: the notice shows which template, year and options made the PDF. A preprint notice,
    last year's notice, a hand-edited notice or a missing `\\workshoptitle` all mean the paper
    was not set with the required template options.

    How to fix: load the style with the options the venue asks for, e.g.
    `\\usepackage[dblblindworkshop]{neurips_2026}` for a submission, and
    `\\usepackage[dblblindworkshop,final]{neurips_2026}` with
    `\\workshoptitle{AXIOM Foundations of Efficient Deep Learning}` for the camera-ready; do not
    edit the notice by hand.
    """
    notice = doc.notice
    fix = f"Use {options.option_hint}." if options.option_hint else "Use the venue's template options."
    template = doc.template
    if notice is None:
        yield Violation(
            message="No template notice was found at the foot of page 1"
                    + (f"; expected '{options.expected}'." if options.expected else "."),
            hint=f"{fix} The notice must not be removed or replaced.",
            page=1)
        return
    if options.workshop_title and template.track == "workshop":
        title = template.workshop_title or ""
        if not title.strip():
            yield Violation(
                message="The notice's workshop title is empty ('Workshop: .').",
                hint=f"Add \\workshoptitle{{{options.workshop_title}}} to the preamble.",
                page=1, bbox=notice.bbox, evidence=notice.text)
            return
        if _loose(title) != _loose(options.workshop_title):
            yield Violation(
                message=f"The notice names the workshop '{title}'; expected '{options.workshop_title}'.",
                hint=f"Set \\workshoptitle{{{options.workshop_title}}}.",
                page=1, bbox=notice.bbox, evidence=notice.text)
            return
    if options.expected and _loose(notice.text) != _loose(options.expected):
        found = f"{template.name}, {template.mode or 'unknown mode'}"
        if template.track and template.track != "main":
            found += f", {template.track} track"
        yield Violation(
            message=f"The page-1 notice reads '{notice.text}' ({found}); expected '{options.expected}'.",
            hint=fix, page=1, bbox=notice.bbox, evidence=notice.text)


@dataclass(frozen=True)
class LineNumbersOptions:
    required: bool = True
    """True: the review-mode line numbers must be printed; False: they must not be."""


@rule(id="AX203", name="line-numbers", group="template", options=LineNumbersOptions)
def line_numbers(doc: "Document", options: LineNumbersOptions, context: CheckContext) -> Iterator[Violation]:
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
            page=1)
    elif not options.required and present:
        page = next((n for n in range(1, doc.page_count + 1) if doc.page_text(n).line_number_words), 1)
        words = doc.page_text(page).line_number_words
        yield Violation(
            message="Line numbers are printed; the camera-ready must not have them.",
            hint="Pass the template's `final` option (ICML: `accepted`).",
            page=page, bbox=words[0].bbox if words else None,
            evidence=" ".join(w.text for w in words[:5]))


RULES = (template_notice, line_numbers)
