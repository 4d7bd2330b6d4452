"""Every fixture PDF gives the structure and the findings its sidecar `<case>.expected.yaml` lists.

The sidecars are the specification: `errors` and `warnings` are the exact sets of rule names
expected at that severity for each check run, and `structure` lists the fields that must be
detected (a subset of the report's structure object).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from axiomcheck.api import check_file
from axiomcheck.codec import structure_to_json
from axiomcheck.report import Structure
from conftest import FIXTURES

CASES = sorted(FIXTURES.glob("*.expected.yaml"))


def _case_id(path: Path) -> str:
    return path.name.removesuffix(".expected.yaml")


def _runs() -> list[tuple[Path, dict]]:
    runs = []
    for sidecar in CASES:
        spec = yaml.safe_load(sidecar.read_text(encoding="utf-8"))
        for run in spec.get("checks", []):
            runs.append((sidecar, run))
    return runs


def _pdf(sidecar: Path) -> Path:
    return sidecar.with_name(_case_id(sidecar) + ".pdf")


def test_fixture_sidecars_exist() -> None:
    assert len(CASES) >= 30, "the fixture suite went missing"
    for sidecar in CASES:
        assert _pdf(sidecar).is_file(), f"{sidecar.name} has no PDF beside it"


@pytest.mark.parametrize("sidecar,run", _runs(),
                         ids=[f"{_case_id(s)}[{r['track']}/{r['stage']}/{r['venue']}]" for s, r in _runs()])
def test_fixture_findings(sidecar: Path, run: dict) -> None:
    report = check_file(str(_pdf(sidecar)), venue=run["venue"], track=run["track"], stage=run["stage"])
    result = report.files[0]
    errors = sorted({f.name for f in result.findings if f.severity == "error"})
    warnings = sorted({f.name for f in result.findings if f.severity == "warning"})
    detail = "\n".join(f"  {f.severity} {f.name}: {f.message}" for f in result.findings)
    assert errors == sorted(set(run.get("errors", []))), f"errors differ:\n{detail}"
    if "warnings" in run:
        assert warnings == sorted(set(run["warnings"])), f"warnings differ:\n{detail}"
    assert result.status == run["status"], detail


def _actual_structure(found: Structure | None) -> dict:
    assert found is not None
    structure = structure_to_json(found)
    actual = dict(structure)
    actual["two_column"] = structure["columns"] == 2
    actual["main_body_end"] = structure["main_body_end"]
    return actual


@pytest.mark.parametrize("sidecar", CASES, ids=_case_id)
def test_fixture_structure(sidecar: Path) -> None:
    spec = yaml.safe_load(sidecar.read_text(encoding="utf-8"))
    expected = spec.get("structure") or {}
    first = (spec.get("checks") or [{}])[0]
    report = check_file(str(_pdf(sidecar)), venue=first.get("venue", "axiom-2026"),
                        track=first.get("track", "paper"), stage=first.get("stage"))
    actual = _actual_structure(report.files[0].structure)
    for key, want in expected.items():
        if key == "template":
            for sub, value in want.items():
                assert actual["template"][sub] == value, f"template.{sub}"
        elif key == "main_body_end":
            assert actual["main_body_end"]["page"] == want["page"], key
        else:
            assert actual[key] == want, key
