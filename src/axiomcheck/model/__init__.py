"""The typed document model that rules read.

Coordinates are PDF points (1/72 in) with the origin at the **top-left** of the page and y
growing downwards, the convention of the template facts ("y measured from the top").
Pages are numbered from 1. Everything here is frozen: rules read it and never change it,
and no PDF library object leaks through it.

- `geometry`: boxes, page facts, the one table of paper sizes;
- `text`: words, lines with their `Role`, region and doctop, pages of text, passages, and the
  `TextLayer` whose views rules read;
- `parts`: headings, sections, main body, floats, notice, author
  block, recognised template;
- `visibility`: which words a reader cannot see (and why), rows that run off the page;
- `vocabulary`: the closed sets of words (section kinds, regions, hiding reasons, template
  modes) as `Literal` types, with their tuples;
- `findings`: what a finding is made of besides its text (severity, confidence, regions);
- `objects`: fonts, links, metadata; `submission`: what the organizers know about a file;
- `document`: the `Document` protocol rules type against.
"""

from __future__ import annotations

from .document import Document
from .findings import Confidence, Place, Region, RegionKind, Severity, WordEnum
from .geometry import MM_PER_POINT, PAGE_SIZES_MM, BBox, PageInfo, PageSizeName, enclosing, page_size_name
from .objects import EmbeddedAuthor, Font, LinkTarget, Metadata
from .parts import AuthorBlock, Float, Heading, MainBody, Notice, OutlineEntry, PagePosition, Sections, TemplateInfo
from .submission import Submission
from .text import ASCENT, FURNITURE, OUTSIDE_TEXT, Line, PageText, Passage, Role, TextLayer, Word
from .visibility import Hiding, Overflow, PageVisibility
from .vocabulary import (CLOSING_KINDS, DEFAULT_MAIN_BODY_EXCLUDES, FRONT_MATTER, HEADING_KINDS, HIDING_REASONS,
                         REGIONS, SECTION_KINDS, STATEMENT_KINDS, TEMPLATE_MODES, ClosingKind, FloatKind, FrontMatter,
                         HeadingKind, HidingReason, OutlineSource, SectionKind, StatementKind, TemplateMode, TextRegion,
                         member)

__all__ = ["ASCENT", "CLOSING_KINDS", "DEFAULT_MAIN_BODY_EXCLUDES", "FRONT_MATTER", "FURNITURE", "HEADING_KINDS",
           "HIDING_REASONS", "MM_PER_POINT", "OUTSIDE_TEXT", "PAGE_SIZES_MM", "REGIONS", "SECTION_KINDS",
           "STATEMENT_KINDS", "TEMPLATE_MODES", "AuthorBlock", "BBox", "ClosingKind", "Confidence", "Document",
           "EmbeddedAuthor", "Float", "FloatKind", "Font", "FrontMatter", "Heading", "HeadingKind", "Hiding",
           "HidingReason", "Line", "LinkTarget", "MainBody", "Metadata", "Notice", "OutlineEntry", "OutlineSource",
           "Overflow", "PageInfo", "PagePosition", "PageSizeName", "PageText", "PageVisibility", "Passage", "Place",
           "Region", "RegionKind", "Role", "Sections", "SectionKind", "Severity", "StatementKind", "Submission",
           "TemplateInfo", "TemplateMode", "TextLayer", "TextRegion", "Word", "WordEnum", "enclosing", "member",
           "page_size_name"]
