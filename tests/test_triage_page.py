"""The HTML triage page in Debian's Chromium (headless, through Selenium and chromedriver): its
script writes every file's section from the page's data block, each once (also in a saved
copy, and at once when the address names a file); the filter finds a file by any of its
findings, not only by what its table row shows; the rule and status filters; sorting by
submission number; a picture beside the page is shown, a moved one named. Without Chromium
these tests skip, saying why, unless CI=true (CI must run them: `.ci/run` installs chromium
and chromium-driver)."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from axiomcheck.model import Severity
from axiomcheck.report import FileResult, Finding, Report, SubmissionRef
from axiomcheck.reporters import REPORTERS
from triagepage import page_files

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FILES = 30


def _finding(rule: str, name: str, message: str, severity: Severity = Severity.ERROR, page: int = 2) -> Finding:
    return Finding(rule=rule, name=name, severity=severity, message=message, hint=f"Fix {name}.", page=page)


def _page_report(picture: str | None = None) -> Report:
    """FILES files; every third has a page-limit error after another error (so that the table's
    first-error column never shows it); the file of submission 7 a picture."""
    files = []
    for number in range(FILES, 0, -1):
        findings = [_finding("AX302", "email-address", f"An e-mail address appears on page 2 of paper {number}.")]
        if number % 3 == 0:
            findings.append(_finding("AX101", "page-limit", "The main body runs 0.5 pages past the 4-page limit."))
        if number == 7:
            findings.append(dataclasses.replace(_finding("AX306", "visible-acknowledgments", "Thanks a funder."),
                                                evidence_image=picture))
        status = "pass" if number == FILES else "fail"
        files.append(FileResult(path=f"subs/{number:04x}.pdf", sha256=None, status=status, pages=6,
                                findings=[] if status == "pass" else findings,
                                submission=SubmissionRef(str(number), f"Paper number {number}")))
    return Report(venue="axiom-2026", track="paper", stage="submission", files=files)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    if not (CHROMIUM.is_file() and CHROMEDRIVER.is_file()):
        reason = "the triage page tests need Debian's chromium and chromium-driver (apt-get install chromium " \
                 "chromium-driver)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
                 "--disable-background-networking", f"--user-data-dir={tmp_path_factory.mktemp('profile')}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    try:
        yield driver
    finally:
        driver.quit()


def _open(driver: object, page: Path, fragment: str = "") -> None:
    """Open `page` and wait until its script has written every file's section."""
    driver.get(page.as_uri() + fragment)  # type: ignore[attr-defined]
    driver.execute_async_script(  # type: ignore[attr-defined]
        "const done = arguments[0]; (function wait() {"
        " if (performance.getEntriesByName('axiomcheck-sections-written').length) { done(); }"
        " else { setTimeout(wait, 10); } }());")


def _sections(driver: object) -> list[str]:
    """The ids of the sections written, in order, hidden ones too."""
    return driver.execute_script(  # type: ignore[attr-defined]
        "return Array.from(document.querySelectorAll('#file-details article.file')).map(a => a.id);")


def _shown(driver: object) -> list[str]:
    """The submission cells of the rows shown, in order."""
    return driver.execute_script(  # type: ignore[attr-defined]
        "return Array.from(document.querySelectorAll('#file-table tbody tr'))"
        ".filter(r => !r.hidden).map(r => r.cells[1].textContent.split(' ')[0]);")


def _set(driver: object, control: str, value: str) -> str:
    return driver.execute_script(  # type: ignore[attr-defined]
        "const c = document.getElementById(arguments[0]); c.value = arguments[1];"
        "c.dispatchEvent(new Event(arguments[0] === 'filter-text' ? 'input' : 'change'));"
        "return document.getElementById('filter-count').textContent;", control, value)


