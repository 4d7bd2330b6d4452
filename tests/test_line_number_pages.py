"""Line numbers decided page by page: pages of floats vote neither way, and a vertical stamp
up the margin is never a ruler."""

from __future__ import annotations

from axiomcheck.analysis.lines import PageLayout, split_line_numbers
from axiomcheck.analysis.page_facts import line_numbers_on
from axiomcheck.model import BBox, Line, Word

PROSE = "the bound tracks the measured excess loss at every sparsity level we tried"


def _word(text: str, x0: float, y0: float, x1: float, y1: float, size: float = 10.0) -> Word:
    return Word(text, BBox(x0, y0, x1, y1), size, "Times-Roman", False, False)


def _line(page: int, texts: list[str], y: float) -> Line:
    words = tuple(_word(text, 108 + 30 * index, y, 130 + 30 * index, y + 10) for index, text in enumerate(texts))
    return Line(page=page, words=words, bbox=BBox(108, y, 130 + 30 * (len(texts) - 1), y + 10), baseline=y + 7.5)


def _page(page: int, prose_lines: int, table_lines: int, numbered: bool) -> PageLayout:
    lines = [_line(page, PROSE.split(), 80 + 12 * index) for index in range(prose_lines)]
    lines += [_line(page, ["0.91", "0.88", "12.3", "(4)", "7"], 80 + 12 * (prose_lines + index))
              for index in range(table_lines)]
    ruler = tuple(_word(str(index), 90, 80 + 12 * index, 100, 90) for index in range(prose_lines)) if numbered else ()
    return PageLayout(page=page, lines=tuple(lines), ruler=ruler, char_count=0)


def test_pages_of_floats_do_not_outvote_numbered_text_pages() -> None:
    text_pages = [_page(number, 40, 0, True) for number in range(1, 4)]
    table_pages = [_page(number, 2, 300, False) for number in range(4, 9)]
    assert line_numbers_on(text_pages + table_pages)


def test_unnumbered_text_pages_outvote_numbered_ones() -> None:
    assert not line_numbers_on([_page(1, 40, 0, True)] + [_page(number, 40, 0, False) for number in range(2, 5)])


def test_a_line_of_references_on_the_last_page_decides_nothing() -> None:
    assert line_numbers_on([_page(1, 40, 0, True), _page(2, 2, 0, False)])


def test_a_vertical_stamp_up_the_margin_is_no_ruler() -> None:
    prose = [_word(text, 108 + 40 * (index % 10), 80 + 12 * (index // 10), 140 + 40 * (index % 10),
                   90 + 12 * (index // 10)) for index, text in enumerate(PROSE.split() * 4)]
    stamp = [_word(text, 45, y, 46, y + 19, size=20.0) for text, y in (("2026", 265), ("14", 322), ("5", 400))]
    text, ruler = split_line_numbers(prose + stamp)
    assert ruler == [] and len(text) == len(prose) + len(stamp)
    across = [_word(text, 80, y, 92, y + 7, size=7.0) for text, y in (("1", 80), ("2", 92), ("3", 104))]
    assert split_line_numbers(prose + across)[1] == across
