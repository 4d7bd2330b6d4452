"""The web app through Starlette's TestClient: the JSON API, the upload cap, the queue's 503,
security headers, no stack trace on a page, and nothing left on disk."""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from axiomcheck.web.folders import OWNER
from axiomcheck.limits import Limits
from axiomcheck.web import dispatch
from axiomcheck.web.app import RETRY_AFTER_SECONDS, create_app
from axiomcheck.web.settings import MULTIPART_OVERHEAD, WebSettings

from conftest import FIXTURES

MAX_SIZE = 300_000
QUEUE_TIMEOUT = 1.0


@pytest.fixture(scope="module")
def app() -> Starlette:
    return create_app(WebSettings(venues=("axiom-2026",), limits=Limits(max_size=MAX_SIZE), workers=1,
                                  queue_size=1, queue_timeout=QUEUE_TIMEOUT))


@pytest.fixture(scope="module")
def client(app: Starlette) -> Iterator[TestClient]:
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def post_pdf(client: TestClient, pdf: Path, url: str = "/api/check", **fields: str) -> Any:
    with open(pdf, "rb") as handle:
        return client.post(url, files={"file": (pdf.name, handle, "application/pdf")}, data=fields)


def leftovers(app: Starlette) -> list[Path]:
    """What is left in the server's private folder (uploads, their folders, pictures; not the
    lock that says the server runs)."""
    return [path for path in Path(app.state.upload_folder).rglob("*") if path.name != OWNER]


def test_packs_lists_venues_tracks_and_stages(client: TestClient) -> None:
    reply = client.get("/api/packs")
    assert reply.status_code == 200
    (venue,) = reply.json()["venues"]
    assert venue["id"] == "axiom-2026"
    assert [t["id"] for t in venue["tracks"]] == ["paper", "grand-challenge", "poster"]
    assert venue["stages"] == ["submission", "camera-ready"] and venue["default_stage"] == "submission"


def test_health_reports_the_checkers(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok", "checkers": 1, "busy": 0, "waiting": 0}


def test_the_api_returns_the_json_report_and_keeps_nothing(app: Starlette, client: TestClient) -> None:
    reply = post_pdf(client, FIXTURES / "over-limit.pdf", venue="axiom-2026", track="paper")
    assert reply.status_code == 200 and reply.headers["cache-control"] == "no-store"
    report = reply.json()
    assert (report["schema"], report["venue"], report["track"], report["stage"]) == \
        ("axiomcheck.report/1", "axiom-2026", "paper", "submission")
    (result,) = report["files"]
    assert result["path"] == "over-limit.pdf" and result["status"] == "fail"
    assert [(f["rule"], f["page"]) for f in result["findings"] if f["severity"] == "error"] == [("AX101", 5)]
    assert result["sha256"] == hashlib.sha256((FIXTURES / "over-limit.pdf").read_bytes()).hexdigest()
    assert leftovers(app) == []


def test_the_name_the_browser_sends_is_only_displayed(app: Starlette, client: TestClient, tmp_path: Path) -> None:
    sent = f"../../../..{tmp_path}/evil name.pdf"
    reply = client.post("/api/check", files={"file": (sent, (FIXTURES / "over-limit.pdf").read_bytes())})
    assert reply.status_code == 200 and reply.json()["files"][0]["path"] == "evil name.pdf"
    assert list(tmp_path.iterdir()) == [] and leftovers(app) == []


def test_pictures_are_deleted_once_the_page_is_sent(app: Starlette, client: TestClient) -> None:
    reply = post_pdf(client, FIXTURES / "white-text.pdf", "/check", choice="axiom-2026::paper")
    assert reply.status_code == 200
    assert reply.text.count('src="data:image/png;base64,') >= 1
    assert leftovers(app) == []
    assert all("evidence_image" not in f for f in post_pdf(client, FIXTURES / "white-text.pdf").json()
               ["files"][0]["findings"])


def test_a_file_that_is_not_a_pdf_is_refused_with_the_reason(client: TestClient, tmp_path: Path) -> None:
    notes = tmp_path / "notes.docx"
    notes.write_bytes(b"PK\x03\x04 a word document, not a PDF")
    result = post_pdf(client, notes).json()["files"][0]
    assert result["status"] == "error" and result["findings"][0]["message"].startswith("Not a PDF")
    page = post_pdf(client, notes, "/check", choice="axiom-2026::paper")
    assert page.status_code == 422
    assert "notes.docx: Not a PDF" in page.text and 'role="alert"' in page.text


def test_an_upload_over_the_cap_gets_413(app: Starlette, client: TestClient, tmp_path: Path) -> None:
    big = tmp_path / "big.pdf"
    big.write_bytes(b"%PDF-1.7\n" + b"0" * (MAX_SIZE + MULTIPART_OVERHEAD))
    reply = post_pdf(client, big)
    assert reply.status_code == 413 and "larger than the 300 KB" in reply.json()["error"]
    page = post_pdf(client, big, "/check")
    assert page.status_code == 413 and "larger than the 300 KB" in page.text and "<form" in page.text
    assert leftovers(app) == []


def test_the_cap_holds_while_a_body_without_length_streams(app: Starlette, client: TestClient) -> None:
    """No Content-Length: the body is counted as it arrives and refused long before its end."""
    chunk, chunks = 64 * 1024, 200
    head = b"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x.pdf\"\r\n\r\n%PDF-1.7\n"
    read = 0
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal read
        read += 1
        return {"type": "http.request", "body": head if read == 1 else b"0" * chunk, "more_body": read < chunks}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/api/check", "raw_path": b"/api/check", "root_path": "",
             "query_string": b"", "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 1), "app": app,
             "headers": [(b"content-type", b"multipart/form-data; boundary=b"),
                         (b"transfer-encoding", b"chunked")]}
    client.portal.call(app, scope, receive, send)
    assert sent[0]["status"] == 413
    assert read * chunk < MAX_SIZE + MULTIPART_OVERHEAD + 2 * chunk, "refused as soon as the cap was passed"
    assert read < chunks


