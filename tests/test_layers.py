"""The package's layers: imports run one way only, the way data flows.

    templates/ -> pdf/ -> analysis/ -> rules/ -> packs/ -> references/ -> engine -> pipeline, api -> reporters/
    -> execution/ (and the readers of manifests, author lists, settings files) -> batch/, web/ -> cli/

Only `pdf/` imports PDF libraries (and Pillow); rules read the model, never the analysis
code or a PDF library; no module imports one of a later layer. Rule modules stand side by
side: each imports only the model, `rules.base` and the rules' private helper modules
(`rules/_*.py`, `rules/<group>/_*.py`), never another rule module, and keeps no state at
module level (no cache, no mutable table). Checked on the source's import statements (those
inside functions and `TYPE_CHECKING` blocks included).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

from conftest import ROOT

SOURCE = ROOT / "src" / "axiomcheck"
PDF_LIBRARIES = {"pypdfium2", "pikepdf", "pypdf", "pdfplumber", "pdfminer", "fitz", "PIL"}

LAYERS: tuple[tuple[str, ...], ...] = (
    ("__init__", "model", "limits", "report", "shared_text", "codec", "verdicts", "datacache", "yamldata", "plugins"),
    ("templates",),
    ("pdf",),
    ("analysis",),
    ("rules",),
    ("packs", "pack_catalog"),
    ("references",),
    ("engine", "aggregate", "wrong_style"),
    ("pipeline", "api"),
    ("reporters", "docs"),
    ("execution", "manifest", "authors", "settings"),
    ("batch", "web"),
    ("cli", "launch", "__main__"),
)
"""Top-level modules and packages of `axiomcheck`, from the start of the flow to its end."""
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}
RULES_MAY_IMPORT = {"model", "rules"}
REGISTRY_MAY_IMPORT = RULES_MAY_IMPORT | {"plugins"}
"""The rule registry (`rules/__init__.py`) also reads the entry points that name the rule modules."""


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
    allowed = REGISTRY_MAY_IMPORT if path == SOURCE / "rules" / "__init__.py" else RULES_MAY_IMPORT
    assert internal <= allowed, f"{path.name} imports {sorted(internal - allowed)}"


RULES = SOURCE / "rules"
MUTABLE_CALLS = {"dict", "list", "set", "bytearray", "defaultdict", "OrderedDict", "Counter", "deque", "ChainMap",
                 "WeakKeyDictionary", "WeakValueDictionary", "WeakSet"}
"""Calls that make a mutable container: bound to a module-level name, a place to keep state."""
CACHE_DECORATORS = {"lru_cache", "cache"}
"""Decorators that memoise a module-level function across documents."""


def _rule_package_modules() -> list[Path]:
    """Every module under rules/ but the packages' `__init__` (the registry and group docs)."""
    return sorted(path for path in RULES.rglob("*.py") if path.name != "__init__.py")


def _is_helper(path: Path) -> bool:
    return path.name.startswith("_")


def _module_name(parts: list[str]) -> str:
    """`parts` (below axiomcheck) as a module name, down to the module file or package they name."""
    for end in range(len(parts), 0, -1):
        candidate = SOURCE.joinpath(*parts[:end])
        if candidate.with_suffix(".py").is_file() or (candidate / "__init__.py").is_file():
            return ".".join(parts[:end])
    return ".".join(parts)


def _imported_modules(path: Path) -> set[str]:
    """The axiomcheck modules `path` imports, by name below the package ("model", "rules._text")."""
    package = list(path.relative_to(SOURCE).parent.parts)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(_module_name(alias.name.split(".")[1:]) for alias in node.names
                         if alias.name.startswith("axiomcheck."))
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                names = (node.module or "").split(".")
                if names[0] != "axiomcheck":
                    continue
                base = names[1:]
            else:
                base = (package[:len(package) - (node.level - 1)] if node.level > 1 else package) + \
                    (node.module.split(".") if node.module else [])
            found.update(_module_name(base + [alias.name]) for alias in node.names)
    return found


def _may_be_imported_by_a_rule(module: str) -> bool:
    """The model, `rules.base` and the rules' helper modules (`rules._text`, `rules.anonymity._identity`)."""
    parts = module.split(".")
    return parts[0] == "model" or module == "rules.base" or (
        parts[0] == "rules" and len(parts) > 1 and parts[-1].startswith("_") and parts[-1] != "__init__")


@pytest.mark.parametrize("path", _rule_package_modules(), ids=lambda p: str(p.relative_to(RULES)))
def test_rule_modules_import_only_the_model_base_and_helpers(path: Path) -> None:
    """No rule module imports another rule module, the registry or anything but the model,
    `rules.base` and the helpers; helpers obey the same line."""
    forbidden = sorted(module for module in _imported_modules(path) if not _may_be_imported_by_a_rule(module))
    assert not forbidden, f"{path.relative_to(ROOT)} imports {forbidden}"


