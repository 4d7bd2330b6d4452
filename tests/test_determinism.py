"""A file's result does not depend on the batch: alone, in any order, with one or two workers.

Each file is first checked alone (a fresh worker per file, as `axiomcheck check FILE` gets); then the
whole set in three seeded shuffled orders, each with one and with two workers. Every result's
JSON must equal the file's result alone (reports carry no timing fields to set aside). One test
uses the regression files and a few fixtures; one adds the real papers; one checks every
hostile file alone and then after all the others in one worker, forwards and backwards, so
that no state a worker keeps from one file to the next (a parser's cache, a library's
settings) can change a verdict.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from conftest import CORPUS_HOSTILE, CORPUS_PAPERS, FIXTURES, SHARED, shared
from axiomcheck.execution import WorkerPool
from axiomcheck.execution import FileTask
from axiomcheck.packs import resolve
from axiomcheck.codec import to_json
from axiomcheck.limits import Limits

REGRESSIONS = SHARED / "corpus" / "regressions"
FEW_FIXTURES = ("wide-text-block.pdf", "white-text.pdf", "metadata-xmp-author.pdf", "type3-font.pdf")
"""Fixtures that render pages (background), read XMP and fonts: what state could leak through."""
SLOW_REGRESSION = "xmp-flood-1m-names.pdf"
"""Several seconds per check: the slow test takes it, the fast one leaves it out."""


def _alone(pack, paths: list[str]) -> dict[str, dict]:
    """Each file's result in a worker of its own (a fresh fork per file, as one run per file
    gets; two at a time)."""
    with WorkerPool(pack, jobs=2, max_files_per_worker=1) as pool:
        results = pool.check([FileTask(p) for p in paths])
        return {path: to_json(result) for path, result in zip(paths, results, strict=True)}


def _assert_order_free(paths: list[str]) -> None:
    pack = resolve("axiom-2026", "paper")
    alone = _alone(pack, paths)
    rng = random.Random(20261201)
    for order in range(3):
        shuffled = paths[:]
        rng.shuffle(shuffled)
        for jobs in (1, 2):
            with WorkerPool(pack, jobs=jobs) as pool:
                for path, result in zip(shuffled, pool.check([FileTask(p) for p in shuffled]), strict=True):
                    assert to_json(result) == alone[path], (f"{Path(path).name} differs in order {order} "
                                                             f"with -j {jobs} from its check alone")


def _regressions(with_slow: bool) -> list[str]:
    shared(REGRESSIONS / "README.md", "the shared regression files")
    return sorted(str(p) for p in REGRESSIONS.glob("*.pdf") if with_slow or p.name != SLOW_REGRESSION)


@pytest.mark.slow
def test_regression_files_and_fixtures_give_the_same_result_in_any_order() -> None:
    _assert_order_free(_regressions(with_slow=False) + [str(FIXTURES / name) for name in FEW_FIXTURES])


@pytest.mark.slow
def test_the_corpus_gives_the_same_result_in_any_order() -> None:
    shared(CORPUS_PAPERS / "manifest.yaml", "the shared paper corpus")
    papers = sorted(str(p) for p in CORPUS_PAPERS.rglob("*.pdf"))
    _assert_order_free(papers + _regressions(with_slow=True))


TIMED = ("Too slow", "Out of time on a busy machine")
"""Verdicts of time, which a loaded machine may decide either way: left out of the comparison."""


@pytest.mark.slow
def test_every_hostile_file_gets_its_result_alone_and_after_every_other() -> None:
    shared(CORPUS_HOSTILE / "SOURCES.tsv", "the shared hostile corpus")
    paths = sorted(str(p) for p in CORPUS_HOSTILE.iterdir() if p.is_file() and p.name != "SOURCES.tsv")
    pack = resolve("axiom-2026", "paper")
    limits = Limits(timeout=120.0)
    with WorkerPool(pack, limits, jobs=2, max_files_per_worker=1) as pool:
        alone = {path: to_json(result)
                 for path, result in zip(paths, pool.check([FileTask(p) for p in paths]), strict=True)}
    differ = []
    for order in (paths, paths[::-1]):
        with WorkerPool(pack, limits, jobs=1) as pool:
            for path, result in zip(order, pool.check([FileTask(p) for p in order]), strict=True):
                seen = to_json(result)
                if seen != alone[path] and not any(t in str(seen) + str(alone[path]) for t in TIMED):
                    differ.append(Path(path).name)
    assert differ == [], f"results that depend on the files checked before them: {differ}"
