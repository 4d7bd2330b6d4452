"""The decoding cap: a stream that inflates to gigabytes is stopped early, with AX903.

Each case runs the check in a fresh interpreter so that its children's peak memory is the
worker's alone (memory, not time, is asserted: timing belongs to bench/).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from axiomcheck.limits import MIB, Limits
from pdfbuild import bomb_body, pdf_file

SCRIPT = """
import json, resource, sys
from axiomcheck.limits import Limits
from axiomcheck.packs import resolve
from axiomcheck.execution import check_paths
from axiomcheck.codec import to_json
limits = Limits(max_decoded=int(sys.argv[2]))
report = to_json(check_paths([sys.argv[1]], resolve("axiom-2026", "paper"), limits=limits))
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
print(json.dumps({"findings": report["files"][0]["findings"], "peak": peak}))
"""


def bomb_page(mebibytes: int) -> bytes:
    """A one-page PDF whose content stream inflates to `mebibytes` MiB (nested deflate)."""
    return pdf_file([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                     b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
                     bomb_body(mebibytes)])


def run(path: Path, cap: int) -> dict:
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(path), str(cap)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_a_content_stream_bomb_stops_at_the_cap_well_before_the_memory_limit(tmp_path: Path) -> None:
    path = tmp_path / "bomb.pdf"
    path.write_bytes(bomb_page(4096))
    outcome = run(path, 256 * MIB)
    assert [f["rule"] for f in outcome["findings"]] == ["AX903"]
    assert "--max-decoded" in outcome["findings"][0]["message"]
    assert outcome["peak"] < 512 * MIB


def test_a_stream_under_the_cap_is_read_as_usual(tmp_path: Path) -> None:
    path = tmp_path / "inflated.pdf"
    path.write_bytes(bomb_page(24))  # 24 MiB of zeros: a large but legal content stream
    findings = run(path, 64 * MIB)["findings"]
    assert "AX903" not in [f["rule"] for f in findings]
    path.write_bytes(bomb_page(128))
    assert [f["rule"] for f in run(path, 32 * MIB)["findings"]] == ["AX903"]


def test_the_cap_is_a_limit_with_a_floor() -> None:
    assert Limits().max_decoded == 256 * 1000**2
    with pytest.raises(ValueError, match="decoding cap"):
        Limits(max_decoded=MIB)


def test_the_cap_is_an_option_of_check_and_inspect() -> None:
    from click.testing import CliRunner

    from axiomcheck.cli import main

    for command in ("check", "inspect"):
        assert "--max-decoded" in CliRunner().invoke(main, [command, "--help"]).output
    refused = CliRunner().invoke(main, ["check", "x.pdf", "--venue", "axiom-2026", "--max-decoded", "1MB"])
    assert refused.exit_code == 2 and "decoding cap" in refused.output
