"""PDF adapters: the only code that imports PDF libraries (PDFium, pikepdf) and Pillow.

Each module talks to one library and returns the typed model (`axiomcheck.model`): words
with boxes and fonts, page geometry, fonts, metadata and link targets, rendered pages. Names
load on first use, so importing `axiomcheck.pdf` (or `pdf.prechecks`, which reads bytes with
no library) never loads PDFium by accident: the batch parent process must stay free of PDF
libraries.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "DocumentError": ".source", "PdfSource": ".source", "Source": ".source",
    "SyntheticPage": ".source", "SyntheticSource": ".source",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module, __name__), name)
