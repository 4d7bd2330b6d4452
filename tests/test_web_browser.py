"""End-to-end: Debian's Chromium, headless, driven by Selenium through Debian's chromedriver,
against `axiomcheck serve` on localhost. Without a browser these tests are skipped, with the
packages to install, except in CI (`CI=true`), where they fail: `.ci/run` installs the
`chromium` and `chromium-driver` packages (tests/browser.py). Screenshots go to
test-artifacts/web/."""

from __future__ import annotations

import json
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from browser import CHROMEDRIVER, CHROMIUM, require_browser
from conftest import FIXTURES, ROOT
from webserver import running_server

pytestmark = pytest.mark.slow  # a browser, a server and real pages: run by `.ci/run`

ARTIFACTS = ROOT / "test-artifacts" / "web"
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage")
PAGE_SECONDS = 60


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("web-server") / "serve.log"
    with running_server("--venue", "axiom-2026", "--workers", "2", "--max-size", "5MB", log=log) as base:
        yield base


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    require_browser()
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.add_argument("--window-size=1280,900")
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    driver.set_page_load_timeout(PAGE_SECONDS)
    try:
        yield driver
    finally:
        driver.quit()


def screenshot(driver: WebDriver, name: str) -> Path:
    """The whole page (the window grown to its height) as test-artifacts/web/NAME.png."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    width = driver.get_window_size()["width"]
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, max(600, min(int(height) + 140, 12000)))
    target = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(target))
    return target


def upload(driver: WebDriver, server: str, pdf: Path, track: str = "paper") -> None:
    driver.set_window_size(1280, 900)
    driver.get(server + "/")
    driver.find_element(By.ID, "file").send_keys(str(pdf))
    driver.find_element(By.CSS_SELECTOR, f"#choice option[value='axiom-2026::{track}']").click()
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for_answer(driver)


def wait_for_answer(driver: WebDriver) -> None:
    """Wait until the result page or the form with its error message has loaded."""
    WebDriverWait(driver, PAGE_SECONDS).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".verdict, [role=alert]"))


def api_report(server: str, pdf: Path) -> dict:
    """The JSON report of `pdf` from POST /api/check, to compare the page with."""
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{pdf.name}\"\r\n"
            "Content-Type: application/pdf\r\n\r\n").encode() + pdf.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
    request = urllib.request.Request(server + "/api/check", data=body, method="POST",
                                     headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    with urllib.request.urlopen(request, timeout=PAGE_SECONDS) as reply:
        return json.load(reply)


def finding_items(driver: WebDriver, rule: str) -> list[WebElement]:
    return [item for item in driver.find_elements(By.CSS_SELECTOR, "li.finding")
            if item.find_element(By.CSS_SELECTOR, ".rule").text.startswith(rule + " ")]


def test_a_compliant_paper_passes(server: str, browser: WebDriver) -> None:
    upload(browser, server, FIXTURES / "neurips-submission-ok.pdf")
    verdict = browser.find_element(By.CSS_SELECTOR, ".verdict")
    assert "verdict-pass" in verdict.get_attribute("class")
    assert browser.find_element(By.ID, "verdict-title").text == "Passes"
    structure = browser.find_element(By.CSS_SELECTOR, ".structure").text
    assert "4 pages" in structure and "References\npage 5" in structure and "Checklist\npage 7" in structure
    assert "neurips-2026, submission mode" in structure
    assert browser.find_elements(By.CSS_SELECTOR, "section.group-error") == []
    screenshot(browser, "pass-result")


def test_an_over_length_paper_shows_the_page_limit_finding_on_its_page(server: str, browser: WebDriver) -> None:
    pdf = FIXTURES / "over-limit.pdf"
    report = api_report(server, pdf)["files"][0]
    upload(browser, server, pdf)
    assert browser.find_element(By.ID, "verdict-title").text == "Fails: 1 error"
    items = finding_items(browser, "AX101")
    assert len(items) == 1, "the page-limit finding is listed once"
    item = items[0]
    assert item.find_element(By.CSS_SELECTOR, ".page").text == "page 5"
    assert "past the 4-page limit" in item.find_element(By.CSS_SELECTOR, ".message").text
    assert item.find_element(By.CSS_SELECTOR, ".fix").text.startswith("How to fix: Cut the main text")
    assert "group-error" in item.find_element(By.XPATH, "ancestor::section").get_attribute("class")
    assert browser.find_element(By.ID, "group-error").text == "Errors (1)"
    # Every finding with a page and a box shows its evidence picture, loaded (not broken).
    boxed = [f for f in report["findings"] if f.get("page") and f.get("bbox")]
    for finding in boxed:
        (shown,) = finding_items(browser, finding["rule"])[:1]
        image = shown.find_element(By.CSS_SELECTOR, "figure.evidence img")
        assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) > 100
        assert f"Page {finding['page']}" in image.get_attribute("alt")
    structure = browser.find_element(By.CSS_SELECTOR, ".structure").text
    assert "5 pages, ending 30% into page 5, before 'References'" in structure
    download = browser.find_element(By.LINK_TEXT, "Download the JSON report")
    assert download.get_attribute("download") == "over-limit.axiomcheck.json"
    assert download.get_attribute("href").startswith("data:application/json;base64,")
    screenshot(browser, "over-limit-result")


def test_a_finding_with_a_box_shows_its_picture(server: str, browser: WebDriver) -> None:
    upload(browser, server, FIXTURES / "white-text.pdf")
    images = browser.find_elements(By.CSS_SELECTOR, "li.finding figure.evidence img")
    assert images, "a finding with a box has a picture of its page"
    for image in images:
        assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) > 100
    screenshot(browser, "picture-result")


def test_a_file_that_is_not_a_pdf_gets_a_clear_message(server: str, browser: WebDriver, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("These are my notes, not a paper.\n")
    upload(browser, server, notes)
    alert = browser.find_element(By.CSS_SELECTOR, "[role=alert]")
    assert "notes.txt: Not a PDF" in alert.text
    assert browser.find_element(By.ID, "file").get_attribute("aria-describedby") == "upload-error"
    screenshot(browser, "not-a-pdf")


def test_the_form_works_with_the_keyboard_alone(server: str, browser: WebDriver) -> None:
    browser.set_window_size(1280, 900)
    browser.get(server + "/")
    body = browser.find_element(By.TAG_NAME, "body")
    focus = browser.switch_to.active_element

    def press(key: str) -> WebElement:
        ActionChains(browser).send_keys(key).perform()
        return browser.switch_to.active_element

    def tab_to(element_id: str) -> WebElement:
        for _ in range(8):
            if press(Keys.TAB).get_attribute("id") == element_id:
                return browser.switch_to.active_element
        raise AssertionError(f"Tab never reached #{element_id}")

    assert focus == body or focus.tag_name in ("body", "html")
    tab_to("file").send_keys(str(FIXTURES / "grand-challenge-ok.pdf"))  # the file dialog is the OS's
    choice = tab_to("choice")
    press(Keys.ARROW_DOWN)  # paper -> grand-challenge
    assert choice.get_attribute("value") == "axiom-2026::grand-challenge"
    for _ in range(8):
        if press(Keys.TAB).get_attribute("type") == "submit":
            break
    else:
        raise AssertionError("Tab never reached the submit button")
    press(Keys.ENTER)
    wait_for_answer(browser)
    assert "track grand-challenge" in browser.find_element(By.CSS_SELECTOR, ".verdict .file").text
    assert browser.find_element(By.ID, "verdict-title").text == "Passes"
    screenshot(browser, "keyboard-result")


def test_the_result_page_fits_a_phone(server: str, browser: WebDriver) -> None:
    upload(browser, server, FIXTURES / "over-limit.pdf")
    browser.set_window_size(390, 844)
    overflow = browser.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways on a phone by {overflow}px"
    size = browser.execute_script("return parseFloat(getComputedStyle(document.querySelector('.message')).fontSize)")
    assert size >= 14, "text stays readable without zooming"
    screenshot(browser, "over-limit-phone")


MULTI_FINDING_PAPER = "o13__aclpubcheck__2kenize.pdf"
"""A real paper with many findings, most with a box: its pictures alone are several MB."""


def test_a_real_paper_shows_every_finding_with_its_picture(server: str, browser: WebDriver,
                                                          corpus_papers: Path) -> None:
    pdf = corpus_papers / "pdfs" / MULTI_FINDING_PAPER
    report = api_report(server, pdf)["files"][0]
    assert len(report["findings"]) >= 10
    upload(browser, server, pdf)
    assert browser.find_element(By.ID, "verdict-title").text.startswith("Fails")
    items = browser.find_elements(By.CSS_SELECTOR, "li.finding")
    assert len(items) == len(report["findings"]), "every finding is listed"
    shown = [(item.find_element(By.CSS_SELECTOR, ".rule").text.split(" ")[0], item) for item in items]
    assert sorted(rule for rule, _ in shown) == sorted(f["rule"] for f in report["findings"])
    boxed = sum(1 for f in report["findings"] if f.get("page") and f.get("bbox"))
    images = browser.find_elements(By.CSS_SELECTOR, "li.finding figure.evidence img")
    assert len(images) == boxed, "every finding with a box has its picture"
    for image in images:
        assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) > 100
    screenshot(browser, "real-paper-result")
