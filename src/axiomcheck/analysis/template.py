"""Recognise the template, its year and its mode from the PDF alone, by the template files.

What each template prints and how to tell it is data (`templates/*.yaml`, docs/templates.md);
this module weighs the evidence the same way for every family, strongest first:

1. The mode marker in the template's own wording names family, year and mode: a page-1
   notice (NeurIPS "Submitted to 40th Conference on ... (NeurIPS 2026). Do not distribute.",
   ICML "Preliminary work. Under review by ...") or a running head (ICLR "Under review as a
   conference paper at ICLR 2026"). A page-1 notice outweighs a running head: a paper that kept
   the head of another venue's published version is still made with its notice's template. A
   notice the template never prints but a workshop wrote keeps the family of the layout (`own`).
2. Geometry decides the family when no marker does: columns and the text block's edges (and
   the page size or a PDF Subject fingerprint where the file asks for them); a ruler style or
   a running head naming another venue rules a family out.
3. Fingerprints give the year when no marker prints it (the 2026 NeurIPS style sets its
   notice in 8 pt; the ICML style writes its year into the PDF Subject).
4. The author block, the line numbers and the page numbers give the mode when no marker does
   (`without_notice`).

The year is reported only when one of these states it; otherwise the name is the family alone
(`neurips`, `icml`). The creation date is never used: papers are often rebuilt long after they
were written, with last year's style.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import UNKNOWN_FAMILY, AuthorBlock, Notice, TemplateInfo, TemplateMode, TemplateName
from ..templates import TemplateFacts, all_templates, compiled
from ..templates.facts import Condition, MarkerRules, ModeMatch, Recognition


@dataclass(frozen=True)
class LayoutFacts:
    """Geometry and page-furniture facts the recogniser weighs besides the notice."""

    page_width: float
    page_height: float
    text_left: float
    text_right: float
    columns: int
    line_numbers: bool
    notice_size: float | None = None
    """Font size of the page-1 notice, None without a notice."""
    padded_line_numbers: bool = False
    """The line numbers are zero-padded (000, 001, ...), as ICML's and ICLR's rulers are."""
    header_text: str = ""
    """The running head at the top of the pages after the first (empty when there is none)."""
    page_size: str | None = None
    """The named size of page 1 (letter, a4, ...), None for another size."""
    page_numbers: bool = False
    """Most pages carry a page number (a folio) at their foot."""


@dataclass(frozen=True)
class _Family:
    """A family's recognition facts (from its newest file) and every year file it has."""

    facts: TemplateFacts
    files: tuple[TemplateFacts, ...]

    @property
    def rules(self) -> Recognition:
        return self.facts.recognise


@dataclass(frozen=True)
class _Marker:
    """A mode marker the template prints: its text, where it stands, and the rules that read it."""

    text: str
    where: str
    """notice or running_head."""
    rules: MarkerRules


def _families(templates: tuple[TemplateFacts, ...]) -> list[_Family]:
    grouped: dict[str, list[TemplateFacts]] = {}
    for facts in templates:
        grouped.setdefault(facts.family, []).append(facts)
    return [_Family(max(files, key=lambda f: f.year or 0), tuple(files)) for _, files in sorted(grouped.items())]


def _search(patterns: tuple[str | None, ...], text: str) -> re.Match[str] | None:
    """The first match of any of `patterns` (None entries skipped) in `text`."""
    return next((m for m in (compiled(p).search(text) for p in patterns if p) if m), None)


def _label(family: _Family, year: int | None) -> str:
    return f"{family.facts.family_label} {year}" if year else family.facts.family_label


def _anonymous(family: _Family, author_block: AuthorBlock) -> bool:
    forms = family.facts.anonymous_forms
    return author_block.anonymous or any(_search(forms, line.text) for line in author_block.lines)


def _holds(conditions: tuple[Condition, ...], layout: LayoutFacts, anonymous: bool) -> bool:
    return all(condition.holds(anonymous, layout.line_numbers, layout.page_numbers) for condition in conditions)


def _marker(family: _Family, where: str, text: str) -> _Marker | None:
    """The family's own mode marker, when the text at `where` (notice or running_head) is one."""
    rules = family.rules.marker(where)
    if rules and text and _search(rules.family, text):
        return _Marker(text, where, rules)
    return None


