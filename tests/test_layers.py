"""The package's structure: layers that import only downwards, and no import circle.

The layers are import-linter contracts in ``pyproject.toml`` (``lint-imports`` checks
them from the command line too), with no exception: a position's picture and a lesson's
widget are drawn through ``engine/display.py``'s registry. Beyond the contracts: no module
imports another that imports it back (imports inside functions count), the online
tables' server runs without any widget library, and the rules never name a card.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

import grimp

from ahoy_nb.engine.components import CARD_KEYS, PLAN_KEYS, SHIP_SLOTS

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "ahoy_nb" / "engine" / "rules"


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


def test_no_contract_makes_an_exception():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert not [c["name"] for c in config["contracts"] if c.get("ignore_imports")]


def test_the_package_has_no_import_circle():
    """No module imports one that imports it back, counting the imports inside functions
    (grimp reads every import statement of a module)."""
    graph = grimp.build_graph("ahoy_nb")
    edges = {m: {d for d in graph.find_modules_directly_imported_by(m) if d.startswith("ahoy_nb")}
             for m in graph.modules if m.startswith("ahoy_nb")}
    cycle = find_cycle(edges)
    assert cycle is None, " -> ".join(cycle)


def test_the_online_server_imports_no_widget_library():
    """With anywidget, ipywidgets and bqplot unimportable, the online tables' server and its
    pages still import (it answers with the session layer's board view)."""
    code = ("import sys\n"
            "[sys.modules.__setitem__(m, None) for m in ('anywidget', 'ipywidgets', 'bqplot')]\n"
            "import ahoy_nb.apps.online, ahoy_nb.apps.online.api\n"
            "print(sorted(m for m in sys.modules if m.startswith('ahoy_nb.widgets')))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_ahoy_nb_serve_serves_a_table_without_any_widget_library(tmp_path):
    """``ahoy-nb serve`` started with anywidget, ipywidgets and bqplot unimportable: a table
    is made through the API and its board answers a seat (issue 44)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from online_support import free_port
    port = free_port()
    code = ("import sys\n"
            "[sys.modules.__setitem__(m, None) for m in ('anywidget', 'ipywidgets', 'bqplot')]\n"
            "from ahoy_nb.apps.cli import main\n"
            f"main(['serve', '--port', '{port}', '--store', 'sqlite:///{tmp_path}/t.sqlite'])")
    server = subprocess.Popen([sys.executable, "-c", code], cwd=tmp_path, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(base + "liveness", timeout=5).close()
                break
            except OSError:
                assert server.poll() is None, server.stdout.read()
                assert time.monotonic() < deadline, "ahoy-nb serve did not start in 90 s"
                time.sleep(0.3)
        made = urllib.request.Request(base + "api/tables", method="POST",
                                      data=json.dumps({"players": 2, "seed": 3}).encode())
        with urllib.request.urlopen(made, timeout=30) as answer:
            table = json.loads(answer.read())
        token = table["seats"]["bluefin"]["token"]
        with urllib.request.urlopen(f"{base}api/tables/{table['table']}/board?token={token}",
                                    timeout=30) as answer:
            board = json.loads(answer.read())["board"]
        assert board["viewer"] == "bluefin" and board["can_act"] and board["parts"]
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_a_position_and_a_lesson_still_show_themselves():
    """Through the registry: a position as its picture, a lesson as its widget."""
    from ahoy_nb.engine import new_game
    from ahoy_nb.tutorials import start
    from ahoy_nb.widgets.tutorial import TutorialWidget

    assert new_game(2, seed=1)._repr_svg_().startswith("<svg")
    assert isinstance(start("setup").widget(), TutorialWidget)


def test_the_rules_never_name_a_card():
    trees = [ast.parse(p.read_text()) for p in sorted(RULES.glob("*.py"))]
    words = {n.value for t in trees for n in ast.walk(t)
             if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert not {"crew", "plans"} & {n.id for t in trees for n in ast.walk(t) if isinstance(n, ast.Name)}
    named = {k for k in CARD_KEYS if k in words} | {k for k in PLAN_KEYS if k in words}
    # The Cutter and the Gunship are also figures, which the rules move and fight with.
    assert named <= set(SHIP_SLOTS), named