def test_the_filter_searches_every_finding_and_filters_by_rule_and_status(browser: object, tmp_path: Path) -> None:
    page = tmp_path / "triage.html"
    page.write_text(REPORTERS["html"](_page_report(), str(page)), encoding="utf-8")
    _open(browser, page)
    assert _sections(browser) == [f"f{i}" for i in range(FILES)]
    assert "page-limit" not in "".join(browser.execute_script(  # type: ignore[attr-defined]
        "return Array.from(document.querySelectorAll('#file-table tbody tr')).map(r => r.textContent);"))
    assert _set(browser, "filter-text", "page-limit") == f"{FILES // 3 - 1} of {FILES} files"  # 30 passes
    assert _set(browser, "filter-text", "AX101") == f"{FILES // 3 - 1} of {FILES} files"
    assert _set(browser, "filter-text", "paper 17.") == f"1 of {FILES} files"
    assert browser.execute_script(  # type: ignore[attr-defined]
        "return Array.from(document.querySelectorAll('article.file')).filter(a => !a.hidden).length;") == 1
    _set(browser, "filter-text", "")
    assert _set(browser, "filter-rule", "AX306") == f"1 of {FILES} files" and _shown(browser) == ["#7"]
    _set(browser, "filter-rule", "")
    assert _set(browser, "filter-status", "pass") == f"1 of {FILES} files" and _shown(browser) == [f"#{FILES}"]
    _set(browser, "filter-status", "")
    assert _shown(browser)[:3] == ["#30", "#29", "#28"]  # as given
    browser.find_element("css selector", "#file-table th:nth-child(2) button").click()  # type: ignore[attr-defined]
    assert _shown(browser)[:3] == ["#1", "#2", "#3"]  # by number, not as text ("#10" after "#1")
    assert _set(browser, "filter-text", "paper 3.") == f"1 of {FILES} files" and _shown(browser) == ["#3"]


def test_each_file_section_shows_every_finding_as_written_from_the_data(browser: object, tmp_path: Path) -> None:
    report = _page_report()
    seven = report.files[FILES - 7]
    seven.findings[0] = dataclasses.replace(seven.findings[0], message="Uses <b>bold</b> & more", count=2,
                                            evidence="a long line " * 20, waiver="Allowed by the chairs")
    page = tmp_path / "triage.html"
    page.write_text(REPORTERS["html"](report, str(page)), encoding="utf-8")
    _open(browser, page)
    section = browser.find_element("css selector", f"#f{FILES - 7}")  # type: ignore[attr-defined]
    text = section.text
    assert "#7 Paper number 7" in text and "6 pages" in text
    items = section.find_elements("css selector", "ol.findings li")
    assert [i.get_attribute("class") for i in items] == ["waived", "error"]
    assert "AX302 email-address · p2 · ×2\nUses <b>bold</b> & more" in items[0].text
    assert f"found: {('a long line ' * 20)[:159].rstrip()}…" in items[0].text
    assert "waived: Allowed by the chairs (was error)" in items[0].text
    assert "fix: Fix visible-acknowledgments." in items[1].text  # a fix no other finding shares, in full
    shared = items[0].find_element("css selector", "a").get_attribute("href")
    assert shared.endswith("#x0") and browser.find_element(  # type: ignore[attr-defined]
        "id", "x0").text == "Fix email-address."


def test_a_long_page_writes_every_section_once_and_opens_at_a_file(browser: object, tmp_path: Path) -> None:
    report = _page_report()
    report.files = [dataclasses.replace(report.files[i % FILES], path=f"subs/{i:04d}.pdf") for i in range(400)]
    page = tmp_path / "triage.html"
    page.write_text(REPORTERS["html"](report, str(page)), encoding="utf-8")
    _open(browser, page, "#f350")
    assert _sections(browser) == [f"f{i}" for i in range(400)]
    assert browser.execute_async_script(  # type: ignore[attr-defined]
        "const done = arguments[0]; let frames = 0; (function seen() {"
        " const top = document.getElementById('f350').getBoundingClientRect().top;"
        " if (top >= -1 && top < window.innerHeight) { done(true); }"
        " else if (++frames > 60) { done(top); } else { requestAnimationFrame(seen); } }());") is True
    _open(browser, page)
    assert _set(browser, "filter-text", "subs/0399.pdf") == "1 of 400 files"
    assert browser.execute_script(  # type: ignore[attr-defined]
        "return Array.from(document.querySelectorAll('article.file')).filter(a => !a.hidden).map(a => a.id);"
    ) == ["f399"]


