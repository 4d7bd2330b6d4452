"""The checker process: it owns the isolated workers and checks the uploads the server sends.

Workers are forked (`execution.pool`), and forking a process that runs an event loop and
threads is unsafe, so the server starts one single-threaded checker process per concurrent
check (`dispatch.Checkers`, spawned). Each keeps a `WorkerPool` per pack it was asked for
(the few most recent), so workers are reused across uploads. The server and a checker talk
through an `execution.channel.Channel` in these messages (`codec.wire`):

    server -> checker   CheckUpload     the saved upload, its pack, the folder for its pictures
    checker -> server   UploadChecked   the file's result (its pictures are files in that folder)
                        UploadRefused   the job could not be run (a pack that cannot be resolved)

No message carries a picture: the worker writes them into the upload's own private folder
and the server reads them from there, so a reply stays as small as the report.
"""

from __future__ import annotations

import signal
import socket
import sys
import traceback
from collections import OrderedDict
from typing import NamedTuple

from ..batch.plan import PackSpec
from ..execution import FileTask, WorkerPool
from ..execution.channel import Channel, ChannelClosed, FrameTooLarge
from ..codec.wire import CodecError
from ..execution.messages import MAX_REQUEST_BYTES
from ..limits import Limits
from ..packs import PackError, SelectionError
from ..report import FileResult

POOLS_KEPT = 3
"""Worker pools (one per pack) a checker keeps open; older ones are closed."""


class CheckUpload(NamedTuple):
    """Check the file at `path` against `spec`, drawing its pictures into `evidence_dir`
    (none when None: the JSON API shows none)."""

    path: str
    spec: PackSpec
    evidence_dir: str | None
    sha256: str | None = None
    """The upload's SHA-256, read as it was saved."""
    prechecked: bool = False
    """The server has run the prechecks on it and they passed."""


class UploadChecked(NamedTuple):
    result: FileResult


class UploadRefused(NamedTuple):
    """The job could not be run; `reason` is for the server's log, never for the author."""

    reason: str


TO_CHECKER = (CheckUpload,)
FROM_CHECKER = (UploadChecked, UploadRefused)


class _Pools:
    """The most recently used worker pools, one per pack."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._pools: OrderedDict[PackSpec, WorkerPool] = OrderedDict()

    def get(self, spec: PackSpec) -> WorkerPool:
        pool = self._pools.get(spec)
        if pool is None:
            pool = WorkerPool(spec.resolve(), self.limits, 1)
            self._pools[spec] = pool
            while len(self._pools) > POOLS_KEPT:
                self._pools.popitem(last=False)[1].close()
        self._pools.move_to_end(spec)
        return pool

    def close(self) -> None:
        for pool in self._pools.values():
            pool.close()
        self._pools.clear()


def serve_checks(sock: socket.socket, limits: Limits) -> None:
    """The checker's main loop: check each job the server sends until the channel closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's; it closes the channel
    channel = Channel(sock, MAX_REQUEST_BYTES)
    pools = _Pools(limits)
    try:
        while True:
            try:
                job = channel.receive(TO_CHECKER)
            except (ChannelClosed, OSError, CodecError, FrameTooLarge):  # the server is gone, or not ours
                return
            channel.send(run_job(job, pools))
    except OSError:  # the server went away while a reply was on its way
        return
    finally:
        pools.close()


def run_job(job: CheckUpload, pools: _Pools) -> UploadChecked | UploadRefused:
    """The reply to one job; never raises (a failure becomes a refusal, logged by the server)."""
    try:
        pool = pools.get(job.spec)
        return UploadChecked(next(iter(pool.check([FileTask(job.path, evidence_dir=job.evidence_dir,
                                                                   sha256=job.sha256, prechecked=job.prechecked)]))))
    except (PackError, SelectionError) as error:
        return UploadRefused(str(error))
    except Exception as error:  # a bug in axiomcheck: logged for the operator, never shown to the author
        traceback.print_exc(file=sys.stderr)
        return UploadRefused(f"{type(error).__name__}: {error}")
