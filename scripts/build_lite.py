"""Build the static JupyterLite site of ahoy-nb into ``_site/`` (``./dev lite``).

The site runs the notebooks in the browser on Pyodide, with ahoy-nb installed from
a wheel built from this checkout. Everything it loads is in ``_site/``: the Pyodide
core comes from the npm package ``pyodide``, every Python wheel from PyPI, the
JupyterLab front end and the widget extensions from PyPI packages. Nothing is
fetched from anywhere else at run time.

    python scripts/build_lite.py                 # build _site/
    python scripts/build_lite.py --serve         # build, then serve on 127.0.0.1
    python scripts/build_lite.py --dry-run       # what a build would use and make
    python scripts/build_lite.py --pyodide-dist pyodide-314.0.6.tar.bz2
                                                 # a full Pyodide: bqplot charts too

This script runs with any Python >= 3.11; the build itself runs in a venv made with
Python 3.12 (``pyodide-lock`` needs it). What can be kept between runs on one machine
is kept in ``~/.cache/ahoy-nb/lite`` (``AHOY_LITE_CACHE``): that venv (one per set of
pins), the npm tarball of Pyodide, the wheels locked for Pyodide, the built ahoy-nb
wheel. JupyterLite's own record of what it built is in ``build/lite``: a second build
with nothing changed takes a few seconds.

To update a pinned version, change it below and rebuild (docs/lite.md says how).
"""

from __future__ import annotations

import argparse
import fcntl
import functools
import glob
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# -- pinned versions -----------------------------------------------------------------
# jupyterlite-pyodide-kernel pins the Pyodide it works with (its constants.PYODIDE_VERSION);
# the npm package "pyodide" must be that version.
JUPYTERLITE = "0.8.6"
PYODIDE = "314.0.6"
# The Python packages of the site, locked for Pyodide from PyPI. The widget packages
# must match the front-end extensions the build venv installs (same pins below).
ANYWIDGET = "0.11.0"
IPYWIDGETS = "8.1.9"
# bqplot needs numpy and pandas, which only a full Pyodide distribution has.
BQPLOT = "0.12.45"
# The kernel loads micropip first of all; Pyodide's own lock names this version.
MICROPIP = "0.11.1"
# The puzzles' ratings (the `puzzles` extra; pinned as in binder/requirements.txt). Its
# other package, platformdirs, is not needed here: in the browser the ratings file lives
# in the site's storage (ahoy_nb.session.puzzles.ratings_path).
GLICKO2 = "2.1.0"
BUILD_REQUIREMENTS = [
    f"jupyterlite-core=={JUPYTERLITE}",
    f"jupyterlite-pyodide-kernel[lock]=={JUPYTERLITE}",
    "pyodide-lock==0.2.1",
    "jupyter-server>=2",  # indexes the contents (notebooks)
    f"anywidget=={ANYWIDGET}",
    f"ipywidgets=={IPYWIDGETS}",
    "setuptools>=68",
    "wheel",
]
# Notebooks that need a server (Panel/Voila) stay out of the site.
SKIP_NOTEBOOKS = {"app.ipynb", "06_balance.ipynb"}
# The site's root address opens the first lesson (JupyterLite's own opens an empty
# Launcher). JupyterLite's root page stays (its pages read their settings from it); this
# script, put first in its head, goes on to the lesson when the address asks nothing else.
FIRST = "01_setup.ipynb"
TO_FIRST = (f'<script id="ahoy-first-lesson">if (!location.search) '
            f'location.replace("lab/index.html?path={FIRST}" + location.hash);</script>')

WORK = ROOT / "build" / "lite"  # the JupyterLite "lite dir": config, contents, Pyodide
SITE = ROOT / "_site"
CACHE = Path(os.environ.get("AHOY_LITE_CACHE", Path.home() / ".cache" / "ahoy-nb" / "lite"))
# The build venv lives in the cache, one per set of pins, so that a fresh clone (CI)
# on the same machine reuses it instead of installing ~80 packages again.
VENV = CACHE / ("venv-" + hashlib.sha256("\n".join(BUILD_REQUIREMENTS).encode()).hexdigest()[:10])

# File types JupyterLite needs served right: module workers refuse a .mjs served as
# text/plain, and streaming compilation wants application/wasm.
MIME_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
              ".json": "application/json", ".ipynb": "application/json",
              ".whl": "application/octet-stream", ".zip": "application/zip"}


