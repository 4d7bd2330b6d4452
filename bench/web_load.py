"""Load on `axiomcheck serve`: N uploads at once on localhost, all answered, none lost, and
the server's memory (the server, its checker processes and their workers) sampled throughout.

    python bench/web_load.py                      # 50 concurrent uploads, 2 workers
    python bench/web_load.py --requests 100 --workers 2 --queue 16   # more than the queue holds: 503s
    python bench/web_load.py --requests 20 --papers ../shared/corpus/papers/pdfs   # real papers

It starts its own server on 127.0.0.1 (a free port), sends exactly --requests uploads of the
fixtures, or of the PDFs in --papers (each request once, all released together), waits for every answer (or --timeout),
stops the server and prints the figures, then times the same files in one
`axiomcheck check -j WORKERS` batch for a ratio of seconds per checked file (on a shared
machine, compare ratios). Nothing is sent anywhere but 127.0.0.1. Standard
library only; Linux (/proc) for the memory figures.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ("neurips-submission-ok.pdf", "over-limit.pdf", "white-text.pdf", "email-in-body.pdf",
            "icml-two-column.pdf", "small-font.pdf")
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def tree_rss(root: int) -> tuple[int, int]:
    """(resident bytes of `root` alone, of `root` and all its descendants), from /proc."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            status = (entry / "status").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                rss[int(entry.name)] = int(line.split()[1]) * 1024
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack.extend(children.get(pid, []))
    return rss.get(root, 0), total


class Sampler(threading.Thread):
    """Samples the server tree's memory every `period` seconds until stopped."""

    def __init__(self, pid: int, period: float = 0.1) -> None:
        super().__init__(daemon=True)
        self.pid, self.period = pid, period
        self.server: list[int] = []
        self.total: list[int] = []
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            server, total = tree_rss(self.pid)
            self.server.append(server)
            self.total.append(total)
            self.done.wait(self.period)


def multipart(pdf: Path) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{pdf.name}\"\r\n"
            "Content-Type: application/pdf\r\n\r\n").encode() + pdf.read_bytes() + \
        f"\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"venue\"\r\n\r\naxiom-2026\r\n" \
        f"--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def upload(url: str, pdf: Path, timeout: float, start: threading.Barrier, out: dict[str, object]) -> None:
    body, content_type = multipart(pdf)
    request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": content_type})
    start.wait()
    began = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            out["status"] = reply.status
            report = json.load(reply)
            result = report["files"][0]
            out["verdict"] = result["status"]
            out["right_file"] = result["sha256"] == hashlib.sha256(pdf.read_bytes()).hexdigest()
    except urllib.error.HTTPError as error:
        out["status"] = error.code
        out["retry_after"] = error.headers.get("Retry-After")
    except OSError as error:
        out["status"] = None
        out["error"] = f"{type(error).__name__}: {error}"
    out["seconds"] = time.monotonic() - began


def wait_healthy(base: str, process: subprocess.Popen[bytes], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("the server exited at start")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=5) as reply:
                if json.load(reply)["status"] == "ok":
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not start")


