"""Stop a file whose reading grows the process by more than the decoding cap, early.

PDFium decodes streams and images in C with no size limit of its own: a few kilobytes of
nested compression inflate to gigabytes, and the address-space limit (`--max-memory`) only
stops them once the process holds that much. A guard thread samples this process's resident
memory every few milliseconds while a file is read (the PDF libraries release the GIL in
C); when it has grown by more than `Limits.max_decoded` since the file began, the process
exits at once with `CAP_EXIT_CODE`, which the parent turns into the AX903 verdict. A growth
of the cap is well past what any paper needs (a 40-page paper grows by about 50 MB).

A worker's confinement (`confinement.Confinement`) starts its guard; a helper the worker
forks for the spare core (`prefetch.py`) starts one of its own with the same cap, since a
thread does not survive a fork.
"""

from __future__ import annotations

import os
import threading
import time

CAP_EXIT_CODE = 87
"""The exit status of a process stopped by the guard."""
INTERVAL = 0.004
"""Seconds between samples: at a decoder's 1-2 GB/s, the overshoot stays under 10 MB."""
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_bytes(statm: int) -> int:
    """Resident memory of this process from its open `/proc/self/statm` descriptor."""
    return int(os.pread(statm, 64, 0).split()[1]) * _PAGE


class MemoryGuard:
    """A daemon thread that ends this process when memory grows past `cap` while armed."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._baseline: int | None = None
        try:
            self._statm = os.open("/proc/self/statm", os.O_RDONLY)
        except OSError:  # not Linux: the address-space limit alone stops a bomb
            self._statm = -1
            return
        threading.Thread(target=self._watch, name="memory-guard", daemon=True).start()

    def arm(self) -> None:
        """Start counting growth from the memory held now (at the start of a file)."""
        if self._statm >= 0:
            self._baseline = resident_bytes(self._statm)

    def disarm(self) -> None:
        self._baseline = None

    def _watch(self) -> None:
        while True:
            time.sleep(INTERVAL)
            baseline = self._baseline
            if baseline is not None and resident_bytes(self._statm) - baseline > self.cap:
                os._exit(CAP_EXIT_CODE)
