"""Text of a template's example paper left in a paper: its placeholder title or abstract, or an
instruction to authors, recognised from the template files (`leftovers:`) by the analysis."""

from __future__ import annotations

from dataclasses import dataclass

from .printed import Printed
from .text import Word
from .vocabulary import TemplateTextKind



@dataclass(frozen=True)
class TemplateText(Printed):
    """One sentence (or title) of a template's example paper, found in the paper."""

    template: str
    """The template family whose example paper prints it, as people name it ("NeurIPS"): the
    sentence may be another year's copy."""
    kind: TemplateTextKind
    page: int
    words: tuple[Word, ...]
    """The words that print it, in reading order, on its page."""
    source: str
    """The template file's `leftovers.source`: which example file the text comes from."""
