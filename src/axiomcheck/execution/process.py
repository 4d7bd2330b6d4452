"""Forked children: a worker or a helper, with its channel and nothing else inherited.

`fork_child` forks this process: the child closes every descriptor it inherited except its
end of a fresh channel (and its standard streams), runs its function and leaves with
`os._exit`, running no cleanup of the parent's. Because no child keeps a copy of another
process's channel (a sibling worker's, a web checker's channel to the server), the end of a
channel is always its child's end: a parent reading from a dead child sees the stream close
at once, and writing to it fails at once.

Fork, not spawn: a worker starts in about a millisecond and inherits the resolved rule pack
(rule functions do not pickle). A process that forks must have no PDF library loaded (a
PDFium document must not be shared across a fork) and should have no other threads.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

from .channel import Channel

STANDARD_STREAMS = (0, 1, 2)
REAP_INTERVAL = 0.005
"""Seconds between looks at whether an ending child has exited."""
_CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
"""Units of the processor times in /proc/PID/stat per second."""


class Child:
    """A forked child process and the parent's end of its channel."""

    def __init__(self, pid: int, channel: Channel) -> None:
        self.pid = pid
        self.channel = channel
        self.exitcode: int | None = None
        """Once reaped: the exit status, negative for the signal that ended it (as `multiprocessing`)."""
        self._reaped = False

    def poll(self) -> int | None:
        """The exit status if the child has ended (it is reaped then), else None."""
        if not self._reaped:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:  # reaped elsewhere: the status is lost
                self._reaped = True
                return self.exitcode
            if pid == 0:
                return None
            self._reaped = True
            self.exitcode = os.waitstatus_to_exitcode(status)
        return self.exitcode

    @property
    def alive(self) -> bool:
        return self.poll() is None and not self._reaped

    def processor_seconds(self) -> float | None:
        """Processor time the child and its live children (a worker's helpers) have had, in
        seconds (None where /proc cannot say: not Linux, or the child is gone)."""
        try:
            total = _processor_seconds(self.pid)
            children = Path(f"/proc/{self.pid}/task/{self.pid}/children").read_text().split()
        except (OSError, ValueError, IndexError):
            return None
        for child in children:
            with contextlib.suppress(OSError, ValueError, IndexError):  # a helper that just ended
                total += _processor_seconds(int(child))
        return total

    def kill(self) -> None:
        """SIGKILL, unless it is already reaped."""
        if not self._reaped:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)

    def end(self, kill: bool, grace: float = 0.0) -> int | None:
        """End the child: kill it first when `kill`, else close the channel and give it `grace`
        seconds to exit before it is killed. Closes the channel, reaps the child, and returns
        its exit status. Calling it again returns the same status."""
        if kill:
            self.kill()
        self.channel.close()
        deadline = time.monotonic() + grace
        while self.poll() is None and not self._reaped:
            if time.monotonic() >= deadline:
                self.kill()
                with contextlib.suppress(ChildProcessError):
                    _, status = os.waitpid(self.pid, 0)
                    self.exitcode = os.waitstatus_to_exitcode(status)
                self._reaped = True
                break
            time.sleep(REAP_INTERVAL)
        return self.exitcode


def _processor_seconds(pid: int) -> float:
    """User and system time of process `pid` and of its children it has reaped (/proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(value) for value in fields[11:15]) / _CLOCK_TICKS


def fork_child(run: Callable[[Channel], None], max_frame_from_child: int, max_frame_to_child: int) -> Child:
    """Fork a child that runs `run(its channel end)` and exits (status 0 when `run` returns,
    70 when it raises: a bug, since `run` is to turn every failure into a message)."""
    here, there = Channel.pair(max_frame_from_child, max_frame_to_child)
    gc.freeze()  # the child's collector then skips what it inherited: fewer copy-on-write faults
    try:
        pid = os.fork()
    except BaseException:
        gc.unfreeze()
        raise
    if pid == 0:
        status = 70
        try:
            close_inherited_descriptors(keep=there.fileno())
            run(there)
            status = 0
        finally:
            os._exit(status)
    gc.unfreeze()
    there.sock.close()
    return Child(pid, here)


def close_inherited_descriptors(keep: int) -> None:
    """In a fresh child: close every descriptor but the standard streams and `keep`."""
    with contextlib.suppress(ValueError, OSError):  # not the main thread, or no wakeup fd support
        signal.set_wakeup_fd(-1)
    try:
        names = os.listdir("/proc/self/fd")
    except OSError:  # no /proc: every possible descriptor
        os.closerange(3, keep)
        os.closerange(keep + 1, os.sysconf("SC_OPEN_MAX"))
        return
    for name in names:
        descriptor = int(name)
        if descriptor not in STANDARD_STREAMS and descriptor != keep:
            with contextlib.suppress(OSError):  # the listing's own descriptor, already closed
                os.close(descriptor)
