"""The package's structure: layers that import only downwards, and no import circle.

The layers are import-linter contracts in ``pyproject.toml`` (``lint-imports`` checks
them from the command line too); the display hooks named there are the only imports
that go up. Beyond the contracts: no module imports another that imports it back, and
the rules never name a card.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp

from ahoy_nb.engine.components import CARD_KEYS, PLAN_KEYS, SHIP_SLOTS

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "ahoy_nb" / "engine" / "rules"


def display_hooks() -> set[tuple[str, str]]:
    """The upward imports the contracts allow: ``(importer, imported)``."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    hooks = set()
    for contract in config["contracts"]:
        for line in contract.get("ignore_imports", ()):
            importer, imported = (part.strip() for part in line.split("->"))
            hooks.add((importer, imported))
    return hooks


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports in ``edges`` (module -> modules it imports), or ``None``."""
    state: dict[str, int] = {}   # 1: on the path being walked, 2: done
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


def test_lint_imports_keeps_every_contract():
    lint = Path(sys.executable).with_name("lint-imports")   # installed with the test extra
    run = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout, run.stdout


def test_the_package_has_no_import_circle():
    graph = grimp.build_graph("ahoy_nb")
    hooks = display_hooks()
    edges = {m: {d for d in graph.find_modules_directly_imported_by(m)
                 if d.startswith("ahoy_nb") and (m, d) not in hooks}
             for m in graph.modules if m.startswith("ahoy_nb")}
    cycle = find_cycle(edges)
    assert cycle is None, " -> ".join(cycle)


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_display_hooks_are_imported_only_inside_their_hook():
    """An upward import is allowed only inside the method that shows the object."""
    for importer, imported in display_hooks():
        path = ROOT / Path(*importer.split(".")).with_suffix(".py")
        tree = ast.parse(path.read_text())
        top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
        names = {(n.module or "").lstrip(".") for n in top if isinstance(n, ast.ImportFrom)}
        assert imported.rsplit(".", 1)[-1] not in {m.rsplit(".", 1)[-1] for m in names}, importer


def test_the_rules_never_name_a_card():
    trees = [ast.parse(p.read_text()) for p in sorted(RULES.glob("*.py"))]
    words = {n.value for t in trees for n in ast.walk(t)
             if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert not {"crew", "plans"} & {n.id for t in trees for n in ast.walk(t) if isinstance(n, ast.Name)}
    named = {k for k in CARD_KEYS if k in words} | {k for k in PLAN_KEYS if k in words}
    # The Cutter and the Gunship are also figures, which the rules move and fight with.
    assert named <= set(SHIP_SLOTS), named
