"""Shared test setup: paths to the fixtures and to the read-only corpus beside the repo.

Without `../shared` the corpus tests are skipped, each saying what is missing. With it, every
corpus test runs: a part of the corpus a test needs that is not there (`shared`), or a corpus
test left with no paper to run on (an empty parameter set), fails the run instead, so that a
green run beside the corpus means the corpus was checked (`.ci/run` relies on it)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
SHARED = ROOT.parent / "shared"
CORPUS_PAPERS = SHARED / "corpus" / "papers"
CORPUS_HOSTILE = SHARED / "corpus" / "hostile"

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_known import KNOWN_FAILURES  # noqa: E402 - found on the path set just above


CORPUS_FIXTURES = frozenset({"corpus_papers"})
"""Fixtures that hand a test the real-paper corpus: a test that takes one is a corpus test,
marked slow (`pytest -m "slow or not slow"` runs it, as `.ci/run` does)."""


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that reads the paper corpus slow, and the corpus papers a test is known
    to get wrong (tests/corpus_known.py) as strict xfails."""
    for item in items:
        if CORPUS_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
        reason = KNOWN_FAILURES.get(f"{Path(item.nodeid.split('::')[0]).name}::{item.name}")
        if reason is not None:
            item.add_marker(pytest.mark.xfail(strict=True, reason=reason))


def shared(path: Path, what: str) -> Path:
    """`path`, a part of the shared corpus: without `../shared` the test is skipped, naming
    `what`; with it, a missing part fails the test (every corpus test runs where the corpus is)."""
    if path.exists():
        return path
    where = path.relative_to(ROOT.parent) if path.is_relative_to(ROOT.parent) else path
    if SHARED.is_dir():
        pytest.fail(f"{what} ({where}) is missing beside the repository, though ../shared is there")
    pytest.skip(f"{what} (../{where}) is not present")


@pytest.fixture
def corpus_papers() -> Path:
    shared(CORPUS_PAPERS / "manifest.yaml", "the shared paper corpus")
    return CORPUS_PAPERS


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    """Beside the corpus, a test skipped for want of parameters (a corpus list that came out
    empty) is a failure: it would otherwise vanish from a green run."""
    outcome = yield
    report = outcome.get_result()
    if SHARED.is_dir() and report.skipped and "got empty parameter set" in str(report.longrepr):
        report.outcome = "failed"
        report.longrepr = f"{item.nodeid}: no corpus entry to run on, though ../shared is there"
