"""`axiomcheck inspect`'s output: the structure found in each file, as text or JSON.

The structure object is the report's (`analysis.structure`); these renderers only lay it out.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from ..codec import finding_to_json, structure_to_json
from ..report import SECTION_PAGES, FileResult, FoundReference, Structure
from .base import plural


def render_json(results: Sequence[FileResult]) -> str:
    """A JSON list with one object per file: path, status, pages, structure and findings."""
    return json.dumps([{"path": r.path, "status": r.status, "pages": r.pages,
                        "structure": structure_to_json(r.structure) if r.structure is not None else None,
                        "findings": [finding_to_json(f) for f in r.findings]} for r in results],
                      indent=2, ensure_ascii=False) + "\n"


def render_text(results: Sequence[FileResult]) -> str:
    """One block per file: page size, template, notice, title, authors, main body, sections, headings,
    the bibliography's entries."""
    return "\n\n".join(_structure_text(result) for result in results) + "\n"


def _structure_text(result: FileResult) -> str:
    s = result.structure
    if s is None:
        return "\n".join([f"{result.path}: not readable"]
                         + [f"  {f.rule} {f.name}: {f.message}" for f in result.findings])
    return "\n".join(_summary_lines(result, s) + _section_lines(s) + _bibliography_lines(s))


def _summary_lines(result: FileResult, s: Structure) -> list[str]:
    """The file's page size, template, notice, title, authors, line numbers and main body."""
    template = s.template
    end = s.main_body_end
    return [
        f"{result.path}: {plural(result.pages or 0, 'page')}, {s.page_size}, {plural(s.columns, 'column')}",
        f"  template:        {template.name} / {template.mode or 'mode unknown'}"
        + (f" / {template.track}" if template.track else "")
        + (f" / workshop '{template.workshop_title}'" if template.workshop_title is not None else ""),
        f"  notice:          {s.notice or '(none found)'}",
        f"  title:           {s.title or '(none found)'}",
        f"  author block:    {'anonymous' if s.anonymous else '; '.join(s.authors[:4]) or '(empty)'}",
        f"  line numbers:    {'yes' if s.line_numbers else 'no'}",
        f"  main body:       {plural(s.main_body_pages, 'page')}"
        + (f", ends {round(end.fraction * 100)}% into page {end.page}" if end else "")
        + (f", before '{s.main_body_ends_before}'" if s.main_body_ends_before else ""),
    ]


def _section_lines(s: Structure) -> list[str]:
    """Where each kind of section starts, the headings, and what the PDF's own outline said."""
    lines = []
    for key in SECTION_PAGES:
        page = s.section_page(key)
        lines.append(f"  {key + ':':<16} {('page ' + str(page)) if page else '-'}")
    if s.statements:
        lines.append("  statements:")
        lines += [f"    {_pages(statement.first_page, statement.last_page):<8} {statement.kind:<15} {statement.text}: "
                  f"{statement.decision}" for statement in s.statements]
    lines.append("  headings:")
    for heading in s.headings:
        lines.append(f"    p{heading.page:<3} {heading.kind:<15} {heading.text}"
                     + ("  (top of page)" if heading.top_of_page else ""))
    lines.append(f"  outline:         {s.outline_entries} entries" if s.outline_entries else
                 "  outline:         (the PDF lists no sections of its own)")
    return lines + [f"    disagrees: {note}" for note in s.outline_disagreements]


def _bibliography_lines(s: Structure) -> list[str]:
    count = len(s.references)
    return [f"  bibliography:    {count} entr{'y' if count == 1 else 'ies'}" if s.references else
            "  bibliography:    (no entries found)"] + [_reference_text(entry) for entry in s.references]


def _pages(first: int, last: int) -> str:
    return f"p{first}" if first == last else f"p{first}-{last}"


NAMED = 2
"""Authors an entry's line names before "et al."."""


def _reference_text(entry: FoundReference) -> str:
    """One entry: `[12] p9  Vaswani, Shazeer et al. (2017) 'Attention is all you need'. NIPS. arXiv:1706.03762`."""
    label = f"[{entry.label}]" if entry.label else f"{entry.number}."
    authors = ", ".join(entry.authors[:NAMED]) + (" et al." if len(entry.authors) > NAMED else "")
    parts = [f"    {label:<6} p{entry.page:<3} {authors or '(no authors read)'}"
             + (f" ({entry.year})" if entry.year else "") + f" '{entry.title or '(no title read)'}'"]
    parts += [text for text in (entry.venue, entry.arxiv_id and f"arXiv:{entry.arxiv_id}",
                                entry.doi and f"doi:{entry.doi}", entry.verdict and f"[{entry.verdict}]") if text]
    return ". ".join(parts)


INSPECT_RENDERERS: dict[str, Callable[[Sequence[FileResult]], str]] = {"text": render_text, "json": render_json}
