"""The one JSON codec: the report's JSON form (schema `axiomcheck.report/1`), here, and the
messages between processes (`wire.py`), which carry results in that same form.

Every place a result leaves a process or is written down uses these functions: the JSON
output, `inspect`'s JSON, a worker's reply to its parent, the batch results store, the web
page's checkers and its API. docs/report-format.md is the contract for what they write;
`*_from_json` reads it back into the typed values of `report.py`.

    result_to_json(FileResult) -> dict      result_from_json(dict) -> FileResult
    submission_to_json(SubmissionRef)       submission_from_json(dict) -> SubmissionRef
    run_status_to_json(RunStatus) -> dict   (read back by report_from_json)
    venue_choice_to_json(VenueChoice)       venue_choice_from_json(dict) -> VenueChoice
    report_to_json(Report) -> dict          report_from_json(dict) -> Report
    structure_to_json(Structure) -> dict    structure_from_json(dict) -> Structure
    finding_to_json(Finding) -> dict        finding_from_json(dict) -> Finding

A report read back equals the one written, except that boxes are rounded to 0.1 pt as
written (findings' boxes already are). `internal_error` is not part of the report: the
wire carries it beside the file's JSON (`result_from_json(..., internal_error=...)`).
"""

from __future__ import annotations

from typing import Any

from ..model import (HEADING_KINDS, TEMPLATE_MODES, BBox, Confidence, FoundStatement, PagePosition, Place, Region,
                     RegionKind, Severity, TemplateMode, TemplateName, member)
from ..report import (NEAREST_PACK, SCHEMA, FileResult, FileStatus, Finding, FoundHeading, FoundReference,
                      FoundTemplate, ReferencesUsed, Report, RunStatus, Structure, SubmissionRef,
                      Truncation, VenueChoice)
from ..shared_text import SharedText, shared_hidden_text

JsonObject = dict[str, Any]


def box_to_json(box: BBox) -> list[float]:
    """A box as the report writes it: [x0, y0, x1, y1], rounded to 0.1 pt (`BBox.rounded`)."""
    return [round(value, 1) for value in box]


def box_from_json(data: list[float]) -> BBox:
    x0, y0, x1, y1 = (float(value) for value in data)
    return BBox(x0, y0, x1, y1)


def _region_to_json(region: Region) -> JsonObject:
    return {"page": region.page, "bbox": box_to_json(region.bbox), "kind": region.kind.value}


def _region_from_json(data: JsonObject) -> Region:
    return Region(page=int(data["page"]), bbox=box_from_json(data["bbox"]), kind=RegionKind(data["kind"]))


def _place_to_json(place: Place) -> JsonObject:
    return {"page": place.page, "bbox": box_to_json(place.bbox) if place.bbox is not None else None}


def _place_from_json(data: JsonObject) -> Place:
    bbox = data.get("bbox")
    return Place(page=data.get("page"), bbox=box_from_json(bbox) if bbox is not None else None)


def finding_to_json(finding: Finding) -> JsonObject:
    """A finding's object: optional members (`evidence_image`, `picture_note`, `waiver`, `regions`, `places`,
    `count` above 1, `omitted` above 0) only when they say something."""
    data: JsonObject = {
        "rule": finding.rule, "name": finding.name, "severity": finding.severity.value,
        "message": finding.message, "hint": finding.hint, "page": finding.page,
        "bbox": box_to_json(finding.bbox) if finding.bbox is not None else None,
        "evidence": finding.evidence, "confidence": finding.confidence.value,
    }
    if finding.evidence_image is not None:
        data["evidence_image"] = finding.evidence_image
    if finding.picture_note is not None:
        data["picture_note"] = finding.picture_note
    if finding.waiver is not None:
        data["waiver"] = finding.waiver
    if finding.regions:
        data["regions"] = [_region_to_json(region) for region in finding.regions]
    if finding.count != 1:
        data["count"] = finding.count
    if finding.places:
        data["places"] = [_place_to_json(place) for place in finding.places]
    if finding.omitted:
        data["omitted"] = finding.omitted
    return data


