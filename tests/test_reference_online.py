"""The online look-up against a stand-in for OpenAlex, Crossref and arXiv on 127.0.0.1 (the
live services were not used): the same verdicts as the local index, a polite client (contact
e-mail, answers kept, 429 waited out, pace kept across processes), and no network as one clear
line and `unchecked`, never a crash."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from axiomcheck.analysis.paper import open_document
from axiomcheck.model import Bibliography, ReferenceCheck, Verdict
from axiomcheck.references import Endpoints, ReferenceSettings
from axiomcheck.references.run import look_up
from axiomcheck.references.store import ReferenceIndex
from conftest import FIXTURES
from referenceserver import Behaviour, reference_server

FABRICATED = FIXTURES / "references-fabricated.pdf"
CONTACT = "organizers@example.org"


@pytest.fixture(scope="module")
def bibliography() -> Bibliography:
    with open_document(str(FABRICATED)) as doc:
        return doc.bibliography


def _settings(base: str, cache: Path, timeout: float = 5.0) -> ReferenceSettings:
    return ReferenceSettings(online=True, contact=CONTACT, cache=str(cache), timeout=timeout,
                             endpoints=Endpoints(f"{base}/openalex", f"{base}/crossref", f"{base}/arxiv"))


def _verdicts(check: ReferenceCheck) -> list[str]:
    return [lookup.verdict.value for lookup in check.lookups]


def test_online_answers_give_the_verdicts_the_index_gives(bibliography: Bibliography, tmp_path: Path) -> None:
    behaviour = Behaviour()
    with reference_server(behaviour) as base:
        check = look_up(bibliography, _settings(base, tmp_path / "cache.sqlite"), 30)
    assert check.source == "OpenAlex, Crossref and arXiv"
    assert _verdicts(check) == ["found"] * 6 + ["not found", "mismatch", "found"]
    assert check.lookups[7].reason.startswith("its arXiv id 1706.03762 names another work, 'Attention Is All You Need'")
    assert check.lookups[1].work is not None and check.lookups[1].work.source.startswith("crossref")
    assert all(f"mailto:{CONTACT}" in agent and agent.startswith("axiomcheck/") for agent in behaviour.agents)
    assert all(f"mailto={CONTACT.replace('@', '%40')}" in request for request in behaviour.requests
               if not request.startswith("/arxiv"))
    assert sum(request.startswith("/arxiv/api/query") for request in behaviour.requests) == 1  # every id at once


def test_answers_are_kept_in_the_sqlite_file(bibliography: Bibliography, tmp_path: Path) -> None:
    behaviour = Behaviour()
    with reference_server(behaviour) as base:
        first = look_up(bibliography, _settings(base, tmp_path / "cache.sqlite"), 30)
        asked = len(behaviour.requests)
        again = look_up(bibliography, _settings(base, tmp_path / "cache.sqlite"), 30)
    assert asked > 0 and len(behaviour.requests) == asked
    assert _verdicts(again) == _verdicts(first)


def test_a_busy_service_is_asked_again_when_it_says(bibliography: Bibliography, tmp_path: Path) -> None:
    behaviour = Behaviour(busy_first=2)
    with reference_server(behaviour) as base:
        check = look_up(bibliography, _settings(base, tmp_path / "cache.sqlite"), 30)
    assert _verdicts(check) == ["found"] * 6 + ["not found", "mismatch", "found"]


def test_a_service_that_keeps_failing_leaves_the_entries_unchecked(
        bibliography: Bibliography, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("axiomcheck.references.client.LONGEST_WAIT", 0.0)  # no back-off between tries
    with reference_server(Behaviour(failing=True)) as base:
        check = look_up(bibliography, _settings(base, tmp_path / "cache.sqlite"), 30)
    assert set(_verdicts(check)) == {"unchecked"}
    assert check.lookups[0].reason == "127.0.0.1 could not be reached (it answered HTTP 503)"


def test_no_network_is_one_clear_reason(bibliography: Bibliography, tmp_path: Path) -> None:
    with reference_server(Behaviour()) as base:
        closed = base  # the port is closed once the server is gone
    started = time.monotonic()
    check = look_up(bibliography, _settings(closed, tmp_path / "cache.sqlite"), 30)
    assert time.monotonic() - started < 10
    assert {lookup.verdict for lookup in check.lookups} == {Verdict.UNCHECKED}
    assert check.lookups[0].reason == "127.0.0.1 could not be reached (Connection refused)"


def test_a_slow_service_times_out(bibliography: Bibliography, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("axiomcheck.references.client.LONGEST_WAIT", 0.0)  # no back-off between tries
    with reference_server(Behaviour(delay=1.0)) as base:
        check = look_up(bibliography, _settings(base, tmp_path / "cache.sqlite", timeout=0.2), 30)
    assert set(_verdicts(check)) == {"unchecked"}
    assert check.lookups[0].reason == "127.0.0.1 could not be reached (timed out)"


def test_the_pace_is_kept_across_processes_sharing_the_file(tmp_path: Path) -> None:
    database = tmp_path / "cache.sqlite"
    with ReferenceIndex(database, create=True) as first, ReferenceIndex(database) as second:
        waits = [first.reserve_slot("api.openalex.org", 0.5), second.reserve_slot("api.openalex.org", 0.5),
                 first.reserve_slot("export.arxiv.org", 3.0)]
    assert waits[0] == pytest.approx(0.0, abs=0.05)
    assert waits[1] == pytest.approx(0.5, abs=0.05)
    assert waits[2] == pytest.approx(0.0, abs=0.05)


def test_check_online_without_a_network_says_so_in_one_line_and_does_not_fail(tmp_path: Path) -> None:
    with reference_server(Behaviour()) as base:
        closed = base
    environment = dict(os.environ, AXIOMCHECK_OPENALEX_URL=f"{closed}/openalex",
                       AXIOMCHECK_CROSSREF_URL=f"{closed}/crossref", AXIOMCHECK_ARXIV_URL=f"{closed}/arxiv",
                       XDG_CACHE_HOME=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-m", "axiomcheck", "check", str(FABRICATED), "--isolated", "--venue",
                           "axiom-2026", "--references", "online", "--contact-email", CONTACT, "--format", "json"],
                          capture_output=True, text=True, timeout=300, env=environment)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["references"] == {"checked": True, "source": "OpenAlex, Crossref and arXiv (online)"}
    findings = report["files"][0]["findings"]
    [unchecked] = [f for f in findings if f["rule"] == "AX708"]
    assert unchecked["message"] == ("9 of 9 references were not checked: 127.0.0.1 could not be reached "
                                    "(Connection refused).")
    assert not [f for f in findings if f["rule"] in ("AX706", "AX707")]
    assert (tmp_path / "cache" / "axiomcheck" / "references.sqlite").is_file()
