"""The venue from the template: which shipped pack, track and stage check a PDF when no venue is
given (`packs.choice`, data in each pack's `chosen_for:`), and how `check` says so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from axiomcheck.cli import main
from axiomcheck.packs import PackError
from axiomcheck.packs.choice import NoVenue, all_entries, choose, choose_for_files, entries
from axiomcheck.codec import to_json
from axiomcheck.model import TemplateName
from axiomcheck.report import FoundTemplate, Report
from conftest import FIXTURES

AXIOM = "AXIOM Foundations of Efficient Deep Learning"


def _template(name: str, mode: str | None, track: str | None = None, title: str | None = None) -> FoundTemplate:
    return FoundTemplate(name=TemplateName.parse(name), mode=mode, track=track, workshop_title=title, evidence=())


@pytest.mark.parametrize("template,venue,track,stage", [
    (_template("neurips-2026", "submission"), "neurips-2026", "main", "submission"),
    (_template("neurips-2026", "final", "main"), "neurips-2026", "main", "camera-ready"),
    (_template("neurips-2026", "final", "position"), "neurips-2026", "position", "camera-ready"),
    (_template("neurips-2026", "final", "eandd"), "neurips-2026", "eandd", "camera-ready"),
    (_template("neurips-2026", "final", "workshop", "AXIOM  foundations of efficient deep learning"),
     "axiom-2026", "paper", "camera-ready"),
    (_template("icml-2026", "submission"), "icml-2026", "main", "submission"),
    (_template("icml-2026", "final", "main"), "icml-2026", "main", "camera-ready"),
    (_template("iclr-2026", "submission"), "iclr-2026", "main", "submission"),
    (_template("iclr-2026", "final"), "iclr-2026", "main", "camera-ready"),
    (_template("acl", "submission"), "acl-arr-2026", "long", "submission"),
    (_template("acl", "final"), "acl-arr-2026", "long", "camera-ready"),
])
def test_each_template_and_mode_has_its_venue(template: FoundTemplate, venue: str, track: str, stage: str) -> None:
    choice = choose(template)
    assert (choice.venue, choice.track, choice.stage) == (venue, track, stage)
    assert to_json(Report(choice.venue, choice.track, choice.stage, venue_choice=choice))["venue_choice"]["note"] == \
        "recognised from the template; pass --venue to choose"


@pytest.mark.parametrize("template,venue,track,stage", [
    (_template("neurips-2025", "submission"), "neurips-2026", "main", "submission"),
    (_template("neurips-2024", "final", "main"), "neurips-2026", "main", "camera-ready"),
    (_template("neurips-2026", "final", "workshop", "Efficient Reasoning Systems"), "neurips-2026", "main",
     "camera-ready"),
    (_template("neurips-2026", "final", "creativeai"), "neurips-2026", "main", "camera-ready"),
    (_template("icml-2026", "final", "workshop"), "icml-2026", "main", "camera-ready"),
    (_template("icml", "submission"), "icml-2026", "main", "submission"),
    (_template("iclr-2027", "submission"), "iclr-2026", "main", "submission"),
    (_template("iclr-2025", "final"), "iclr-2026", "main", "camera-ready"),
])
def test_another_year_edited_style_or_unlisted_track_gets_the_nearest_pack(
        template: FoundTemplate, venue: str, track: str, stage: str) -> None:
    choice = choose(template)
    assert (choice.venue, choice.track, choice.stage) == (venue, track, stage)
    assert choice.note == "the nearest pack to the template's family and mode; pass --venue to choose"


@pytest.mark.parametrize("template,words", [
    (_template("unknown", None), "does not recognise the template"),
    (_template("unknown", "submission"), "does not recognise the template"),
    (_template("neurips-2026", "preprint"), "preprint mode, which is neither a submission nor a camera-ready"),
    (_template("icml", "preprint"), "preprint mode"),
    (_template("neurips", None), "its mode (submission or camera-ready) cannot be told"),
])
def test_a_template_no_pack_serves_says_why_and_lists_the_packs(template: FoundTemplate, words: str) -> None:
    with pytest.raises(NoVenue) as caught:
        choose(template, "paper.pdf")
    message = str(caught.value)
    assert message.startswith("paper.pdf: ") and words in message
    for pack in ("acl-arr-2026", "axiom-2026", "hild-2026", "iclr-2026", "icml-2026", "neurips-2026"):
        assert pack in message


def test_files_checked_together_need_one_venue() -> None:
    submission = _template("neurips-2026", "submission")
    assert choose_for_files([("a.pdf", submission), ("broken.pdf", None)]).venue == "neurips-2026"
    with pytest.raises(NoVenue, match="different venues or stages"):
        choose_for_files([("a.pdf", submission), ("b.pdf", _template("icml-2026", "submission"))])
    with pytest.raises(NoVenue, match="different venues or stages"):
        choose_for_files([("a.pdf", submission), ("b.pdf", _template("neurips-2026", "final", "main"))])
    with pytest.raises(NoVenue, match=r"broken\.pdf could not be read"):
        choose_for_files([("broken.pdf", None)])


def test_no_two_packs_claim_the_same_pdfs() -> None:
    claims = [(e.template, e.mode, e.track, e.workshop_title) for e in all_entries()]
    assert len(claims) == len(set(claims))
    assert {e.venue for e in all_entries()} == {"acl-arr-2026", "axiom-2026", "iclr-2026", "icml-2026", "neurips-2026"}


@pytest.mark.parametrize("entry,words", [
    ("{template: neurips-2026, mode: submission, stage: submission, colour: red}", ["unknown key 'colour'"]),
    ("{template: neurips-2026, mode: review, stage: submission}", ["`mode: review`", "submission, preprint, final"]),
    ("{template: neurips-2026, mode: final, stage: final}", ["`stage: final`", "submission, camera-ready"]),
    ("{template: neurips-2026, mode: final, stage: camera-ready, pack_track: oral}", ["`pack_track: oral`"]),
    ("{mode: final, stage: camera-ready}", ["needs `template:`"]),
])
def test_chosen_for_mistakes_name_file_line_and_fix(tmp_path: Path, entry: str, words: list[str]) -> None:
    pack = tmp_path / "mine.yaml"
    pack.write_text("pack: mine\nstages: {submission: {}, camera-ready: {}}\ntracks:\n  paper: {}\n"
                    f"chosen_for:\n  - {entry}\n", encoding="utf-8")
    with pytest.raises(PackError) as caught:
        entries(str(pack))
    assert caught.value.line == 6 and "Fix:" in str(caught.value)
    for word in words:
        assert word in str(caught.value)


def _check(*args: str) -> Any:
    return CliRunner().invoke(main, ["check", *args])


def test_check_without_venue_names_the_pack_it_chose() -> None:
    result = _check(str(FIXTURES / "neurips2026-main-submission.pdf"))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "axiomcheck: neurips-2026, track main, stage submission"
    assert lines[1].startswith("venue: neurips-2026 (recognised from the template; pass --venue to choose)")
    result = _check(str(FIXTURES / "icml2026-review.pdf"), "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert (report["venue"], report["track"], report["stage"]) == ("icml-2026", "main", "submission")
    assert report["venue_choice"]["from"] == "template" and report["venue_choice"]["template"] == "icml-2026"


def test_batch_without_venue_checks_against_the_venue_the_template_calls_for(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["batch", str(FIXTURES / "icml2026-review.pdf"), "--db", str(tmp_path / "r.db"),
                                       "--progress", "none", "-o", f"json:{tmp_path / 'r.json'}"])
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "r.json").read_text())
    assert (report["venue"], report["track"], report["stage"]) == ("icml-2026", "main", "submission")
    papers = [str(FIXTURES / name) for name in ("icml2026-review.pdf", "neurips2026-main-submission.pdf")]
    mixed = CliRunner().invoke(main, ["batch", *papers, "--db", str(tmp_path / "m.db")])
    assert mixed.exit_code == 2 and "made for different venues" in mixed.output and "Missing option" not in mixed.output


def test_check_without_venue_keeps_a_given_stage() -> None:
    result = _check(str(FIXTURES / "neurips2026-main-final.pdf"), "--stage", "submission", "--format", "json")
    report = json.loads(result.output)
    assert (report["venue"], report["stage"]) == ("neurips-2026", "submission") and result.exit_code == 1


def test_a_venue_given_is_not_recognised() -> None:
    result = _check(str(FIXTURES / "icml2026-review.pdf"), "--venue", "icml-2026", "--format", "json")
    report = json.loads(result.output)
    assert "venue_choice" not in report


def test_a_template_without_pack_is_a_usage_error_listing_the_packs() -> None:
    result = _check(str(FIXTURES / "poster-a1.pdf"))
    assert result.exit_code == 2
    assert "does not recognise the template" in result.output and "neurips-2026" in result.output
    result = _check(str(FIXTURES / "mode-preprint.pdf"))
    assert result.exit_code == 2 and "preprint mode" in result.output and "icml-2026" in result.output


def test_last_years_style_is_checked_by_the_venues_pack_and_told_so() -> None:
    result = _check(str(FIXTURES / "neurips-2025-style.pdf"), "--format", "json")
    report = json.loads(result.output)
    assert result.exit_code == 1 and report["venue"] == "neurips-2026"
    assert report["venue_choice"]["note"].startswith("the nearest pack")
    (finding,) = [f for f in report["files"][0]["findings"] if f["name"] == "template-family"]
    assert "NeurIPS 2025 style" in finding["message"] and "NeurIPS 2026" in finding["message"]
