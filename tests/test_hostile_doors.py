"""Hostile input reaches no unbounded step: special files and links, archives that are large,
oddly named or lying, a full or locked results store, spreadsheet formulas in names."""

from __future__ import annotations

import csv
import io
import json
import os
import resource
import sqlite3
import struct
import subprocess
import sys
import time
import zipfile
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from axiomcheck.batch import archive, inputs, store
from axiomcheck.batch.inputs import Staging, expand
from axiomcheck.cli import main
from axiomcheck.limits import DEFAULT_LIMITS, Limits
from axiomcheck.pdf.prechecks import file_sha256, precheck
from axiomcheck.reporters.csv_report import as_text
from conftest import FIXTURES
from pdfbuild import text_pdf

OK = (FIXTURES / "refs-midpage.pdf").read_bytes()
ANSWER_SECONDS = 30
"""A special file must get its answer within this, however it behaves."""


def _axiomcheck(*args: str, cwd: Path, limit_file_size: int | None = None) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        if limit_file_size is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_file_size, limit_file_size))

    return subprocess.run([sys.executable, "-m", "axiomcheck", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=ANSWER_SECONDS * 4, preexec_fn=limit)


def _specials(folder: Path) -> list[Path]:
    fifo = folder / "pipe.pdf"
    os.mkfifo(fifo)
    zero = folder / "zero.pdf"
    zero.symlink_to("/dev/zero")
    return [fifo, zero]


def test_a_fifo_and_a_device_are_refused_without_reading(tmp_path: Path) -> None:
    fifo, zero = _specials(tmp_path)
    for path, kind in ((fifo, "a named pipe (FIFO)"), (zero, "a character device")):
        rejection = precheck(str(path), DEFAULT_LIMITS)
        assert rejection is not None and rejection.verdict == "unreadable"
        assert kind in rejection.message
        assert file_sha256(str(path), DEFAULT_LIMITS.max_size) is None


def test_hashing_stops_at_the_size_limit(tmp_path: Path) -> None:
    paper = tmp_path / "paper.pdf"
    paper.write_bytes(OK)
    assert file_sha256(str(paper), len(OK)) is not None
    assert file_sha256(str(paper), len(OK) - 1) is None


@pytest.mark.parametrize("command", ["check", "batch"])
def test_check_and_batch_answer_a_fifo_and_a_dev_zero_link_at_once(tmp_path: Path, command: str) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    specials = _specials(folder)
    args = [str(p) for p in specials] if command == "check" else [str(folder), "--db", str(tmp_path / "r.sqlite"),
                                                                   "--progress", "none"]
    start = time.monotonic()
    done = _axiomcheck(command, *args, "--venue", "axiom-2026", "--format" if command == "check" else "-o",
                       "json" if command == "check" else f"json:{tmp_path / 'out.json'}", cwd=tmp_path)
    assert time.monotonic() - start < ANSWER_SECONDS
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout if command == "check" else (tmp_path / "out.json").read_text())
    assert [f["findings"][0]["rule"] for f in report["files"]] == ["AX900", "AX900"]
    messages = [f["findings"][0]["message"] for f in report["files"]]
    assert "named pipe (FIFO), not a regular file" in messages[0]
    assert ("character device, not a regular file" if command == "check" else "outside the folder") in messages[1]


def test_a_folder_link_out_of_the_folder_is_refused_and_one_inside_is_checked(tmp_path: Path) -> None:
    folder = tmp_path / "export"
    folder.mkdir()
    (folder / "paper.pdf").write_bytes(OK)
    (tmp_path / "secret.pdf").write_bytes(OK + b"%secret\n")
    (folder / "out.pdf").symlink_to(tmp_path / "secret.pdf")
    (folder / "in.pdf").symlink_to(folder / "paper.pdf")
    items = {Path(item.display).name: item for item in expand([str(folder)], DEFAULT_LIMITS)}
    assert items["out.pdf"].problem is not None and "outside the folder" in items["out.pdf"].problem.message
    assert [name for name in items if name != "out.pdf"] == ["in.pdf"]  # paper.pdf is the same file: checked once
    assert items["in.pdf"].problem is None
    globbed = {Path(item.display).name: item for item in expand([str(folder / "*.pdf")], DEFAULT_LIMITS)}
    assert globbed["out.pdf"].problem is not None


