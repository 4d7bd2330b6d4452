"""Check many files: in order, in parallel worker processes when asked.

Each file is checked by `api.check_path`; a file that fails in any way still gets a result,
so one bad file never stops the batch.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from .packs import ResolvedPack
from .report import Report


def _check_one(args: tuple[str, ResolvedPack, tuple[str, ...]]):
    from .api import check_path

    path, pack, authors = args
    return check_path(path, pack, authors)


def check_paths(paths: list[str], pack: ResolvedPack, authors: tuple[str, ...] = (), jobs: int = 1) -> Report:
    """A report with one result per path, in the order given."""
    report = Report(venue=pack.venue, track=pack.track, stage=pack.stage)
    work = [(path, pack, authors) for path in paths]
    if jobs <= 1 or len(paths) <= 1:
        report.files.extend(_check_one(item) for item in work)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            report.files.extend(pool.map(_check_one, work))
    return report