def _layout_matches(family: _Family, layout: LayoutFacts, notice: str, info: dict[str, str]) -> str | None:
    """Why the layout is this family's, or None."""
    rules = family.rules.layout
    if rules is None:
        return None
    block = family.facts.text_block
    left_tol, right_tol = rules.edge_tolerance
    at_edges = abs(layout.text_left - block.left) <= left_tol and abs(layout.text_right - block.right) <= right_tol
    subject = bool(_search((rules.subject,), info.get("Subject", "")))
    if layout.columns != family.facts.columns or not (at_edges or subject):
        return None
    if rules.page and layout.page_size != rules.page:
        return None
    ruler = "padded" if layout.padded_line_numbers else "plain"
    if layout.line_numbers and rules.not_with_ruler == ruler:
        return None
    if _search((rules.not_with_running_head,), layout.header_text):
        return None
    if _search((rules.not_with_notice,), notice):
        return None
    columns = {1: "one column", 2: "two columns"}.get(layout.columns, f"{layout.columns} columns")
    label = family.facts.family_label
    return (f"{columns} at the {label} text block (x {layout.text_left:.0f}-{layout.text_right:.0f})"
            + (f" and the {label} PDF Subject" if subject else ""))


def _year(family: _Family, text: str, official: bool, own: str, layout: LayoutFacts,
          info: dict[str, str]) -> tuple[int | None, str | None]:
    """The year, and the evidence for it when the marker does not state it outright.

    `text` is the mode marker (or the workshop's own notice), `official` says whether the
    template prints it, `own` is the workshop's own notice or empty."""
    rules = family.rules.year
    match = _search(rules.patterns, text)
    if match:
        return int(match.group(1)), None
    for ordinal in rules.ordinals:
        match = compiled(ordinal.match).search(text)
        if match:
            return int(match.group(1)) + ordinal.offset, None
    if official and rules.copyright:
        match = compiled(rules.copyright).search(text)
        if match:
            return int(match.group(1)), None
    if rules.dated:
        match = compiled(rules.dated).search(text)
        if match:
            return int(match.group(1)), f"year {match.group(1)} of the date in the {family.facts.family_label} notice"
    if own and rules.own_notice:
        match = compiled(r"\b(19[89]\d|20\d\d)\b").search(own)
        if match:
            return int(match.group(1)), f"year {match.group(1)} named in the workshop's own notice"
    subject = info.get("Subject", "")
    match = _search((rules.subject,), subject)
    if match:
        return int(match.group(1)), f"PDF Subject '{subject}' (set by the {family.facts.family_label} style)"
    if layout.notice_size is not None:
        sized = [(f, f.fingerprint) for f in family.files
                 if f.fingerprint is not None and layout.notice_size < f.fingerprint.notice_size_below]
        if len(sized) == 1:
            chosen, fingerprint = sized[0]
            return chosen.year, f"notice set in {layout.notice_size:.2f} pt: {fingerprint.why}"
    return None, None


def _option(family: _Family, mode: TemplateMode | None, track: str | None) -> str | None:
    """How the mode (and track) is switched on, from the family's notices."""
    if mode is None:
        return None
    notices = [n for n in family.facts.notices if n.mode == mode]
    chosen = next((n for n in notices if n.track == track), notices[0] if notices else None)
    return chosen.option if chosen else None


def _without_marker(family: _Family, layout: LayoutFacts, anonymous: bool) -> tuple[TemplateMode | None, str]:
    for rule in family.rules.without_notice:
        if _holds(rule.when, layout, anonymous):
            return rule.mode, rule.why
    return None, family.rules.no_mode_why


