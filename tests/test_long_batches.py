"""Long batches stay right: each regression file of ../shared/corpus/regressions/ behaves as its
README says, PDFium is opened and closed so that nothing outlives a file, XMP is read in
linear time, findings are bounded, and workers retire.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import FIXTURES, SHARED, shared
from axiomcheck.aggregate import MAX_REPORT_BYTES, PLACES_KEPT, aggregate, bound_result, cap_per_rule, cap_report
from axiomcheck.execution import WorkerPool
from axiomcheck.execution import FileTask
from axiomcheck.packs import PackError, resolve
from axiomcheck.pdf.xmp import parse_xmp, parse_xmp_counts
from axiomcheck.model import BBox, Severity
from axiomcheck.report import FileResult, FileStatus, Finding
from axiomcheck.codec import to_json

REGRESSIONS = SHARED / "corpus" / "regressions"
PASSING_PAPER = FIXTURES / "acknowledgments-hidden.pdf"
"""A clean submission: it passes axiom-2026, track paper."""


@pytest.fixture(scope="module")
def regressions() -> Path:
    return shared(REGRESSIONS / "README.md", "the shared regression files").parent


@pytest.fixture(scope="module")
def pack():
    return resolve("axiom-2026", "paper")


def _check(pack, paths: list[Path], jobs: int = 1, **options) -> list[FileResult]:
    with WorkerPool(pack, jobs=jobs, **options) as pool:
        return list(pool.check([FileTask(str(p)) for p in paths]))


def _rules(result: FileResult) -> list[str]:
    return [f.rule for f in result.findings]


# -- the regression files ------------------------------------------------------------------

@pytest.mark.slow
def test_a_metadata_flood_is_one_finding_with_its_count(regressions: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "axiomcheck", "check", str(regressions / "xmp-flood-1m-names.pdf"),
                           "--venue", "axiom-2026", "--track", "paper", "--format", "json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr[-2000:]
    assert len(done.stdout.encode()) < 20_000  # a few KB, not 317 MB
    findings = json.loads(done.stdout)["files"][0]["findings"]
    flood = [f for f in findings if f["rule"] == "AX304"]
    assert len(flood) == 1
    assert "Jane Doe" in flood[0]["message"] and "1,000,000 times" in flood[0]["message"]
    assert not any(f["rule"].startswith("AX9") for f in findings)


@pytest.mark.slow
def test_unclosed_xmp_tags_are_refused_at_once_and_the_paper_is_checked(regressions: Path, pack) -> None:
    [result] = _check(pack, [regressions / "xmp-unclosed-tags.pdf"])
    assert result.status == "fail" and result.pages
    assert [rule for rule in _rules(result) if rule.startswith("AX9")] == ["AX906"]  # the damage is noted
    assert {"AX301", "AX302"} <= set(_rules(result))  # the page-1 author block is still read


@pytest.mark.slow
def test_the_victim_keeps_its_finding_after_the_context_file(regressions: Path, pack) -> None:
    context, victim = regressions / "state-context.pdf", regressions / "state-victim.pdf"
    [alone] = _check(pack, [victim])
    after = _check(pack, [context, victim])[1]
    assert "AX204" in _rules(alone)
    assert to_json(after) == to_json(alone)


@pytest.mark.slow
def test_a_file_with_no_pages_is_described_by_its_own_reason(regressions: Path, pack, tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.pdf"
    damaged.write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n" + b"x" * 200)
    no_pages = regressions / "no-pages-after-open.pdf"
    [alone] = _check(pack, [no_pages])
    first, after = _check(pack, [damaged, no_pages])
    assert alone.findings[0].rule == "AX900"
    assert "PDFium: it finds no page in the page tree" in alone.findings[0].message
    assert to_json(after) == to_json(alone)
    assert "PDFium" in first.findings[0].message


def _worker_holds(pool: WorkerPool) -> tuple[int, int]:
    """(open descriptors, resident bytes) of the pool's only worker."""
    [pid] = pool.worker_pids()
    with open(f"/proc/{pid}/statm", "rb") as handle:
        resident = int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    return len(os.listdir(f"/proc/{pid}/fd")), resident


