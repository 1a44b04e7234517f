"""The Voila app's template, ``share/jupyter/voila/templates/ahoy``: Voila's ``lab``
template without anything from the internet (no Font Awesome CSS from a CDN, no
mermaid.js, no MathJax URL). Without a browser (tests/browser/test_apps.py serves the app itself).

* ``notebooks/app.ipynb`` chooses it (``metadata.voila.template``).
* It is installed where Voila looks (``<prefix>/share/jupyter/voila/templates/ahoy``:
  pyproject.toml's data-files for a regular install, ``./dev`` for the editable one)
  and the installed copy is the repository's.
* Rendered by Voila's exporter (the kernel replaced by stubs) with the page config of
  Voila's server extension, the page points at nothing outside the server, neither in
  its HTML nor in its page config, where ``lab`` links the CDN and keeps the MathJax
  URL.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
from voila.exporter import VoilaExporter
from voila.paths import collect_template_paths

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "share" / "jupyter" / "voila" / "templates" / "ahoy"
APP = ROOT / "notebooks" / "app.ipynb"

# src=/href= attributes, JavaScript imports and CSS url()s.
_REFERENCES = re.compile(
    r"""(?:\b(?:src|href)\s*=\s*["']([^"']*)["']"""
    r"""|\bimport\s*\(\s*["'`]([^"'`]*)["'`]"""
    r"""|\burl\(\s*["']?([^"')\s]*))""")


def _external(html: str) -> list[str]:
    refs = {next(g for g in m.groups() if g is not None) for m in _REFERENCES.finditer(html)}
    return sorted(r for r in refs if re.match(r"(?i)(https?:)?//", r.strip()))


# The page config Voila's server extension (Binder's voila/render/...) hands the
# template: a MathJax URL on cdnjs, which Voila's front end would load.
_SERVER_PAGE_CONFIG = {"fullMathjaxUrl": "https://cdnjs.cloudflare.com/ajax/libs/mathjax/"
                                         "3.2.2/es5/latest.min.js",
                       "mathjaxConfig": "TeX-AMS_CHTML-full,Safe", "baseUrl": "/"}


def _config_urls(html: str) -> list[str]:
    """Absolute URLs in the page's ``jupyter-config-data``."""
    m = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                  html, re.S)
    assert m, "no jupyter-config-data in the page"
    urls = []

    def walk(v):
        if isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, str) and re.match(r"(?i)(https?:)?//", v):
            urls.append(v)

    walk(json.loads(m.group(1)))
    return urls


def _render(template: str) -> str:
    """The page Voila's server extension would send for notebooks/app.ipynb with
    ``template`` (its code cells not run: ``kernel_start`` and the cell generator are
    stubs)."""
    nb = nbformat.read(APP, as_version=4)
    exporter = VoilaExporter(template_paths=collect_template_paths(["voila", "nbconvert"], template),
                             template_name=template, base_url="/", theme="light")
    exporter.exclude_input = exporter.exclude_input_prompt = True
    exporter.exclude_output_prompt = True  # Voila's strip_sources

    def cells(nb, kernel_id):
        yield from nb.cells

    context = {"frontend": "voila", "main_js": "voila.js", "kernel_start": lambda nb: "kernel",
               "notebook_execute": lambda nb, kernel_id: None, "progressive_rendering": False,
               "cell_generator": cells}
    resources = {"base_url": "/", "theme": "light", "template": template,
                 "metadata": {"name": APP.stem}, "page_config": {}}

    async def generate() -> str:
        parts = [html async for html, _ in exporter.generate_from_notebook_node(
            nb, resources=resources, extra_context=context,
            page_config=dict(_SERVER_PAGE_CONFIG))]
        return "".join(parts)

    # In a thread of its own: under the browser tests, Playwright's loop is running here.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, generate()).result(timeout=60)


def test_the_app_notebook_chooses_the_template():
    nb = json.loads(APP.read_text())
    assert nb["metadata"]["voila"] == {"template": "ahoy"}
    assert json.loads((TEMPLATE / "conf.json").read_text()) == {"base_template": "lab"}


def test_the_template_is_installed_where_voila_looks():
    installed = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "ahoy"
    paths = [Path(p) for p in collect_template_paths(["voila", "nbconvert"], "ahoy", prune=True)]
    assert installed in paths, (
        f"the ahoy template is not installed in {installed} (./dev copies it there; "
        f"pip install . installs it)")
    for f in TEMPLATE.iterdir():
        assert (installed / f.name).read_text() == f.read_text(), (
            f"{installed / f.name} is stale: run ./dev test (it copies the template)")
    # `lab` is its base: its page, error page and static files are found.
    assert any(p.parts[-3:] == ("voila", "templates", "lab") for p in paths), paths


def test_the_rendered_page_loads_nothing_from_the_internet():
    lab = _render("lab")
    assert any("cdn.jsdelivr.net" in r for r in _external(lab)), (
        "Voila's lab template no longer links a CDN: is the ahoy template still needed?")
    assert _config_urls(lab) == [_SERVER_PAGE_CONFIG["fullMathjaxUrl"]]
    page = _render("ahoy")
    assert _external(page) == []
    assert _config_urls(page) == []   # Voila's front end then uses its own MathJax
    assert "://cdn" not in page
    # Still lab's page: its stylesheets (from our template's static path, which
    # falls back to lab's files), the app's Markdown, voila.js.
    assert 'href="/voila/templates/ahoy/static/index.css' in page
    assert "<h1" in page and "New game" in page
    assert re.search(r'<script src="[^"]*voila\.js"', page)