def finding_from_json(data: JsonObject) -> Finding:
    bbox = data.get("bbox")
    return Finding(
        rule=str(data["rule"]), name=str(data["name"]), severity=Severity(data["severity"]),
        message=str(data["message"]), hint=str(data.get("hint") or ""), page=data.get("page"),
        bbox=box_from_json(bbox) if bbox is not None else None, evidence=data.get("evidence"),
        confidence=Confidence(data.get("confidence") or Confidence.HIGH.value),
        evidence_image=data.get("evidence_image"), picture_note=data.get("picture_note"), waiver=data.get("waiver"),
        regions=tuple(_region_from_json(region) for region in data.get("regions") or ()),
        count=int(data.get("count", 1)), places=tuple(_place_from_json(p) for p in data.get("places") or ()),
        omitted=int(data.get("omitted", 0)))


def _heading_to_json(heading: FoundHeading) -> JsonObject:
    return {"page": heading.page, "kind": heading.kind, "number": heading.number, "text": heading.text,
            "top_of_page": heading.top_of_page, "bbox": box_to_json(heading.bbox)}


def _heading_from_json(data: JsonObject) -> FoundHeading:
    return FoundHeading(page=int(data["page"]), kind=member(HEADING_KINDS, data["kind"]), number=data.get("number"),
                        text=str(data["text"]), top_of_page=bool(data["top_of_page"]),
                        bbox=box_from_json(data["bbox"]))


def _statement_to_json(statement: FoundStatement) -> JsonObject:
    return {"kind": statement.kind, "text": statement.text, "first_page": statement.first_page,
            "last_page": statement.last_page, "decision": statement.decision}


def _statement_from_json(data: JsonObject) -> FoundStatement:
    return FoundStatement(kind=str(data["kind"]), text=str(data["text"]), first_page=int(data["first_page"]),
                          last_page=int(data["last_page"]), decision=str(data["decision"]))


def structure_to_json(structure: Structure) -> JsonObject:
    """The report's `structure` object (docs/report-format.md), in its documented order."""
    end = structure.main_body_end
    template = structure.template
    return {
        "main_body_pages": structure.main_body_pages,
        "main_body_end": {"page": end.page, "fraction": end.fraction} if end is not None else None,
        "main_body_ends_before": structure.main_body_ends_before,
        "references_page": structure.references_page,
        "appendix_page": structure.appendix_page,
        "checklist_page": structure.checklist_page,
        "acknowledgments_page": structure.acknowledgments_page,
        "impact_page": structure.impact_page,
        "anonymous": structure.anonymous,
        "line_numbers": structure.line_numbers,
        "page_size": structure.page_size,
        "columns": structure.columns,
        "title": structure.title,
        "authors": list(structure.authors),
        "notice": structure.notice,
        "template": {"name": str(template.name), "mode": template.mode, "track": template.track,
                     "workshop_title": template.workshop_title, "evidence": list(template.evidence)},
        "headings": [_heading_to_json(heading) for heading in structure.headings],
        "statements": [_statement_to_json(statement) for statement in structure.statements],
        "outline": {"entries": structure.outline_entries, "disagreements": list(structure.outline_disagreements)},
        "references": [_reference_to_json(entry) for entry in structure.references],
    }


_REFERENCE_FIELDS = ("number", "label", "page", "authors", "title", "venue", "year", "arxiv_id", "doi", "url",
                     "verdict")


def _reference_to_json(entry: FoundReference) -> JsonObject:
    data: JsonObject = {name: getattr(entry, name) for name in _REFERENCE_FIELDS}
    return data | {"authors": list(entry.authors), "bbox": box_to_json(entry.bbox)}


