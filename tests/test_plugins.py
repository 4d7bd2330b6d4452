"""A venue's rules and a report format can live in a package of their own: an installed
distribution that declares entry points in the groups `axiomcheck.rules` and
`axiomcheck.reporters` is found, its rule runs on every file of a pack that names it, and
its format is one `--format` takes. Each case runs a fresh interpreter with the package's
folder on its path (an installed distribution, as `importlib.metadata` finds one)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from conftest import FIXTURES

PLUGIN = textwrap.dedent('''
    """A venue's own rule and report format, outside axiomcheck."""

    from axiomcheck.reporters.base import Emitter
    from axiomcheck.rules.base import NoOptions, Violation, rule


    @rule(id="AX801", name="venue-greeting", group="venue", options=NoOptions)
    def greeting(doc, options, context):
        """Every paper is greeted.

        What it checks: nothing; it greets.
        Why: to show that a rule can live in a package of its own.
        How to fix: nothing to fix.
        """
        yield Violation(message="Hello from the venue's own rule.", hint="Nothing to do.", page=1)


    RULES = (greeting,)


    class CountEmitter(Emitter):
        EXTENSION = ".count"

        def start(self, run):
            self.files = 0

        def file(self, result):
            self.files += 1

        def finish(self, status=None):
            self.stream.write(f"{self.files} file(s)\\n")
''')
ENTRY_POINTS = """[axiomcheck.rules]
venue-greeting = venue_extras

[axiomcheck.reporters]
count = venue_extras:CountEmitter
"""


def _installed(folder: Path) -> Path:
    """A distribution `venue-extras` in `folder`, as pip would leave it."""
    (folder / "venue_extras.py").write_text(PLUGIN, encoding="utf-8")
    metadata = folder / "venue_extras-1.0.dist-info"
    metadata.mkdir()
    (metadata / "METADATA").write_text("Metadata-Version: 2.1\nName: venue-extras\nVersion: 1.0\n", encoding="utf-8")
    (metadata / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    return folder


def _axiomcheck(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(folder),
                                                                              os.environ.get("PYTHONPATH")])),
                   "AXIOMCHECK_CACHE_DIR": str(folder / "cache")}
    return subprocess.run([sys.executable, "-m", "axiomcheck", *args], capture_output=True, text=True,
                          timeout=300, cwd=folder, env=environment)


def test_a_packages_rule_runs_in_a_pack_and_its_format_writes_the_report(tmp_path: Path) -> None:
    folder = _installed(tmp_path)
    listed = _axiomcheck(folder, "rules")
    assert listed.returncode == 0 and "AX801  venue-greeting" in listed.stdout, listed.stderr
    pack = folder / "venue.yaml"
    pack.write_text("pack: venue\nextends: axiom-2026\nenable: [venue-greeting]\n", encoding="utf-8")
    pdf = str(FIXTURES / "over-limit.pdf")
    checked = _axiomcheck(folder, "check", pdf, "--venue", str(pack), "--track", "paper", "--format", "json")
    assert checked.returncode == 1, checked.stderr
    [result] = json.loads(checked.stdout)["files"]
    assert "AX801" in {finding["rule"] for finding in result["findings"]}
    counted = _axiomcheck(folder, "check", pdf, "--venue", str(pack), "--track", "paper", "--format", "count")
    assert counted.stdout == "1 file(s)\n", counted.stderr
