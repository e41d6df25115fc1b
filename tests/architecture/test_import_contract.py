"""The import contract of docs/architecture.md, checked on the source: layers import only downwards, no
first-level package imports another of its own layer, there is no cycle between first-level packages
(imports inside functions count), and no first-party import hides behind ``except ImportError``."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import openpcf

SRC = Path(openpcf.__file__).resolve().parent

#: Top to bottom; a package may import packages of strictly lower layers only. Keep in step with
#: docs/architecture.md ("Layers").
LAYERS: list[set[str]] = [
    {"__main__"},
    {"cli"},
    {"report"},
    {"runner"},
    {"systems"},
    {"engine", "pcfbench"},
    {"retrieval", "factors"},
    {"search", "lci", "llm", "documents"},
    {"catalog"},
    {"formats", "vocabulary"},
    {"units", "gwp", "paths", "openpcf"},  # "openpcf" = the package root (its __version__)
]
LAYER_OF = {pkg: i for i, layer in enumerate(LAYERS) for pkg in layer}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _first_level(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "openpcf"


def _imports(path: Path) -> list[tuple[str, int, bool]]:
    """(imported openpcf module, line, inside an ``except ImportError`` try) for every import in the file."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    guarded: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
            h.type is not None and "ImportError" in ast.unparse(h.type) for h in node.handlers
        ):
            for inner in node.body:
                guarded.update(id(n) for n in ast.walk(inner))
    found: list[tuple[str, int, bool]] = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [f"{module}.{a.name}" if module == "openpcf" else module for a in node.names]
        for target in targets:
            if target == "openpcf" or target.startswith("openpcf."):
                found.append((target, node.lineno, id(node) in guarded))
    return found


def _graph() -> tuple[dict[str, dict[str, list[str]]], list[str]]:
    edges: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    guarded: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        here = _first_level(_module_name(path))
        for target, line, in_try in _imports(path):
            where = f"{path.relative_to(SRC.parent)}:{line}"
            if in_try:
                guarded.append(f"{where} imports {target}")
            there = _first_level(target)
            if there == "__version__":
                there = "openpcf"
            if there != here:
                edges[here][there].append(where)
    return edges, guarded


def _cycles(edges: dict[str, dict[str, list[str]]]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(set(edges) | {w for e in edges.values() for w in e}):
        if v not in index:
            visit(v)
    return found


def test_every_first_level_package_has_a_layer() -> None:
    packages = {p.name for p in SRC.iterdir() if p.is_dir() and (p / "__init__.py").is_file()}
    modules = {p.stem for p in SRC.glob("*.py") if p.stem != "__init__"}
    assert (packages | modules) - set(LAYER_OF) == set()


def test_no_cycle_between_first_level_packages() -> None:
    edges, _ = _graph()
    assert _cycles(edges) == []


def test_imports_run_down_the_layers_only() -> None:
    edges, _ = _graph()
    wrong = [
        f"{a} (layer {LAYER_OF[a]}) imports {b} (layer {LAYER_OF.get(b)}) at {sites[0]}"
        for a, targets in sorted(edges.items())
        for b, sites in sorted(targets.items())
        if LAYER_OF.get(b, -1) <= LAYER_OF[a]
    ]
    assert wrong == []


def test_no_first_party_import_behind_except_import_error() -> None:
    _, guarded = _graph()
    assert guarded == []


def test_the_checker_sees_cycles_and_upward_imports() -> None:
    """The contract itself can fail: a made-up graph with a cycle and an upward edge is caught."""
    edges = {"engine": {"systems": ["x.py:1"]}, "systems": {"engine": ["y.py:2"]}}
    assert _cycles(edges) == [["engine", "systems"]]
    assert LAYER_OF["systems"] < LAYER_OF["engine"]  # so engine -> systems is an upward import