def _reference_from_json(data: JsonObject) -> FoundReference:
    return FoundReference(number=int(data["number"]), label=data.get("label"), page=int(data["page"]),
                          bbox=box_from_json(data["bbox"]), authors=tuple(data.get("authors") or ()),
                          title=data.get("title"), venue=data.get("venue"), year=data.get("year"),
                          arxiv_id=data.get("arxiv_id"), doi=data.get("doi"), url=data.get("url"),
                          verdict=data.get("verdict"))


def structure_from_json(data: JsonObject) -> Structure:
    end = data.get("main_body_end")
    template = data["template"]
    return Structure(
        main_body_pages=int(data["main_body_pages"]),
        main_body_end=PagePosition(int(end["page"]), float(end["fraction"])) if end else None,
        main_body_ends_before=data.get("main_body_ends_before"),
        references_page=data.get("references_page"), appendix_page=data.get("appendix_page"),
        checklist_page=data.get("checklist_page"), acknowledgments_page=data.get("acknowledgments_page"),
        impact_page=data.get("impact_page"), anonymous=bool(data["anonymous"]),
        line_numbers=bool(data["line_numbers"]), page_size=data.get("page_size"), columns=int(data["columns"]),
        title=data.get("title"), authors=tuple(data.get("authors") or ()), notice=data.get("notice"),
        template=FoundTemplate(name=TemplateName.parse(str(template["name"])), mode=_mode(template.get("mode")),
                               track=template.get("track"), workshop_title=template.get("workshop_title"),
                               evidence=tuple(template.get("evidence") or ())),
        headings=tuple(_heading_from_json(heading) for heading in data.get("headings") or ()),
        outline_entries=int((data.get("outline") or {}).get("entries") or 0),
        outline_disagreements=tuple((data.get("outline") or {}).get("disagreements") or ()),
        statements=tuple(_statement_from_json(statement) for statement in data.get("statements") or ()),
        references=tuple(_reference_from_json(entry) for entry in data.get("references") or ()))


def _mode(word: str | None) -> TemplateMode | None:
    return None if word is None else member(TEMPLATE_MODES, word)


def submission_to_json(ref: SubmissionRef) -> JsonObject:
    """A file's `submission`: its `id`, `title` and `forum` (null when unknown)."""
    return {"id": ref.id, "title": ref.title, "forum": ref.forum}


def submission_from_json(data: JsonObject) -> SubmissionRef:
    return SubmissionRef(id=data.get("id"), title=data.get("title"), forum=data.get("forum"))


def result_to_json(result: FileResult) -> JsonObject:
    """A file's object in the report's `files` (without `internal_error`: see the module);
    `submission` only when the file belongs to one."""
    data: JsonObject = {"path": result.path}
    if result.submission is not None:
        data["submission"] = submission_to_json(result.submission)
    data |= {"sha256": result.sha256, "status": result.status.value, "pages": result.pages,
                        "structure": structure_to_json(result.structure) if result.structure is not None else None,
                        "findings": [finding_to_json(f) for f in result.findings],
                        "rules_run": list(result.rules_run)}
    if result.track is not None:
        data["track"] = result.track
    if result.truncated is not None:
        data["truncated"] = {"findings_left_out": result.truncated.findings_left_out,
                             "limit_bytes": result.truncated.limit_bytes}
    return data


def result_from_json(data: JsonObject, internal_error: bool = False) -> FileResult:
    """A file's result from its object; `internal_error` travels beside it on the wire."""
    structure = data.get("structure")
    truncated = data.get("truncated")
    submission = data.get("submission")
    return FileResult(
        path=str(data["path"]), sha256=data.get("sha256"), status=FileStatus(data["status"]), pages=data.get("pages"),
        structure=structure_from_json(structure) if structure is not None else None,
        findings=[finding_from_json(f) for f in data.get("findings") or ()], internal_error=internal_error,
        rules_run=tuple(data.get("rules_run") or ()), track=data.get("track"),
        truncated=Truncation(int(truncated["findings_left_out"]), int(truncated["limit_bytes"]))
        if truncated is not None else None,
        submission=submission_from_json(submission) if submission is not None else None)


