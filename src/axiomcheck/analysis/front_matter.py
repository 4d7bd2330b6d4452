"""Page 1: the title, the author block, the abstract heading and the venue notice.

The title is the run of the largest type near the top of page 1; the author block is what
lies between the title and the abstract (or the first section heading); the notice is the
template's small print at the foot of page 1 ("Submitted to 40th Conference on Neural
Information Processing Systems (NeurIPS 2026). Do not distribute.", the ICML footnote, ...).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from .headings import normalise, split_number
from .section_titles import title_key
from ..model import AuthorBlock, Line, Notice, enclosing

_ANONYMOUS_BLOCK = (r"anonymous\s+authors?(?:\s*\(s\))?"
                    r"|anonymous\s+(?:[A-Z][A-Za-z0-9]*(?:\s*/\s*[A-Z][A-Za-z0-9]*)*\s+)?submission"
                    r"|paper\s+id\s*[#:]?\s*\d+")
"""The templates' anonymous author blocks: `Anonymous Author(s)` (NeurIPS), `Anonymous Authors`
(ICML, ICLR), `Anonymous ACL submission` / `Anonymous EMNLP submission` (ACL review mode),
`Anonymous CVPR submission` and `Paper ID 1234` (CVPR, ICCV)."""
_ANONYMOUS_RE = re.compile(r"\b(?:" + _ANONYMOUS_BLOCK + r")", re.IGNORECASE)
_PLACEHOLDER_LINE_RES = (
    re.compile(r"^(?:" + _ANONYMOUS_BLOCK + r")[\s\d*∗†‡,¹²³⁴⁵⁶⁷⁸⁹⁰]*$", re.I),
    re.compile(r"^(?:a\s?(?:ffi|ﬃ|f)?\s?liation|address|e-?mail|anon\.email@domain\.com)$", re.I),
    re.compile(r"^paper under double-blind review$", re.I),
    re.compile(r"^anonymous(?:\s+(?:authors?|institutions?|affiliations?))?$", re.I),
    re.compile(r"^[\[(]?\s*(?:authors?(?:\s+names?)?\s+)?(?:blinded|anonymi[sz]ed|withheld|redacted)"
               r"(?:\s+for\s+(?:double[\s-]blind\s+)?review)?\s*[\])]?$", re.I),
)
"""Lines of the templates' anonymous author blocks (NeurIPS, ICML, ICLR) that name nobody, and
of the anonymous blocks authors write with other templates: "Anonymous" on a line of its own,
"[Authors blinded for review]" (an ACM build), "Authors anonymized for review"."""
_OPENING_TITLES = ("abstract", "introduction", "summary", "overview", "motivation", "background")
NOTICE_PATTERNS = (
    re.compile(r"Submitted to .{0,40}Conference on Neural Information Processing Systems.*", re.I),
    re.compile(r"(?<!\d)\d+\s*(?:st|nd|rd|th)\s+Conference on Neural Information Processing Systems.*", re.I),
    re.compile(r"Preliminary work\. Under review by the International Conference on Machine Learning.*", re.I),
    re.compile(r"Proceedings of the .{0,12}International Conference on Machine Learning.*", re.I),
    re.compile(r".{0,120}Workshop at the .{0,12}International Conference on Machine Learning.*", re.I),
    re.compile(r"Workshop on .{0,160}(?:NeurIPS|ICML) \d{4}.*", re.I),
    re.compile(r"^Preprint\..*", re.I),
)
VENUE_WORDS_RE = re.compile(r"(?:[A-Z0-9][^.]{0,80})?\b(?:Workshop|Conference|Proceedings|Symposium)\b")
"""A workshop's own notice: a sentence naming a venue (capitalised, as notices are)."""
_FOOTNOTE_MARK_RE = re.compile(r"^(?:[*∗†‡§¶]+\s*|\d\s+(?=[A-Z]))")
FOOT_ZONE = 0.78
"""Footnotes and the template's notice lie in the lowest 22% of a page."""
AUTHOR_FOOTNOTE_SIZE_GAP = 0.5
"""The authors' footnotes on page 1 are set at least this much smaller than the body (ICML's
affiliations in 9 pt under 10 pt); so is the notice."""
TITLE_ZONE = 0.45
"""Without an abstract heading, the title lies in the upper 45% of page 1."""
MIN_TITLE_CHARACTERS = 3
"""A title line has at least this many characters."""
TITLE_SIZE_SLACK = 0.6
"""Title lines are within this many points of the largest type near the top of page 1."""
TITLE_DEPTH = 6
"""A title runs at most this many of its font sizes down from its first line."""
DEFAULT_PAGE_HEIGHT = 792.0
"""US Letter: the page height assumed for a page without text."""
PAGE_MARGIN = 1.1
"""The page is taken as this much taller than its lowest text."""
OPENING_SIZE_STEP = 0.8
"""A heading that opens the paper's text is set this many points above the body size."""
MAX_BLOCK_LINES = 12
"""Without an abstract heading, the author block ends after this many lines."""
BLOCK_EDGE = 1.0
"""Points a line may overlap the title above or the abstract below and still be the block's."""
MAX_NOTICE_LINES = 3
"""The notice is at most this many lines long."""