def _mutable_bindings(tree: ast.Module) -> list[str]:
    """Module-level names bound to mutable containers or caches, and `global` statements."""
    found = []
    for node in tree.body:
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign):
            targets, value = [node.target], node.value
        if value is not None and _is_mutable(value):
            found += [ast.unparse(target) for target in targets]
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            found += [f"@{ast.unparse(d)} {node.name}" for d in node.decorator_list if _is_cache_decorator(d)]
    found += [f"global {', '.join(node.names)}" for node in ast.walk(tree) if isinstance(node, ast.Global)]
    return found


def _called_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    if isinstance(target, ast.Attribute):
        return target.attr
    return target.id if isinstance(target, ast.Name) else ""


def _is_mutable(value: ast.expr) -> bool:
    if isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)):
        return True
    return isinstance(value, ast.Call) and _called_name(value) in MUTABLE_CALLS


def _is_cache_decorator(decorator: ast.expr) -> bool:
    return _called_name(decorator) in CACHE_DECORATORS


@pytest.mark.parametrize("path", _rule_package_modules(), ids=lambda p: str(p.relative_to(RULES)))
def test_rule_modules_keep_no_state(path: Path) -> None:
    """What a rule computes about a document belongs in the model (analysis computes it once);
    a rule module holds no cache and no mutable table (constants are tuples, frozensets and
    read-only mappings)."""
    found = _mutable_bindings(ast.parse(path.read_text(encoding="utf-8")))
    assert not found, f"{path.relative_to(ROOT)} keeps module-level state: {found}"


def test_the_rule_checkers_see_violations() -> None:
    """The checks above can fail: a rule importing another rule, a module-level cache."""
    assert not _may_be_imported_by_a_rule("rules.pages")
    assert not _may_be_imported_by_a_rule("rules.anonymity.links")
    assert not _may_be_imported_by_a_rule("rules") and not _may_be_imported_by_a_rule("analysis.paper")
    assert _may_be_imported_by_a_rule("rules.anonymity._identity") and _may_be_imported_by_a_rule("model.text")
    assert "rules._text" in _imported_modules(RULES / "anonymity" / "contact.py")
    assert "rules.base" in _imported_modules(RULES / "pages.py")
    assert _loaded_by_name()["rules"] >= {"rules.pages", "rules.anonymity.links"}
    cached = ast.parse("import functools, weakref\n_CACHE = weakref.WeakKeyDictionary()\nSEEN = {}\n"
                       "TABLE: dict[str, int] = dict(a=1)\nOK = frozenset({1})\n"
                       "@functools.lru_cache(maxsize=8)\ndef f(x): return x\n@lru_cache\ndef g(x): return x\n"
                       "def h():\n    global OK\n")
    assert _mutable_bindings(cached) == ["_CACHE", "SEEN", "TABLE", "@functools.lru_cache(maxsize=8) f",
                                         "@lru_cache g", "global OK"]


def test_the_checker_sees_a_violation(tmp_path: Path) -> None:
    """The import reader resolves relative imports (so the tests above can fail)."""
    module = SOURCE / "rules" / "pages.py"
    _, internal = _imports(module)
    assert "model" in internal or "rules" in internal
    external, internal = _imports(SOURCE / "pdf" / "render.py")
    assert "pypdfium2" in external and "PIL" in external
    assert _imports(SOURCE / "execution" / "worker.py")[1] >= {"pipeline", "packs", "limits"}


