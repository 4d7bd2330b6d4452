"""Settings files: the nearest axiomcheck.toml or pyproject.toml [tool.axiomcheck] gives the
defaults of `check` and `batch`; the command line wins; --config and --isolated; mistakes
name the file and the line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from axiomcheck.cli import main
from axiomcheck.settings import SettingsError, find_settings, read_settings
from conftest import FIXTURES

KNOWN = {"check": {"venue", "fail-on", "ignore", "authors"}, "batch": {"venue", "fail-on", "ignore", "db", "jobs"}}
OVER = str(FIXTURES / "over-limit.pdf")


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder the commands run in."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_nearest_file_is_found_and_a_pyproject_without_our_table_is_passed_over(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", "[tool.axiomcheck]\nvenue = 'axiom-2026'\n")
    write(tmp_path / "a" / "pyproject.toml", "[tool.ruff]\nline-length = 100\n")
    (tmp_path / "a" / "b").mkdir()
    assert find_settings(tmp_path / "a" / "b") == (tmp_path / "pyproject.toml").resolve()
    write(tmp_path / "a" / "axiomcheck.toml", "venue = 'icml-2026'\n")
    assert find_settings(tmp_path / "a" / "b") == (tmp_path / "a" / "axiomcheck.toml").resolve()
    write(tmp_path / "a" / "b" / "pyproject.toml", "[tool.axiomcheck]\nfail-on = 'never'\n")
    assert find_settings(tmp_path / "a" / "b") == (tmp_path / "a" / "b" / "pyproject.toml").resolve()


def test_values_lines_and_a_command_table(tmp_path: Path) -> None:
    path = write(tmp_path / "pyproject.toml", "[project]\nname = 'x'\n\n[tool.axiomcheck]\nvenue = 'axiom-2026'\n"
                                              "ignore = ['AX101']\n\n[tool.axiomcheck.batch]\ndb = 'r.sqlite'\n"
                                              "venue = 'icml-2026'\n")
    settings = read_settings(path, KNOWN)
    assert settings.for_command("check", KNOWN["check"]) == {"venue": ("axiom-2026", f"{path}:5"),
                                                             "ignore": (["AX101"], f"{path}:6")}
    assert settings.for_command("batch", KNOWN["batch"]) == {"venue": ("icml-2026", f"{path}:10"),
                                                             "ignore": (["AX101"], f"{path}:6"),
                                                             "db": ("r.sqlite", f"{path}:9")}


@pytest.mark.parametrize(("text", "message"), [
    ("[tool.axiomcheck]\nvenue = 'a'\nfail_on = 'never'\n",
     ":3: unknown setting 'fail_on' in [tool.axiomcheck]; did you mean 'fail-on'?"),
    ("[tool.axiomcheck]\n\n[tool.axiomcheck.check]\ndb = 'r.sqlite'\n",
     ":4: unknown setting 'db' in [tool.axiomcheck.check]; the settings are: authors, fail-on, ignore, venue."),
    ("[tool.axiomcheck]\nvenue = 'a\n", ": not valid TOML (Expected"),
    ("[tool]\naxiomcheck = 3\n", ": [tool.axiomcheck] must be a table of settings."),
])
def test_a_mistake_names_the_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path / "pyproject.toml", text)
    with pytest.raises(SettingsError) as raised:
        read_settings(path, KNOWN)
    assert str(raised.value).startswith(f"{path}{message}")


def test_pyproject_settings_set_check_and_the_command_line_wins(project: Path) -> None:
    write(project / "pyproject.toml", "[tool.axiomcheck]\nvenue = 'axiom-2026'\nignore = ['AX101']\n")
    assert run("check", OVER).exit_code == 0  # the page limit is ignored, as the settings say
    assert run("check", OVER, "--ignore", "AX302").exit_code == 1  # the command line's list replaces them
    assert run("check", OVER, "--isolated", "--venue", "axiom-2026").exit_code == 1
    write(project / "pyproject.toml", "[tool.axiomcheck]\nvenue = 'axiom-2026'\nfail-on = 'never'\n")
    assert run("check", OVER).exit_code == 0
    assert run("check", OVER, "--fail-on", "error").exit_code == 1


def test_a_settings_venue_wins_over_the_recognised_template(project: Path) -> None:
    neurips = str(FIXTURES / "neurips-submission-ok.pdf")
    recognised = json.loads(run("check", neurips, "--format", "json").stdout)
    assert recognised["venue"] == "neurips-2026" and recognised["venue_choice"]
    write(project / "axiomcheck.toml", "venue = 'axiom-2026'\ntrack = 'paper'\n")
    given = json.loads(run("check", neurips, "--format", "json").stdout)
    assert given["venue"] == "axiom-2026" and given.get("venue_choice") is None


def test_limits_outputs_and_paths_are_read_from_the_file_folder(project: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    write(project / "axiomcheck.toml", "venue = 'axiom-2026'\nmax-pages = 3\noutput = ['json:reports/r.json']\n"
                                       "[batch]\ndb = 'store/r.sqlite'\nprogress = 'none'\n")
    (project / "reports").mkdir()
    (project / "store").mkdir()
    (project / "sub").mkdir()
    monkeypatch.chdir(project / "sub")
    result = run("check", OVER)
    assert result.exit_code == 1, result.output
    (only,) = json.loads((project / "reports" / "r.json").read_text())["files"]
    assert only["status"] == "error" and "the limit is 3 (--max-pages)" in only["findings"][0]["message"]
    assert run("batch", OVER, "--max-pages", "300").exit_code == 1
    assert (project / "store" / "r.sqlite").is_file()  # db is a batch setting; check passed it over
    assert json.loads((project / "reports" / "r.json").read_text())["files"][0]["status"] == "fail"


def test_config_and_isolated(project: Path, tmp_path: Path) -> None:
    elsewhere = write(tmp_path / "elsewhere" / "team.toml", "venue = 'axiom-2026'\nfail-on = 'never'\n")
    assert run("check", OVER, "--config", str(elsewhere)).exit_code == 0
    write(project / "axiomcheck.toml", "venue = 'axiom-2026'\nfail-on = 'never'\n")
    assert run("check", OVER).exit_code == 0
    assert run("check", OVER, "--isolated", "--venue", "axiom-2026").exit_code == 1
    both = run("check", OVER, "--isolated", "--config", str(elsewhere))
    assert both.exit_code == 2 and "--config and --isolated do not go together" in both.stderr


@pytest.mark.parametrize(("line", "message"), [
    ("jobs = 'many'", "axiomcheck.toml:2: jobs: 'many' is not a valid integer range."),
    ("fail-on = 'sometimes'", "axiomcheck.toml:2: fail-on: 'sometimes' is not one of"),
    ("quiet = 'yes'", "axiomcheck.toml:2: quiet must be true or false, not 'yes'."),
    ("select = [1, 2]", "axiomcheck.toml:2: select must be a string or a list of strings, not [1, 2]."),
    ("venue = ['a', 'b']", "axiomcheck.toml:2: venue takes one value, not ['a', 'b']."),
    ("venu = 'axiom-2026'", "axiomcheck.toml:2: unknown setting 'venu'; did you mean 'venue'?"),
])
def test_a_wrong_value_is_a_usage_error_with_file_and_line(project: Path, line: str, message: str) -> None:
    write(project / "axiomcheck.toml", f"# team settings\n{line}\n")
    result = run("check", OVER, "--venue", "axiom-2026")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"axiomcheck: {(project / 'axiomcheck.toml').resolve()}"), result.stderr
    assert message in result.stderr
    assert run("check", OVER, "--venue", "axiom-2026", "--isolated").exit_code == 1


def test_verbose_names_the_settings_file(project: Path) -> None:
    write(project / "axiomcheck.toml", "venue = 'axiom-2026'\n")
    result = run("check", OVER, "-v")
    assert f"axiomcheck: settings from {(project / 'axiomcheck.toml').resolve()}" in result.stderr


def test_the_configuration_page_names_every_key() -> None:
    from axiomcheck.cli.batch import batch
    from axiomcheck.cli.check import check
    from axiomcheck.cli.project_settings import setting_keys
    from conftest import ROOT

    page = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    keys = set(setting_keys(check)) | set(setting_keys(batch))
    assert {key for key in keys if f"`{key}`" not in page} == set()


def test_a_broken_pyproject_is_reported_only_when_it_names_us(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", "[tool.axiomcheck]\nvenue = 'axiom-2026'\n")
    write(tmp_path / "sub" / "pyproject.toml", "[project\nname = 'broken'\n")
    assert find_settings(tmp_path / "sub") == (tmp_path / "pyproject.toml").resolve()  # not ours: passed over
    write(tmp_path / "sub" / "pyproject.toml", "[tool.axiomcheck]\nvenue = \n")
    found = find_settings(tmp_path / "sub")
    assert found == (tmp_path / "sub" / "pyproject.toml").resolve()
    with pytest.raises(SettingsError, match="not valid TOML"):
        read_settings(found, KNOWN)
