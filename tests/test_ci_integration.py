"""The pre-commit hook runs the command it names; the GitHub Action calls `batch` with options
that exist."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from axiomcheck.cli import main
from axiomcheck.reporters import REPORTERS
from browser import require_browser
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
    command = shlex.split(hook["entry"]) + hook.get("args", [])
    # the venue from the repository's settings, as a project that keeps its papers in git sets it
    (tmp_path / "pyproject.toml").write_text("[tool.axiomcheck]\nvenue = 'axiom-2026'\n")
    good = subprocess.run(command + [str(FIXTURES / "refs-midpage.pdf")], env=env, capture_output=True, text=True,
                          cwd=tmp_path)
    assert good.returncode == 0 and "PASS" in good.stdout, good.stderr
    bad = subprocess.run(command + [str(FIXTURES / "over-limit.pdf")], env=env, capture_output=True, text=True,
                         cwd=tmp_path)
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


def test_browser_tests_skip_without_a_browser_and_fail_in_ci(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    absent = tmp_path / "chromium"
    present = tmp_path / "chromedriver"
    present.write_text("")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=rf"{absent} missing\): apt-get install chromium chromium-driver"):
        require_browser(absent, present)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true, so they must run"):
        require_browser(absent, present)
    absent.write_text("")
    require_browser(absent, present)  # both there: the tests run


def test_ci_installs_the_browser() -> None:
    script = (ROOT / ".ci" / "run").read_text()
    assert "apt-get install -y -qq chromium chromium-driver" in script


def _step(name: str) -> dict[str, Any]:
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    step: dict[str, Any] = next(step for step in action["runs"]["steps"] if step.get("name") == name)
    return step


def test_the_action_installs_its_own_checkout_unless_a_package_is_named(tmp_path: Path) -> None:
    script = _step("Install axiomcheck")["run"].replace("python -m pip install --quiet", "echo")
    own = subprocess.run(["bash", "-c", script], env={"PACKAGE": "", "ACTION_PATH": str(ROOT)},
                         capture_output=True, text=True)
    assert own.stdout.strip() == str(ROOT)
    named = subprocess.run(["bash", "-c", script], env={"PACKAGE": "axiomcheck==0.2.0", "ACTION_PATH": str(ROOT)},
                           capture_output=True, text=True)
    assert named.stdout.strip() == "axiomcheck==0.2.0"


def test_the_action_takes_the_venue_from_the_repository_settings(tmp_path: Path) -> None:
    (tmp_path / "papers").mkdir()
    (tmp_path / "papers" / "paper.pdf").write_bytes((FIXTURES / "over-limit.pdf").read_bytes())
    (tmp_path / "axiomcheck.toml").write_text("venue = 'axiom-2026'\n")
    outputs = tmp_path / "github-output"
    bin_dir = str(Path(sys.executable).parent)
    env = {"PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""), "VENUE": "", "TRACK": "", "STAGE": "",
           "PATHS": "papers", "ARGS": "", "SARIF": "axiomcheck.sarif", "RUNNER_TEMP": str(tmp_path),
           "GITHUB_OUTPUT": str(outputs)}
    done = subprocess.run(["bash", "-c", _step("Check the PDFs")["run"]], env=env, cwd=tmp_path, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert outputs.read_text() == "exit-code=1\n"
    assert "::error file=papers/paper.pdf" in done.stdout and "AX101" in done.stdout
    sarif = json.loads((tmp_path / "axiomcheck.sarif").read_text())
    assert sarif["runs"][0]["results"][0]["ruleId"] == "AX101"


def test_beside_the_corpus_a_missing_part_fails_and_without_it_skips(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    """`shared` skips a corpus test only where there is no corpus at all."""
    import conftest

    monkeypatch.setattr(conftest, "SHARED", tmp_path)
    with pytest.raises(pytest.fail.Exception, match="missing beside the repository"):
        conftest.shared(tmp_path / "corpus" / "papers" / "manifest.yaml", "the shared paper corpus")
    monkeypatch.setattr(conftest, "SHARED", tmp_path / "absent")
    with pytest.raises(pytest.skip.Exception, match="the shared paper corpus"):
        conftest.shared(tmp_path / "corpus" / "papers" / "manifest.yaml", "the shared paper corpus")
    assert conftest.shared(tmp_path, "here") == tmp_path


def test_beside_the_corpus_a_corpus_test_with_no_paper_fails_the_run(tmp_path: Path) -> None:
    """A parametrized corpus test whose list came out empty would vanish from a green run:
    beside the corpus it fails instead (`.ci/run` relies on it)."""
    tests = tmp_path / "repo" / "tests"
    tests.mkdir(parents=True)
    (tmp_path / "shared").mkdir()
    (tests / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"), encoding="utf-8")
    (tests / "corpus_known.py").write_text("KNOWN_FAILURES: dict[str, str] = {}\n", encoding="utf-8")
    (tests / "test_empty.py").write_text("import pytest\n\n@pytest.mark.parametrize('entry', [])\n"
                                         "def test_each_paper(entry):\n    pass\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests)],
                          capture_output=True, text=True, cwd=tests.parent, timeout=120)
    assert done.returncode == 1 and "no corpus entry to run on" in done.stdout, done.stdout
    (tmp_path / "shared").rmdir()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests)],
                          capture_output=True, text=True, cwd=tests.parent, timeout=120)
    assert done.returncode == 0 and "1 skipped" in done.stdout, done.stdout
