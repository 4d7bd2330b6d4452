"""The table of known corpus misses names real tests and real papers (tests/corpus_known.py)."""

from __future__ import annotations

import re
from pathlib import Path

from corpus_known import KNOWN_FAILURES
from test_corpus_structure import corpus_entries

KEY_RE = re.compile(r"^(test_\w+\.py)::(test_\w+)\[(\w+)\]$")


def test_every_known_failure_names_a_test_function_and_a_paper() -> None:
    tests = Path(__file__).resolve().parent
    papers = {entry["id"] for entry in corpus_entries()}
    for key, reason in KNOWN_FAILURES.items():
        match = KEY_RE.match(key)
        assert match is not None, f"{key}: not test_file.py::test_name[paper]"
        source = tests / match.group(1)
        assert source.is_file(), f"{key}: no such test file"
        assert f"def {match.group(2)}(" in source.read_text(encoding="utf-8"), f"{key}: no such test"
        assert not papers or match.group(3) in papers, f"{key}: no such corpus paper"
        assert len(reason.split()) >= 5, f"{key}: say what is wrong and why"
