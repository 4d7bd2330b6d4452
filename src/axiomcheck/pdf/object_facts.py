"""What a second reader reads of a file's objects with qpdf (pikepdf), fact by fact, by name.

A single-file check forks a helper that reads these facts on the spare core while the
checking process reads the text (`execution.prefetch`); `source.PdfSource` takes each fact
from it by name, or reads it itself with the same function. Each reader's return type is
what the helper's answer is decoded as, so it is declared here without importing pikepdf.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .objects import GlyphText, ObjectReader, page_count, read_fonts, read_metadata


def glyph_text(reader: ObjectReader) -> GlyphText:
    """Fonts whose ToUnicode map disagrees with their glyphs (`glyph_text.read_glyph_text`)."""
    from .glyph_text import read_glyph_text  # noqa: PLC0415 - the glyph walk, only when a rule asks

    return read_glyph_text(reader)


OBJECT_FACTS: dict[str, Callable[[Any], Any]] = {"pages": page_count, "metadata": read_metadata, "fonts": read_fonts,
                                                 "glyph_text": glyph_text}
"""The facts, in the order a helper reads them (the page count first: every check needs it)."""
