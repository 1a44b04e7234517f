"""Whether the engine runs compiled or as plain Python, settled before its modules load.

A platform wheel holds, beside the engine's ``.py`` files, the extension modules that
Cython built from the busiest of them (``setup.py``), and ``compiled.txt``: the digest of
each source they were built from. Python imports an extension module before the ``.py``
of the same name, so they are used, unless

* ``AHOY_NB_ENGINE=plain`` is set when the engine is imported (CI's plain run of the
  engine's tests, the benchmark's plain row), or
* a source differs from the one its module was built from (a checkout compiled in place
  by ``./dev build``, then edited): the plain engine runs, and a warning says why.

Where no module was compiled (an editable install, a pure wheel, Pyodide) nothing
changes: the ``.py`` files are the engine. ``ahoy_nb.engine.COMPILED`` says which runs.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import os
import sys
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "compiled.txt"


class PlainEngine:
    """A finder of the engine's modules as their ``.py`` sources only (first on
    ``sys.meta_path``, so the extension modules beside them are passed over)."""

    details = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)

    @classmethod
    def find_spec(cls, name: str, path=None, target=None):
        if path is None or not name.startswith(__package__ + "."):
            return None
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, cls.details).find_spec(name, target)
            if spec is not None:
                return spec
        return None


def extension_modules() -> list[Path]:
    return [p for suffix in importlib.machinery.EXTENSION_SUFFIXES for p in HERE.rglob(f"*{suffix}")]


def stale() -> str | None:
    """Why the compiled modules do not match the sources beside them, or ``None``."""
    if not MANIFEST.exists():
        return f"{MANIFEST.name}, the list of the sources they were built from, is missing"
    root = HERE.parent.parent
    for line in MANIFEST.read_text().splitlines():
        digest, path = line.split(" ", 1)
        source = root / path
        if not source.exists() or hashlib.sha256(source.read_bytes()).hexdigest() != digest:
            return f"{path} changed since it was compiled"
    return None


def settle() -> None:
    """Use the plain engine where it must be (see the module notes)."""
    if PlainEngine in sys.meta_path or not extension_modules():
        return
    if os.environ.get("AHOY_NB_ENGINE") == "plain":
        reason = None
    else:
        reason = stale()
        if reason is None:
            return
    if reason is not None:
        warnings.warn(f"the compiled engine is not used: {reason} (the plain engine runs; "
                      f"./dev build compiles it again)", stacklevel=3)
    sys.meta_path.insert(0, PlainEngine)