def _no_pages_through_one_worker(pack, path: Path, count: int) -> tuple[tuple[int, int], tuple[int, int], FileResult]:
    """What the worker holds after the first tenth and after all of `count` checks of `path`,
    and the result of a valid paper checked next by the same worker."""
    tasks = [FileTask(str(path))] * count + [FileTask(str(PASSING_PAPER))]
    with WorkerPool(pack, jobs=1, max_files_per_worker=10 * count) as pool:
        results = pool.check(tasks)
        for index in range(count):
            result = next(results)
            assert result.findings[0].rule == "AX900", result.findings
            if index + 1 == count // 10:
                early = _worker_holds(pool)
        late = _worker_holds(pool)
        paper = next(results)
        assert pool.workers_started == 1  # no retirement hid a leak
    return early, late, paper


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads /proc")
def test_a_worker_holds_no_more_files_after_hundreds_of_no_pages_files(regressions: Path, pack) -> None:
    early, late, paper = _no_pages_through_one_worker(pack, regressions / "no-pages-after-open.pdf", 300)
    assert late[0] <= early[0]
    assert paper.status == "pass", paper.findings


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads /proc")
def test_two_thousand_no_pages_files_leave_one_worker_flat(regressions: Path, pack) -> None:
    """About 40 s here: 2,000 files through one worker, then a valid paper."""
    early, late, paper = _no_pages_through_one_worker(pack, regressions / "no-pages-after-open.pdf", 2000)
    assert late[0] <= early[0] * 1.1, (early, late)
    assert late[1] <= early[1] * 1.1, (early, late)
    assert paper.status == "pass", paper.findings


# -- PDFium: closed on every path, fresh for every file -------------------------------------

@pytest.mark.slow
def test_a_document_pdfium_opens_without_pages_is_closed(regressions: Path) -> None:
    from axiomcheck.pdf.pdfium_library import PdfiumOpenError, open_objects, open_pdf

    descriptors = len(os.listdir("/proc/self/fd")) if Path("/proc/self/fd").is_dir() else None
    for _ in range(20):
        with pytest.raises(PdfiumOpenError, match="no page"):
            open_pdf(str(regressions / "no-pages-after-open.pdf"))
    assert open_objects() == 0
    if descriptors is not None:
        assert len(os.listdir("/proc/self/fd")) == descriptors


def test_pdfium_starts_afresh_only_when_nothing_is_open() -> None:
    from axiomcheck.pdf.pdfium_library import fresh_library, open_objects, open_pdf

    document = open_pdf(str(PASSING_PAPER))
    try:
        assert open_objects() == 1
        assert not fresh_library()  # a document of the caller's stays usable
        assert len(document) >= 1
    finally:
        document.close()
    assert fresh_library()


def test_workers_retire_after_their_files_and_results_do_not_change(pack) -> None:
    paths = [FIXTURES / name for name in ("acknowledgments-hidden.pdf", "over-limit.pdf", "metadata-author.pdf")] * 2
    with WorkerPool(pack, jobs=1, max_files_per_worker=2) as pool:
        retired = [to_json(r) for r in pool.check([FileTask(str(p)) for p in paths])]
        assert pool.workers_started == 3
    assert retired[:3] == retired[3:]


# -- XMP: a real parser, linear time ----------------------------------------------------------

XMP_PARSE_CPU_SECONDS = 5.0
"""Processor time allowed to parse 100,000 unclosed tags: a linear parse takes a fraction of a
second, the old regular expression took minutes; processor time, so a busy machine cannot
make the test fail."""


def test_a_packet_of_100000_unclosed_tags_is_parsed_in_linear_time() -> None:
    packet = "<x:xmpmeta>" + "<dc:creator>" * 100_000 + "tail"
    start = time.process_time()
    parse_xmp(packet)
    assert time.process_time() - start < XMP_PARSE_CPU_SECONDS


def test_xmp_fields_come_from_elements_and_attributes() -> None:
    packet = ('<?xpacket begin="\ufeff"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>'
              '<rdf:Description pdf:Author="Jane &amp; Doe" pdf:Producer="pdfTeX">'
              '<dc:title><rdf:Alt><rdf:li xml:lang="x-default">A  <b>bold</b>\n title</rdf:li></rdf:Alt></dc:title>'
              '<dc:creator><rdf:Seq><rdf:li>A B</rdf:li> <rdf:li>C D</rdf:li>'
              '<rdf:li>A B</rdf:li></rdf:Seq></dc:creator>'
              '<dc:description>plain text</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>')
    values, repeats = parse_xmp_counts(packet)
    assert values == {"dc:creator": ["A B", "C D"], "dc:title": ["A bold title"],
                      "dc:description": ["plain text"], "pdf:Author": ["Jane & Doe"]}
    assert repeats == {"dc:creator": {"A B": 2}}


