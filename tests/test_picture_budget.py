"""Pictures never cost a verdict: a worker sends a file's findings before it draws their
pictures, the pictures have a time and memory budget of their own, and a picture that cannot
be drawn (the drawing overran, ran out of memory, its folder cannot take the file) is a note
on its finding. The findings and the file's status are those of a check without pictures.
Misbehaviour is planted by monkeypatching before the workers are forked from this process."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

import pytest

from axiomcheck.execution import FileTask, WorkerPool
from axiomcheck.limits import Limits
from axiomcheck.packs import resolve
from axiomcheck.report import FileResult
from axiomcheck.reporters import evidence
from axiomcheck.reporters.picture_notes import wants_picture
from conftest import FIXTURES

PAPER = str(FIXTURES / "a4-paper.pdf")
PACK = ("axiom-2026", "paper", "submission")


def checked(folder: Path | None, timeout: float = 60.0) -> FileResult:
    with WorkerPool(resolve(*PACK), Limits(timeout=timeout), 1) as pool:
        return next(iter(pool.check([FileTask(PAPER, evidence_dir=str(folder) if folder else None)])))


def same_findings(left: FileResult, right: FileResult) -> bool:
    def key(result: FileResult) -> list[tuple[str, int | None, str]]:
        return [(f.rule, f.page, f.message) for f in result.findings]
    return left.status == right.status and key(left) == key(right)


@pytest.fixture(scope="module")
def plain() -> FileResult:
    result = checked(None)
    assert any(wants_picture(f) for f in result.findings)
    return result


def test_pictures_are_drawn_and_named(plain: FileResult, tmp_path: Path) -> None:
    result = checked(tmp_path)
    assert same_findings(result, plain)
    drawn = [f for f in result.findings if wants_picture(f)]
    assert drawn and all(f.evidence_image and Path(f.evidence_image).is_file() and f.picture_note is None
                         for f in drawn)


def test_pictures_past_their_time_keep_the_findings(plain: FileResult, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def endless(result: FileResult, folder: str) -> FileResult:
        time.sleep(3600)
        return result

    monkeypatch.setattr(evidence, "with_evidence", endless)
    result = checked(tmp_path, timeout=8.0)  # the check itself ends well within it, even on a loaded machine
    assert same_findings(result, plain)
    notes = [f.picture_note for f in result.findings if wants_picture(f)]
    assert notes and all(note and note.startswith(("too slow", "out of time on a busy machine"))
                         and "while drawing the pictures" in note for note in notes), notes
    assert not result.internal_error


def test_a_drawing_that_fails_is_a_note_not_a_verdict(plain: FileResult, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(result: FileResult, folder: str) -> FileResult:
        raise MemoryError("planted")

    monkeypatch.setattr(evidence, "with_evidence", failing)
    result = checked(tmp_path)
    assert same_findings(result, plain)
    assert all("MemoryError" in (f.picture_note or "") for f in result.findings if wants_picture(f))


def test_a_picture_its_folder_cannot_take_is_a_note_on_its_finding(plain: FileResult, tmp_path: Path) -> None:
    first = checked(tmp_path / "first")
    blocked = tmp_path / "blocked"
    for finding in first.findings:
        if finding.evidence_image:  # a folder where the picture would go: writing it fails
            (blocked / Path(finding.evidence_image).name).mkdir(parents=True)
    result = checked(blocked)
    assert same_findings(result, plain)
    notes = [f.picture_note for f in result.findings if wants_picture(f)]
    assert notes and all(note and "could not be written" in note for note in notes), notes


def test_a_finding_the_report_leaves_out_leaves_no_picture(plain: FileResult, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from axiomcheck.execution import worker

    def cut_the_last(result: FileResult) -> FileResult:  # as the report's size cap does with the last findings
        return dataclasses.replace(result, findings=result.findings[:-1])

    monkeypatch.setattr(worker, "cap_report", cut_the_last)
    result = checked(tmp_path)
    pictures = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pictures == sorted(Path(f.evidence_image).name for f in result.findings if f.evidence_image)
    assert len(result.findings) == len(plain.findings) - 1
