"""Every real corpus paper against its own venue (tests/corpus_venues.py says which pack, track
and stage), and the venue `check` chooses from each paper's template against the same answer.

What each paper really violates is reviewed on its evidence picture (bench/venue_corpus.py
prints the table); here every paper must be checked to a verdict without a crashed rule, and
the template recognised in it must lead `check` without --venue to the pack of the venue it was
made for, or to a clear refusal when no pack serves that template.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
import yaml

from axiomcheck.api import check_file
from axiomcheck.packs.choice import CHECKED_MODES, NoVenue, choose
from axiomcheck.report import FileResult
from conftest import CORPUS_PAPERS, shared
from corpus_venues import FALLBACK, venue_of
from test_corpus_structure import corpus_entries

pytestmark = pytest.mark.slow
ENTRIES = corpus_entries()


@cache
def _checked(paper: str) -> FileResult:
    entry = next(e for e in ENTRIES if e["id"] == paper)
    venue, track, stage = venue_of(entry)
    return check_file(str(CORPUS_PAPERS / entry["file"]), venue, track, stage).files[0]


def test_the_corpus_is_mapped_to_every_shipped_venue() -> None:
    shared(CORPUS_PAPERS / "manifest.yaml", "the shared paper corpus")
    manifest = yaml.safe_load((CORPUS_PAPERS / "manifest.yaml").read_text(encoding="utf-8"))
    assert len(ENTRIES) == manifest["meta"]["n_pdfs"]
    venues = {venue_of(entry)[0] for entry in ENTRIES}
    assert venues == {"neurips-2026", "icml-2026", "iclr-2026", "acl-arr-2026", FALLBACK}


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_each_paper_gets_a_verdict_from_its_own_venue(entry: dict[str, Any]) -> None:
    result = _checked(entry["id"])
    crashed = [f.message for f in result.findings if f.name == "rule-crashed"]
    assert not result.internal_error and not crashed, crashed
    assert result.status in ("pass", "fail")
    assert result.structure is not None and result.rules_run


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_the_template_leads_to_the_venue_the_paper_was_made_for(entry: dict[str, Any]) -> None:
    """A template a pack serves chooses that pack at the stage of the paper's mode, and so does
    another year's or an edited style of its family (the nearest pack); a template of no shipped
    family, or a mode that is neither a submission nor a camera-ready, is refused with the list of
    packs. A paper made for something else (a workshop, a course) is held to what its page
    claims: a workshop submission prints the main track's notice, a student project (h10) a
    main-track camera-ready notice."""
    template = _checked(entry["id"]).structure.template
    venue, _, stage = venue_of(entry)
    try:
        choice = choose(template, entry["id"])
    except NoVenue as refused:
        assert "pass --venue with one of: acl-arr-2026" in str(refused)
        assert template.name == "unknown" or template.mode not in CHECKED_MODES, str(refused)
        return
    if venue == FALLBACK:
        assert choice.stage == {"submission": "submission", "final": "camera-ready"}[str(template.mode)]
        return
    assert (choice.venue, choice.stage) == (venue, stage)