def report_header_to_json(report: Report) -> JsonObject:
    """The report's object without its `files` (what a streamed output writes first)."""
    header: JsonObject = {"schema": SCHEMA, "venue": report.venue, "track": report.track, "stage": report.stage}
    if report.venue_choice is not None:  # the venue was recognised from the template, not given
        header["venue_choice"] = venue_choice_to_json(report.venue_choice)
    if report.references is not None:
        header["references"] = {"checked": report.references.checked, "source": report.references.source}
    return header | {"page_limits": dict(report.page_limits)}


def venue_choice_to_json(choice: VenueChoice) -> JsonObject:
    """The report's `venue_choice`: how the venue was chosen when none was given."""
    return {"from": "template", "template": str(choice.template), "template_label": choice.template_label,
            "mode": choice.mode, "template_track": choice.template_track, "venue": choice.venue,
            "track": choice.track, "stage": choice.stage, "note": choice.note}


def venue_choice_from_json(data: JsonObject) -> VenueChoice:
    return VenueChoice(venue=str(data["venue"]), track=str(data["track"]), stage=str(data["stage"]),
                       template=TemplateName.parse(str(data["template"])), template_label=str(data["template_label"]),
                       mode=member(TEMPLATE_MODES, data["mode"]), template_track=data.get("template_track"),
                       nearest=data.get("note") == NEAREST_PACK)


def run_status_to_json(status: RunStatus) -> JsonObject:
    """The report's closing `run_status`: whether every file given was checked (a streamed
    output knows it only at the end, so it follows `files`)."""
    return {"state": status.state, "done": status.done, "total": status.total,
            "reason": status.reason if status.partial else None, "summary": status.summary}


def shared_to_json(shared: tuple[SharedText, ...]) -> JsonObject:
    """`shared_hidden_text`: the hidden texts several submissions of the run share (none: no key)."""
    if not shared:
        return {}
    return {"shared_hidden_text": [{"skeleton": s.skeleton, "example": s.example, "files": len(s.paths),
                                    "paths": list(s.paths), "rules": list(s.rules), "note": s.note} for s in shared]}


def report_to_json(report: Report) -> JsonObject:
    """The whole report (docs/report-format.md)."""
    return {**report_header_to_json(report), "files": [result_to_json(result) for result in report.files],
            **shared_to_json(shared_hidden_text(report.files)), "run_status": run_status_to_json(report.completion())}


def to_json(value: Finding | FileResult | Report) -> JsonObject:
    """A finding's, a file's or a run's JSON, as the report writes it."""
    if isinstance(value, Finding):
        return finding_to_json(value)
    if isinstance(value, FileResult):
        return result_to_json(value)
    return report_to_json(value)


def report_from_json(data: JsonObject) -> Report:
    """A report from its object; raises ValueError for another schema."""
    if data.get("schema", SCHEMA) != SCHEMA:
        raise ValueError(f"not an axiomcheck report of schema {SCHEMA}: {data.get('schema')!r}")
    status = data.get("run_status") or {}
    partial = RunStatus(int(status["done"]), int(status["total"]), status.get("reason")) \
        if status.get("state") == "partial" else None
    return Report(venue=str(data["venue"]), track=str(data["track"]), stage=str(data["stage"]),
                  files=[result_from_json(result) for result in data.get("files") or ()],
                  page_limits=dict(data.get("page_limits") or {}),
                  venue_choice=venue_choice_from_json(data["venue_choice"]) if data.get("venue_choice") else None,
                  run_status=partial,
                  references=ReferencesUsed(data["references"].get("source"))
                  if isinstance(data.get("references"), dict) else None)
