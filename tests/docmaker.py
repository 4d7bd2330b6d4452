"""Build synthetic documents for fast rule and structure tests, no PDF needed.

`Paper` lays out a NeurIPS-like page (text block x 108-504, y 72-720, 10 pt Times, 11 pt
leading) line by line; `build()` returns a real `AnalysedPaper` over a `SyntheticSource`, so the
same structure detection and rules run as on a PDF.

    doc = (Paper().title("A Study").anonymous_authors().abstract(5)
           .heading("1 Introduction").text(40).heading("References").text(5).build())
"""

from __future__ import annotations

from dataclasses import dataclass, field

from axiomcheck.model import DEFAULT_MAIN_BODY_EXCLUDES, BBox, Font, Metadata, OutlineEntry, Submission, Word
from axiomcheck.analysis.paper import AnalysedPaper
from axiomcheck.pdf.source import SyntheticPage, SyntheticSource
from axiomcheck.packs import configure
from axiomcheck.rules import CheckContext, Rule, Violation
from axiomcheck.templates import find_template

BODY = 9.96
LEADING = 11.0
LEFT, RIGHT, TOP, BOTTOM = 108.0, 504.0, 72.0, 720.0
FILLER = ("the model learns sparse features from data with fewer parameters than a dense "
          "baseline and we measure its accuracy under a fixed compute budget").split()


def make_word(text: str, x: float, baseline: float, size: float = BODY, bold: bool = False,
              font: str = "NimbusRomNo9L-Regu", fill_gray: float | None = 0.0,
              invisible: bool = False, monospace: bool = False) -> Word:
    width = 0.5 * size * len(text)
    return Word(text=text, bbox=BBox(x, baseline - 0.75 * size, x + width, baseline + 0.22 * size),
                size=size, font=("NimbusRomNo9L-Medi" if bold and font == "NimbusRomNo9L-Regu" else font),
                bold=bold, italic=False, monospace=monospace, fill_gray=fill_gray, invisible=invisible)


def make_line(text: str, x: float, baseline: float, size: float = BODY, bold: bool = False,
              **kwargs: object) -> list[Word]:
    words = []
    for token in text.split():
        word = make_word(token, x, baseline, size, bold, **kwargs)
        words.append(word)
        x = word.bbox.x1 + 0.3 * size
    return words


