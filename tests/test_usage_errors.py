"""Usage errors before any work: a PATH that does not exist, an output that cannot be written,
a --db that is not a results store, an evidence folder that cannot be made. Each stops the
command with exit 2 and one line that names the path and the fix, before any file is checked
and before anything is stored."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from axiomcheck.cli import main
from batchutil import distinct_pdfs, query
from conftest import FIXTURES


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture(autouse=True)
def _no_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def one_line(result) -> str:  # type: ignore[no-untyped-def]
    """The command's only line on standard error; standard output is empty."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def batch(tmp_path: Path, *args: str):
    return run("batch", *args, "--venue", "axiom-2026", "--progress", "none", "--db", str(tmp_path / "r.sqlite"))


def test_a_batch_path_that_does_not_exist_is_no_paper(tmp_path: Path) -> None:
    distinct_pdfs(tmp_path / "papers", 1)
    line = one_line(batch(tmp_path, str(tmp_path / "papers"), "nothere/"))
    assert line == ("axiomcheck: no such file or folder: nothere/; give PDFs, folders, globs or zip archives "
                    "that exist.")
    assert not (tmp_path / "r.sqlite").exists()  # nothing stored, not even the run


def test_an_output_folder_that_does_not_exist_stops_the_batch_before_it_starts(tmp_path: Path) -> None:
    distinct_pdfs(tmp_path / "papers", 1)
    target = tmp_path / "no" / "such" / "x.csv"
    line = one_line(batch(tmp_path, str(tmp_path / "papers"), "-o", f"csv:{target}"))
    assert line == (f"axiomcheck: cannot write {target}: the folder {target.parent} does not exist; create it "
                    f"(mkdir -p {target.parent}) or give another path.")
    assert not target.parent.exists() and not (tmp_path / "r.sqlite").exists()


@pytest.mark.parametrize("command", ["check", "batch"])
def test_an_output_that_is_a_folder_or_cannot_be_written(tmp_path: Path, command: str) -> None:
    paper = str(FIXTURES / "over-limit.pdf")
    extra = ["--db", str(tmp_path / "r.sqlite")] if command == "batch" else []
    folder = one_line(run(command, paper, "--venue", "axiom-2026", "-o", f"json:{tmp_path}", *extra))
    assert folder == f"axiomcheck: cannot write {tmp_path}: it is a folder; give a file name (a path inside it, say)."
    # /proc takes no new file, even from root (whom permission bits do not stop)
    refused = one_line(run(command, paper, "--venue", "axiom-2026", "-o", "csv:/proc/axiomcheck.csv", *extra))
    assert refused.startswith("axiomcheck: cannot write /proc/axiomcheck.csv (")
    assert refused.endswith("); give a path in a folder you may write to.")
    assert not (tmp_path / "r.sqlite").exists()


def test_an_output_dir_and_an_evidence_folder_are_made_or_refused_at_once(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    paper = str(FIXTURES / "over-limit.pdf")
    line = one_line(run("check", paper, "--venue", "axiom-2026", "--evidence", str(blocker / "pictures")))
    assert line.startswith(f"axiomcheck: cannot write into {blocker / 'pictures'} (--evidence: ")
    line = one_line(batch(tmp_path, paper, "-o", "csv", "--output-dir", str(blocker / "out")))
    assert line.startswith(f"axiomcheck: cannot write into {blocker / 'out'} (--output-dir: ")
    made = batch(tmp_path, paper, "-o", "csv", "--output-dir", str(tmp_path / "new" / "out"))
    assert made.exit_code == 1 and (tmp_path / "new" / "out" / "axiomcheck-results.csv").is_file()


def test_a_db_that_is_not_a_results_store_is_refused_and_left_alone(tmp_path: Path) -> None:
    paper = str(FIXTURES / "over-limit.pdf")
    text = tmp_path / "notes.txt"
    text.write_text("not a database, just text " * 20)
    line = one_line(run("batch", paper, "--venue", "axiom-2026", "--db", str(text)))
    assert line == (f"axiomcheck: {text}: not a results store (file is not a database); give --db a store "
                    "`axiomcheck batch` wrote, or a new file name.")
    other = tmp_path / "app.sqlite"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE orders (id INTEGER)")
    line = one_line(run("batch", paper, "--venue", "axiom-2026", "--db", str(other)))
    assert line == (f"axiomcheck: {other}: an SQLite database of another program, not a results store; give --db "
                    "a store `axiomcheck batch` wrote, or a new file name.")
    assert query(other, "SELECT name FROM sqlite_master") == [("orders",)]
    assert one_line(run("report", "--db", str(other))).startswith(f"axiomcheck: {other}: an SQLite database")
    missing = tmp_path / "gone" / "r.sqlite"
    assert one_line(run("batch", paper, "--venue", "axiom-2026", "--db", str(missing))) == (
        f"axiomcheck: {missing}: the folder {missing.parent} does not exist; create it or give another --db.")


def test_check_names_a_missing_file_and_an_empty_folder(tmp_path: Path) -> None:
    assert one_line(run("check", "absent.pdf", "--venue", "axiom-2026")) == (
        "axiomcheck: no such file: absent.pdf; give the path of a PDF that exists.")
    (tmp_path / "empty").mkdir()
    assert one_line(run("check", "empty", "--venue", "axiom-2026")) == (
        "axiomcheck: no PDF in the folder empty; give PDF files or folders that hold some.")


def test_an_unknown_output_format_is_named(tmp_path: Path) -> None:
    line = one_line(batch(tmp_path, str(FIXTURES / "over-limit.pdf"), "-o", "pdf"))
    assert line.startswith("axiomcheck: unknown output format 'pdf' in '-o pdf'")


def test_report_refuses_an_output_it_cannot_write_before_reading_the_store(tmp_path: Path) -> None:
    assert batch(tmp_path, str(FIXTURES / "over-limit.pdf")).exit_code == 1
    target = tmp_path / "gone" / "triage.html"
    line = one_line(run("report", "--db", str(tmp_path / "r.sqlite"), "--format", "html", "-o", str(target)))
    assert line == (f"axiomcheck: cannot write {target}: the folder {target.parent} does not exist; create it "
                    f"(mkdir -p {target.parent}) or give another path.")
