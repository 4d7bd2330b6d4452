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

from .bibliography import Bibliography, EntryPart, KnownWork, Lookup, ReferenceCheck, ReferenceEntry, Verdict
from .document import Document
from .findings import Confidence, Place, Region, RegionKind, Severity, WordEnum
from .geometry import MM_PER_POINT, PAGE_SIZES_MM, BBox, PageInfo, PageSizeName, enclosing, page_size_name
from .objects import EmbeddedAuthor, Font, LinkTarget, Metadata
from .parts import (UNKNOWN_FAMILY, AuthorBlock, Float, Heading, MainBody, Notice, OutlineEntry, PagePosition, Sections,
                    TemplateInfo, TemplateName)
from .statements import FoundStatement, StatementSection, names_of, statement_sections, unnamed_kinds
from .submission import Submission
from .text import ASCENT, FURNITURE, OUTSIDE_TEXT, Line, PageText, Passage, Role, TextLayer, Word
from .template_text import TemplateText
from .venue_marks import VenueMark
from .visibility import Hiding, Overflow, PageVisibility
from .vocabulary import (CLOSING_KINDS, DEFAULT_MAIN_BODY_EXCLUDES, FRONT_MATTER, HEADING_KINDS, HIDING_REASONS,
                         MARK_KINDS, REGIONS, SECTION_KINDS, STATEMENT_KINDS, TEMPLATE_MODES, TEMPLATE_TEXT_KINDS,
                         ClosingKind, FloatKind, FrontMatter, HeadingKind, HidingReason, MarkKind, OutlineSource,
                         SectionKind, StatementKind, TemplateMode, TemplateTextKind, TextRegion, member)

__all__ = ["ASCENT", "CLOSING_KINDS", "DEFAULT_MAIN_BODY_EXCLUDES", "FRONT_MATTER", "FURNITURE", "HEADING_KINDS",
           "HIDING_REASONS", "MARK_KINDS", "MM_PER_POINT", "OUTSIDE_TEXT", "PAGE_SIZES_MM", "REGIONS", "SECTION_KINDS",
           "STATEMENT_KINDS", "TEMPLATE_MODES", "TEMPLATE_TEXT_KINDS", "UNKNOWN_FAMILY", "AuthorBlock", "BBox",
           "Bibliography", "ClosingKind", "Confidence", "Document", "EmbeddedAuthor", "EntryPart", "Float",
           "FloatKind", "Font", "FoundStatement", "FrontMatter", "Heading", "HeadingKind", "Hiding", "HidingReason",
           "KnownWork", "Line", "LinkTarget", "Lookup", "MainBody", "MarkKind", "Metadata", "Notice", "OutlineEntry",
           "OutlineSource", "Overflow", "PageInfo", "PagePosition", "PageSizeName", "PageText", "PageVisibility",
           "Passage", "Place", "ReferenceCheck", "ReferenceEntry", "Region", "RegionKind", "Role", "SectionKind",
           "Sections", "Severity", "StatementKind", "StatementSection", "Submission", "TemplateInfo", "TemplateMode",
           "TemplateName", "TemplateText", "TemplateTextKind", "TextLayer", "TextRegion", "Verdict", "VenueMark",
           "Word", "WordEnum", "enclosing", "member", "names_of", "page_size_name", "statement_sections",
           "unnamed_kinds"]