def say(*parts) -> None:
    print("[lite]", *parts, file=sys.stderr, flush=True)


def run(cmd: list, **kwargs) -> None:
    subprocess.run([str(c) for c in cmd], check=True, **kwargs)


# -- the build venv ------------------------------------------------------------------


def find_python312() -> str:
    """A Python 3.12+ interpreter for the build venv (pyodide-lock needs >= 3.12)."""
    candidates = [os.environ.get("AHOY_LITE_PYTHON", ""), "python3.12", "python3.13"]
    candidates += sorted(glob.glob(str(Path.home() / ".pyenv/versions/3.1[23]*/bin/python3.1[23]")))
    for c in filter(None, candidates):
        exe = shutil.which(c) or (c if os.access(c, os.X_OK) else None)
        if not exe:
            continue
        ok = subprocess.run([exe, "-c", "import sys; sys.exit(sys.version_info < (3, 12))"],
                            capture_output=True)
        if ok.returncode == 0:
            return exe
    raise SystemExit("[lite] error: Python 3.12 or newer is needed to build the site "
                     "(set AHOY_LITE_PYTHON to its path)")


def ensure_venv() -> Path:
    py = VENV / "bin" / "python"
    stamp = VENV / ".ahoy-lite-complete"
    if stamp.exists():
        return py
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".venv.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another build may be making it right now
        if stamp.exists():
            return py
        shutil.rmtree(VENV, ignore_errors=True)
        base = find_python312()
        say(f"creating the build venv {VENV} with {base}")
        run([base, "-m", "venv", VENV])
        t0 = time.monotonic()
        log = VENV / "pip-install.log"
        with open(log, "w") as out:
            done = subprocess.run([py, "-m", "pip", "install", "--disable-pip-version-check",
                                   "--no-input", "--progress-bar", "off", *BUILD_REQUIREMENTS],
                                  stdout=out, stderr=subprocess.STDOUT)
        if done.returncode != 0:
            say(log.read_text()[-3000:])
            raise SystemExit(f"[lite] error: installing the build requirements failed (log: {log})")
        stamp.touch()
        say(f"build requirements installed in {time.monotonic() - t0:.0f} s")
    # Old venvs (other pins) go.
    for old in CACHE.glob("venv-*"):
        if old != VENV:
            shutil.rmtree(old, ignore_errors=True)
    return py


# -- inputs --------------------------------------------------------------------------


def source_digest() -> str:
    """A digest of everything that goes into the ahoy-nb wheel."""
    h = hashlib.sha256()
    files = [ROOT / "pyproject.toml", *sorted((ROOT / "ahoy_nb").rglob("*"))]
    for f in files:
        if f.is_file() and "__pycache__" not in f.parts:
            h.update(str(f.relative_to(ROOT)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


def build_wheel(py: Path, dest: Path) -> Path:
    """The ahoy-nb wheel of this checkout, rebuilt only when its sources changed."""
    digest = source_digest()
    cached = CACHE / "ahoy-wheel" / digest
    wheels = list(cached.glob("ahoy_nb-*.whl"))
    if not wheels:
        say("building the ahoy-nb wheel")
        tmp = cached.with_suffix(".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        # Built out of tree, so the checkout's build/ and egg-info stay as they are.
        src = tmp / "src"
        shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
            ".git", ".venv*", "build", "_site", "__pycache__", "*.egg-info", "screenshots",
            "node_modules", ".pytest_cache"))
        run([py, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
             "--disable-pip-version-check", "-w", tmp / "dist", src], stdout=subprocess.DEVNULL)
        shutil.rmtree(cached, ignore_errors=True)
        (tmp / "dist").rename(cached)
        shutil.rmtree(tmp, ignore_errors=True)
        # Keep only this digest's wheel.
        for old in (CACHE / "ahoy-wheel").iterdir():
            if old != cached:
                shutil.rmtree(old, ignore_errors=True)
        wheels = list(cached.glob("ahoy_nb-*.whl"))
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("*.whl"):
        if old.name != wheels[0].name:
            old.unlink()
    return copy_if_changed(wheels[0], dest / wheels[0].name)


def copy_if_changed(src: Path, dst: Path) -> Path:
    """Copy unless ``dst`` has the same bytes (an unchanged mtime keeps later steps cached)."""
    if not (dst.exists() and dst.read_bytes() == src.read_bytes()):
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
    return dst


def write_if_changed(path: Path, text: str) -> None:
    if not (path.exists() and path.read_text() == text):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def npm_pyodide() -> Path:
    """The npm tarball of Pyodide's core (cached): the runtime, stdlib and lock, no wheels."""
    tgz = CACHE / f"pyodide-{PYODIDE}.tgz"
    if not tgz.exists():
        say(f"fetching the npm package pyodide@{PYODIDE}")
        CACHE.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", "--silent", f"pyodide@{PYODIDE}", "--pack-destination", CACHE],
            stdout=subprocess.DEVNULL)
    return tgz


