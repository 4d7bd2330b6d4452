"""The pre-commit hook runs the command it names; the GitHub Action calls `batch` with options
that exist."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import yaml

from axiomcheck.cli import main
from axiomcheck.reporters import REPORTERS
from conftest import FIXTURES, ROOT


def test_the_pre_commit_hook_runs_the_command_it_names(tmp_path: Path) -> None:
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert hook["language"] == "python" and hook["id"] == "axiomcheck"
    pattern = re.compile(hook["files"])
    assert pattern.search("paper/main.pdf") and pattern.search("Paper.PDF") and not pattern.search("main.tex")
    script = shlex.split(hook["entry"])[0]
    scripts = re.search(r"^\[project\.scripts\]\n((?:\S+ = .*\n)+)", (ROOT / "pyproject.toml").read_text(), re.M)
    assert scripts and re.search(rf"^{script} = ", scripts.group(1), re.M)  # what pip install puts on PATH
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}
    command = shlex.split(hook["entry"]) + hook["args"]
    good = subprocess.run(command + [str(FIXTURES / "refs-midpage.pdf")], env=env, capture_output=True, text=True)
    assert good.returncode == 0 and "PASS" in good.stdout, good.stderr
    bad = subprocess.run(command + [str(FIXTURES / "over-limit.pdf")], env=env, capture_output=True, text=True)
    assert bad.returncode == 1 and "AX101 page-limit" in bad.stdout


def test_the_action_calls_batch_with_options_it_has() -> None:
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    script = next(step["run"] for step in action["runs"]["steps"] if "axiomcheck batch" in step.get("run", ""))
    command = script[script.index("axiomcheck batch"):].replace("\\\n", " ").splitlines()[0]
    batch = main.get_command(None, "batch")  # type: ignore[arg-type]
    known = {name for param in batch.params for name in getattr(param, "opts", [])}
    used = set(re.findall(r"(?<!\S)(--?[a-z][a-z-]*)", command))
    assert used and used <= known, used - known
    formats = re.findall(r'-o "?([a-z]+):', command)
    assert "github" in formats and "sarif" in formats
    assert all(fmt in REPORTERS for fmt in formats if fmt != "sarif" or "sarif" in REPORTERS)
    upload = next(step for step in action["runs"]["steps"] if "upload-sarif" in step.get("uses", ""))
    assert upload["with"]["sarif_file"] == "${{ inputs.sarif }}"