def test_a_copy_saved_with_its_sections_written_shows_each_once(browser: object, tmp_path: Path) -> None:
    page = tmp_path / "triage.html"
    page.write_text(REPORTERS["html"](_page_report(), str(page)), encoding="utf-8")
    _open(browser, page)
    saved = tmp_path / "saved.html"  # what a browser's "save page, complete" keeps: the document as shown
    saved.write_text("<!DOCTYPE html>\n" + browser.execute_script(  # type: ignore[attr-defined]
        "return document.documentElement.outerHTML;"), encoding="utf-8")
    assert saved.read_text().count('<article class="file"') == FILES
    _open(browser, saved)
    assert _sections(browser) == [f"f{i}" for i in range(FILES)]
    assert _set(browser, "filter-text", "page-limit") == f"{FILES // 3 - 1} of {FILES} files"


def test_a_picture_beside_the_page_is_shown_and_a_moved_one_named(browser: object, tmp_path: Path) -> None:
    from PIL import Image

    (tmp_path / "evidence").mkdir()
    picture = tmp_path / "evidence" / "0007-03-AX306-p2.png"
    Image.new("RGB", (300, 400), "white").save(picture)
    page = tmp_path / "pages" / "triage.html"
    page.parent.mkdir()
    page.write_text(REPORTERS["html"](_page_report(str(picture)), str(page)), encoding="utf-8")
    _open(browser, page)
    image = browser.find_element("css selector", "#f23 a.pic img")  # type: ignore[attr-defined]
    browser.execute_script("arguments[0].scrollIntoView();", image)  # type: ignore[attr-defined]
    browser.execute_script(  # type: ignore[attr-defined]
        "const img = arguments[0]; return img.decode ? img.decode().catch(() => null) : null;", image)
    assert browser.execute_script("return arguments[0].naturalWidth;", image) == 300  # type: ignore[attr-defined]
    assert image.get_attribute("loading") == "lazy"
    assert image.find_element("xpath", "..").get_attribute("href").endswith("/evidence/0007-03-AX306-p2.png")
    picture.rename(tmp_path / "elsewhere.png")
    page.write_text(REPORTERS["html"](_page_report(str(picture)), str(page)), encoding="utf-8")
    _open(browser, page)
    assert not browser.find_elements("css selector", "#f23 img")  # type: ignore[attr-defined]
    assert f"picture not found: {picture}" in browser.find_element("id", "f23").text  # type: ignore[attr-defined]


def test_report_names_pictures_that_moved_and_finds_them_with_evidence(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from axiomcheck.cli import main
    from batchutil import distinct_pdfs

    distinct_pdfs(tmp_path / "papers", 1, ("acknowledgments-visible.pdf",))
    db, evidence = str(tmp_path / "r.sqlite"), tmp_path / "ev"
    runner = CliRunner()
    first = runner.invoke(main, ["batch", str(tmp_path / "papers"), "--venue", "axiom-2026", "--db", db,
                                 "--progress", "none", "--evidence", str(evidence)])
    assert first.exit_code == 1, first.output
    pictures = sorted(p.name for p in evidence.iterdir())
    assert pictures
    evidence.rename(tmp_path / "moved")
    page = tmp_path / "out" / "triage.html"
    page.parent.mkdir()
    lost = runner.invoke(main, ["report", "--db", db, "--format", "html", "-o", str(page)])
    assert f"{len(pictures)} evidence picture(s) of this run are not where it wrote them" in lost.output
    assert pictures[0] in lost.output and "--evidence DIR" in lost.output
    linked = [f for file in page_files(page.read_text()) for f in file["findings"] if f["missing"] or f["picture"]]
    assert linked and all(f["picture"] is None and f["missing"] for f in linked)
    found = runner.invoke(main, ["report", "--db", db, "--format", "html", "-o", str(page),
                                 "--evidence", str(tmp_path / "moved")])
    assert "not where it wrote them" not in found.output
    links = {f["picture"] for file in page_files(page.read_text()) for f in file["findings"]}
    assert f"../moved/{pictures[0]}" in links
