"""How much one file may cost: time, memory, bytes and pages, with human-readable units.

`Limits` is what a run enforces (defaults below, documented in docs/limits-and-verdicts.md);
`parse_size` and `parse_duration` read the command line's `2GiB`, `100MB`, `90s`, `2m`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

KB, MB, GB = 1000, 1000**2, 1000**3
KIB, MIB, GIB = 1024, 1024**2, 1024**3

MIN_MEMORY = 256 * MIB
"""Below this a worker cannot even load Python and PDFium, so every file would fail."""
MIN_DECODED = 16 * MIB
"""Below this the memory guard would stop ordinary papers (a long paper grows by ~50 MB)."""
RECURSION_LIMIT = 1000
"""Python frames a worker may nest; deeper object graphs become the too-complex verdict."""

_SIZE_UNITS = {"": 1, "b": 1, "k": KIB, "kb": KB, "kib": KIB, "m": MIB, "mb": MB, "mib": MIB,
               "g": GIB, "gb": GB, "gib": GIB, "t": 1024 * GIB, "tb": 1000 * GB, "tib": 1024 * GIB}
_DURATION_UNITS = {"": 1.0, "s": 1.0, "sec": 1.0, "ms": 0.001, "m": 60.0, "min": 60.0, "h": 3600.0}
_NUMBER_UNIT_RE = re.compile(r"^\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-zA-Z]*)\s*$")


@dataclass(frozen=True)
class Limits:
    """What one file may cost before it gets the AX903 too-complex verdict."""

    timeout: float = 60.0
    """Wall-clock seconds to check one file, from the moment a worker takes it."""
    max_memory: int = 2 * GIB
    """Bytes of address space a worker process may hold (RLIMIT_AS)."""
    max_size: int = 100 * MB
    """Bytes of the file itself; larger files are refused before any parser reads them."""
    max_file_pages: int = 300
    """Pages a file may have (`--max-pages`, a guard against hostile files, not a venue's page
    limit); more is refused right after the page count is read, before any text work."""
    max_decoded: int = 256 * MB
    """Bytes by which reading one file, once it is open, may grow a worker (the memory guard,
    for what PDFium decodes), and the most one stream qpdf reads may decode to; more stops the
    file early."""

    def __post_init__(self) -> None:
        if not self.timeout > 0:
            raise ValueError(f"the timeout must be more than 0 seconds, not {self.timeout}")
        if self.max_memory < MIN_MEMORY:
            raise ValueError(f"the memory limit must be at least {format_size(MIN_MEMORY)}, "
                             f"not {format_size(self.max_memory)}")
        if self.max_size < 1:
            raise ValueError(f"the size limit must be at least 1 byte, not {self.max_size}")
        if self.max_file_pages < 1:
            raise ValueError(f"the page limit must be at least 1 page, not {self.max_file_pages}")
        if self.max_decoded < MIN_DECODED:
            raise ValueError(f"the decoding cap must be at least {format_size(MIN_DECODED)}, "
                             f"not {format_size(self.max_decoded)}")


DEFAULT_LIMITS = Limits()


def _split(text: str, what: str, example: str) -> tuple[float, str]:
    match = _NUMBER_UNIT_RE.match(text)
    if match is None:
        raise ValueError(f"'{text}' is not a {what}; write e.g. {example}")
    return float(match.group(1)), match.group(2).lower()


def parse_size(text: str) -> int:
    """Bytes from `2GiB`, `1.5 GB`, `100MB`, `512M` (binary), `4096`; raises ValueError."""
    number, unit = _split(text, "size", "100MB or 2GiB")
    if unit not in _SIZE_UNITS:
        raise ValueError(f"unknown size unit '{unit}' in '{text}'; use B, KB, MB, GB (1000s) "
                         "or KiB, MiB, GiB (1024s)")
    return int(number * _SIZE_UNITS[unit])


def parse_duration(text: str) -> float:
    """Seconds from `60`, `90s`, `500ms`, `2m`, `1h`; raises ValueError."""
    number, unit = _split(text, "duration", "60s or 2m")
    if unit not in _DURATION_UNITS:
        raise ValueError(f"unknown time unit '{unit}' in '{text}'; use ms, s, m or h")
    return number * _DURATION_UNITS[unit]


def format_size(count: int) -> str:
    """`2 GiB`, `100 MB`, `1.4 MB`: exact in the unit the number was likely given in."""
    for unit, name in ((GIB, "GiB"), (GB, "GB"), (MIB, "MiB"), (MB, "MB"), (KIB, "KiB"), (KB, "KB")):
        if count >= unit and count % unit == 0:
            return f"{count // unit} {name}"
    for unit, name in ((GB, "GB"), (MB, "MB"), (KB, "KB")):
        if count >= unit:
            return f"{count / unit:.1f} {name}"
    return f"{count} bytes"


def format_duration(seconds: float) -> str:
    """`60 s`, `2.5 s`, `250 ms`."""
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    return f"{seconds:.0f} s" if seconds == int(seconds) else f"{seconds:.1f} s"
