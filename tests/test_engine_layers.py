"""The engine's structure: modules import in one direction, and only at the top.

Read from the source with ``ast``: an edge for every import of one engine module by
another. There must be no cycle, and no import inside a function except the lazy
display hook (``State._repr_svg_`` imports the renderer, which is outside the engine).
The rules (``rules/``) never name a card: cards attach to the kernel's hook points.
"""

from __future__ import annotations

import ast
from pathlib import Path

from ahoy_nb.engine.components import CARD_KEYS, PLAN_KEYS, SHIP_SLOTS

ENGINE = Path(__file__).resolve().parent.parent / "ahoy_nb" / "engine"
PACKAGE = "ahoy_nb.engine"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ENGINE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def resolve(current: str, is_package: bool, node: ast.ImportFrom) -> list[str]:
    """The engine modules one ``from ... import ...`` statement reads."""
    known = modules()
    base = current.split(".") if is_package else current.split(".")[:-1]
    if node.level:
        base = base[:len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    out = []
    for alias in node.names:
        sub = f"{target}.{alias.name}"
        out.append(sub if sub in known else target)
    return [m for m in out if m in known]


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for name, path in modules().items():
        tree = ast.parse(path.read_text())
        deps = set()
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                deps.update(resolve(name, path.name == "__init__.py", node))
            elif isinstance(node, ast.Import):
                deps.update(a.name for a in node.names if a.name in modules())
        edges[name] = deps - {name}
    return edges


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_engine_has_no_import_cycle():
    edges = graph()
    # The kernel reads the map, the field types frames are declared with and the errors; no rule.
    assert edges[f"{PACKAGE}.kernel"] <= {f"{PACKAGE}.geometry", f"{PACKAGE}.schema",
                                          f"{PACKAGE}.errors"}
    # The cards import the kernel and the rules' helpers, never the public face.
    for card in ("crew", "plans"):
        assert not edges[f"{PACKAGE}.cards.{card}"] & {f"{PACKAGE}.state", f"{PACKAGE}.explain"}
    assert find_cycle(edges) is None, " -> ".join(find_cycle(edges))


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_inside_a_function_but_the_display_hook():
    local = []
    for name, path in modules().items():
        tree = ast.parse(path.read_text())
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    if isinstance(node, (ast.Import, ast.ImportFrom)) and fn.name != "_repr_svg_":
                        local.append(f"{name}.{fn.name}")
    assert local == []


def test_the_rules_never_name_a_card():
    edges = graph()
    for module in (m for m in edges if m.startswith(f"{PACKAGE}.rules")):
        assert not {m for m in edges[module] if m.startswith(f"{PACKAGE}.cards")}, module
    trees = [ast.parse(p.read_text()) for p in sorted((ENGINE / "rules").glob("*.py"))]
    words = {n.value for t in trees for n in ast.walk(t)
             if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert not {"crew", "plans"} & {n.id for t in trees for n in ast.walk(t) if isinstance(n, ast.Name)}
    named = {k for k in CARD_KEYS if k in words} | {k for k in PLAN_KEYS if k in words}
    # The Cutter and the Gunship are also figures, which the rules move and fight with.
    assert named <= set(SHIP_SLOTS), named
