"""The main-track packs (neurips-2026, icml-2026, iclr-2026, acl-arr-2026): listed with their
sources, and every official template build passes its own venue's pack at its own stage, while
a build whose paper size, text block or mode marker was tampered with fails it. The NeurIPS and
ICML builds are fixtures (their sidecars pin the same); the ICLR and ACL builds are the shared
template corpus, built with the official style files."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
import pikepdf

from axiomcheck.api import check_file
from axiomcheck.cli import main
from axiomcheck.packs import pack_info, resolve
from conftest import FIXTURES, SHARED, shared

TEMPLATES = SHARED / "corpus" / "templates"
NEW_PACKS = {"neurips-2026": ("main", "position", "eandd"), "icml-2026": ("main",), "iclr-2026": ("main",),
             "acl-arr-2026": ("long", "short")}


def _errors(path: Path, venue: str, stage: str, track: str | None = None) -> list[str]:
    result = check_file(str(path), venue, track, stage).files[0]
    return sorted({f.name for f in result.findings if f.severity == "error"})


def test_packs_lists_the_venue_packs_with_their_sources() -> None:
    result = CliRunner().invoke(main, ["packs"])
    assert result.exit_code == 0, result.output
    for venue, tracks in NEW_PACKS.items():
        info = pack_info(venue)
        assert info.source and f"{venue}: {info.name}" in result.output
        assert f"  source: {info.source}" in result.output
        assert tuple(info.tracks) == tracks and info.default_track == tracks[0]
        for track in tracks:
            for stage in ("submission", "camera-ready"):
                assert resolve(venue, track, stage).rules


@pytest.mark.parametrize("venue,track,stage,limit", [
    ("neurips-2026", "main", "submission", 9), ("neurips-2026", "main", "camera-ready", 10),
    ("neurips-2026", "eandd", "camera-ready", 10), ("icml-2026", "main", "submission", 8),
    ("icml-2026", "main", "camera-ready", 9), ("iclr-2026", "main", "submission", 9),
    ("iclr-2026", "main", "camera-ready", 10), ("acl-arr-2026", "long", "submission", 8),
    ("acl-arr-2026", "long", "camera-ready", 9), ("acl-arr-2026", "short", "submission", 4),
    ("acl-arr-2026", "short", "camera-ready", 5),
])
def test_page_limits_per_track_and_stage(venue: str, track: str, stage: str, limit: int) -> None:
    assert resolve(venue, track, stage).main_body_page_limit == limit


def test_what_each_venue_leaves_out_of_the_page_count() -> None:
    assert "impact" in resolve("icml-2026").main_body_excludes
    assert "impact" not in resolve("neurips-2026").main_body_excludes  # NeurIPS exempts no impact section
    assert {"ethics", "reproducibility"} <= set(resolve("iclr-2026").main_body_excludes)
    assert {"limitations", "ethics"} <= set(resolve("acl-arr-2026").main_body_excludes)


def _corpus(name: str) -> Path:
    return shared(TEMPLATES / name, "the shared template corpus")


@pytest.mark.parametrize("name,venue,stage", [
    ("iclr2026-submission.pdf", "iclr-2026", "submission"),
    ("iclr2026-final.pdf", "iclr-2026", "camera-ready"),
    ("acl-final.pdf", "acl-arr-2026", "camera-ready"),
])
def test_official_template_builds_pass_their_own_venue(name: str, venue: str, stage: str) -> None:
    assert _errors(_corpus(name), venue, stage) == []


def test_the_acl_review_build_shows_acknowledgments_which_acl_forbids_in_review_versions() -> None:
    """acl.sty prints an Acknowledgments section in review mode; the *ACL instructions say
    "Review versions must not include acknowledgements": the one error is the venue's rule."""
    assert _errors(_corpus("acl-review.pdf"), "acl-arr-2026", "submission") == ["visible-acknowledgments"]


def test_official_builds_are_checked_at_the_stage_their_mode_shows() -> None:
    for name, stage in (("iclr2026-submission.pdf", "submission"), ("iclr2026-final.pdf", "camera-ready"),
                        ("acl-review.pdf", "submission"), ("acl-final.pdf", "camera-ready")):
        result = CliRunner().invoke(main, ["check", str(_corpus(name)), "--format", "json"])
        assert f'"stage": "{stage}"' in result.output and '"from": "template"' in result.output, result.output


def _tampered(tmp_path: Path, source: Path, edit: str) -> Path:
    """`source` with its pages resized to US Letter or A4, or its running head reworded."""
    out = tmp_path / f"{source.stem}-{edit}.pdf"
    with pikepdf.open(source) as pdf:
        for page in pdf.pages:
            if edit in ("letter", "a4"):
                page.MediaBox = pikepdf.Array([0, 0, 612, 792] if edit == "letter" else [0, 0, 595.28, 841.89])
            else:
                page.contents_coalesce()
                data = page.Contents.read_bytes().replace(b"[(Under)-250(re)25(vie)25(w)", b"[(Published)")
                page.Contents = pdf.make_stream(data)
        pdf.save(out)
    return out


def test_tampered_paper_size_fails(tmp_path: Path) -> None:
    assert "page-size" in _errors(_tampered(tmp_path, _corpus("iclr2026-submission.pdf"), "a4"), "iclr-2026",
                                  "submission")
    assert "page-size" in _errors(_tampered(tmp_path, _corpus("acl-final.pdf"), "letter"), "acl-arr-2026",
                                  "camera-ready")


def test_a_running_head_claiming_publication_fails_a_submission(tmp_path: Path) -> None:
    tampered = _tampered(tmp_path, _corpus("iclr2026-submission.pdf"), "head")
    result = check_file(str(tampered), "iclr-2026", None, "submission").files[0]
    [notice] = [f for f in result.findings if f.name == "template-notice"]
    assert notice.severity == "error"
    assert "running head 'Published as a conference paper at ICLR 2026'" in notice.message


@pytest.mark.parametrize("fixture,venue,stage", [
    ("neurips2026-main-submission", "neurips-2026", "submission"),
    ("neurips2026-main-final", "neurips-2026", "camera-ready"),
    ("icml2026-review", "icml-2026", "submission"),
    ("icml2026-accepted", "icml-2026", "camera-ready"),
])
def test_neurips_and_icml_builds_pass_without_a_venue(fixture: str, venue: str, stage: str) -> None:
    result = CliRunner().invoke(main, ["check", str(FIXTURES / f"{fixture}.pdf")])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].startswith(f"venue: {venue} (recognised from the template")
    assert f"stage {stage}" in result.output.splitlines()[0]


def test_the_axiom_workshop_build_still_passes_axiom() -> None:
    assert _errors(FIXTURES / "neurips-submission-ok.pdf", "axiom-2026", "submission", "paper") == []
    assert _errors(FIXTURES / "camera-ready-ok.pdf", "axiom-2026", "camera-ready", "paper") == []