def place_pyodide(dist: Path | None) -> bool:
    """Put Pyodide at ``<lite dir>/static/pyodide``; True for a full distribution.

    The npm core's lock lists ~350 packages whose wheels it does not ship. Left in,
    they would make the kernel's lock step point at Pyodide's CDN for them; so the
    lock is pruned to what is here, and every wheel the site needs is locked from PyPI.
    (``--pyodide`` with a folder is broken in jupyterlite-pyodide-kernel 0.8.6; this
    well-known folder works.)
    """
    target = WORK / "static" / "pyodide"
    source = dist if dist is not None else npm_pyodide()
    marker = target / ".ahoy-source"
    stat = source.stat()
    key = f"{source.resolve()} {stat.st_size} {int(stat.st_mtime)}"
    full = dist is not None
    if marker.exists() and marker.read_text() == key:
        return full
    say(f"unpacking Pyodide from {source}")
    shutil.rmtree(target, ignore_errors=True)
    tmp = WORK / "static" / "pyodide.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    if source.is_dir():
        shutil.copytree(source, tmp, dirs_exist_ok=True)
    else:
        with tarfile.open(source) as tar:
            tar.extractall(tmp, filter="data")
    # npm tarballs hold package/, Pyodide's release tarballs pyodide/.
    inner = next((tmp / d for d in ("package", "pyodide") if (tmp / d / "pyodide.mjs").exists()), tmp)
    if not (inner / "pyodide.mjs").exists():
        raise SystemExit(f"[lite] error: no pyodide.mjs in {source}")
    inner.rename(target) if inner != tmp else tmp.rename(target)
    shutil.rmtree(tmp, ignore_errors=True)
    lock_path = target / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    present = {k: v for k, v in lock["packages"].items() if (target / v["file_name"]).exists()}
    if full:
        say(f"Pyodide {PYODIDE}: the distribution holds {len(present)} of the "
            f"{len(lock['packages'])} packages its lock lists")
    else:
        # As expected: the npm core ships the runtime only; the site's wheels come from PyPI.
        say(f"Pyodide {PYODIDE}: the runtime and standard library from npm's core package; "
            f"the site's wheels come from PyPI (the lock's {len(lock['packages'])} entries for "
            f"the full distribution's wheels are left out)")
    if not full:
        lock["packages"] = present
        lock_path.write_text(json.dumps(lock, indent=1))
    for junk in ("console.html", "console-v2.html", "README.md", "ffi.d.ts", "pyodide.d.ts",
                 "package.json"):
        (target / junk).unlink(missing_ok=True)
    marker.write_text(key)
    return full


def bqplot_wheel(py: Path) -> Path:
    """bqplot's wheel from PyPI (cached): its Python package and its front-end extension."""
    dest = CACHE / "wheels"
    found = list(dest.glob(f"bqplot-{BQPLOT}-*.whl"))
    if not found:
        run([py, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
             "-d", dest, f"bqplot=={BQPLOT}"], stdout=subprocess.DEVNULL)
        found = list(dest.glob(f"bqplot-{BQPLOT}-*.whl"))
    return found[0]