def _recognise_family(family: _Family, evidence: list[str], marker: _Marker | None, notice: str,
                      layout: LayoutFacts, author_block: AuthorBlock, info: dict[str, str]) -> TemplateInfo:
    """The template of a PDF of `family`: its year, and its mode read from the family's marker
    (`marker`), the page-1 notice, a workshop's own notice, or the layout."""
    mode_rule = _mode_rule(family, marker, notice, evidence)
    own = _own_notice(family, notice) if mode_rule is None else ""
    text = marker.text if marker else (notice if mode_rule else own)
    year, year_evidence = _year(family, text, marker is not None, own, layout, info)
    if year_evidence:
        evidence.append(year_evidence)
    name, label = TemplateName(family.facts.family, year), _label(family, year)
    if mode_rule is not None:
        read_by = marker.rules if marker else family.rules.notice
        named = _final_track(read_by, text) if mode_rule.mode == "final" else None
        track, title = named if named is not None else (mode_rule.track, None)
        return TemplateInfo(name, mode_rule.mode, track, title, tuple(evidence), label,
                            _option(family, mode_rule.mode, track))
    anonymous = _anonymous(family, author_block)
    if own:
        return _own_notice_template(family, name, label, own, layout, anonymous, evidence)
    told, why = _without_marker(family, layout, anonymous)
    evidence += [why] if why else []
    return TemplateInfo(name, told, None, None, tuple(evidence), label, _option(family, told, None))


def _mode_rule(family: _Family, marker: _Marker | None, notice: str, evidence: list[str]) -> ModeMatch | None:
    """The mode the family's marker names, or (without one) the page-1 notice."""
    if marker is not None:
        return _search_mode(marker.rules.modes, marker.text)
    notice_rules = family.rules.notice
    if not notice or notice_rules is None:
        return None
    found = _search_mode(notice_rules.modes, notice)
    if found:
        evidence.append(f"notice: {notice}")
    return found


def _own_notice(family: _Family, notice: str) -> str:
    """The notice when it is a workshop's own (the family's style, the workshop's words), else ''."""
    own_rules = family.rules.notice.own if family.rules.notice else None
    if notice and own_rules and (not own_rules.only or _search((own_rules.only,), notice)):
        return notice
    return ""


def _final_track(read_by: MarkerRules | None, text: str) -> tuple[str | None, str | None] | None:
    """The track a final marker names, and the workshop's title when the rule reads one; None
    when no track rule matches."""
    for rule in read_by.tracks if read_by is not None else ():
        match = compiled(rule.match).search(text)
        if match:
            return rule.track, (match.group(1).strip() if rule.title else None)
    return None


def _own_notice_template(family: _Family, name: TemplateName, label: str, own: str, layout: LayoutFacts,
                         anonymous: bool, evidence: list[str]) -> TemplateInfo:
    """A PDF of the family's style with a workshop's own notice: a submission when the family
    says how one looks (anonymous, line numbers), else final."""
    own_rules = family.rules.notice.own if family.rules.notice else None
    assert own_rules is not None
    evidence.append(f"the workshop's own notice: {own}")
    needs = own_rules.submission_when
    mode: TemplateMode = "submission" if needs and _holds(needs, layout, anonymous) else "final"
    workshop = bool(_search((own_rules.workshop,), own))
    option = own_rules.workshop_option if workshop else None
    return TemplateInfo(name, mode, "workshop" if workshop else None, None, tuple(evidence), label,
                        option or _option(family, mode, "workshop" if workshop else None))


def _search_mode(modes: tuple[ModeMatch, ...], text: str) -> ModeMatch | None:
    return next((rule for rule in modes if compiled(rule.match).search(text)), None)


def recognise(notice: Notice | None, layout: LayoutFacts, author_block: AuthorBlock,
              info: dict[str, str]) -> TemplateInfo:
    """Family-year, mode, track and workshop title, with the evidence they rest on."""
    text = notice.text if notice else ""
    families = _families(all_templates())
    for where, marked in (("notice", text), ("running_head", layout.header_text)):
        for family in families:
            marker = _marker(family, where, marked)
            if marker is not None:
                evidence = [f"{'notice' if where == 'notice' else 'running head'}: {marker.text}"]
                return _recognise_family(family, evidence, marker, text, layout, author_block, info)
    for family in families:
        why = _layout_matches(family, layout, text, info)
        if why is not None:
            return _recognise_family(family, [why], None, text, layout, author_block, info)
    evidence = [f"notice of no known template: {text}"] if text else []
    return TemplateInfo(TemplateName(UNKNOWN_FAMILY), None, None, None, tuple(evidence))
