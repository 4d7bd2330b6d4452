"""Parsing: PDF bytes to the typed document model (`axiomcheck.model`). The only package that imports PDF libraries."""

from .document import Document, open_document
from .source import DocumentError, PdfSource, SyntheticPage, SyntheticSource

__all__ = ["Document", "DocumentError", "PdfSource", "SyntheticPage", "SyntheticSource", "open_document"]