def _module_of_file(path: Path) -> str:
    parts = list(path.relative_to(SOURCE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _circle_through(graph: dict[str, set[str]]) -> list[str]:
    """One chain of imports that comes back to where it started, or [] when there is none."""
    done: set[str] = set()

    def visit(name: str, chain: list[str]) -> list[str]:
        if name in chain:
            return chain[chain.index(name):] + [name]
        if name in done:
            return []
        for step in sorted(graph[name]):
            circle = visit(step, chain + [name])
            if circle:
                return circle
        done.add(name)
        return []

    for start in sorted(graph):
        circle = visit(start, [])
        if circle:
            return circle
    return []


def _loaded_by_name() -> dict[str, set[str]]:
    """Module -> the modules it imports by name rather than by an import statement: the rule
    modules and report formats its entry points name (pyproject.toml, read by `plugins.py`
    for the rule registry and the reporters) and the commands the command line loads on first
    use (`cli.COMMANDS`)."""
    from axiomcheck.cli import COMMANDS
    from axiomcheck.plugins import entry_points
    from axiomcheck.reporters import REPORTERS_GROUP
    from axiomcheck.rules import RULES_GROUP

    def own(target: str) -> str:
        return target.partition(":")[0].removeprefix("axiomcheck.")

    return {"rules": {own(t) for t in entry_points(RULES_GROUP).values() if t.startswith("axiomcheck.")},
            "reporters": {own(t) for t in entry_points(REPORTERS_GROUP).values() if t.startswith("axiomcheck.")},
            "cli": {f"cli.{entry.target.partition(':')[0]}" for entry in COMMANDS.values()}}


def test_modules_loaded_by_name_keep_the_layers() -> None:
    """What is imported by name stays in the layer of the package that loads it: its rule
    modules in rules/, its report formats in reporters/, its commands in cli/; and none of
    them is missing."""
    for loader, targets in _loaded_by_name().items():
        assert targets, f"{loader} loads nothing by name"
        for target in targets:
            assert target.split(".")[0] == loader, f"{loader} loads {target} by name, outside its own layer"
            assert _module_path(target) is not None, f"{loader} loads {target}, which does not exist"


def test_no_import_circle() -> None:
    """No module imports itself through others, whether the imports are at the top, inside a
    function, under TYPE_CHECKING or by name (a circle hidden in a function is still a circle)."""
    modules = {_module_of_file(path): path for path in SOURCE.rglob("*.py")}
    by_name = _loaded_by_name()
    graph = {name: {m for m in _imported_modules(path) | by_name.get(name, set()) if m in modules and m != name}
             for name, path in modules.items()}
    assert _circle_through(graph) == []


def test_the_circle_finder_sees_a_circle() -> None:
    assert _circle_through({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle_through({"a": {"b"}, "b": set()}) == []


@functools.cache
def _module_path(module: str) -> Path | None:
    """The file of module `module` (below axiomcheck, dotted), None when there is none."""
    base = SOURCE.joinpath(*module.split(".")) if module else SOURCE
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


@functools.cache
def _bindings(module: str) -> dict[str, tuple[str, str] | None]:
    """Top-level names of `module`: None for a name it defines, (module, name) for one it imports."""
    path = _module_path(module)
    if path is None:
        return {}
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: dict[str, tuple[str, str] | None] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[:len(package) - (node.level - 1)] if node.level > 1 else package
            source = ".".join(base + (node.module.split(".") if node.module else []))
            found.update({alias.asname or alias.name: (source, alias.name) for alias in node.names})
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found[node.name] = None
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found.update({target.id: None for target in targets if isinstance(target, ast.Name)})
    return found


def _origin(module: str, name: str) -> tuple[str, str]:
    """Where `name`, imported from `module`, is defined (following re-exports)."""
    seen = set()
    while (module, name) not in seen:
        seen.add((module, name))
        binding = _bindings(module).get(name)
        if binding is None:
            return module, name
        module, name = binding
    return module, name


def _imports_by_name(paths: list[Path]) -> dict[tuple[str, str], dict[str, set[str]]]:
    """(defining module, name) -> the module each importer outside its part imports it from -> importers."""
    found: dict[tuple[str, str], dict[str, set[str]]] = {}
    for path in paths:
        inside = path.is_relative_to(SOURCE)
        own = _module_of_file(path) if inside else ""
        package = list(path.relative_to(SOURCE).parent.parts) if inside else []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = package[:len(package) - (node.level - 1)] if node.level > 1 else package
                source = ".".join(base + (node.module.split(".") if node.module else []))
            elif (node.module or "").startswith("axiomcheck."):
                source = (node.module or "").split(".", 1)[1]
            else:
                continue
            for alias in node.names:
                if _module_path(f"{source}.{alias.name}") is not None:
                    continue  # a module, not a name
                origin = _origin(source, alias.name)
                if own.split(".")[0] == origin[0].split(".")[0]:
                    continue  # inside its own part, modules import each other's names directly
                found.setdefault(origin, {}).setdefault(source, set()).add(path.name)
    return found


def test_one_import_path_per_name() -> None:
    """Outside the part of the package that defines it, a name is imported from one module
    only (`Severity` from `axiomcheck.model`, never also from `rules` or a submodule)."""
    paths = [*SOURCE.rglob("*.py"), *(ROOT / "tests").glob("*.py"), *(ROOT / "bench").glob("*.py")]
    several = {f"{module}.{name}": sorted(sources) for (module, name), sources in _imports_by_name(paths).items()
               if len(sources) > 1}
    assert several == {}


def test_the_path_checker_follows_re_exports(tmp_path: Path) -> None:
    one, other = tmp_path / "one.py", tmp_path / "other.py"
    one.write_text("from axiomcheck.model import Severity\n")
    other.write_text("from axiomcheck.model.findings import Severity\n")
    assert _imports_by_name([one, other]) == {("model.findings", "Severity"): {"model": {"one.py"},
                                                                             "model.findings": {"other.py"}}}
    assert _origin("model", "Severity") == ("model.findings", "Severity")
    assert _origin("rules", "CheckContext") == ("rules.base", "CheckContext")
    assert _origin("model", "BBox") == ("model.geometry", "BBox")


MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(SOURCE)))
def test_modules_and_functions_stay_small(path: Path) -> None:
    """A module holds one job (at most 400 lines), a function one step a reader can hold (at
    most 60 lines; ruff holds its complexity to 20)."""
    source = path.read_text(encoding="utf-8")
    assert source.count("\n") <= MAX_MODULE_LINES, f"{path.relative_to(ROOT)} has {source.count(chr(10))} lines"
    long = [f"{node.name} ({node.end_lineno - node.lineno + 1} lines)" for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno is not None
            and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES]
    assert long == [], f"{path.relative_to(ROOT)}: {long}"
