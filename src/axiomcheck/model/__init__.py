"""The typed document model that rules read.

Coordinates are PDF points (1/72 in) with the origin at the **top-left** of the page and y
growing downwards, the convention of the template facts ("y measured from the top").
Pages are numbered from 1. Everything here is frozen: rules read it and never change it,
and no PDF library object leaks through it.

- `geometry`: boxes, page facts, the one table of paper sizes;
- `text`: words, lines with their `Role`, region and doctop, pages of text, passages, and the
  `TextLayer` whose views rules read;
- `parts`: section kinds and regions, headings, sections, main body, floats, notice, author
  block, recognised template;
- `visibility`: which words a reader cannot see (and why), rows that run off the page;
- `venue_marks`: the stamps and hidden canaries venues put on the copies sent to reviewers;
- `template_text`: sentences of a template's example paper left in a paper (both found things
  are `printed.Printed`: their words, text and box);
- `statements`: the statement sections (ethics, reproducibility, ...), their pages and whether a
  track counts them;
- `objects`: fonts, links, metadata; `submission`: what the organizers know about a file;
- `bibliography`: the reference list's entries and their parts, what a reference index said of them;
- `document`: the `Document` protocol rules type against.
"""

from __future__ import annotations

# What rules report with their findings, read (like the rest of the model) from here:
from ..finding_types import Confidence, Region, RegionKind, Severity
from .bibliography import Bibliography, EntryPart, KnownWork, Lookup, ReferenceCheck, ReferenceEntry, Verdict
from .document import Document
from .geometry import MM_PER_POINT, PAGE_SIZES_MM, BBox, PageInfo, enclosing, page_size_name
from .objects import EmbeddedAuthor, Font, LinkTarget, Metadata
from .parts import (CLOSING_KINDS, DEFAULT_MAIN_BODY_EXCLUDES, FRONT_MATTER, REGIONS, SECTION_KINDS, STATEMENT_KINDS,
                    AuthorBlock, Float, Heading, MainBody, Notice, OutlineEntry, PagePosition, Sections, TemplateInfo)
from .statements import StatementSection, names_of, statement_sections, unnamed_kinds
from .submission import Submission
from .text import ASCENT, FURNITURE, OUTSIDE_TEXT, Line, PageText, Passage, Role, TextLayer, Word
from .template_text import TEMPLATE_TEXT_KINDS, TemplateText
from .venue_marks import MARK_KINDS, VenueMark
from .visibility import HIDING_REASONS, Hiding, Overflow, PageVisibility

__all__ = ["ASCENT", "CLOSING_KINDS", "DEFAULT_MAIN_BODY_EXCLUDES", "FRONT_MATTER", "FURNITURE", "HIDING_REASONS",
           "MARK_KINDS", "MM_PER_POINT", "OUTSIDE_TEXT", "PAGE_SIZES_MM", "REGIONS", "SECTION_KINDS", "STATEMENT_KINDS",
           "TEMPLATE_TEXT_KINDS",
           "AuthorBlock", "BBox", "Bibliography", "Confidence", "Document", "EmbeddedAuthor", "EntryPart", "Float",
           "Font", "Heading", "Hiding", "KnownWork", "Line", "LinkTarget", "Lookup", "MainBody", "Metadata", "Notice",
           "OutlineEntry", "Overflow", "PageInfo", "PagePosition", "PageText", "PageVisibility", "Passage",
           "ReferenceCheck", "ReferenceEntry", "Region", "RegionKind", "Role", "Sections", "Severity",
           "StatementSection", "Submission", "TemplateInfo", "TemplateText", "TextLayer", "VenueMark", "Verdict",
           "Word", "enclosing", "names_of", "page_size_name", "statement_sections", "unnamed_kinds"]
