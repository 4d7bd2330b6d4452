"""Parsing: PDF bytes to the typed document model (`axiomcheck.model`).

The only package that imports PDF libraries. Its names load on first use, so importing
`axiomcheck.parsing` (or a module next to it) never loads PDFium by accident: the batch
parent process must stay free of PDF libraries.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "Document": ".document", "open_document": ".document",
    "DocumentError": ".source", "PdfSource": ".source", "SyntheticPage": ".source",
    "SyntheticSource": ".source",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module, __name__), name)
