"""Every error the shipped packs give on the real corpus is recorded and reviewed.

tests/ledger/papers.yaml holds one row per error (and integrity, leftover or reference warning,
AX4xx, AX6xx and AX7xx) of each corpus paper checked with its own venue's pack and with
axiom-2026 at the stage its mode calls for (tests/ledger/runs.py), each with why it is true,
written after looking at its evidence picture. A run that gives an error no row records, or
no longer gives one a row records, fails here: a new error is either a bug to fix (a false
error is never recorded) or a true one to review and add (`python tests/ledger/draft.py
PAPER...` prints its row to complete).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ledger.runs import FIELDS, key_of, ledger_rows, run_findings
from test_corpus_structure import corpus_entries, corpus_params


def test_ledger_rows_are_complete_and_sorted() -> None:
    rows = ledger_rows()
    incomplete = [row for row in rows if set(row) != set(FIELDS) or not all(str(row[f]).strip() for f in FIELDS
                                                                             if f != "page")]
    assert incomplete == []
    keys = [key_of(row) for row in rows]
    assert keys == sorted(keys, key=lambda k: (k.paper, k.run, k.rule, k.page or 0))
    papers = {entry["id"] for entry in corpus_entries()}
    assert not papers or {key.paper for key in keys} <= papers


@pytest.mark.slow
@pytest.mark.parametrize("entry", corpus_params())
def test_errors_match_the_ledger(entry: dict[str, Any], corpus_papers: Path) -> None:
    found = Counter(key for key, _ in run_findings(corpus_papers / entry["file"], entry))
    recorded = Counter(key_of(row) for row in ledger_rows() if row["paper"] == entry["id"])
    unrecorded = found - recorded
    lost = recorded - found
    assert not unrecorded and not lost, (
        f"{entry['id']}: errors not in the ledger: {sorted(map(str, unrecorded.elements()))}; "
        f"ledger errors no longer given: {sorted(map(str, lost.elements()))}")