def title_lines(lines: Sequence[Line]) -> list[Line]:
    """The largest-type lines near the top of page 1 (the paper's title)."""
    abstract = abstract_line(lines)
    limit = abstract.bbox.y0 if abstract is not None else TITLE_ZONE * _page_height(lines)
    upper = [line for line in lines if line.bbox.y0 < limit and len(line.text) >= MIN_TITLE_CHARACTERS
             and line.bbox.width > line.bbox.height]
    if not upper:
        return []
    largest = max(line.size for line in upper)
    if largest <= 0:
        return []
    title = [line for line in upper if line.size >= largest - TITLE_SIZE_SLACK]
    first_y = min(line.bbox.y0 for line in title)
    return [line for line in title if line.bbox.y0 - first_y < TITLE_DEPTH * largest]


def _page_height(lines: Sequence[Line]) -> float:
    return max((line.bbox.y1 for line in lines), default=DEFAULT_PAGE_HEIGHT) * PAGE_MARGIN


def abstract_line(lines: Sequence[Line]) -> Line | None:
    """The `Abstract` heading (or a run-in "Abstract." / "Abstract—") on page 1."""
    for line in lines:
        words = normalise(line.text)
        key = title_key(words.split(" ")[0]) if words else ""
        if key == "abstract" or title_key(words).startswith("abstract") and line.words[0].bold:
            return line
    return None


def _is_placeholder_line(text: str) -> bool:
    """A line of a template's anonymous author block ("Anonymous Author(s)", "Affiliation", ...)."""
    text = normalise(text).strip(" .,;:")
    return any(p.match(text) for p in _PLACEHOLDER_LINE_RES)


def _opens_section(line: Line, body_size: float) -> bool:
    """A large bold heading that starts the paper's text ("1 Introduction", "Abstract")."""
    if not (line.bold and line.size >= body_size + OPENING_SIZE_STEP):
        return False
    number, title = split_number(normalise(line.text))
    return number is not None or title_key(title) in _OPENING_TITLES


def author_block(lines: Sequence[Line], body_size: float) -> AuthorBlock:
    """Lines below the title and above the abstract (or the first section heading).

    `anonymous` follows the corpus convention: no author name is printed (the template's
    anonymous block, or nothing at all); `template_anonymous` says the template's block is there.
    """
    title = title_lines(lines)
    if not title:
        return AuthorBlock(lines=(), anonymous=False)
    title_bottom = max(line.bbox.y1 for line in title)
    stop = abstract_line(lines)
    block: list[Line] = []
    for line in sorted(lines, key=lambda line: (line.bbox.y0, line.bbox.x0)):
        if line in title or line.bbox.y0 < title_bottom - BLOCK_EDGE:
            continue
        if stop is not None and line.bbox.y0 >= stop.bbox.y0 - BLOCK_EDGE:
            break
        if stop is None and (_opens_section(line, body_size) or len(block) >= MAX_BLOCK_LINES):
            break
        block.append(line)
    template_anonymous = any(_ANONYMOUS_RE.search(line.text) for line in block)
    placeholders = tuple(line for line in block if _is_placeholder_line(line.text))
    return AuthorBlock(lines=tuple(block), anonymous=template_anonymous or len(placeholders) == len(block),
                       template_anonymous=template_anonymous, placeholders=placeholders, title=tuple(title))


def notice(lines: Sequence[Line], page_height: float, body_size: float) -> Notice | None:
    """The template's notice at the foot of page 1: small print in a known wording, or small
    print that names a venue (a workshop's own notice)."""
    footer = [line for line in lines
              if line.bbox.y0 > FOOT_ZONE * page_height and line.size < body_size - AUTHOR_FOOTNOTE_SIZE_GAP]
    for patterns in (NOTICE_PATTERNS, (VENUE_WORDS_RE,)):
        for start in range(len(footer)):
            for count in range(1, MAX_NOTICE_LINES + 1):
                chunk = footer[start:start + count]
                text = _FOOTNOTE_MARK_RE.sub("", normalise(" ".join(line.text for line in chunk)))
                if not any(p.match(text) for p in patterns):
                    continue
                if count < MAX_NOTICE_LINES and start + count < len(footer) and not text.rstrip().endswith("."):
                    continue
                return Notice(text=_trim_notice(text), bbox=enclosing(line.bbox for line in chunk))
    return None


def _trim_notice(text: str) -> str:
    """Cut what follows the notice's last sentence (page furniture glued after it)."""
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"(\d)\s+(st|nd|rd|th)\b", r"\1\2", text)
    end = text.rfind(".")
    return text[: end + 1] if end > 0 else text


def author_footnotes(lines: Sequence[Line], page_height: float, body_size: float, notice: Notice | None,
                     furniture: Collection[int]) -> tuple[Line, ...]:
    """Small print at the foot of page 1 other than the template's notice and page furniture
    (ids in `furniture`): the authors' and affiliations' footnotes, ICML's `Correspondence to:`."""
    return tuple(line for line in lines
                 if line.bbox.y0 > FOOT_ZONE * page_height and line.size < body_size - AUTHOR_FOOTNOTE_SIZE_GAP
                 and not (notice is not None and line.bbox.overlap_area(notice.bbox) > 0)
                 and id(line) not in furniture)
