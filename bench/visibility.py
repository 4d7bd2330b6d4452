"""What measuring visibility costs, per paper: the paint survey and the region renders of
`pdf/visibility.py`, and the ToUnicode comparison of `pdf/glyph_text.py`, against a whole check.

    python bench/visibility.py [PDF ...]      # default: every corpus paper

For each file, in this process, warm (each file is read once before it is timed), median of
`--repeat` runs: the time spent in `page_hidings` (the paint survey and the renders) while
every page's words are read, against that words pass and the whole `check_file` with the
axiom-2026 pack; the glyph-text read (qpdf, on the spare core in a real check); how many
regions were rendered. The totals line gives the median share of a check.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from axiomcheck.analysis.paper import open_document
from axiomcheck.api import check_file
from axiomcheck.pdf import objects, visibility
from axiomcheck.pdf.glyph_text import read_glyph_text

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "papers" / "pdfs"


def _words(path: Path) -> None:
    with open_document(str(path)) as doc:
        for number in range(1, doc.page_count + 1):
            doc.page_layout(number)


def _median(run: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(path: Path, repeat: int) -> dict[str, float]:
    """Seconds inside `page_hidings` while every page's words are read, seconds of the whole
    words pass and of a check, the glyph-text read, and the regions rendered (medians)."""
    spent = 0.0
    renders = 0
    hidings, render = visibility.page_hidings, visibility._Raster.render

    def timed(page: Any, words: Any, keys: Any) -> Any:
        nonlocal spent
        start = time.perf_counter()
        try:
            return hidings(page, words, keys)
        finally:
            spent += time.perf_counter() - start

    def counted(self: Any, rect: tuple[int, int, int, int]) -> Any:
        nonlocal renders
        renders += 1
        return render(self, rect)

    visibility.page_hidings = timed  # type: ignore[assignment]
    visibility._Raster.render = counted  # type: ignore[method-assign]
    try:
        _words(path)  # warm
        tests, passes = [], []
        for _ in range(repeat):
            spent, renders = 0.0, 0
            passes.append(_median(lambda: _words(path), 1))
            tests.append(spent)
    finally:
        visibility.page_hidings = hidings
        visibility._Raster.render = render  # type: ignore[method-assign]
    glyphs = _median(lambda: read_glyph_text(objects.open_reader(str(path))), repeat)
    check = _median(lambda: check_file(str(path), venue="axiom-2026"), repeat)
    return {"visibility": statistics.median(tests), "words": statistics.median(passes), "glyphs": glyphs,
            "check": check, "regions": renders / 2}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pdfs", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    paths = args.pdfs or sorted(CORPUS.glob("*.pdf"))
    shares = []
    for path in paths:
        found = measure(path, args.repeat)
        share = found["visibility"] / found["check"]
        shares.append(share)
        print(f"{path.name[:40]:40} test {1000 * found['visibility']:7.1f} ms  words {1000 * found['words']:7.1f} ms  "
              f"regions {found['regions']:4.0f}  "
              f"glyph text {1000 * found['glyphs']:6.1f} ms  check {1000 * found['check']:7.1f} ms  "
              f"share {100 * share:5.1f}%", flush=True)
    if shares:
        print(f"{len(shares)} files: visibility test median {100 * statistics.median(shares):.1f}% of a check, "
              f"worst {100 * max(shares):.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