def _zip_with_raw_names(names: list[bytes], utf8_flags: list[bool]) -> bytes:
    """A zip of `OK` under each raw name, flag bit 11 as given (zipfile writes names itself,
    so placeholders of the same length are replaced in the bytes)."""
    placeholders = [f"{index:0{len(name) - 4}d}.pdf".encode() for index, name in enumerate(names)]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for placeholder in placeholders:
            zf.writestr(placeholder.decode(), OK)
    data = buffer.getvalue()
    for placeholder, name, utf8 in zip(placeholders, names, utf8_flags, strict=True):
        data = data.replace(placeholder, name)
        central = data.rfind(b"PK\x01\x02", 0, data.rfind(name))
        flags = struct.unpack_from("<H", data, central + 8)[0]
        flags = flags | 0x800 if utf8 else flags & ~0x800
        data = data[:central + 8] + struct.pack("<H", flags) + data[central + 10:]
    return data


def test_member_names_are_decoded_as_zip_defines_them_and_a_bad_one_costs_only_its_member(tmp_path: Path) -> None:
    export = tmp_path / "export.zip"
    export.write_bytes(_zip_with_raw_names(
        ["Résumé.pdf".encode("cp437"), b"after.pdf", "Zoë.pdf".encode(), b"B\xff\xfeD.pdf"],
        [False, False, True, True]))
    items = inputs.archive_items(str(export), DEFAULT_LIMITS)
    assert [item.member for item in items] == ["Résumé.pdf", "after.pdf", "Zoë.pdf", "B\\xff\\xfeD.pdf"]
    assert [item.problem is None for item in items] == [True, True, True, False]
    assert "not valid UTF-8" in items[3].problem.message
    runner = CliRunner()
    out = tmp_path / "out.json"
    result = runner.invoke(main, ["batch", str(export), "--venue", "axiom-2026", "--db", str(tmp_path / "r.sqlite"),
                                  "--progress", "none", "-o", f"json:{out}"], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    statuses = {f["path"].rsplit("/", 1)[-1]: f["status"] for f in json.loads(out.read_text())["files"]}
    assert statuses == {"Résumé.pdf": "pass", "after.pdf": "pass", "Zoë.pdf": "pass", "B\\xff\\xfeD.pdf": "error"}


def test_the_unicode_path_field_names_a_cp437_member(tmp_path: Path) -> None:
    raw = "Résumé.pdf".encode("cp437")
    field = struct.pack("<B", 1) + struct.pack("<L", zlib.crc32(raw)) + "Résumé.pdf".encode()
    info = zipfile.ZipInfo("0000000000")  # replaced below by the cp437 bytes
    info.extra = struct.pack("<HH", 0x7075, len(field)) + field
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr(info, OK)
    path = tmp_path / "unicode.zip"
    path.write_bytes(buffer.getvalue().replace(b"0000000000", raw))
    [item] = inputs.archive_items(str(path), DEFAULT_LIMITS)
    assert item.member == "Résumé.pdf" and item.problem is None


def test_a_zip64_archive_is_read(tmp_path: Path) -> None:
    path = tmp_path / "big.zip"
    with zipfile.ZipFile(path, "w") as zf, zf.open("paper.pdf", "w", force_zip64=True) as member:
        member.write(OK)
    [item] = inputs.archive_items(str(path), DEFAULT_LIMITS)
    with Staging(DEFAULT_LIMITS) as staging:
        staged, sha, problem = staging.hash(item)
        assert problem is None and staged.path is not None
        assert Path(staged.path).read_bytes() == OK


def test_the_directory_is_read_once_and_each_member_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "export.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for number in range(200):
            zf.writestr(f"s{number}/paper.pdf", text_pdf(text=f"Paper {number}"))
    calls = {"index": 0, "member": 0}
    read_index, member_chunks = archive.read_index, inputs.member_chunks

    def counted_index(*args: object) -> object:
        calls["index"] += 1
        return read_index(*args)  # type: ignore[arg-type]

    def counted_member(*args: object) -> object:
        calls["member"] += 1
        return member_chunks(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(archive, "read_index", counted_index)
    monkeypatch.setattr(inputs, "member_chunks", counted_member)
    items = expand([str(path)], DEFAULT_LIMITS)
    with Staging(DEFAULT_LIMITS) as staging:
        hashed = [staging.hash(item) for item in items]
        assert all(staging.place(item, sha or "") == item.path for item, sha, _ in hashed)
        for item, _, _ in hashed:
            staging.release(item.path)
        assert os.listdir(staging.folder) == []
    assert calls == {"index": 1, "member": 200}
    assert len({sha for _, sha, _ in hashed}) == 200


@pytest.mark.slow
def test_a_20000_member_zip_is_batched_in_a_minute(tmp_path: Path) -> None:
    path = tmp_path / "many.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for number in range(20_000):
            zf.writestr(f"s{number:05d}.pdf", text_pdf(text=f"Paper {number % 50}"))
    start = time.monotonic()
    done = _axiomcheck("batch", str(path), "--venue", "axiom-2026", "--db", "r.sqlite", "--progress", "none",
                       "-o", "csv:out.csv", cwd=tmp_path)
    assert done.returncode in (0, 1), done.stderr
    assert time.monotonic() - start < 60
    with open(tmp_path / "out.csv", encoding="utf-8") as handle:
        assert sum(1 for _ in csv.DictReader(handle)) == 20_000


def test_a_full_disk_under_the_store_is_one_line_and_exit_2_and_the_next_run_resumes(tmp_path: Path) -> None:
    papers = tmp_path / "papers"
    papers.mkdir()
    for number in range(30):
        (papers / f"p{number:02d}.pdf").write_bytes(text_pdf(text=f"A study of sparse models {number}"))
    done = _axiomcheck("batch", "papers", "--venue", "axiom-2026", "--db", "r.sqlite", "--progress", "none",
                       "-j", "1", cwd=tmp_path, limit_file_size=150_000)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert "cannot write to the results store" in lines[0] and "run the same command again" in lines[0]
    kept = int(lines[0].split("the results of the ")[1].split()[0])
    assert 0 < kept < 30
    again = _axiomcheck("batch", "papers", "--venue", "axiom-2026", "--db", "r.sqlite", "--progress", "none",
                        cwd=tmp_path)
    assert again.returncode == 1, again.stderr  # the papers fail the venue's rules, and every one is checked
    summary = f"30 files: 0 pass, 30 fail, 0 not checked ({30 - kept} checked, {kept} known from the store)"
    assert summary in again.stderr


def test_a_locked_store_is_one_line_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "paper.pdf").write_bytes(OK)
    db = tmp_path / "r.sqlite"
    store.Store(str(db)).close()
    monkeypatch.setattr(store, "BUSY_TIMEOUT_SECONDS", 0.2)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        result = CliRunner().invoke(main, ["batch", str(tmp_path / "paper.pdf"), "--venue", "axiom-2026",
                                           "--db", str(db), "--progress", "none"])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "locked by another process" in result.output


def test_a_full_staging_folder_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "export.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("paper.pdf", OK)

    def full(*args: object, **kwargs: object) -> object:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(inputs.os, "fdopen", full)
    result = CliRunner().invoke(main, ["batch", str(path), "--venue", "axiom-2026", "--db",
                                       str(tmp_path / "r.sqlite"), "--progress", "none"])
    assert result.exit_code == 2, result.output
    assert "No space left on device" in result.output and "r.sqlite-staging" in result.output


def test_csv_cells_that_would_be_formulas_stay_text(tmp_path: Path) -> None:
    name = tmp_path / '=HYPERLINK("http:evil")+1.pdf'
    name.write_bytes(b"not a pdf")
    out = tmp_path / "r.csv"
    CliRunner().invoke(main, ["check", str(name), "--venue", "axiom-2026", "--format", "csv", "-o", str(out)])
    [row] = list(csv.DictReader(out.open(encoding="utf-8")))
    assert row["path"] == "'" + str(name) or not row["path"].startswith(("=", "+", "-", "@"))
    for value in ("=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"):
        assert as_text(value) == "'" + value
    assert as_text("paper.pdf") == "paper.pdf"


def test_check_limits_reach_the_hash(tmp_path: Path) -> None:
    paper = tmp_path / "paper.pdf"
    paper.write_bytes(OK)
    small = Limits(max_size=len(OK) - 1)
    rejection = precheck(str(paper), small)
    assert rejection is not None and rejection.verdict == "too-complex"
