"""Font rules: the body font family, embedded fonts, and bitmap (Type 3) fonts.

The family is read from the words of the body text; embedding and font types come from the
font resources (`doc.fonts`, read with qpdf only when PDFium cannot describe one).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import BBox, Font, Severity
from ._lines import body_size_lines
from ._prompts import venue_marks
from .base import CheckContext, Violation, from_template, rule

if TYPE_CHECKING:
    from ..model import Document

_BITMAP_TYPE3_RE = re.compile(r"^(?:F\d+|F[a-z]{1,2}|\(unnamed Type 3\))$")
"""pdfTeX and dvips write bitmap (pk) fonts as Type 3 fonts without a /BaseFont, named by their
resource (/F37, /Fa); drawing programs (matplotlib) write outline Type 3 fonts under their
real name (DejaVuSans)."""
MAX_LISTED = 6


@dataclass(frozen=True)
class BodyFontFamilyOptions:
    families: tuple[str, ...] = from_template("body.fonts")
    """Font-name fragments of the template's body family (case-insensitive); the first names it."""


@rule(id="AX207", name="body-font-family", group="fonts", options=BodyFontFamilyOptions,
      severity=Severity.WARNING)
def body_font_family(doc: Document, options: BodyFontFamilyOptions, context: CheckContext) -> Iterator[Violation]:
    """The body text is set in the template's font family.

    What it checks: the font of most characters of body-size text against the template's
    family (NeurIPS and ICML: Times, embedded as NimbusRomNo9L, Times-Roman or TeX Gyre Termes).

    Why: another body font (Computer Modern, Palatino, Libertine) changes how much fits on a
    page, and usually means the template's font setup was overridden.

    How to fix: do not load font packages (`lmodern`, `mathpazo`, `libertine`, `fontspec`
    with another main font) that replace the template's Times.
    """
    if not options.families:
        return
    fonts: Counter[str] = Counter()
    first_box: dict[str, tuple[int, BBox]] = {}
    for page in range(1, doc.page_count + 1):
        for line in body_size_lines(doc, page):
            for word in line.words:
                fonts[word.font] += len(word.text)
                first_box.setdefault(word.font, (page, line.bbox))
    if not fonts:
        return
    font, count = fonts.most_common(1)[0]
    wanted = [f.lower() for f in options.families]
    if not font or any(fragment in font.lower() for fragment in wanted):
        return
    page, box = first_box[font]
    share = count / sum(fonts.values())
    yield Violation(
        message=f"The body text is set in {font}; the template's body font is {options.families[0]}.",
        hint=f"Remove font packages that replace the template's {options.families[0]} body font.",
        page=page, bbox=box, evidence=f"{font}: {share:.0%} of body-text characters")


def _font_box(doc: Document, font: Font, pdfium_name: str) -> tuple[int | None, BBox | None]:
    """The first page using `font` and the box of the first line set in it, when one is found."""
    page = font.pages[0] if font.pages else None
    if page is None or page > doc.page_count:
        return page, None
    for line in doc.text.page(page).lines:
        if any(word.font == pdfium_name for word in line.words):
            return page, line.bbox
    return page, None


def _venues_only(doc: Document, fonts: list[Font]) -> set[str]:
    """The names of `fonts` that no word uses but a venue's stamps and canaries."""
    venues = {word for mark in venue_marks(doc) for word in mark.words}
    candidates = {word.font for word in venues} & {font.name for font in fonts}
    for font in fonts:
        if font.name in candidates and any(word.font == font.name and word not in venues
                                           for page in font.pages if page <= doc.page_count
                                           for line in doc.text.page(page).lines for word in line.words):
            candidates.discard(font.name)
    return candidates


def _listed(fonts: list[Font]) -> str:
    names = [f"{f.name} (p. {', '.join(str(p) for p in f.pages[:3])})" for f in fonts[:MAX_LISTED]]
    more = f" and {len(fonts) - MAX_LISTED} more" if len(fonts) > MAX_LISTED else ""
    return "; ".join(names) + more


