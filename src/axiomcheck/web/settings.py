"""What an `axiomcheck serve` instance offers and how much it accepts."""

from __future__ import annotations

from dataclasses import dataclass

from ..execution.deaths import MOST_TRIES
from ..limits import DEFAULT_LIMITS, Limits

MULTIPART_OVERHEAD = 64 * 1024
"""Bytes allowed in an upload's body beyond the file itself: the form's other fields and
the multipart boundaries."""


@dataclass(frozen=True)
class WebSettings:
    """The venues offered (shipped pack ids or paths to YAML packs), the per-file limits,
    `workers` checks at once, at most `queue_size` uploads waiting up to `queue_timeout`
    seconds for a free worker (then 503)."""

    venues: tuple[str, ...]
    limits: Limits = DEFAULT_LIMITS
    workers: int = 2
    queue_size: int = 64
    queue_timeout: float = 60.0
    max_pictures: int = 40
    """Evidence pictures shown per file at most (each is about 100-300 KB inline)."""

    def __post_init__(self) -> None:
        if not self.venues:
            raise ValueError("at least one venue must be served")
        if self.workers < 1:
            raise ValueError(f"at least one worker is needed, not {self.workers}")
        if self.queue_size < 0 or self.queue_timeout < 0:
            raise ValueError("the queue size and the queue timeout cannot be negative")

    @property
    def max_body(self) -> int:
        """The largest request body accepted: the file size limit plus the form's overhead."""
        return self.limits.max_size + MULTIPART_OVERHEAD

    @property
    def check_deadline(self) -> float:
        """How long the server waits for a checker's reply before it gives up on the checker:
        the workers' own timeout for each try a file may get and once more for its pictures,
        plus time to fork and reply."""
        return self.limits.timeout * (MOST_TRIES + 1) + 30.0
