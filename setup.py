"""The compiled engine: the engine's busiest modules built by Cython from their own source.

The modules in :data:`COMPILED` are compiled as they are (Cython's pure-Python mode: the
same ``.py`` files, no ``.pyx`` and no second source) into extension modules that sit
beside them in a platform wheel; Python imports an extension module before the ``.py`` of
the same name, and every other machine runs the ``.py`` (docs/benchmark.md, "The compiled
engine").

``AHOY_NB_ENGINE`` at build time chooses:

* ``compiled`` (the default of ``pip install .`` and ``pip wheel .``): the platform wheel.
  A machine without a C compiler gets the plain engine (each extension is optional), and
  pip says why;
* ``plain``: a pure-Python wheel (the static site's Pyodide: ``scripts/build_lite.py``).

An editable install (``pip install -e .``, what ``./dev`` does) is plain unless
``AHOY_NB_ENGINE=compiled`` is given: a compiled module in the checkout would stand in for
its source as it is edited. ``./dev build`` compiles the checkout in place for a session;
``ahoy_nb`` then uses the compiled modules only while each was built from the source
beside it (``ahoy_nb/_engine.py``).
"""

import hashlib
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent

#: The engine's modules that are compiled: where a random game spends its time
#: (scripts/benchmark.py --profile). The others (the loader's checks, the words, the
#: printed data...) run as plain Python in every build.
COMPILED = [
    "ahoy_nb/engine/state.py", "ahoy_nb/engine/kernel.py", "ahoy_nb/engine/history.py",
    "ahoy_nb/engine/chance.py", "ahoy_nb/engine/geometry.py", "ahoy_nb/engine/notation.py",
    "ahoy_nb/engine/observe.py",
    "ahoy_nb/engine/rules/base.py", "ahoy_nb/engine/rules/turn.py",
    "ahoy_nb/engine/rules/moving.py", "ahoy_nb/engine/rules/battle.py",
    "ahoy_nb/engine/rules/factions.py", "ahoy_nb/engine/rules/round_end.py",
    "ahoy_nb/engine/rules/setup.py", "ahoy_nb/engine/rules/conceding.py",
    "ahoy_nb/engine/cards/plans.py", "ahoy_nb/engine/cards/crew/common.py",
]

#: The list of compiled sources and their digests, written beside them: a compiled module
#: is used only while its source is unchanged (``ahoy_nb/_engine.py``).
MANIFEST = "ahoy_nb/engine/compiled.txt"


def manifest() -> str:
    return "".join(f"{hashlib.sha256((ROOT / path).read_bytes()).hexdigest()} {path}\n"
                   for path in COMPILED)


class BuildEngine(build_ext):
    """``build_ext`` that first has Cython turn the sources into C (only when extensions
    are built: an install's metadata step needs none), then writes the manifest."""

    def finalize_options(self):
        extensions = self.distribution.ext_modules
        if extensions and any(src.endswith(".py") for ext in extensions for src in ext.sources):
            from Cython.Build import cythonize
            # Plain Python semantics: annotations are not enforced as C types (a ``list``
            # argument may be given a tuple, as in Python), and functions stay
            # introspectable (their doctests run on the compiled engine too).
            self.distribution.ext_modules = cythonize(
                extensions, quiet=True, build_dir="build/cython", compiler_directives={
                    "language_level": 3, "binding": True, "annotation_typing": False,
                    "embedsignature": True})
        super().finalize_options()
        if self.parallel is None:  # one compiler per core (pip's build gives no -j)
            self.parallel = os.cpu_count() or 1

    def run(self):
        super().run()
        built = [ext for ext in self.extensions
                 if Path(self.get_ext_fullpath(ext.name)).exists()]
        if built and len(built) == len(self.extensions):  # a partial build runs plain
            target = Path(MANIFEST) if self.inplace else Path(self.build_lib) / MANIFEST
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(manifest())


def extensions() -> list:
    editable = any(cmd in sys.argv for cmd in ("editable_wheel", "develop"))
    mode = os.environ.get("AHOY_NB_ENGINE", "plain" if editable else "compiled")
    if mode not in ("compiled", "plain"):
        raise SystemExit(f"AHOY_NB_ENGINE is 'compiled' or 'plain', not {mode!r}")
    if mode == "plain":
        return []
    try:
        import Cython  # noqa: F401
    except ImportError:  # a build without its build requirements (--no-build-isolation)
        print("ahoy-nb: Cython is not installed: the engine is not compiled", file=sys.stderr)
        return []
    from setuptools import Extension
    # optional: a machine without a C compiler gets the plain engine.
    return [Extension(path[:-3].replace("/", "."), [path], optional=True) for path in COMPILED]


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildEngine})
