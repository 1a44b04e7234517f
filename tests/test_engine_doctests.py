"""Every engine module's examples (doctests) run as part of the suite."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import ahoy_nb.engine as engine

MODULES = sorted(["ahoy_nb.engine"] + [m.name for m in pkgutil.walk_packages(engine.__path__,
                                                                           "ahoy_nb.engine.")])


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_engine_has_examples():
    tried = sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES)
    assert tried >= 40
