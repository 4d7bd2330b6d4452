"""Every real paper of the corpus through `POST /api/check` of a real server: each gets its
JSON report (status 200), whatever the size of its report and of its pictures."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import pytest

from webserver import running_server

UPLOAD_SECONDS = 600
"""An upload not answered by then has hung."""


def upload(base: str, pdf: Path, url: str = "/api/check") -> tuple[int, bytes]:
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{pdf.name}\"\r\n"
            "Content-Type: application/pdf\r\n\r\n").encode() + pdf.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
    request = urllib.request.Request(base + url, data=body, method="POST",
                                     headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    try:
        with urllib.request.urlopen(request, timeout=UPLOAD_SECONDS) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@pytest.mark.slow
def test_every_corpus_paper_gets_its_report_through_the_api(corpus_papers: Path, tmp_path: Path) -> None:
    papers = sorted((corpus_papers / "pdfs").glob("*.pdf"))
    replies: dict[str, tuple[int, bytes]] = {}
    with running_server("--venue", "axiom-2026", "--workers", "2", log=tmp_path / "serve.log") as base:
        def client(share: list[Path]) -> None:
            for pdf in share:
                replies[pdf.name] = upload(base, pdf)

        clients = [threading.Thread(target=client, args=(papers[n::2],)) for n in range(2)]
        for thread in clients:
            thread.start()
        for thread in clients:
            thread.join(UPLOAD_SECONDS * len(papers))
    assert sorted(replies) == [pdf.name for pdf in papers]
    failed = {name: status for name, (status, _) in replies.items() if status != 200}
    assert failed == {}, f"{len(failed)} of {len(papers)} papers got no report: {failed}"
    for name, (_, body) in replies.items():
        report: dict[str, Any] = json.loads(body)
        (result,) = report["files"]
        assert report["schema"] == "axiomcheck.report/1" and result["path"] == name
        assert result["status"] in ("pass", "fail", "error") and result["pages"], name
        assert not any(f["rule"] in ("AX990", "AX999") for f in result["findings"]), (name, result["findings"])
        assert all("evidence_image" not in f for f in result["findings"]), name
