"""What an author waits for and downloads: one upload's response time and size on `axiomcheck serve`.

    python bench/web_pages.py [FOLDER]      (default ../shared/corpus/papers/pdfs)

Starts its own server on 127.0.0.1 (2 workers), then uploads, one at a time, the paper of
median size and the largest paper of FOLDER, each --repeat times, to the result page
(`POST /check`, pictures inline) and to the JSON API (`POST /api/check`), and prints the median
response time and the size of each answer. Nothing is sent anywhere but 127.0.0.1.
"""

from __future__ import annotations

import argparse
import json
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from web_load import HOST, free_port, multipart, wait_healthy

ROOT = Path(__file__).resolve().parents[1]


def post(url: str, pdf: Path) -> tuple[int, int, float]:
    """(status, bytes of the answer, seconds) of one upload."""
    body, content_type = multipart(pdf)
    request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": content_type})
    began = time.monotonic()
    with urllib.request.urlopen(request, timeout=600) as reply:
        answer = reply.read()
        return reply.status, len(answer), time.monotonic() - began


def measure(base: str, pdf: Path, repeat: int) -> dict[str, object]:
    figures: dict[str, object] = {"paper": pdf.name, "pdf_bytes": pdf.stat().st_size}
    for route in ("/check", "/api/check"):
        runs = [post(base + route, pdf) for _ in range(repeat)]
        figures[route] = {"statuses": sorted({status for status, _, _ in runs}),
                          "bytes": runs[-1][1], "seconds_median": round(statistics.median(s for _, _, s in runs), 2)}
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT.parent / "shared" / "corpus" / "papers" / "pdfs")
    parser.add_argument("--repeat", type=int, default=3, help="uploads of each paper to each route (default 3)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    papers = sorted(args.folder.glob("*.pdf"), key=lambda p: p.stat().st_size)
    if not papers:
        parser.error(f"no PDF in {args.folder}")
    chosen = {"median": papers[len(papers) // 2], "largest": papers[-1]}
    port = free_port()
    base = f"http://{HOST}:{port}"
    server = subprocess.Popen([sys.executable, "-m", "axiomcheck", "serve", "--host", HOST, "--port", str(port),
                               "--venue", "axiom-2026", "--workers", "2"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_healthy(base, server)
        figures = {name: measure(base, pdf, args.repeat) for name, pdf in chosen.items()}
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(60)
    for name, data in figures.items():
        print(f"{name} paper: {data['paper']} ({data['pdf_bytes'] / 1e6:.1f} MB)")
        for route in ("/check", "/api/check"):
            route_data = data[route]
            assert isinstance(route_data, dict)
            print(f"  POST {route:<10} HTTP {route_data['statuses']}, {route_data['bytes'] / 1e6:.2f} MB, "
                  f"median {route_data['seconds_median']} s")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
