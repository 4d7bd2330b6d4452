"""Checking files nobody vetted: limits, prechecks, and worker processes the parent can kill.

A PDF library can loop forever, recurse without end, allocate gigabytes from a few
kilobytes, or abort the whole process on a hostile file, so the command line never parses a
PDF in its own process. `pool.WorkerPool` hands files to forked workers (`worker.serve`),
each confined by `limits.Limits`; prechecks (`prechecks.precheck`) refuse what needs no
parser to refuse. docs/limits-and-verdicts.md describes the limits and verdicts.
"""

from ..limits import DEFAULT_LIMITS, Limits

__all__ = ["DEFAULT_LIMITS", "Limits"]
