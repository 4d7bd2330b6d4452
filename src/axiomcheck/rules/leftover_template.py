"""Leftovers of the template and of other versions: the example paper's own text, and a header
left from a published or earlier version on a submission.

The templates' example texts come from the template files (`leftovers:`), as the model finds
them (`Document.template_texts`); the headers are the running heads and the page-1 notice.
Warnings by default: a pack may raise them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..model import BBox, Region, RegionKind, Role, Severity, TemplateText
from ._text import clip
from .base import CheckContext, NoOptions, Violation, from_template, rule

if TYPE_CHECKING:
    from ..model import Document

MAX_QUOTED = 2
QUOTE_CHARS = 140
_KINDS = MappingProxyType({"title": "the placeholder title", "abstract": "the placeholder abstract",
                           "instruction": "the instructions to authors"})


def _template_finding(page: int, texts: list[TemplateText]) -> Violation:
    names = list(dict.fromkeys(text.template for text in texts))
    template = f"{names[0]} template's example paper" if len(names) == 1 else \
        f"{', '.join(names[:-1])} and {names[-1]} templates' example papers"
    kinds = " and ".join(dict.fromkeys(_KINDS[text.kind] for text in texts))
    quoted = " … ".join(f"'{clip(text.text, QUOTE_CHARS)}'" for text in texts[:MAX_QUOTED])
    more = f" and {len(texts) - MAX_QUOTED} more" if len(texts) > MAX_QUOTED else ""
    count = "1 sentence" if len(texts) == 1 else f"{len(texts)} sentences"
    return Violation(
        message=f"Page {page} keeps {count} of the {template} ({kinds}): {quoted}{more}.",
        hint=f"Replace the template's text with your own (it comes from {texts[0].source}).",
        page=page, bbox=texts[0].bbox, evidence=clip(" … ".join(text.text for text in texts), 300),
        regions=tuple(Region(page, text.bbox, RegionKind.SHADE) for text in texts[1:]))


@rule(id="AX604", name="template-text", group="leftovers", severity=Severity.WARNING)
def template_text(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """The template's example text is replaced by the paper's own.

    What it checks: the sentences of the shipped templates' example papers (their placeholder
    title, their placeholder abstract, their instructions to authors: "Please read the
    instructions below carefully and follow them faithfully", "Use unnumbered first level
    headings for the acknowledgments", "Sample figure caption"), as the template files list
    them (`leftovers:` in templates/*.yaml, with the example file they come from). A sentence
    counts by its words, numbers and punctuation aside (another year's copy too); a title only
    as the paper's title. One finding per page, naming the template (templates share some
    sentences: the paper's own family is named first) and quoting the sentences.

    Why: a paper that keeps the template's instructions (or its title and abstract) was sent
    before it was finished; reviewers and area chairs notice, and it wastes the page limit.

    How to fix: delete the template's instruction paragraphs and write your own title,
    abstract and text in their place.
    """
    by_page: dict[int, list[TemplateText]] = {}
    for text in doc.template_texts:
        by_page.setdefault(text.page, []).append(text)
    for page, texts in sorted(by_page.items()):
        yield _template_finding(page, texts)


@dataclass(frozen=True)
class StaleHeaderOptions:
    year: int = from_template("year", optional=True)
    """The venue's year (from the pack's template): a header naming an earlier year's venue is
    stale. Empty: only camera-ready headers are looked for."""
    template: str = from_template("template", optional=True)
    """The pack's template (e.g. neurips-2026): when the PDF was made with it, the mode its own
    notice or running head shows is `template-notice`'s to judge, not this rule's."""


_FINAL_RE = re.compile(r"\b(?:published\s+(?:as|at|in|by)|accepted\s+(?:at|to|for|by|as|in)|to\s+appear\s+(?:at|in)"
                       r"|appearing\s+(?:at|in)|proceedings\s+of|camera[- ]ready)\b", re.I)
_VENUE_RE = re.compile(r"\b(?:conference|workshop|symposium|proceedings|ICLR|NeurIPS|NIPS|ICML|ACL|EMNLP|NAACL|EACL"
                       r"|AAAI|IJCAI|CVPR|ICCV|ECCV|COLM|AISTATS|UAI|KDD|TMLR)\b", re.I)
_YEAR_RE = re.compile(r"\b(?:19|20)\d\d\b")


def _headers(doc: Document) -> Iterator[tuple[int, str, BBox, str, bool]]:
    """(page, text, box, what it is, whether the recogniser read it as the template's marker) of
    the page-1 notice and the running heads (each text once)."""
    judged = {item.split(": ", 1)[1] for item in doc.template.evidence
              if item.startswith(("notice: ", "running head: "))}
    seen: set[str] = set()
    notice = doc.notice
    if notice is not None:
        seen.add(notice.text)
        yield 1, notice.text, notice.bbox, "notice", notice.text in judged
    for line in doc.text.lines(roles=(Role.RUNNING_HEAD,)):
        if line.text not in seen:
            seen.add(line.text)
            yield line.page, line.text, line.bbox, "running head", line.text in judged


def _stale(text: str, year: int | None, judged: bool, theirs: bool) -> str | None:
    """Why a header is stale on a submission, None when it is not. The template's own marker
    (`judged`) is its rules' to judge: its year `template-family`'s, and its mode
    `template-notice`'s when the PDF was made with the pack's template (`theirs`)."""
    if _FINAL_RE.search(text):
        return None if judged and theirs else "it is a camera-ready header"
    years = [int(found) for found in _YEAR_RE.findall(text)]
    if not judged and year is not None and years and min(years) < year and _VENUE_RE.search(text):
        return f"it names {min(years)}, not this venue's {year}"
    return None


@rule(id="AX605", name="stale-header", group="leftovers", options=StaleHeaderOptions, severity=Severity.WARNING)
def stale_header(doc: Document, options: StaleHeaderOptions, context: CheckContext) -> Iterator[Violation]:
    """A submission carries no header of a published or earlier version.

    What it checks: at the submission stage, the running heads and the page-1 notice for a
    line left from another version of the paper: a camera-ready one ("Published as a
    conference paper at ICLR 2025", "Accepted at the ... Workshop", "Proceedings of ...") or
    one naming a venue of an earlier year than this venue's ("Under review at NeurIPS 2025" on
    a 2026 submission). The template's own notice or running head, which the recogniser read,
    is left to the template rules: its year to `template-family`, its mode to `template-notice`
    when the PDF was made with the pack's template (made with another template or year,
    `template-notice` defers to `template-family`, which says which template made the PDF but
    not that its header is a camera-ready one: this rule does). One finding per header text,
    quoting it where it first appears.

    Why: a reused header tells reviewers where the paper was published or sent before (breaking
    double-blind review) and that it was not prepared for this venue.

    How to fix: remove the header line (a `\\fancyhead`, a custom footnote) and build with this
    venue's style in its submission mode.
    """
    if context.stage != "submission":
        return
    theirs = not options.template or str(doc.template.name) == options.template
    for page, text, box, what, judged in _headers(doc):
        why = _stale(text, options.year, judged, theirs)
        if why is not None:
            yield Violation(message=f"The {what} on page {page} reads '{clip(text, QUOTE_CHARS)}' on a submission: "
                                    f"{why}.",
                            hint="Remove the header left from another version and build in the submission mode.",
                            page=page, bbox=box, evidence=clip(text, QUOTE_CHARS))


RULES = (template_text, stale_header)