@dataclass
class Paper:
    """A paper laid out top to bottom, page by page."""

    width: float = 612.0
    height: float = 792.0
    line_numbers: bool = True
    pages: list[list[Word]] = field(default_factory=lambda: [[]])
    y: float = TOP + 10
    line_number: int = 1
    info: dict[str, str] = field(default_factory=dict)
    metadata: Metadata | None = None
    fonts: list[Font] = field(default_factory=list)
    rotations: dict[int, int] = field(default_factory=dict)
    outline: list[OutlineEntry] = field(default_factory=list)
    """The bookmarks (or tagged headings) the PDF lists itself."""

    def _room(self, height: float) -> None:
        if self.y + height > BOTTOM:
            self.new_page()

    def new_page(self) -> Paper:
        self.pages.append([])
        self.y = TOP + 10
        return self

    def line(self, text: str, size: float = BODY, bold: bool = False, x: float | None = None,
             centred: bool = False, numbered: bool = True, space_before: float = 0.0,
             **kwargs: object) -> Paper:
        self._room(LEADING + space_before)
        self.y += space_before
        words = make_line(text, 0.0, self.y, size, bold, **kwargs)
        width = words[-1].bbox.x1 if words else 0.0
        start = (self.width - width) / 2 if centred else (LEFT if x is None else x)
        shifted = [Word(w.text, BBox(w.bbox.x0 + start, w.bbox.y0, w.bbox.x1 + start, w.bbox.y1), w.size,
                        w.font, w.bold, w.italic, w.monospace, w.fill_gray, w.invisible) for w in words]
        self.pages[-1].extend(shifted)
        if self.line_numbers and numbered:
            self.pages[-1].append(make_word(str(self.line_number), 92.0, self.y, 5.98, font="NimbusSanL-Regu"))
            self.line_number += 1
        self.y += max(LEADING, size * 1.2)
        return self

    def title(self, text: str) -> Paper:
        return self.line(text, size=17.22, bold=True, centred=True, numbered=False)

    def anonymous_authors(self) -> Paper:
        self.line("Anonymous Author(s)", bold=True, centred=True, numbered=False, space_before=20)
        for text in ("Affiliation", "Address", "email"):
            self.line(text, centred=True, numbered=False)
        return self

    def authors(self, *lines: str) -> Paper:
        for index, text in enumerate(lines):
            self.line(text, centred=True, numbered=False, space_before=20 if index == 0 else 0)
        return self

    def abstract(self, lines: int = 5) -> Paper:
        self.line("Abstract", size=11.96, bold=True, centred=True, numbered=False, space_before=14)
        return self.text(lines, x=144.0, words_per_line=12)

    def heading(self, text: str, size: float = 11.96, bold: bool = True) -> Paper:
        return self.line(text, size=size, bold=bold, space_before=8)

    def text(self, lines: int, x: float | None = None, words_per_line: int = 14) -> Paper:
        for index in range(lines):
            words = [FILLER[(index + k) % len(FILLER)] for k in range(words_per_line)]
            self.line(" ".join(words), x=x)
        return self

    def sentence(self, text: str, **kwargs: object) -> Paper:
        return self.line(text, **kwargs)

    def fill_page(self) -> Paper:
        while self.y + LEADING <= BOTTOM:
            self.text(1)
        return self

    def notice(self, text: str) -> Paper:
        self.pages[0].extend(make_line(text, LEFT, 740.1, 7.97))
        return self

    def footnote(self, text: str, baseline: float = 712.0, page: int | None = None) -> Paper:
        """Footnote-sized (8 pt) text at the foot of a page (the current one by default)."""
        self.pages[(page or len(self.pages)) - 1].extend(make_line(text, LEFT, baseline, 7.97))
        return self

    def with_metadata(self, info: dict[str, str] | None = None, xmp: dict[str, list[str]] | None = None,
                      **objects: object) -> Paper:
        """Document information, XMP and object-level facts (`embedded_paths`, `embedded_authors`,
        `links`) as `doc.metadata` will report them."""
        self.info = dict(info or {})
        self.metadata = Metadata(info=dict(self.info), xmp=dict(xmp or {}), **objects)  # type: ignore[arg-type]
        return self

    def build(self) -> AnalysedPaper:
        pages = [SyntheticPage(words=list(words), width=self.width, height=self.height,
                               rotation=self.rotations.get(index + 1, 0))
                 for index, words in enumerate(self.pages)]
        return AnalysedPaper(SyntheticSource(pages=pages, document_info=dict(self.info),
                                             document_metadata=self.metadata, document_fonts=list(self.fonts),
                                             document_outline=tuple(self.outline)))


SUBMITTED_NOTICE = ("Submitted to 40th Conference on Neural Information Processing Systems (NeurIPS 2026). "
                    "Do not distribute.")
CAMERA_READY_NOTICE = ("40th Conference on Neural Information Processing Systems (NeurIPS 2026). "
                       "Workshop: AXIOM Foundations of Efficient Deep Learning.")


def submission(body_pages: float = 3.5) -> Paper:
    """A compliant-looking anonymous AXIOM submission with `body_pages` of main text."""
    paper = Paper().title("Sparse Features Under a Budget").anonymous_authors().abstract(6)
    paper.notice(SUBMITTED_NOTICE).heading("1 Introduction")
    lines_per_page = int((BOTTOM - TOP) / LEADING)
    paper.text(int(body_pages * lines_per_page) - 20)
    return paper.heading("References").text(6)


