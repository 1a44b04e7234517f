"""What pytest collects: the modules of an optional extra that is not installed are left
out of the doctest run (their tests skip, naming the extra to install)."""

import importlib.util

_EXTRAS = {"ahoy_nb/adapters/openspiel.py": "pyspiel", "ahoy_nb/adapters/pettingzoo.py": "pettingzoo",
           "ahoy_nb/adapters/observation.py": "numpy"}

collect_ignore = [path for path, module in _EXTRAS.items() if importlib.util.find_spec(module) is None]
