"""Progress: a rich bar on a terminal, plain periodic lines in logs."""

from __future__ import annotations

import io
import re

from axiomcheck.batch.progress import BarProgress, PlainProgress, make_progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_auto_picks_a_bar_on_a_terminal_and_lines_elsewhere() -> None:
    assert isinstance(make_progress("auto", Terminal()), BarProgress)
    assert isinstance(make_progress("auto", io.StringIO()), PlainProgress)


def test_plain_lines_count_each_status_and_estimate_the_time_left() -> None:
    out = io.StringIO()
    progress = PlainProgress(out, interval=0.0)
    progress.start(4, cached=2)
    for status in ("pass", "fail", "error"):
        progress.advance(status)
    progress.close()
    lines = out.getvalue().splitlines()
    assert lines[0] == "axiomcheck: 4 files to check, 2 known from the results store"
    assert lines[1].startswith("axiomcheck: 1/4 files (pass 1, fail 0, error 0)") and "left" in lines[1]
    assert lines[-1].startswith("axiomcheck: 3/4 files (pass 1, fail 1, error 1)")


def test_plain_lines_wait_for_the_interval() -> None:
    out = io.StringIO()
    progress = PlainProgress(out, interval=3600)
    progress.start(100, cached=0)
    for _ in range(50):
        progress.advance("pass")
    assert len(out.getvalue().splitlines()) == 1
    progress.close()
    assert "50/100 files (pass 50" in out.getvalue().splitlines()[-1]


def test_the_bar_shows_counts_per_status() -> None:
    out = Terminal()
    progress = BarProgress(out)
    progress.start(3, cached=1)
    for status in ("pass", "fail", "fail"):
        progress.advance(status)
    progress.close()
    text = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", out.getvalue())
    assert "1 file known from the results store" in text
    assert "3/3" in text and "pass 1" in text and "fail 2" in text and "error 0" in text