def cli_batch_seconds(pdfs: list[Path], requests: int, workers: int) -> float:
    """Wall time of the same uploads checked by one `axiomcheck check -j WORKERS` batch with
    evidence pictures: the reference the web figure is divided by."""
    import tempfile

    files = [str(pdfs[i % len(pdfs)]) for i in range(requests)]
    with tempfile.TemporaryDirectory() as evidence:
        began = time.monotonic()
        subprocess.run([sys.executable, "-m", "axiomcheck", "check", *files, "--venue", "axiom-2026",
                        "-j", str(workers), "--evidence", evidence, "--format", "json"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        return time.monotonic() - began


def mib(count: float) -> str:
    return f"{count / 2**20:.0f} MiB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=50, help="uploads, all sent at once (default 50)")
    parser.add_argument("--workers", type=int, default=2, help="the server's --workers (default 2)")
    parser.add_argument("--queue", type=int, default=64, help="the server's --queue (default 64)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds each upload may take")
    parser.add_argument("--papers", type=Path, help="upload the PDFs of this folder (in name order) instead "
                                                     "of the fixtures")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    if not 1 <= args.requests <= 1000:
        parser.error("--requests must be between 1 and 1000")
    pdfs = sorted(args.papers.glob("*.pdf")) if args.papers else [ROOT / "fixtures" / name for name in FIXTURES]
    if not pdfs:
        parser.error(f"no PDF in {args.papers}")
    port = free_port()
    base = f"http://{HOST}:{port}"
    command = [sys.executable, "-m", "axiomcheck", "serve", "--host", HOST, "--port", str(port),
               "--venue", "axiom-2026", "--workers", str(args.workers), "--queue", str(args.queue),
               "--queue-timeout", str(args.timeout)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_healthy(base, server)
        idle_server, idle_total = tree_rss(server.pid)
        sampler = Sampler(server.pid)
        sampler.start()
        start = threading.Barrier(args.requests + 1)
        outcomes: list[dict[str, object]] = [{} for _ in range(args.requests)]
        threads = [threading.Thread(target=upload, args=(f"{base}/api/check", pdfs[i % len(pdfs)], args.timeout,
                                                         start, outcomes[i]), daemon=True)
                   for i in range(args.requests)]
        for thread in threads:
            thread.start()
        start.wait()
        began = time.monotonic()
        for thread in threads:
            thread.join(args.timeout + 30)
        wall = time.monotonic() - began
        sampler.done.set()
        sampler.join()
        with urllib.request.urlopen(f"{base}/healthz", timeout=10) as reply:
            health = json.load(reply)
        after_server, after_total = tree_rss(server.pid)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    batch = cli_batch_seconds(pdfs, args.requests, args.workers)
    statuses: dict[str, int] = {}
    for outcome in outcomes:
        key = str(outcome.get("status"))
        statuses[key] = statuses.get(key, 0) + 1
    answered = [o for o in outcomes if o.get("status") is not None]
    checked = [o for o in outcomes if o.get("status") == 200]
    seconds = sorted(float(o["seconds"]) for o in checked) or [0.0]
    figures = {
        "requests": args.requests, "workers": args.workers, "queue": args.queue, "cpus": os.cpu_count(),
        "answered": len(answered), "lost": args.requests - len(answered), "statuses": statuses,
        "wrong_file": sum(1 for o in checked if not o.get("right_file")),
        "wall_seconds": round(wall, 2), "checks_per_second": round(len(checked) / wall, 2) if wall else None,
        "latency_median": round(statistics.median(seconds), 2),
        "latency_p95": round(seconds[max(0, int(0.95 * len(seconds)) - 1)], 2),
        "latency_max": round(seconds[-1], 2),
        "rss_server_idle": idle_server, "rss_server_peak": max(sampler.server, default=0),
        "rss_server_after": after_server,
        "rss_tree_idle": idle_total, "rss_tree_peak": max(sampler.total, default=0), "rss_tree_after": after_total,
        "health_after": health, "cli_batch_seconds": round(batch, 2),
        "web_over_cli_batch": round((wall / len(checked)) / (batch / args.requests), 2) if batch and checked else None,
    }
    print(f"{args.requests} concurrent uploads to 127.0.0.1 ({args.workers} workers, queue {args.queue}, "
          f"{os.cpu_count()} CPUs)")
    print(f"  answered {len(answered)}, lost {figures['lost']}, statuses {statuses}, "
          f"report for the wrong file {figures['wrong_file']}")
    print(f"  all answered in {wall:.1f} s: {figures['checks_per_second']} checks/s; latency median "
          f"{figures['latency_median']} s, p95 {figures['latency_p95']} s, max {figures['latency_max']} s")
    print(f"  the same files in one `axiomcheck check -j {args.workers} --evidence` batch: {batch:.1f} s "
          f"(seconds per checked file, web / batch = {figures['web_over_cli_batch']})")
    print(f"  server process RSS: idle {mib(idle_server)}, peak {mib(figures['rss_server_peak'])}, "
          f"after {mib(after_server)}")
    print(f"  server + checkers + workers RSS: idle {mib(idle_total)}, peak {mib(figures['rss_tree_peak'])}, "
          f"after {mib(after_total)}")
    print(f"  health after: {health}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0 if figures["lost"] == 0 and figures["wrong_file"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