def test_an_unknown_track_or_a_missing_file_is_a_clear_400(client: TestClient) -> None:
    reply = post_pdf(client, FIXTURES / "over-limit.pdf", venue="axiom-2026", track="workshop")
    assert reply.status_code == 400
    assert reply.json()["error"] == "axiom-2026 has no track 'workshop'; tracks: paper, grand-challenge, poster."
    reply = client.post("/api/check", data={"venue": "axiom-2026"}, files={"other": ("a", b"b")})
    assert reply.status_code == 400 and reply.json()["error"] == "Choose a PDF file to upload."
    assert post_pdf(client, FIXTURES / "over-limit.pdf", venue="hild-2026").status_code == 400


@pytest.mark.parametrize("path", ["/", "/static/style.css", "/api/packs", "/no-such-page"])
def test_every_response_has_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    policy = headers["content-security-policy"]
    assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy and "script-src" not in policy
    assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"


def test_pages_have_no_script_and_no_inline_style(client: TestClient) -> None:
    for text in (client.get("/").text, post_pdf(client, FIXTURES / "white-text.pdf", "/check").text):
        assert "<script" not in text and " style=" not in text and " on" + "click=" not in text


def test_no_stack_trace_reaches_a_page(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(self: dispatch.Checkers, evidence_dir: str) -> dispatch.CheckerLease:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(dispatch.Checkers, "lease", broken)
    for url in ("/check", "/api/check"):
        reply = post_pdf(client, FIXTURES / "over-limit.pdf", url)
        assert reply.status_code == 500
        assert "not because of your file" in reply.text
        assert "secret" not in reply.text and "Traceback" not in reply.text and "RuntimeError" not in reply.text


def test_a_saturated_server_answers_503_with_retry_after(app: Starlette, client: TestClient,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """One worker, one place in the queue: while a check runs, a second upload waits up to the
    queue timeout and then gets 503; a third, with the queue full, gets 503 at once."""
    release = threading.Event()
    ask = dispatch._Checker.ask

    def held_ask(self: dispatch._Checker, job: Any, timeout: float) -> Any:
        release.wait(30)
        return ask(self, job, timeout)

    monkeypatch.setattr(dispatch._Checker, "ask", held_ask)
    checkers = app.state.checkers
    replies: dict[str, Any] = {}

    def upload(name: str) -> None:
        replies[name] = post_pdf(client, FIXTURES / "over-limit.pdf")

    first = threading.Thread(target=upload, args=("first",))
    first.start()
    _wait_until(lambda: checkers.busy == 1)
    second = threading.Thread(target=upload, args=("second",))
    second.start()
    _wait_until(lambda: checkers.waiting == 1)
    third = post_pdf(client, FIXTURES / "over-limit.pdf", "/check")
    assert third.status_code == 503 and third.headers["retry-after"] == str(RETRY_AFTER_SECONDS)
    assert "Every checker is busy" in third.text
    second.join(QUEUE_TIMEOUT + 30)
    assert replies["second"].status_code == 503 and replies["second"].headers["retry-after"]
    release.set()
    first.join(60)
    assert replies["first"].status_code == 200 and replies["first"].json()["files"][0]["status"] == "fail"
    assert checkers.busy == 0 and checkers.waiting == 0
    assert leftovers(app) == []


def test_the_api_is_described_in_openapi(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert {"/api/check", "/api/packs", "/healthz"} <= set(schema["paths"])
    assert "multipart/form-data" in schema["paths"]["/api/check"]["post"]["requestBody"]["content"]


def _wait_until(condition: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)



def test_serve_is_a_command_with_help() -> None:
    from click.testing import CliRunner

    from axiomcheck.cli import main

    runner = CliRunner()
    assert "serve" in runner.invoke(main, ["--help"]).output
    helped = runner.invoke(main, ["serve", "--help"])
    assert helped.exit_code == 0 and "POST /api/check" in helped.output and "--workers" in helped.output
    broken = runner.invoke(main, ["serve", "--venue", "no-such-venue"])
    assert broken.exit_code == 2 and "no rule pack named 'no-such-venue'" in broken.output


def test_a_checker_that_dies_is_replaced(app: Starlette, client: TestClient) -> None:
    """Dead while idle, it costs the next upload nothing: the job goes to its replacement."""
    (checker,) = app.state.checkers._all
    checker.process.kill()
    checker.process.join(10)
    assert client.get("/healthz").json()["status"] == "degraded"
    reply = post_pdf(client, FIXTURES / "over-limit.pdf")
    assert reply.status_code == 200 and reply.json()["files"][0]["status"] == "fail"
    assert client.get("/healthz").json() == {"status": "ok", "checkers": 1, "busy": 0, "waiting": 0}
    assert leftovers(app) == []


def test_a_checker_that_dies_mid_job_costs_its_upload_one_more_try(app: Starlette, client: TestClient,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    ask = dispatch._Checker.ask
    deaths: list[int] = []

    def dying_ask(self: dispatch._Checker, job: Any, timeout: float) -> Any:
        """The checker dies once it has the job."""
        if len(deaths) < dying:
            deaths.append(self.process.pid or 0)
            send = self.channel.send

            def send_then_die(message: Any, limit: int | None = None) -> None:
                send(message, limit)
                self.process.kill()

            self.channel.send = send_then_die  # type: ignore[method-assign]
        return ask(self, job, timeout)

    monkeypatch.setattr(dispatch._Checker, "ask", dying_ask)
    dying = 1
    retried = post_pdf(client, FIXTURES / "over-limit.pdf")
    assert retried.status_code == 200 and retried.json()["files"][0]["status"] == "fail"
    deaths.clear()
    dying = 2
    lost = post_pdf(client, FIXTURES / "over-limit.pdf", "/check")
    assert lost.status_code == 200 and "Not checked" in lost.text
    assert "checking process was lost twice" in lost.text and "not in your paper" in lost.text
    monkeypatch.undo()
    assert client.get("/healthz").json()["status"] == "ok"
    assert post_pdf(client, FIXTURES / "over-limit.pdf").status_code == 200
    assert leftovers(app) == []


def test_a_checkers_workers_hold_no_channel_but_their_own(app: Starlette, client: TestClient) -> None:
    """A forked worker keeps no copy of its checker's channel to the server: a checker that
    dies is seen dead at once, whatever its workers are doing."""
    assert post_pdf(client, FIXTURES / "over-limit.pdf").status_code == 200
    (checker,) = app.state.checkers._all
    workers = children(checker.process.pid)
    assert workers, "the checker keeps its worker between uploads"
    for worker in workers:
        assert len(sockets(worker)) == 1, f"worker {worker} holds {sockets(worker)}"


def children(pid: int) -> list[int]:
    """Process ids whose parent is `pid` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def sockets(pid: int) -> list[str]:
    """The sockets process `pid` holds open."""
    held = []
    for descriptor in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(descriptor)
        except OSError:
            continue
        if target.startswith("socket:"):
            held.append(target)
    return held


def test_a_server_of_several_venues_offers_each_with_its_tracks() -> None:
    app = create_app(WebSettings(venues=("axiom-2026", "hild-2026"), workers=1))
    with TestClient(app) as several:
        form = several.get("/").text
        assert '<optgroup label="axiom-2026: AXIOM' in form and '<optgroup label="hild-2026: HiLD' in form
        assert 'value="hild-2026::paper"' in form and "The venue's default" in form
        page = post_pdf(several, FIXTURES / "icml-over-limit.pdf", "/check", choice="hild-2026::paper")
        assert page.status_code == 200 and "hild-2026 · track paper · stage submission" in page.text
        assert "AX101 page-limit" in page.text
        reply = post_pdf(several, FIXTURES / "icml-over-limit.pdf", track="paper")
        assert reply.status_code == 400 and reply.json()["error"] == "Choose a venue: axiom-2026, hild-2026."
        folder = Path(app.state.upload_folder)
        assert folder.is_dir()
    assert not folder.exists(), "the private folder is removed at shutdown"
