"""Encrypted PDFs that open without a password are checked (qpdf decrypts AES itself: no crypto
library is loaded); a missing library is our fault (AX999, named), never a damaged paper; a
damaged XMP packet leaves a finding; messages quote nothing that changes between runs."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from axiomcheck.api import check_file
from axiomcheck.verdicts import describe
from conftest import FIXTURES
from pdfbuild import aes_encrypted, damaged_xmp_pdf

PAPER = (FIXTURES / "refs-midpage.pdf").read_bytes()


@pytest.fixture(scope="module")
def encrypted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("encrypted")
    paths = {}
    for algorithm in ("AES-256", "AES-128"):
        paths[algorithm] = folder / f"{algorithm}.pdf"
        paths[algorithm].write_bytes(aes_encrypted(PAPER, algorithm))
    return paths


def _result(path: Path) -> dict:
    done = subprocess.run([sys.executable, "-m", "axiomcheck", "check", str(path), "--venue", "axiom-2026",
                           "--format", "json"], capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)["files"][0]


@pytest.mark.parametrize("algorithm", ["AES-256", "AES-128"])
def test_an_aes_pdf_with_an_empty_user_password_is_checked_like_the_plain_one(
        encrypted: dict[str, Path], algorithm: str, tmp_path: Path) -> None:
    plain = tmp_path / "plain.pdf"
    plain.write_bytes(PAPER)
    result, expected = _result(encrypted[algorithm]), _result(plain)
    assert result["status"] == expected["status"] != "error"
    assert [f["rule"] for f in result["findings"]] == [f["rule"] for f in expected["findings"]]
    assert result["structure"] == expected["structure"]


DECRYPTED = """
import sys
from axiomcheck.pdf import objects
metadata = objects.read_metadata(objects.open_reader(sys.argv[1]))
print(metadata.info.get("Producer", "") != "", metadata.unread, "cryptography" in sys.modules)
"""


def test_qpdf_decrypts_an_aes_file_without_a_crypto_library(encrypted: dict[str, Path]) -> None:
    done = subprocess.run([sys.executable, "-c", DECRYPTED, str(encrypted["AES-128"])],
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["True", "()", "False"], done.stderr


MISSING = """
import sys, json
sys.modules["pikepdf"] = None  # as if it were not installed
from axiomcheck.api import check_file
result = check_file(sys.argv[1], "axiom-2026", "paper", "submission").files[0]
print(json.dumps({"rules": [f.rule for f in result.findings], "messages": [f.message for f in result.findings],
                  "internal": result.internal_error}))
"""


def test_a_missing_pdf_library_is_our_fault_named_never_a_damaged_paper(encrypted: dict[str, Path]) -> None:
    done = subprocess.run([sys.executable, "-c", MISSING, str(encrypted["AES-256"])], capture_output=True,
                          text=True, timeout=60)
    outcome = json.loads(done.stdout)
    assert "AX900" not in outcome["rules"] and "AX999" in outcome["rules"] and outcome["internal"]
    message = outcome["messages"][outcome["rules"].index("AX999")]
    assert "the library pikepdf is not installed" in message


def test_a_damaged_xmp_packet_leaves_a_finding(tmp_path: Path) -> None:
    pdf = tmp_path / "xmp.pdf"
    pdf.write_bytes(damaged_xmp_pdf())
    result = check_file(str(pdf), "axiom-2026", "paper", "submission").files[0]
    notes = [f for f in result.findings if f.rule == "AX906"]
    assert len(notes) == 1 and notes[0].severity == "info"
    assert notes[0].message.startswith("The XMP metadata cannot be read: the metadata check could not look at it")
    assert result.status != "error" and not result.internal_error


def test_messages_keep_object_numbers_and_drop_memory_addresses() -> None:
    error = ValueError("IndirectObject(186, 0, 140057800509520) is not a dictionary; "
                       "<pypdf.generic.NullObject object at 0x7f3a2b1c0d90>")
    assert describe(error) == "ValueError: IndirectObject(186, 0) is not a dictionary; <pypdf.generic.NullObject>"
    assert describe(ValueError("x" * 1000)).endswith("…") and len(describe(ValueError("x" * 1000))) < 320


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed (apt-get install qpdf)")
def test_a_file_qpdf_encrypted_with_an_empty_user_password_is_checked(tmp_path: Path) -> None:
    plain, locked = tmp_path / "plain.pdf", tmp_path / "locked.pdf"
    plain.write_bytes(PAPER)
    subprocess.run(["qpdf", "--encrypt", "", "owner", "256", "--", str(plain), str(locked)], check=True)
    result = _result(locked)
    assert result["status"] == _result(plain)["status"] != "error"
    assert not any(f["rule"].startswith("AX9") for f in result["findings"])


def test_a_damaged_files_message_names_no_folder(tmp_path: Path) -> None:
    """qpdf quotes the file it reads in its messages: it is told to call it "file", so that a
    report is the same wherever the file lies (a run's folder, the web page's upload folder)."""
    broken = tmp_path / "somewhere" / "broken.pdf"
    broken.parent.mkdir()
    broken.write_bytes(b"%PDF-1.7\n" + b"\0" * 2048)
    (finding,) = check_file(str(broken), "axiom-2026", "paper", "submission").files[0].findings
    assert finding.rule == "AX900" and "qpdf: PdfError: file: " in finding.message
    assert str(tmp_path) not in finding.message and "broken.pdf" not in finding.message