def test_an_xmp_packet_is_read_up_to_its_damage_and_never_expands_entities() -> None:
    damaged = "<dc:creator><rdf:Seq><rdf:li>Jane Doe</rdf:li><rdf:li>unfinished"
    assert parse_xmp(damaged) == {"dc:creator": ["Jane Doe"]}
    bomb = ('<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
            '<dc:creator>&b;</dc:creator>')
    assert parse_xmp(bomb) == {}


def test_xmp_keeps_a_bounded_number_of_distinct_values() -> None:
    people = "".join(f"<rdf:li>Person {i}</rdf:li>" for i in range(5000))
    packet = "<dc:creator><rdf:Bag>" + people + "</rdf:Bag></dc:creator>"
    assert len(parse_xmp(packet)["dc:creator"]) == 1000


# -- bounded findings ---------------------------------------------------------------------------

def _finding(rule: str = "AX302", message: str = "An e-mail address.", page: int = 1,
             severity: Severity = Severity.ERROR) -> Finding:
    return Finding(rule=rule, name="email", severity=severity, message=message, hint="Remove it.", page=page,
                   bbox=BBox(1.0, 2.0, 3.0, float(page)))


def test_identical_findings_become_one_with_their_count_and_first_places() -> None:
    findings = [_finding(page=n) for n in range(1, 13)] + [_finding(message="Another address.")]
    merged = aggregate(findings)
    assert [f.message for f in merged] == ["An e-mail address.", "Another address."]
    assert merged[0].count == 12 and merged[0].page == 1
    assert [p.page for p in merged[0].places] == list(range(1, PLACES_KEPT + 1))
    assert merged[1].count == 1 and "count" not in to_json(merged[1]) and "places" not in to_json(merged[1])
    assert aggregate(merged) == merged  # bounding twice changes nothing


def test_a_rule_reports_at_most_its_limit_and_says_how_many_more() -> None:
    findings = [_finding(message=f"Address {n}.") for n in range(8)] + [_finding(rule="AX101", message="Long.")]
    capped = cap_per_rule(findings, 3)
    assert [f.rule for f in capped] == ["AX302"] * 3 + ["AX101", "AX302"]
    notice = capped[-1]
    assert notice.severity == "info" and notice.omitted == 5 and "5 more AX302" in notice.message


def test_a_report_over_its_size_limit_is_cut_and_says_so() -> None:
    findings = [_finding(message=f"Address {n}: " + "x" * 5000) for n in range(400)]
    result = FileResult(path="p.pdf", sha256=None, status=FileStatus.FAIL, pages=1, findings=findings)
    cut = cap_report(result, 100_000)
    data = to_json(cut)
    assert len(json.dumps(data, ensure_ascii=False).encode()) <= 100_000
    assert data["truncated"]["findings_left_out"] == 400 - len(cut.findings) > 0
    assert cut.status == "fail"
    assert cap_report(FileResult(path="p.pdf", sha256=None, status=FileStatus.PASS), MAX_REPORT_BYTES).truncated is None


def test_bounding_keeps_the_status_and_the_errors_first() -> None:
    findings = [_finding(severity=Severity.ERROR)] + [_finding(rule="AX205", message=f"W{n}", severity=Severity.WARNING)
                                               for n in range(100)]
    result = bound_result(FileResult(path="p.pdf", sha256=None, status=FileStatus.FAIL, findings=findings), 10)
    assert result.status == "fail" and result.findings[0].severity == "error"
    assert len(result.findings) == 12 and result.findings[-1].omitted == 90


def test_the_pack_sets_the_most_findings_per_rule(tmp_path: Path) -> None:
    assert resolve("axiom-2026", "paper").max_findings_per_rule == 50
    own = tmp_path / "own.yaml"
    own.write_text("pack: own\nextends: axiom-2026\nmax_findings_per_rule: 5\n", encoding="utf-8")
    assert resolve(str(own), "paper").max_findings_per_rule == 5
    own.write_text("pack: own\nextends: axiom-2026\n\nmax_findings_per_rule: none\n", encoding="utf-8")
    with pytest.raises(PackError) as error:
        resolve(str(own), "paper")
    assert "max_findings_per_rule" in str(error.value) and ":4" in str(error.value)
