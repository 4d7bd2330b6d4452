"""`axiomcheck batch` and `axiomcheck report`: folders and globs, the results store (skip what
is known, --force, a changed pack re-checks), outputs from the store, manifests, waivers."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from axiomcheck.batch.plan import settings_key
from axiomcheck.batch.store import SCHEMA_VERSION, Store, StoreError
from axiomcheck.cli import main
from axiomcheck.limits import DEFAULT_LIMITS
from batchutil import distinct_pdfs, query


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def papers(tmp_path: Path) -> Path:
    distinct_pdfs(tmp_path / "papers" / "a", 3)
    distinct_pdfs(tmp_path / "papers" / "b", 2, ("over-limit.pdf",))
    (tmp_path / "papers" / "notes.txt").write_text("not a paper")
    return tmp_path / "papers"


def batch(tmp_path: Path, *args: str):
    return run("batch", *args, "--venue", "axiom-2026", "--db", str(tmp_path / "r.sqlite"), "-j", "2",
               "--progress", "none")


def test_folder_run_then_rerun_skips_everything_and_report_renders_the_same(tmp_path: Path, papers: Path) -> None:
    first = batch(tmp_path, str(papers), "-o", f"json:{tmp_path / 'one.json'}", "-o", f"csv:{tmp_path / 'one.csv'}")
    assert first.exit_code == 1, first.output
    assert "5 checked, 0 known" in first.output
    files = json.loads((tmp_path / "one.json").read_text())["files"]
    assert [(Path(f["path"]).parent.name, Path(f["path"]).name, f["status"]) for f in files] == [
        ("a", "000-refs-midpage.pdf", "pass"), ("a", "001-over-limit.pdf", "fail"),
        ("a", "002-email-in-body.pdf", "pass"), ("b", "000-over-limit.pdf", "fail"),
        ("b", "001-over-limit.pdf", "fail")]
    second = batch(tmp_path, str(papers), "-o", f"json:{tmp_path / 'two.json'}")
    assert "0 checked, 5 known from the store" in second.output
    one, two = (json.loads((tmp_path / n).read_text()) for n in ("one.json", "two.json"))
    assert one == two
    rendered = run("report", "--db", str(tmp_path / "r.sqlite"), "--format", "json")
    assert json.loads(rendered.output) == one and rendered.exit_code == 1
    assert query(tmp_path / "r.sqlite", "SELECT COUNT(*) FROM results") == [(5,)]
    forced = batch(tmp_path, str(papers), "--force")
    assert "5 checked, 0 known" in forced.output
    assert query(tmp_path / "r.sqlite", "SELECT COUNT(*) FROM results") == [(5,)]


def test_a_changed_pack_checks_again(tmp_path: Path, papers: Path) -> None:
    batch(tmp_path, str(papers))
    narrowed = batch(tmp_path, str(papers), "--ignore", "AX101", "-o", f"json:{tmp_path / 'n.json'}")
    assert "5 checked, 0 known" in narrowed.output
    assert all(f["rule"] != "AX101" for file in json.loads((tmp_path / "n.json").read_text())["files"]
               for f in file["findings"])
    assert query(tmp_path / "r.sqlite", "SELECT COUNT(DISTINCT pack_hash) FROM results") == [(2,)]


def test_globs_dedupe_and_output_dir(tmp_path: Path, papers: Path) -> None:
    out = tmp_path / "out"
    result = batch(tmp_path, str(papers / "a" / "*.pdf"), str(papers / "a"), "-o", "csv", "-o", "json",
                   "--output-dir", str(out))
    assert result.exit_code == 1
    assert sorted(p.name for p in out.iterdir()) == ["axiomcheck-results.csv", "axiomcheck-results.json"]
    assert len(json.loads((out / "axiomcheck-results.json").read_text())["files"]) == 3
    assert "matches no file" in batch(tmp_path, str(papers / "*.nothing")).output
    assert "unknown output format" in batch(tmp_path, str(papers), "-o", "pdf").output


def test_manifest_gives_each_file_its_own_track(tmp_path: Path, papers: Path) -> None:
    grand = papers / "a" / "001-over-limit.pdf"
    manifest = tmp_path / "m.csv"
    manifest.write_text(f"path,id,track\n{grand},7,grand-challenge\n{papers / 'b' / '000-over-limit.pdf'},8,\n")
    result = batch(tmp_path, "--manifest", str(manifest), "-o", f"json:{tmp_path / 'm.json'}")
    files = json.loads((tmp_path / "m.json").read_text())["files"]
    limits = [next(f["message"] for f in file["findings"] if f["rule"] == "AX101") for file in files]
    assert "past the 1-page limit" in limits[0] and "past the 4-page limit" in limits[1], result.output
    assert [file.get("track") for file in files] == ["grand-challenge", None]
    assert json.loads((tmp_path / "m.json").read_text())["page_limits"] == {"paper": 4, "grand-challenge": 1}
    assert query(tmp_path / "r.sqlite", "SELECT track, submission_id FROM run_files ORDER BY position") == [
        ("grand-challenge", "7"), ("paper", "8")]


def test_waivers_are_kept_in_the_store_and_applied_by_report(tmp_path: Path, papers: Path) -> None:
    import hashlib

    target = papers / "b" / "000-over-limit.pdf"
    sha = hashlib.sha256(target.read_bytes()).hexdigest()
    waivers = tmp_path / "w.yaml"
    waivers.write_text(f"- sha256: {sha}\n  rule: page-limit\n  reason: Extra page granted.\n  who: PC chairs\n")
    batch(tmp_path, str(target), "--waivers", str(waivers))
    rendered = json.loads(run("report", "--db", str(tmp_path / "r.sqlite"), "--format", "json").output)
    finding = next(f for f in rendered["files"][0]["findings"] if f["rule"] == "AX101")
    assert finding["waiver"] == "Extra page granted. (PC chairs)"
    assert rendered["files"][0]["status"] == "pass"
    stored = query(tmp_path / "r.sqlite", "SELECT result FROM results")[0][0]
    assert all("waiver" not in f for f in json.loads(stored)["findings"])  # raw; waivers belong to the run
    listing = run("report", "--db", str(tmp_path / "r.sqlite"), "--list")
    assert "run 1:" in listing.output and "done" in listing.output


def test_two_runs_on_one_database_at_once(tmp_path: Path) -> None:
    pdfs = distinct_pdfs(tmp_path / "p", 6)
    db = tmp_path / "shared.sqlite"
    Store(str(db)).close()
    codes: list[int] = []

    def one(paths: list[Path]) -> None:
        result = CliRunner().invoke(main, ["batch", *map(str, paths), "--venue", "axiom-2026", "--db", str(db),
                                           "--progress", "none", "-j", "1"])
        codes.append(result.exit_code)

    threads = [threading.Thread(target=one, args=(pdfs[:4],)), threading.Thread(target=one, args=(pdfs[2:],))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes) == [1, 1]
    assert query(db, "PRAGMA integrity_check") == [("ok",)]
    assert query(db, "PRAGMA journal_mode") == [("wal",)]
    assert query(db, "SELECT COUNT(*) FROM results") == [(6,)]
    assert query(db, "SELECT COUNT(*), COUNT(DISTINCT run_id) FROM run_files") == [(8, 2)]


def test_schema_version_is_recorded_and_a_newer_one_refused(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    Store(str(db)).close()
    assert query(db, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    with pytest.raises(StoreError, match="newer"):
        Store(str(db))
    (tmp_path / "junk.sqlite").write_text("not a database at all, just text" * 10)
    with pytest.raises(StoreError, match="not a results store .* give --db a store"):
        Store(str(tmp_path / "junk.sqlite"))
    with sqlite3.connect(tmp_path / "other.sqlite") as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(StoreError, match="an SQLite database of another program"):
        Store(str(tmp_path / "other.sqlite"))
    assert query(tmp_path / "other.sqlite", "SELECT name FROM sqlite_master") == [("notes",)]  # left as it was
    with pytest.raises(StoreError, match="does not exist"):
        Store(str(tmp_path / "missing" / "r.sqlite"))


def test_report_without_a_store_is_a_usage_error(tmp_path: Path) -> None:
    result = run("report", "--db", str(tmp_path / "none.sqlite"))
    assert result.exit_code == 2 and "no results store" in result.output


def test_evidence_pictures_of_files_named_alike_do_not_collide(tmp_path: Path) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        distinct_pdfs(tmp_path / folder, 1, ("acknowledgments-visible.pdf",))[0].rename(tmp_path / folder / "paper.pdf")
    result = batch(tmp_path, str(tmp_path / "a"), str(tmp_path / "b"), "--evidence", str(tmp_path / "ev"),
                   "-o", f"json:{tmp_path / 'e.json'}")
    assert result.exit_code == 1
    files = json.loads((tmp_path / "e.json").read_text())["files"]
    images = [next(f["evidence_image"] for f in file["findings"] if f["rule"] == "AX306") for file in files]
    assert images[0] != images[1] and all(Path(image).is_file() for image in images)
    assert [Path(file["path"]).parent.name for file in files] == ["a", "b"]


def test_the_batch_process_never_loads_a_pdf_library(tmp_path: Path) -> None:
    import subprocess
    import sys

    distinct_pdfs(tmp_path / "p", 2)
    code = ("import sys\nfrom axiomcheck.cli import main\n"
            f"try:\n    main(['batch', {str(tmp_path / 'p')!r}, '--venue', 'axiom-2026', '--db', "
            f"{str(tmp_path / 'x.sqlite')!r}, '--progress', 'none', '-o', 'csv:-'])\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(m for m in ('pypdfium2', 'pypdf', 'PIL') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.stdout.splitlines()[-1] == "[]", out.stderr


def test_every_format_from_one_run_and_the_exit_code_policy(tmp_path: Path, papers: Path) -> None:
    out = tmp_path / "out"
    result = batch(tmp_path, str(papers / "a"), "-o", "html", "-o", "sarif", "-o", "junit", "-o", "github",
                   "-o", "text", "--output-dir", str(out), "--fail-on", "never")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [
        "axiomcheck-results.github.txt", "axiomcheck-results.html", "axiomcheck-results.sarif",
        "axiomcheck-results.text.txt", "axiomcheck-results.xml"]
    sarif = json.loads((out / "axiomcheck-results.sarif").read_text())
    assert sarif["version"] == "2.1.0" and any(r["ruleId"] == "AX101" for r in sarif["runs"][0]["results"])
    assert "001-over-limit.pdf" in (out / "axiomcheck-results.html").read_text()
    assert run("report", "--db", str(tmp_path / "r.sqlite"), "--fail-on", "never").exit_code == 0
    assert run("report", "--db", str(tmp_path / "r.sqlite")).exit_code == 1


def test_every_limit_is_part_of_a_results_key() -> None:
    changed = {"timeout": 5.0, "max_memory": 3 * 2**30, "max_size": 50_000_000, "max_file_pages": 20,
               "max_decoded": 128 * 2**20}
    assert set(changed) == {field.name for field in dataclasses.fields(DEFAULT_LIMITS)}
    base = settings_key(DEFAULT_LIMITS, None)
    for name, value in changed.items():
        assert settings_key(dataclasses.replace(DEFAULT_LIMITS, **{name: value}), None) != base, name
