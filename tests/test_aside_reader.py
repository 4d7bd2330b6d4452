"""The spare-core helper that reads pypdf's facts beside the text: same answers, safe replies."""

from __future__ import annotations

import io
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from axiomcheck.api import check_path
from axiomcheck.packs import resolve
from axiomcheck.pdf import objects
from axiomcheck.pdf.aside import AsideReader, _ModelUnpickler
from axiomcheck.pdf.source import DocumentError, PdfSource
from conftest import FIXTURES


@pytest.mark.parametrize("case", ["metadata-author", "ptex-home-path", "type3-font", "nonembedded-font",
                                  "github-user-link", "refs-midpage"])
def test_helper_gives_the_same_report_as_reading_in_process(case: str) -> None:
    pack = resolve("axiom-2026", "paper")
    path = str(FIXTURES / f"{case}.pdf")
    alone = check_path(path, pack).to_dict()
    aside = check_path(path, pack, spare_core=True).to_dict()
    assert aside == alone


def test_a_failing_read_and_the_ones_after_it_are_left_to_the_caller() -> None:
    def broken(reader: object) -> object:
        raise ValueError("damaged")

    helper = AsideReader(lambda: object(), {"pages": lambda reader: 3, "fonts": broken, "more": lambda reader: 1})
    assert helper.result("fonts") == (False, None)
    assert helper.result("more") == (False, None)
    assert helper.result("pages") == (True, 3)


def test_facts_arrive_in_order_and_a_helper_still_reading_is_stopped() -> None:
    import time

    helper = AsideReader(lambda: None, {"pages": lambda reader: 2, "slow": lambda reader: time.sleep(3600)})
    assert helper.result("pages") == (True, 2)
    helper.close()  # kills the helper asleep in "slow" and reaps it
    with pytest.raises(ProcessLookupError):
        os.kill(helper._pid, 0)
    assert helper.result("slow") == (False, None)


def test_helper_delivers_plain_values() -> None:
    helper = AsideReader(lambda: "reader", {"pages": lambda reader: 7, "name": lambda reader: reader})
    assert helper.result("pages") == (True, 7)
    assert helper.result("name") == (True, "reader")


def test_an_unasked_helper_is_reaped() -> None:
    helper = AsideReader(lambda: None, {"pages": lambda reader: 1})
    helper.close()
    assert helper.result("pages") == (False, None)


def test_a_worker_starts_the_helper_before_it_imports_pdfium(tmp_path: Path) -> None:
    """The helper's import of pypdf overlaps the checker's of PDFium: it is forked from a
    process that has not loaded PDFium yet, and it reads what pypdf reads in-process."""
    script = (
        "import sys\n"
        "from axiomcheck.pdf import objects\n"
        "helper = objects.read_aside(sys.argv[1])\n"
        "assert 'pypdfium2' not in sys.modules and 'pypdf' not in sys.modules\n"
        "print(helper.result('pages'))\n"
        "helper.close()\n")
    path = str(FIXTURES / "refs-midpage.pdf")
    done = subprocess.run([sys.executable, "-c", script, path], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"(True, {objects.page_count(objects.open_reader(path))})"


def test_a_file_pdfium_cannot_open_stops_the_helper_it_was_given(tmp_path: Path) -> None:
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\n" + b"\x00" * 2048)
    helper = objects.read_aside(str(broken))
    with pytest.raises(DocumentError):
        PdfSource(str(broken), helper)
    with pytest.raises(ProcessLookupError):
        os.kill(helper._pid, 0)


def test_replies_may_hold_model_objects_only() -> None:
    class Evil:
        def __reduce__(self):
            return (print, ("pwned",))

    with pytest.raises(pickle.UnpicklingError):
        _ModelUnpickler(io.BytesIO(pickle.dumps({"pages": Evil()}))).load()


@pytest.mark.slow
def test_hostile_files_get_the_same_verdicts_with_and_without_the_helper() -> None:
    from conftest import CORPUS_HOSTILE

    from axiomcheck.runner import check_paths

    files = sorted(str(p) for p in CORPUS_HOSTILE.glob("*.pdf"))
    if not files:
        pytest.skip("the shared hostile corpus (../shared/corpus/hostile) is not present")
    pack = resolve("axiom-2026", "paper")
    batch = check_paths(files, pack, jobs=2).files  # several files: no helper
    for path, expected in zip(files, batch):
        alone = check_paths([path], pack).files[0]  # a single file: the helper reads pypdf's facts
        assert alone.status == expected.status, path
        assert [(f.name, f.severity, f.page) for f in alone.findings] == \
               [(f.name, f.severity, f.page) for f in expected.findings], path
