"""Whether the browser tests can run: Debian's Chromium and its chromedriver.

Without them the tests are skipped with the reason and the packages to install, except in CI
(`CI=true`), where a missing browser fails them: CI must run them (`.ci/run` installs both)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def require_browser(chromium: Path = CHROMIUM, chromedriver: Path = CHROMEDRIVER) -> None:
    """Skip the calling test (fail it in CI) when the browser or its driver is missing."""
    missing = [str(path) for path in (chromium, chromedriver) if not path.is_file()]
    if not missing:
        return
    reason = (f"the browser tests need Debian's chromium and chromium-driver ({', '.join(missing)} missing): "
              "apt-get install chromium chromium-driver")
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason}; CI=true, so they must run")
    pytest.skip(reason)
