"""What the in-browser site holds and leaves out, as its builder makes it, is what the docs
say (issue 49: docs/lite.md spoke of "the five notebooks 01–05" where the site held 7, and
the README promised a Hint and chances beside the board that the site's game lacked: it
has them now, by the win-chance model alone)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _builder():
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_lite_md_names_every_notebook_the_site_holds_and_leaves_out():
    builder = _builder()
    text = (ROOT / "docs" / "lite.md").read_text()
    holds = text.split("The site holds", 1)[1].split("stay out.", 1)[0]
    held, out = holds.split("need a server", 1)[0].rsplit(";", 1)
    assert sorted(re.findall(r"`(\w+)`", held)) == [p.stem for p in builder.site_notebooks()]
    assert sorted(re.findall(r"`(\w+)`", out)) == sorted(Path(n).stem for n in builder.SKIP_NOTEBOOKS)
    assert f"lab/index.html?path={builder.FIRST}" in builder.TO_FIRST   # the root opens it
    assert f"root address opens the first lesson, `lab/index.html?path={builder.FIRST}`" in text


def test_the_readme_says_what_advice_the_sites_game_gives():
    readme = (ROOT / "README.md").read_text()
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    promise = " ".join(quick[quick.index("**Hint**"):].split())
    assert "the in-browser site" in promise.lower()
    assert "the chance to win and Hint are the win-chance model's alone" in promise
    assert "no Review button" in promise


def test_the_sites_glicko2_is_binders_pin():
    """The puzzles' ratings in the site use the glicko2 that Binder and the tests use."""
    pin = re.search(r"^glicko2==([\d.]+)$", (ROOT / "binder" / "requirements.txt").read_text(), re.M)
    assert pin and pin.group(1) == _builder().GLICKO2
