"""The PDF's own list of its sections (outline or tags) as a second opinion beside the headings.

About seven in ten real papers carry an outline: hyperref writes a bookmark for each section
with the page and the height of its heading. Two uses, both conservative:

- **A heading the look missed.** A bookmark whose title is printed, as a line of its own, at
  the place it points to (same page, from a little above to a little below its height) makes
  that line a heading, even when its type or its neighbours hid it (a heading beside a wrapped
  figure, a section title in a font PDFium cannot name). A bookmark that points where its
  title is not printed adds nothing.
- **Where the two disagree**, `inspect` says so: a bookmark with no heading at its place (a
  second bookmark of the same title and page as one that has its heading is a duplicate, not a
  disagreement), and a
  numbered top-level heading the outline does not list (while it lists the others), such as a
  wrapped reference entry that starts "B. The ..." and looks like an appendix heading.

Titles are compared by their letters once their numbers are split off (`1 Introduction` and
the bookmark `Introduction` match); a long heading wrapped over two lines matches by its first
line.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..model import Heading, Line, OutlineEntry
from .headings import HeadingCandidate, line_text, normalise, split_number
from .section_titles import title_key, title_kind

ABOVE_HEADING = 30.0
"""Points above a heading's top where its bookmark may point (hyperref raises the anchor by
about a line; 1-23 pt measured on real papers)."""
BELOW_HEADING = 6.0
"""Points below a heading's top where its bookmark may still point."""
MIN_PREFIX = 12
"""Letters of a wrapped heading's first line that must begin the bookmark's title."""
MIN_MATCHED = 3
"""The outline must match at least this many headings before a heading it leaves out is a
disagreement (an outline of a few hand-made bookmarks lists what its author chose)."""
MAX_TITLE_WORDS = 20
"""A line with more words than this is prose, never a heading the outline confirms."""


def _key(text: str) -> str:
    return title_key(split_number(normalise(text))[1])


def _same_title(entry_key: str, heading_key: str) -> bool:
    if not entry_key or not heading_key:
        return False
    if entry_key == heading_key:
        return True
    return len(heading_key) >= MIN_PREFIX and entry_key.startswith(heading_key) \
        or len(entry_key) >= MIN_PREFIX and heading_key.startswith(entry_key)


def _near(entry: OutlineEntry, top: float) -> bool:
    return entry.top is None or entry.top - BELOW_HEADING <= top <= entry.top + ABOVE_HEADING


def lists(entry: OutlineEntry, page: int, text: str, top: float) -> bool:
    """Whether `entry` points at a heading with this text at this place."""
    return entry.page == page and _same_title(_key(entry.title), _key(text)) and _near(entry, top)


def confirmed_headings(lines: Sequence[Line], page: int, entries: Sequence[OutlineEntry],
                       found: Sequence[HeadingCandidate], skip: Collection[int]) -> list[HeadingCandidate]:
    """Headings on page `page` that only the outline shows: for each of its entries that no
    heading in `found` matches, the line of its own printed where it points that carries its
    title. `lines` are the page's lines (a lone section number joined to its title), `skip`
    the ids of lines that are never headings (furniture, title, authors)."""
    added: list[HeadingCandidate] = []
    for entry in entries:
        if entry.page != page or any(lists(entry, page, c.text, c.line.bbox.y0) for c in [*found, *added]):
            continue
        entry_key = _key(entry.title)
        line = next((line for line in lines if id(line) not in skip and len(line.words) <= MAX_TITLE_WORDS
                     and _near(entry, line.bbox.y0) and _same_title(entry_key, _key(line.text))), None)
        if line is None:
            continue
        text = normalise(line_text(line.words))
        number, title = split_number(text)
        added.append(HeadingCandidate(line=line, title=title, key=title_key(title), number=number,
                                      kind=title_kind(title), text=text, typeset=True, outline=True))
    return added


def disagreements(entries: Sequence[OutlineEntry], headings: Sequence[Heading]) -> tuple[str, ...]:
    """Where the PDF's own list of sections and the headings found on the pages disagree, in
    page order: bookmarks with no heading where they point, numbered top-level headings the
    outline leaves out."""
    located = [entry for entry in entries if entry.page is not None]
    matched = {id(entry): heading for entry in located for heading in headings
               if lists(entry, heading.page, heading.text, heading.bbox.y0)}
    source = "tag tree" if located and all(entry.source == "tags" for entry in located) else "outline"
    notes = _headingless(located, matched, source)
    if len(matched) >= MIN_MATCHED:
        listed = {id(heading) for heading in matched.values()}
        notes += [(heading.page, heading.bbox.y0, _unlisted(heading, source)) for heading in headings
                  if id(heading) not in listed and _left_out(heading, located)]
    return tuple(text for _, _, text in sorted(notes, key=lambda note: (note[0], note[1])))


def _headingless(located: Sequence[OutlineEntry], matched: Collection[int],
                 source: str) -> list[tuple[int, float, str]]:
    """(page, top, note) for each bookmark with no heading where it points (ids in `matched`
    have one), unless a bookmark of the same title and page has one (a duplicate bookmark)."""
    confirmed = {(entry.page, _key(entry.title)) for entry in located if id(entry) in matched}
    return [(entry.page, entry.top or 0.0, f"the {source} lists '{entry.title}' on page {entry.page}, "
                                           f"where no heading with that title was found")
            for entry in located
            if id(entry) not in matched and entry.page is not None and (entry.page, _key(entry.title)) not in confirmed]


def _left_out(heading: Heading, located: Sequence[OutlineEntry]) -> bool:
    """A numbered top-level heading that no entry on its page names."""
    return bool(heading.number) and "." not in str(heading.number) and not any(
        entry.page == heading.page and _same_title(_key(entry.title), _key(heading.text)) for entry in located)


def _unlisted(heading: Heading, source: str) -> str:
    kind = heading.kind.replace("_", " ")
    article = "an" if kind[0] in "aeiou" else "a"
    return f"'{heading.text}' on page {heading.page} opens {article} {kind} section, but the {source} does not list it"
