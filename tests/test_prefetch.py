"""Helpers on the spare core read qpdf's facts beside the text: same answers, typed replies."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from axiomcheck.api import check_path
from axiomcheck.execution.confinement import Confinement
from axiomcheck.execution.prefetch import Helper, SpareCore
from axiomcheck.limits import DEFAULT_LIMITS
from axiomcheck.model import Metadata
from axiomcheck.packs import resolve
from axiomcheck.pdf import objects
from axiomcheck.pdf.source import DocumentError, PdfSource
from axiomcheck.pipeline import check_document
from axiomcheck.codec import to_json
from conftest import FIXTURES, shared

SPARE_CORE = SpareCore(Confinement(DEFAULT_LIMITS))


def three(reader: object) -> int:
    return 3


def one(reader: object) -> int:
    return 1


def broken(reader: object) -> int:
    raise ValueError("damaged")


def forever(reader: object) -> int:
    time.sleep(3600)
    return 0


def its_name(reader: str) -> str:
    return reader


def lies(reader: object) -> Metadata:
    """Says it reads the metadata, sends something else."""
    return {"info": "not a mapping"}  # type: ignore[return-value]


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.parametrize("case", ["metadata-author", "ptex-home-path", "type3-font", "nonembedded-font",
                                  "github-user-link", "refs-midpage"])
def test_helper_gives_the_same_report_as_reading_in_process(case: str) -> None:
    pack = resolve("axiom-2026", "paper")
    path = str(FIXTURES / f"{case}.pdf")
    assert to_json(check_document(path, pack, hooks=SPARE_CORE)) == to_json(check_path(path, pack))


def test_a_failing_read_and_the_ones_after_it_are_left_to_the_caller() -> None:
    helper = Helper(lambda: object(), {"pages": three, "fonts": broken, "more": one}, SPARE_CORE.confinement)
    assert helper.result("fonts") == (False, None)
    assert helper.result("more") == (False, None)
    assert helper.result("pages") == (True, 3)


def test_facts_arrive_in_order_and_a_helper_still_reading_is_stopped() -> None:
    helper = Helper(lambda: None, {"pages": three, "slow": forever}, SPARE_CORE.confinement)
    pid = helper.pid
    assert pid is not None and helper.result("pages") == (True, 3)
    helper.close()  # kills the helper asleep in "slow" and reaps it
    assert _gone(pid)
    assert helper.result("slow") == (False, None)


def test_helper_delivers_plain_values() -> None:
    helper = Helper(lambda: "reader", {"pages": three, "name": its_name}, SPARE_CORE.confinement)
    assert helper.result("pages") == (True, 3)
    assert helper.result("name") == (True, "reader")


def test_a_fact_of_another_type_than_its_reader_declares_is_not_delivered() -> None:
    helper = Helper(lambda: None, {"metadata": lies, "pages": three}, SPARE_CORE.confinement)
    assert helper.result("metadata") == (False, None)
    assert helper.result("pages") == (False, None)  # a helper that lied once is not asked again


def test_an_unasked_helper_is_reaped() -> None:
    helper = Helper(lambda: None, {"pages": three}, SPARE_CORE.confinement)
    pid = helper.pid
    helper.close()
    assert pid is not None and _gone(pid)
    assert helper.result("pages") == (False, None)


def test_a_worker_starts_the_helper_before_it_imports_pdfium() -> None:
    """The helper's import of pikepdf overlaps the checker's of PDFium: it is forked from a
    process that has loaded neither yet, and it reads what qpdf reads in-process."""
    script = (
        "import sys\n"
        "from axiomcheck.execution.confinement import Confinement\n"
        "from axiomcheck.execution.prefetch import SpareCore\n"
        "from axiomcheck.limits import DEFAULT_LIMITS\n"
        "helper = SpareCore(Confinement(DEFAULT_LIMITS)).prefetch_objects(sys.argv[1])\n"
        "assert 'pypdfium2' not in sys.modules and 'pikepdf' not in sys.modules\n"
        "print(helper.result('pages'))\n"
        "helper.close()\n")
    path = str(FIXTURES / "refs-midpage.pdf")
    done = subprocess.run([sys.executable, "-c", script, path], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"(True, {objects.page_count(objects.open_reader(path))})"


def test_a_file_pdfium_cannot_open_stops_the_helper_it_was_given(tmp_path: Path) -> None:
    broken_pdf = tmp_path / "broken.pdf"
    broken_pdf.write_bytes(b"%PDF-1.7\n" + b"\x00" * 2048)
    helper = SPARE_CORE.prefetch_objects(str(broken_pdf))
    pid = helper.pid
    with pytest.raises(DocumentError):
        PdfSource(str(broken_pdf), helper)
    assert pid is not None and _gone(pid)


@pytest.mark.slow
def test_hostile_files_get_the_same_verdicts_with_and_without_the_helper() -> None:
    from conftest import CORPUS_HOSTILE

    from axiomcheck.execution import check_paths

    files = sorted(str(p) for p in shared(CORPUS_HOSTILE, "the shared hostile corpus").glob("*.pdf"))
    pack = resolve("axiom-2026", "paper")
    batch = check_paths(files, pack, jobs=2).files  # several files: no helper
    for path, expected in zip(files, batch, strict=True):
        alone = check_paths([path], pack).files[0]  # a single file: the helper reads qpdf's facts
        assert alone.status == expected.status, path
        assert [(f.name, f.severity, f.page) for f in alone.findings] == \
               [(f.name, f.severity, f.page) for f in expected.findings], path
