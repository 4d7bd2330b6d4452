"""Every file of ../shared/corpus/hostile/ through the real command line, as one batch.

Each file must get a verdict within the default limits, the run must not report an internal
error, and nothing may reach standard error: no traceback, no library noise. A file that is
damaged must not pass with no pages or no text. SOURCES.tsv says what each file is; a few
categories have a verdict they must get.
"""

from __future__ import annotations

import csv
import json
import resource
import subprocess
import sys

import pytest

from conftest import CORPUS_HOSTILE, shared

BATCH_CPU_SECONDS = 170
"""Processor time (the command and its workers) for the whole corpus: the test suite allows
about three minutes. Processor time, so that a busy machine cannot fail the test."""
HANG_SECONDS = 900
"""Wall-clock time after which the run counts as hung."""
MUST = {"not_pdf": {"AX900"}, "zero_pages": {"AX902", "AX904"}, "encrypted_userpw": {"AX901", "AX900"}}
"""Categories whose files must get one of these verdicts (an encrypted file whose pages open
but whose attachments or objects need the password is AX901/AX900 in the rules that read them)."""


@pytest.fixture(scope="module")
def hostile_run():
    shared(CORPUS_HOSTILE / "SOURCES.tsv", "the shared hostile corpus")
    with open(CORPUS_HOSTILE / "SOURCES.tsv", encoding="utf-8") as handle:
        sources = {row["file"]: row for row in csv.DictReader(handle, delimiter="\t")}
    paths = [str(CORPUS_HOSTILE / name) for name in sorted(sources)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "axiomcheck", "check", *paths, "--venue", "axiom-2026",
                           "--format", "json", "--jobs", "2"],
                          capture_output=True, text=True, timeout=HANG_SECONDS)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return sources, paths, done, cpu


@pytest.mark.slow
def test_every_hostile_file_gets_a_verdict_quietly(hostile_run) -> None:
    sources, paths, done, seconds = hostile_run
    assert done.stderr == "", done.stderr[-2000:]
    assert done.returncode in (0, 1), f"exit {done.returncode}: an internal error or a crash"
    report = json.loads(done.stdout)
    assert [f["path"] for f in report["files"]] == paths
    for result in report["files"]:
        name = result["path"].rsplit("/", 1)[-1]
        assert result["status"] in ("pass", "fail", "error"), name
        assert not any(f["rule"] in ("AX990", "AX999") for f in result["findings"]), (name, result["findings"])
        if result["status"] == "error":
            assert any(f["rule"].startswith("AX9") and f["message"] for f in result["findings"]), name
        if result["status"] == "pass":
            assert result["pages"] and result["structure"], f"{name} passed with no pages or no text"
    assert seconds < BATCH_CPU_SECONDS


@pytest.mark.slow
def test_a_damaged_files_report_is_the_same_in_a_second_run(hostile_run) -> None:
    """Messages quote object numbers, never memory addresses: a second run over every file
    that got a verdict (or a note of what was skipped) reports exactly the same."""
    _, _, done, _ = hostile_run
    first = {r["path"]: r for r in json.loads(done.stdout)["files"]
             if any(f["rule"].startswith("AX9") for f in r["findings"])}
    again = subprocess.run([sys.executable, "-m", "axiomcheck", "check", *first, "--venue", "axiom-2026",
                            "--format", "json", "--jobs", "2"], capture_output=True, text=True, timeout=HANG_SECONDS)
    second = {r["path"]: r for r in json.loads(again.stdout)["files"]}
    changed = [path for path in first if first[path] != second[path]]
    assert not changed, [(first[p]["findings"], second[p]["findings"]) for p in changed[:3]]


@pytest.mark.slow
def test_hostile_categories_get_their_verdicts(hostile_run) -> None:
    sources, paths, done, _ = hostile_run
    for result in json.loads(done.stdout)["files"]:
        name = result["path"].rsplit("/", 1)[-1]
        wanted = MUST.get(sources[name]["category"])
        if wanted:
            assert wanted & {f["rule"] for f in result["findings"]}, (name, result["findings"])
        if sources[name]["category"] == "baseline":
            assert result["status"] != "error" or name == "pdfjs__empty.pdf", (name, result["findings"])
