"""The checker process: it owns the isolated workers and checks the uploads the server sends.

Workers are forked (`isolation.pool`), and forking a process that runs an event loop and
threads is unsafe, so the server starts one single-threaded checker process per concurrent
check (`dispatch.Checkers`, spawned). Each keeps a `WorkerPool` per venue, track and stage it
was asked for (the few most recent), so workers are reused across uploads. They talk over a
pipe in JSON messages:

    server -> checker   {"path": ..., "venue": ..., "track": ..., "stage": ... or null, "max_pictures": n}
    checker -> server   {"report": codec.report_to_json(Report), "pictures": {finding index: base64 PNG}}
                        or {"error": "..."} when the job could not be run

Evidence pictures are read into the reply and deleted at once; the server deletes the PDF.
"""

from __future__ import annotations

import base64
import signal
import sys
import traceback
from collections import OrderedDict
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from ..isolation.pool import WorkerPool
from ..isolation.worker import MAX_MESSAGE_BYTES, FileTask, decode, encode
from ..limits import Limits
from ..packs import PackError, resolve
from ..codec import report_to_json
from ..report import Finding, Report

POOLS_KEPT = 3
"""Worker pools (one per venue, track and stage) a checker keeps open; older ones are closed."""

PackKey = tuple[str, str, str | None]


class _Pools:
    """The most recently used worker pools, one per venue, track and stage."""

    def __init__(self, limits: Limits, evidence_dir: str) -> None:
        self.limits = limits
        self.evidence_dir = evidence_dir
        self._pools: OrderedDict[PackKey, WorkerPool] = OrderedDict()

    def get(self, key: PackKey) -> WorkerPool:
        pool = self._pools.get(key)
        if pool is None:
            pool = WorkerPool(resolve(*key), self.limits, 1, self.evidence_dir)
            self._pools[key] = pool
            while len(self._pools) > POOLS_KEPT:
                self._pools.popitem(last=False)[1].close()
        self._pools.move_to_end(key)
        return pool

    def close(self) -> None:
        for pool in self._pools.values():
            pool.close()
        self._pools.clear()


def serve_checks(conn: Connection, limits: Limits, evidence_dir: str) -> None:
    """The checker's main loop: check each job the server sends until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's; it closes the pipe
    pools = _Pools(limits, evidence_dir)
    try:
        while True:
            try:
                job = decode(conn.recv_bytes(MAX_MESSAGE_BYTES))
            except (EOFError, OSError):
                return
            conn.send_bytes(encode(run_job(job, pools)))
    finally:
        pools.close()


def run_job(job: dict[str, Any], pools: _Pools) -> dict[str, Any]:
    """The reply to one job; never raises (a failure becomes an `error` reply). The job's
    evidence pictures are deleted before it returns, whatever happened."""
    path = Path(str(job["path"]))
    try:
        pool = pools.get((str(job["venue"]), str(job["track"]), job.get("stage")))
        result = next(iter(pool.check([FileTask(str(path))])))
        report = Report(venue=pool.pack.venue, track=pool.pack.track, stage=pool.pack.stage, files=[result])
        pictures = _read_pictures(result.findings, int(job.get("max_pictures", 0)))
        return {"report": report_to_json(report), "pictures": pictures}
    except PackError as error:
        return {"error": str(error)}
    except Exception:  # a bug in axiomcheck: logged for the operator, never shown to the author
        traceback.print_exc(file=sys.stderr)
        return {"error": "internal"}
    finally:
        for picture in Path(pools.evidence_dir).glob(f"{path.stem}*"):
            picture.unlink(missing_ok=True)


def _read_pictures(findings: list[Finding], most: int) -> dict[str, str]:
    """Finding index -> its evidence picture as base64 PNG, for the first `most` pictures;
    every picture file is deleted once read."""
    pictures: dict[str, str] = {}
    for index, finding in enumerate(findings):
        if finding.evidence_image is None:
            continue
        image = Path(finding.evidence_image)
        try:
            if len(pictures) < most:
                pictures[str(index)] = base64.b64encode(image.read_bytes()).decode("ascii")
        except OSError:
            continue
        finally:
            image.unlink(missing_ok=True)
    return pictures
