"""Parsing: PDF bytes to the typed document model (`axiomcheck.model`). The only package that imports PDF libraries."""

from .document import Document, DocumentError, open_document

__all__ = ["Document", "DocumentError", "open_document"]
