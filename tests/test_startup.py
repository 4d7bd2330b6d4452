"""What the command line imports at start: each command loads only what it needs.

Each case runs a fresh interpreter (imports are process-wide) and lists the modules loaded
by the time the command returns. Start-up time itself is measured by bench/run.py, never here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = """
import json, sys
if sys.argv[1:] != ["(import)"]:
    from axiomcheck.launch import run  # the program's entry point
    sys.argv[0] = "axiomcheck"
    try:
        run()
    except SystemExit:
        pass
else:
    import axiomcheck.cli
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""
PDF_LIBRARIES = {"pypdfium2", "pypdfium2_raw", "pikepdf", "PIL", "pdfplumber", "pdfminer"}
PDF_CODE = PDF_LIBRARIES | {"axiomcheck.pdf", "axiomcheck.analysis"}
RULES = {"axiomcheck.rules", "axiomcheck.reporters", "axiomcheck.engine", "axiomcheck.execution",
         "axiomcheck.pipeline"}


def loaded(args: list[str], cache_dir: Path) -> set[str]:
    done = subprocess.run([sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, timeout=120,
                          cwd=cache_dir, env={"AXIOMCHECK_CACHE_DIR": str(cache_dir), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def matching(modules: set[str], prefixes: set[str]) -> set[str]:
    return {m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes)}


@pytest.mark.parametrize("args", [["(import)"], ["--version"]])
def test_version_and_import_load_no_pack_rule_or_pdf_code(tmp_path: Path, args: list[str]) -> None:
    modules = loaded(args, tmp_path)
    assert matching(modules, PDF_CODE | RULES | {"yaml", "axiomcheck.packs", "axiomcheck.api"}) == set()


def test_version_is_answered_before_the_command_line_is_imported(tmp_path: Path) -> None:
    assert matching(loaded(["--version"], tmp_path), {"click", "axiomcheck.cli"}) == set()


def test_help_lists_the_commands_without_importing_one(tmp_path: Path) -> None:
    modules = loaded(["--help"], tmp_path)
    assert matching(modules, PDF_CODE | RULES | {"yaml", "axiomcheck.packs", "axiomcheck.batch", "axiomcheck.model",
                                                 "axiomcheck.cli.check"}) == set()


def test_packs_loads_no_pdf_code_and_once_cached_no_yaml_or_rule(tmp_path: Path) -> None:
    first = loaded(["packs"], tmp_path)
    assert matching(first, PDF_CODE) == set()
    assert "yaml" in first and "axiomcheck.rules" in first  # nothing cached yet: parsed and validated
    again = loaded(["packs"], tmp_path)
    assert matching(again, PDF_CODE | RULES | {"yaml", "axiomcheck.packs", "axiomcheck.model", "click",
                                              "axiomcheck.cli"}) == set()


def test_rules_are_listed_from_the_cache_without_loading_a_rule(tmp_path: Path) -> None:
    assert "axiomcheck.rules" in loaded(["rules"], tmp_path)  # nothing cached yet: the registry is read
    assert matching(loaded(["rules"], tmp_path), PDF_CODE | RULES | {"yaml", "axiomcheck.model"}) == set()


def test_rules_and_check_load_no_pdf_library_in_the_command_process(tmp_path: Path) -> None:
    assert matching(loaded(["rules"], tmp_path), PDF_CODE | {"yaml"}) == set()
    pdf = Path(__file__).resolve().parents[1] / "fixtures" / "refs-midpage.pdf"
    modules = loaded(["check", str(pdf), "--venue", "axiom-2026", "-o", str(tmp_path / "r.txt")], tmp_path)
    assert matching(modules, PDF_LIBRARIES | {"axiomcheck.analysis"}) == set()  # the worker reads the PDF
    assert "yaml" not in loaded(["check", str(pdf), "--venue", "axiom-2026", "-o", str(tmp_path / "r.txt")], tmp_path)


def test_a_check_loads_only_the_output_format_it_writes(tmp_path: Path) -> None:
    pdf = Path(__file__).resolve().parents[1] / "fixtures" / "refs-midpage.pdf"
    args = ["check", str(pdf), "--venue", "axiom-2026", "-o", str(tmp_path / "r.json"), "--format", "json"]
    loaded(args, tmp_path)  # the first run fills the cache (the entry points, the pack)
    modules = loaded(args, tmp_path)
    assert "axiomcheck.reporters.json_report" in modules
    assert matching(modules, {"jinja2", "axiomcheck.reporters.html", "axiomcheck.reporters.sarif",
                              "axiomcheck.reporters.catalog", "importlib.metadata"}) == set()


def test_packs_answered_from_the_cache_prints_what_the_command_prints(tmp_path: Path) -> None:
    def listed() -> str:
        done = subprocess.run([sys.executable, "-m", "axiomcheck", "packs"], capture_output=True, text=True,
                              timeout=120, cwd=tmp_path, env={"AXIOMCHECK_CACHE_DIR": str(tmp_path),
                                                              "PATH": "/usr/bin:/bin"})
        assert done.returncode == 0 and done.stderr == "", done.stderr
        return done.stdout

    validated = listed()  # nothing cached: the click command validates every pack
    assert "axiom-2026: " in validated and "  track paper" in validated
    assert listed() == validated  # every pack cached: answered before click is imported