@rule(id="AX208", name="fonts-embedded", group="fonts")
def fonts_embedded(doc: Document, options: object, context: CheckContext) -> Iterator[Violation]:
    """Every font the pages use is embedded in the PDF.

    What it checks: each font resource of every page (also inside included figures) has its
    font program embedded (Type 3 fonts are their own program and always count as embedded).

    Why: a reader or printer without the font substitutes another one, which changes line
    breaks and symbols; venues and proceedings require embedded fonts.

    How to fix: build with pdfLaTeX and the standard fonts (which embeds them), and re-export
    figures with embedded fonts (matplotlib: `pdf.fonttype: 42`; Illustrator or Inkscape:
    embed or outline text). `pdffonts paper.pdf` lists what is not embedded. A font that
    only a venue's reviewer-copy stamp or canary uses is the venue's (`reviewer-copy` reports
    the copy), not the paper's.
    """
    missing = [f for f in doc.fonts if not f.embedded and f.subtype != "Type3"]
    if missing:
        venues = _venues_only(doc, missing)
        missing = [f for f in missing if f.name not in venues]
    if not missing:
        return
    page, box = _font_box(doc, missing[0], missing[0].name)
    yield Violation(
        message=f"{len(missing)} font(s) are not embedded: {_listed(missing)}.",
        hint="Embed all fonts: rebuild with pdfLaTeX's standard fonts and re-export figures with embedded fonts.",
        page=page, bbox=box, evidence=", ".join(f"{f.name} ({f.subtype})" for f in missing))


@dataclass(frozen=True)
class Type3FontsOptions:
    include_outline: bool = False
    """Also report Type 3 fonts drawn as outlines (matplotlib's default), not only bitmap ones."""


def is_bitmap_type3(font: Font) -> bool:
    """A Type 3 font as TeX writes bitmap fonts: no /BaseFont, named by its resource."""
    return font.subtype == "Type3" and bool(_BITMAP_TYPE3_RE.match(font.name))


@rule(id="AX209", name="type3-fonts", group="fonts", options=Type3FontsOptions,
      severity=Severity.WARNING)
def type3_fonts(doc: Document, options: Type3FontsOptions, context: CheckContext) -> Iterator[Violation]:
    """The PDF uses no bitmap Type 3 fonts.

    What it checks: font resources of subtype Type 3 that TeX made from bitmap (pk) fonts;
    with `include_outline`, also Type 3 fonts of drawing programs (matplotlib's DejaVuSans).

    Why: bitmap fonts print blurred, do not scale and often do not search or copy; NeurIPS asks
    for no Type 3 fonts. The usual cause is the T1 font encoding without the cm-super fonts,
    which turns typewriter and small-caps text into bitmaps.

    How to fix: install the cm-super fonts (Debian/Ubuntu: `apt install cm-super`; TeX Live:
    `tlmgr install cm-super`) or load `lmodern`, so that pdfLaTeX embeds Type 1 fonts; for
    matplotlib figures set `pdf.fonttype: 42`.
    """
    found = [f for f in doc.fonts if f.subtype == "Type3" and (options.include_outline or is_bitmap_type3(f))]
    if not found:
        return
    first = found[0]
    page, box = _font_box(doc, first, "" if is_bitmap_type3(first) else first.name)
    bitmap = any(is_bitmap_type3(f) for f in found)
    yield Violation(
        message=f"{len(found)} Type 3 font(s) are used: {_listed(found)}.",
        hint=("Install cm-super (or load lmodern) so that pdfLaTeX embeds Type 1 fonts"
              if bitmap else "Re-export the figures with Type 1 or TrueType fonts (matplotlib: pdf.fonttype 42)")
             + "; `pdffonts paper.pdf` lists the Type 3 fonts.",
        page=page, bbox=box, evidence=", ".join(f.name for f in found))


RULES = (body_font_family, fonts_embedded, type3_fonts)