def strip_outputs(nb: dict) -> dict:
    """A notebook as a learner should first see it: no stale outputs or widget state."""
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    nb.get("metadata", {}).pop("widgets", None)
    nb.setdefault("metadata", {})["kernelspec"] = {
        "name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    return nb


def site_notebooks() -> list[Path]:
    """The notebooks the site holds (those that need no server)."""
    return [p for p in sorted((ROOT / "notebooks").glob("*.ipynb")) if p.name not in SKIP_NOTEBOOKS]


def write_contents() -> list[str]:
    files = WORK / "files"
    names = []
    for src in site_notebooks():
        nb = strip_outputs(json.loads(src.read_text()))
        write_if_changed(files / src.name, json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
        names.append(src.name)
    for old in files.glob("*.ipynb"):
        if old.name not in names:
            old.unlink()
    return names


def write_config(wheel: Path, full: bool, extensions: list[Path]) -> None:
    specs = [f"micropip=={MICROPIP}", f"anywidget=={ANYWIDGET}", f"ipywidgets=={IPYWIDGETS}",
             f"glicko2=={GLICKO2}"]
    if full:
        specs.append(f"bqplot=={BQPLOT}")
    config = {
        "LiteBuildConfig": {
            "apps": ["lab"],
            "contents": ["files"],
            "cache_dir": str(CACHE / "jupyterlite-cache"),
            "output_dir": str(SITE),
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            "federated_extensions": [str(p) for p in extensions],
        },
        "PyodideLockAddon": {
            "enabled": True,
            "specs": specs,
            "wheels": [str(wheel.relative_to(WORK))],
            # Loaded while Pyodide starts, so the first cell does not wait for them.
            # (glicko2 too: ahoy-nb imports it inside Ratings.record, where no cell's import
            # names it; not listed here, that import fails in the site: tried)
            "prefetch_extra": ["micropip", "piplite", "ahoy-nb", "anywidget", "ipywidgets",
                               "glicko2"],
        },
    }
    write_if_changed(WORK / "jupyter_lite_config.json", json.dumps(config, indent=2) + "\n")
    lite = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Ahoy",
            # window.jupyterapp, for the browser test (as the Lab tests use it)
            "exposeAppInBrowser": True,
            "litePluginSettings": {
                # %pip install must not reach PyPI from the browser: only the site's wheels
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True,
                    # (the kernel's own patch task sets the same; stated here so an
                    # incremental build can never drop it)
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                },
            },
        },
    }
    write_if_changed(WORK / "jupyter-lite.json", json.dumps(lite, indent=2) + "\n")
    overrides = {
        # no news or update checks (they would go to the internet)
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                          "checkForUpdates": False},
    }
    write_if_changed(WORK / "overrides.json", json.dumps(overrides, indent=2) + "\n")


# -- the build -----------------------------------------------------------------------


