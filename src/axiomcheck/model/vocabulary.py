"""The closed sets of words the model uses, as types the type checker holds.

Each set is a `Literal` type (so that a misspelt section kind or hiding reason is a type
error, not a rule that silently never fires) and, beside it, the same words as a tuple in
their documented order, read from the type (`typing.get_args`) so that the two never drift
apart. The words are the report's words: a `Literal` is a `str`, so JSON, f-strings and
comparisons read as before.
"""

from __future__ import annotations

from typing import Literal, TypeVar, get_args

StatementKind = Literal["acknowledgments", "funding", "impact", "ethics", "reproducibility", "contributions",
                        "limitations", "ai_use", "data_availability"]
"""The statements a paper may add to its text, each a section kind of its own: acknowledgments,
funding disclosure, broader impact, ethics, reproducibility, author contributions, limitations,
the use of AI tools and data availability. Whether one counts toward the page limit is the
pack's choice (`main_body_excludes`); the main text may resume after one (a numbered
"4.7 Broader Impacts" followed by "4.8 Limitations" and "5 Conclusion")."""
ClosingKind = Literal["references", "appendix", "checklist"]
"""Parts after which the main text never resumes: what follows the references is supplementary
material (but the checklist)."""
SectionKind = Literal[StatementKind, ClosingKind]
"""Section kinds a heading can open (besides ordinary `body` sections); a pack's
`main_body_excludes` lists those of them that do not count toward the page limit."""
HeadingKind = Literal["body", SectionKind]
"""The section a heading opens: an ordinary section of the body, or one of `SectionKind`."""
FrontMatter = Literal["title", "authors", "abstract"]
"""Regions of page 1 before the first section: the title, the author block (with the authors'
footnotes at the foot of the page) and the abstract (from its heading to the first section)."""
TextRegion = Literal[FrontMatter, HeadingKind]
"""Where a line is (`Line.region`): the front matter, an ordinary section of the `body`, or
a section of one of `SectionKind`. Text before the title counts as body; a footnote belongs
to the region its page starts in."""

HidingReason = Literal["render-mode", "transparent", "soft-mask", "layer-off", "clipped", "cropped", "covered",
                       "colour", "redacted", "off-page", "tiny", "text-layer"]
"""Why a word of the text layer is not seen on the page: drawn in a render mode that paints
nothing (3 or 7); painted with alpha 0; made invisible by transparency (a soft mask, a blend
mode, a faint alpha); on an optional-content layer that is off; outside its clipping path;
outside the bounding box of the included figure that draws it (cropped); under an image or
fill painted over it; in the colour of what is under it; under (or on) a dark box a reader
sees, a redaction bar; wholly off the page; in type too small to read; or drawn with glyphs
that show other text than the text layer says (the font's ToUnicode map disagrees with its
glyphs). `redacted` and `cropped` text is hidden without being smuggled: the bar shows, and
a figure's own text cut off by its frame is a figure's trim."""

TemplateMode = Literal["submission", "preprint", "final"]
"""The mode a template was built in: anonymous for review, a public preprint, or the final
(camera-ready) version."""
FloatKind = Literal["figure", "table"]
"""What a float is, by its caption."""
OutlineSource = Literal["outline", "tags"]
"""Where the PDF lists a section itself: its outline (bookmarks) or its tagged structure tree."""

MarkKind = Literal["stamp", "canary"]
"""A venue's mark on a reviewer copy: `stamp`, the line a venue prints on every reviewer copy
("Confidential reviewer copy ..."); `canary`, its hidden instruction that makes a language
model write tell-tale phrases."""
TemplateTextKind = Literal["title", "abstract", "instruction"]
"""Text of a template's example paper: its placeholder title, a sentence of its placeholder
abstract, or one of its instructions to authors."""

STATEMENT_KINDS: tuple[StatementKind, ...] = get_args(StatementKind)
CLOSING_KINDS: tuple[ClosingKind, ...] = get_args(ClosingKind)
SECTION_KINDS: tuple[SectionKind, ...] = get_args(SectionKind)
HEADING_KINDS: tuple[HeadingKind, ...] = get_args(HeadingKind)
FRONT_MATTER: tuple[FrontMatter, ...] = get_args(FrontMatter)
REGIONS: tuple[TextRegion, ...] = get_args(TextRegion)
HIDING_REASONS: tuple[HidingReason, ...] = get_args(HidingReason)
TEMPLATE_MODES: tuple[TemplateMode, ...] = get_args(TemplateMode)
MARK_KINDS: tuple[MarkKind, ...] = get_args(MarkKind)
TEMPLATE_TEXT_KINDS: tuple[TemplateTextKind, ...] = get_args(TemplateTextKind)

DEFAULT_MAIN_BODY_EXCLUDES: tuple[SectionKind, ...] = (
    "acknowledgments", "funding", "impact", "ethics", "contributions", "references", "appendix", "checklist")
"""Back matter that papers conventionally leave out of the page count (acknowledgments and
funding, broader-impact and ethics statements, author contributions) plus references,
appendix and checklist. Limitations, reproducibility, AI-use and data-availability statements
count unless a pack says not."""


_Word = TypeVar("_Word", bound=str)


def member(words: tuple[_Word, ...], word: object) -> _Word:
    """`word` as a member of the closed set `words` (data a schema has checked, a report read
    back); ValueError when it is none of them."""
    found = next((known for known in words if known == word), None)
    if found is None:
        raise ValueError(f"{word!r} is none of {', '.join(words)}")
    return found
