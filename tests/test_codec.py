"""The one JSON codec: what a check finds reads back as the same typed result, the report's
JSON keeps its documented shape, and every boundary (worker replies, the store, the web page)
goes through it."""

from __future__ import annotations

import json

import pytest

from axiomcheck.codec import (finding_from_json, finding_to_json, report_from_json, report_to_json, result_from_json,
                              result_to_json, structure_from_json, structure_to_json)
from axiomcheck.model import BBox, Confidence, Place, Region, RegionKind, Severity
from axiomcheck.packs import resolve
from axiomcheck.report import Finding, Report
from axiomcheck.api import check_path
from axiomcheck.execution import page_limits
from conftest import FIXTURES


@pytest.fixture(scope="module")
def checked() -> Report:
    pack = resolve("axiom-2026", "paper", "submission")
    return Report(venue=pack.venue, track=pack.track, stage=pack.stage, page_limits=page_limits(pack),
                  files=[check_path(str(FIXTURES / name), pack) for name in ("over-limit.pdf", "email-in-body.pdf")])


def test_a_checked_report_reads_back_as_the_same_typed_report(checked: Report) -> None:
    data = json.loads(json.dumps(report_to_json(checked)))
    again = report_from_json(data)
    assert again == checked
    assert report_to_json(again) == data
    limit = next(f for f in again.files[0].findings if f.name == "page-limit")
    assert limit.severity is Severity.ERROR and limit.confidence is Confidence.HIGH
    assert isinstance(limit.bbox, BBox) and {r.kind for r in limit.regions} == {RegionKind.SHADE, RegionKind.LIMIT}
    assert again.page_limits == {"paper": 4} and again.files[0].structure is not None


def test_the_structure_keeps_its_documented_keys_and_order(checked: Report) -> None:
    structure = checked.files[0].structure
    assert structure is not None
    data = structure_to_json(structure)
    assert list(data) == ["main_body_pages", "main_body_end", "main_body_ends_before", "references_page",
                          "appendix_page", "checklist_page", "acknowledgments_page", "impact_page", "anonymous",
                          "line_numbers", "page_size", "columns", "title", "authors", "notice", "template", "headings",
                          "statements", "outline", "references"]
    assert structure_from_json(data) == structure
    assert structure.main_body_length == round(data["main_body_end"]["page"] - 1 + data["main_body_end"]["fraction"], 2)


def test_optional_members_appear_only_when_they_say_something() -> None:
    plain = Finding(rule="AX302", name="email-address", severity=Severity.WARNING, message="m", hint="h")
    assert list(finding_to_json(plain)) == ["rule", "name", "severity", "message", "hint", "page", "bbox", "evidence",
                                            "confidence"]
    rich = Finding(rule="AX101", name="page-limit", severity=Severity.ERROR, message="m", hint="h", page=5,
                   bbox=BBox(1.0, 2.0, 3.0, 4.0), confidence=Confidence.HEURISTIC, waiver="ok (chairs)",
                   regions=(Region(5, BBox(0.0, 1.0, 2.0, 3.0), RegionKind.LIMIT),), count=3,
                   places=(Place(5, BBox(1.0, 2.0, 3.0, 4.0)), Place(6, None)), omitted=0)
    data = finding_to_json(rich)
    assert data["regions"] == [{"page": 5, "bbox": [0.0, 1.0, 2.0, 3.0], "kind": "limit"}]
    assert data["places"] == [{"page": 5, "bbox": [1.0, 2.0, 3.0, 4.0]}, {"page": 6, "bbox": None}]
    assert data["count"] == 3 and "omitted" not in data and data["confidence"] == "heuristic"
    assert finding_from_json(json.loads(json.dumps(data))) == rich


def test_internal_errors_travel_beside_the_report_not_in_it(checked: Report) -> None:
    data = result_to_json(checked.files[0])
    assert "internal_error" not in data
    assert result_from_json(data, internal_error=True).internal_error


def test_a_report_of_another_schema_is_refused() -> None:
    with pytest.raises(ValueError, match="schema"):
        report_from_json({"schema": "something/2", "venue": "v", "track": "t", "stage": "s", "files": []})


def test_severities_read_as_the_reports_words() -> None:
    assert f"{Severity.WARNING:<8}|" == "warning |" and str(Confidence.HEURISTIC) == "heuristic"
    assert json.dumps([Severity.INFO, RegionKind.SHADE]) == '["info", "shade"]'
    assert sorted(Severity, key=lambda s: s.rank) == [Severity.ERROR, Severity.WARNING, Severity.INFO]