def run_rule(rule: Rule, doc: AnalysedPaper, stage: str = "submission", authors: tuple[str, ...] = (),
             affiliations: tuple[str, ...] = (), facts: str = "neurips-2026", **options: object) -> list[Violation]:
    """The findings of one rule on `doc`: `options`, the rest from the template file `facts` (as a
    pack naming that template would give them) or the rule's defaults; the organizers know
    `authors` and `affiliations`."""
    context = CheckContext(venue="axiom-2026", track="paper", stage=stage,
                           main_body_excludes=DEFAULT_MAIN_BODY_EXCLUDES,
                           submission=Submission(authors=tuple(authors), affiliations=tuple(affiliations)))
    return list(rule.check(doc, configure(rule, find_template(facts), **options), context))


ICML_COLUMNS = ((55.44, 289.44), (307.44, 541.44))
ICML_LEADING = 11.96
ICML_REVIEW_NOTICE = ("Preliminary work. Under review by the International Conference on Machine Learning (ICML). "
                      "Do not distribute.")


def block_document(left: float = LEFT, right: float = RIGHT, top: float = TOP + 10, leading: float = LEADING,
                   size: float = BODY, pages: int = 2, lines_per_page: int = 40, columns: int = 1,
                   notice: str | None = SUBMITTED_NOTICE, info: dict[str, str] | None = None,
                   fonts: list[Font] | None = None, **word_options: object) -> AnalysedPaper:
    """Pages filled with justified-looking body lines in a given text block, for layout rules.

    `columns=2` splits [left, right] into two columns with an 18 pt gutter (ICML's geometry
    when left=55.44, right=541.44). Lines carry the words of FILLER; `word_options` go to
    `make_word` (font, fill_gray, ...). The notice, when given, sits at the foot of page 1.
    """
    gutter = 18.0
    width = (right - left - gutter * (columns - 1)) / columns
    spans = [(left + k * (width + gutter), left + k * (width + gutter) + width) for k in range(columns)]
    built: list[SyntheticPage] = []
    for page in range(pages):
        words: list[Word] = []
        for x0, x1 in spans:
            for index in range(lines_per_page):
                baseline = top + index * leading
                words.extend(_fill_line(x0, x1, baseline, size, page * lines_per_page + index, word_options))
        if page == 0 and notice:
            words.extend(make_line(notice, left, 740.1, 7.97))
        built.append(SyntheticPage(words=words))
    return AnalysedPaper(SyntheticSource(pages=built, document_info=dict(info or {}), document_fonts=list(fonts or [])))


def _fill_line(x0: float, x1: float, baseline: float, size: float, seed: int,
               word_options: dict[str, object]) -> list[Word]:
    """Words from FILLER laid from x0 until the next would pass x1."""
    words: list[Word] = []
    x = x0
    k = seed
    while True:
        word = make_word(FILLER[k % len(FILLER)], x, baseline, size, **word_options)  # type: ignore[arg-type]
        if word.bbox.x1 > x1:
            return words
        words.append(word)
        x = word.bbox.x1 + 0.3 * size
        k += 1


def paper_with(*body: str, refs: tuple[str, ...] = (), authors: tuple[str, ...] | None = None) -> Paper:
    """An AXIOM submission with the given body sentences and reference entries (a default
    reference when none are given); anonymous unless `authors` are given."""
    start = Paper().title("Sparse Features Under a Budget")
    start = start.anonymous_authors() if authors is None else start.authors(*authors)
    result = start.abstract(4).notice(SUBMITTED_NOTICE).heading("1 Introduction").text(6)
    for line in body:
        result.sentence(line)
    result.text(3).heading("References")
    for line in refs or ("[1] J. Frankle and M. Carbin. The lottery ticket hypothesis. In ICLR, 2019.",):
        result.sentence(line, size=8.97)
    return result