def build(pyodide_dist: Path | None = None) -> Path:
    """Build the site into ``_site/``; return its path.

    Builds of several checkouts on one machine share the cache, so they take turns.
    """
    py = ensure_venv()
    with open(CACHE / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(py, pyodide_dist)


def _build(py: Path, pyodide_dist: Path | None) -> Path:
    t0 = time.monotonic()
    WORK.mkdir(parents=True, exist_ok=True)
    full = place_pyodide(pyodide_dist)
    wheel = build_wheel(py, WORK / "wheels")
    extensions = [bqplot_wheel(py)] if full else []
    notebooks = write_contents()
    write_config(wheel, full, extensions)
    say(f"building the site ({len(notebooks)} notebooks, "
        f"{'full Pyodide: bqplot charts' if full else 'Pyodide core: light charts'})")
    # JupyterLite's incremental build keeps its state in a doit database; with another
    # build venv (new pins) its tasks' records no longer describe _site/: start clean.
    toolchain = WORK / ".ahoy-toolchain"
    if not (toolchain.exists() and toolchain.read_text() == str(VENV)):
        (WORK / ".jupyterlite.doit.db").unlink(missing_ok=True)
        shutil.rmtree(SITE, ignore_errors=True)
        toolchain.write_text(str(VENV))
    env = dict(os.environ, JUPYTERLITE_NO_LIBARCHIVE="1")
    log = WORK / "build.log"
    with open(log, "w") as out:
        result = subprocess.run([VENV / "bin" / "jupyter", "lite", "build"], cwd=WORK, env=env,
                                stdout=out, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        say(log.read_text()[-4000:])
        raise SystemExit(f"[lite] error: jupyter lite build failed (log: {log})")
    to_the_first_lesson(SITE / "index.html")
    check_site(SITE)
    files = [f for f in SITE.rglob("*") if f.is_file()]
    size = sum(f.stat().st_size for f in files)
    say(f"built {SITE.relative_to(ROOT)}/ ({size / 1e6:.1f} MB, {len(files)} files) "
        f"in {time.monotonic() - t0:.0f} s")
    return SITE


def to_the_first_lesson(root: Path) -> None:
    """Make the site's root page (``root``, JupyterLite's) open the first lesson."""
    page = root.read_text()
    if TO_FIRST not in page:
        page = page.replace("<head>", "<head>\n    " + TO_FIRST, 1)
        if TO_FIRST not in page:
            raise SystemExit(f"[lite] error: no <head> in {root} to add the first lesson to")
        root.write_text(page)


def check_site(site: Path) -> None:
    """Fail the build if the site would reach outside itself for Pyodide or wheels."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    urls = [kernel.get("pyodideUrl", ""), kernel["loadPyodideOptions"]["lockFileURL"]]
    lock = json.loads((site / "static" / "pyodide-lock" / "pyodide-lock.json").read_text())
    urls += [p["file_name"] for p in lock["packages"].values()]
    remote = [u for u in urls if "://" in u or not u]
    if remote:
        raise SystemExit(f"[lite] error: the site would load from outside itself: {remote[:5]}")
    loaded = kernel["loadPyodideOptions"]["packages"]
    for needed in ("ahoy-nb", "glicko2"):   # the game; the puzzles' ratings
        if needed not in lock["packages"] or needed not in loaded:
            raise SystemExit(f"[lite] error: {needed} is not in the site's Pyodide lock, "
                             "or not loaded while Pyodide starts")


def plan(pyodide_dist: Path | None = None) -> list[str]:
    """What a build would use and make, without building (``--dry-run``), in lines."""
    pins = (f"JupyterLite {JUPYTERLITE}, Pyodide {PYODIDE}, anywidget {ANYWIDGET}, "
            f"ipywidgets {IPYWIDGETS}, micropip {MICROPIP}, glicko2 {GLICKO2}")
    lines = [f"pins: {pins}" + (f", bqplot {BQPLOT}" if pyodide_dist else "")]
    if (VENV / ".ahoy-lite-complete").exists():
        lines.append(f"build venv: {VENV} (ready)")
    else:
        try:
            lines.append(f"build venv: {VENV} (to make with {find_python312()})")
        except SystemExit as err:
            lines.append(f"build venv: {VENV} (cannot be made: {err})")
    if pyodide_dist is not None:
        lines.append(f"Pyodide: the full distribution {pyodide_dist}")
    else:
        tgz = CACHE / f"pyodide-{PYODIDE}.tgz"
        lines.append(f"Pyodide: the npm core {tgz} "
                     f"({'cached' if tgz.exists() else 'to fetch with npm pack'})")
    digest = source_digest()
    wheel = list((CACHE / "ahoy-wheel" / digest).glob("ahoy_nb-*.whl"))
    lines.append(f"ahoy-nb wheel of sources {digest}: "
                 + (f"{wheel[0].name} (cached)" if wheel else "to build"))
    notebooks = site_notebooks()
    lines.append(f"notebooks: {len(notebooks)} ({', '.join(p.name for p in notebooks)}); "
                 f"left out (they need a server): {', '.join(sorted(SKIP_NOTEBOOKS))}")
    lines.append(f"site: {SITE} (JupyterLite's lite dir {WORK})")
    return lines


# -- serving -------------------------------------------------------------------------


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # quiet: one line per request is noise
        pass


def make_server(site: Path = SITE, port: int = 0) -> http.server.ThreadingHTTPServer:
    """A static server of ``site`` on 127.0.0.1 (``port`` 0: a free one)."""
    handler = functools.partial(SiteHandler, directory=str(site))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(site: Path = SITE, port: int = 8800) -> None:
    server = make_server(site, port)
    say(f"serving {site} at http://127.0.0.1:{server.server_address[1]}/lab/index.html "
        "(Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", action="store_true", help="serve the site on 127.0.0.1 after building")
    parser.add_argument("--port", type=int, default=8800, help="port for --serve (default 8800)")
    parser.add_argument("--pyodide-dist", type=Path, metavar="PATH",
                        help="a full Pyodide distribution (.tar.bz2 or folder): adds numpy and "
                             "bqplot's charts")
    parser.add_argument("--no-build", action="store_true", help="serve the existing _site/ as it is")
    parser.add_argument("--dry-run", action="store_true",
                        help="say what a build would use and make (pins, caches, notebooks), "
                             "and stop")
    args = parser.parse_args(argv)
    if args.pyodide_dist is not None and not args.pyodide_dist.exists():
        parser.error(f"{args.pyodide_dist} does not exist")
    if args.dry_run:
        print("\n".join(plan(args.pyodide_dist)))
        return 0
    if not args.no_build:
        build(args.pyodide_dist)
    if args.serve:
        serve(SITE, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
