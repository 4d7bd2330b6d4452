"""Analysis: from the raw facts a `pdf` source gives to the document model rules read.

Lines, headings, sections, front matter and template recognition are pure functions over
words and lines; `paper.AnalysedPaper` computes each on first use and caches it, and builds
the paper's text layer (`text_layer`) from what they found. Nothing here imports a PDF
library: the facts come through a `pdf.source.Source`.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {"AnalysedPaper": ".paper", "open_document": ".paper", "structure_of": ".structure"}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module, __name__), name)
