"""Every ES module the pages load parses (``node --check``, as a module): a name declared
twice by two changes merged together stops a whole page before it draws anything (the
online page's form stayed hidden that way)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted((ROOT / "ahoy_nb").rglob("*.js"))


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node (node --check)")
@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_module_parses(path, tmp_path):
    copy = tmp_path / (path.stem + ".mjs")      # .mjs: parsed as a module, strict
    copy.write_bytes(path.read_bytes())
    run = subprocess.run(["node", "--check", str(copy)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
