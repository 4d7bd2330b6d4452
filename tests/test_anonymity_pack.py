"""The anonymity rules in the AXIOM pack (stages, poster track, overridable options) and their
documentation (`axiomcheck rules explain`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from axiomcheck.docs import explain_text
from axiomcheck.packs import resolve
from axiomcheck.rules import REGISTRY

SUBMISSION = ("anonymous-author-block", "email-address", "personal-identifier", "metadata-identity",
              "embedded-path", "visible-acknowledgments", "identifying-link", "self-reference", "known-author",
              "named-institution")
CAMERA_READY = ("camera-ready-anonymous", "leftover-anonymization")


def anonymity_rules(track: str, stage: str, venue: str = "axiom-2026") -> set[str]:
    return {c.rule.name for c in resolve(venue, track, stage).rules if c.rule.group == "anonymity"}


@pytest.mark.parametrize("track", ["paper", "grand-challenge"])
def test_double_blind_tracks_run_the_submission_and_camera_ready_rules(track: str) -> None:
    assert anonymity_rules(track, "submission") == set(SUBMISSION)
    assert anonymity_rules(track, "camera-ready") == set(CAMERA_READY)


def test_the_poster_track_runs_no_anonymity_rule() -> None:
    assert anonymity_rules("poster", "submission") == anonymity_rules("poster", "camera-ready") == set()


def test_rule_ids_and_confidence() -> None:
    ids = {r.name: r.id for r in REGISTRY.values() if r.group == "anonymity"}
    assert sorted(ids.values()) == [f"AX3{n:02d}" for n in range(1, 13)]
    assert REGISTRY["self-reference"].confidence == REGISTRY["named-institution"].confidence == "heuristic"


def test_a_pack_can_change_the_link_lists(tmp_path: Path) -> None:
    pack = tmp_path / "mine.yaml"
    pack.write_text("pack: mine\nextends: axiom-2026\nrules:\n  identifying-link:\n"
                    "    public_accounts: [my-lab]\n    check_references: true\n")
    [configured] = [c for c in resolve(str(pack), "paper", "submission").rules if c.rule.name == "identifying-link"]
    assert configured.options.public_accounts == ("my-lab",) and configured.options.check_references is True


@pytest.mark.parametrize("rule, advice", [
    ("AX301", "dblblindworkshop"), ("AX302", "\\thanks{}"), ("AX303", "orcidlink"),
    ("AX304", "\\hypersetup{pdfauthor={}"), ("AX305", "\\pdfsuppressptexinfo=-1"), ("AX306", "\\begin{ack}"),
    ("AX307", "anonymous.4open.science"), ("AX308", "Doe et al. [12]"), ("AX309", "Doe et al. [3]"),
    ("AX310", "dblblindworkshop,final"), ("AX311", "\\cite{doe2026}"),
])
def test_explain_tells_how_to_fix(rule: str, advice: str) -> None:
    fix = explain_text(rule).split("How to fix:")[1]
    assert advice in fix
