"""The package's layers: imports run one way only, the way data flows.

    templates/ -> pdf/ -> analysis/ -> rules/ -> packs/ -> engine -> api -> reporters/ -> runner, isolation/ -> batch/, web/ -> cli/

Only `pdf/` imports PDF libraries (and Pillow); rules read the model, never the analysis
code or a PDF library; no module imports one of a later layer. Checked on the source's
import statements (those inside functions and `TYPE_CHECKING` blocks included).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import ROOT

SOURCE = ROOT / "src" / "axiomcheck"
PDF_LIBRARIES = {"pypdfium2", "pypdf", "pdfplumber", "pdfminer", "fitz", "pikepdf", "PIL"}

LAYERS: tuple[tuple[str, ...], ...] = (
    ("__init__", "finding_types", "model", "limits", "report", "codec", "verdicts", "datacache", "yamldata"),
    ("templates",),
    ("pdf",),
    ("analysis",),
    ("rules",),
    ("packs",),
    ("engine", "aggregate"),
    ("api",),
    ("reporters", "docs"),
    ("isolation", "runner", "manifest", "authors"),
    ("batch", "web"),
    ("cli", "__main__"),
)
"""Top-level modules and packages of `axiomcheck`, from the start of the flow to its end."""
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}
RULES_MAY_IMPORT = {"model", "rules"}


def _modules() -> list[Path]:
    return sorted(SOURCE.rglob("*.py"))


def _part(path: Path) -> str:
    """The top-level module or package `path` belongs to."""
    first = path.relative_to(SOURCE).parts[0]
    return first[:-3] if first.endswith(".py") else first


def _imports(path: Path) -> tuple[set[str], set[str]]:
    """(external top-level names, top-level parts of axiomcheck) that `path` imports."""
    package = list(path.relative_to(SOURCE).parent.parts)
    external: set[str] = set()
    internal: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                names = alias.name.split(".")
                if names[0] == "axiomcheck":
                    internal.add(names[1] if len(names) > 1 else "__init__")
                else:
                    external.add(names[0])
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                names = (node.module or "").split(".")
                if names[0] == "axiomcheck":
                    internal.update([names[1]] if len(names) > 1 else [a.name for a in node.names])
                else:
                    external.add(names[0])
                continue
            base = package[:len(package) - (node.level - 1)] if node.level > 1 else package
            target = base + (node.module.split(".") if node.module else [])
            if target:
                internal.add(target[0])
            else:  # `from . import x` at the top level
                internal.update(alias.name for alias in node.names)
    return external, internal


def test_every_module_has_a_layer() -> None:
    unknown = {_part(path) for path in _modules()} - set(RANK)
    assert not unknown, f"add {sorted(unknown)} to LAYERS in {Path(__file__).name}"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(SOURCE)))
def test_imports_never_run_back_up(path: Path) -> None:
    own = _part(path)
    _, internal = _imports(path)
    later = sorted(name for name in internal if RANK.get(name, -1) > RANK[own])
    assert not later, f"{path.relative_to(ROOT)} ({own}) imports {later}, which come later in the flow"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(SOURCE)))
def test_only_pdf_imports_pdf_libraries(path: Path) -> None:
    if _part(path) == "pdf":
        return
    external, _ = _imports(path)
    assert not external & PDF_LIBRARIES, f"{path.relative_to(ROOT)} imports {sorted(external & PDF_LIBRARIES)}"


@pytest.mark.parametrize("path", [p for p in _modules() if _part(p) == "rules"], ids=lambda p: p.name)
def test_rules_read_the_model_only(path: Path) -> None:
    _, internal = _imports(path)
    assert internal <= RULES_MAY_IMPORT, f"{path.name} imports {sorted(internal - RULES_MAY_IMPORT)}"


def test_the_checker_sees_a_violation(tmp_path: Path) -> None:
    """The import reader resolves relative imports (so the tests above can fail)."""
    module = SOURCE / "rules" / "pages.py"
    _, internal = _imports(module)
    assert "model" in internal or "rules" in internal
    external, internal = _imports(SOURCE / "pdf" / "render.py")
    assert "pypdfium2" in external and "PIL" in external
    assert _imports(SOURCE / "isolation" / "worker.py")[1] >= {"api", "packs", "limits"}
