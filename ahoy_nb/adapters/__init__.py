"""Ahoy for agent frameworks (docs/agents.md): what the adapters share, and the adapters.

* :mod:`~ahoy_nb.adapters.actions`: a fixed numbering of every action (no extra needed);
* :mod:`~ahoy_nb.adapters.observation`: a position as one player sees it, as a vector (numpy);
* :mod:`~ahoy_nb.adapters.episode`: how long an episode may run, and its returns;
* :mod:`~ahoy_nb.adapters.openspiel`: the OpenSpiel game ``python_ahoy``
  (``pip install 'ahoy-nb[openspiel]'``);
* :mod:`~ahoy_nb.adapters.pettingzoo`: a PettingZoo AEC environment (``pip install 'ahoy-nb[rl]'``).

Nothing here is imported by the rest of the package; the adapters sit on top of it.

>>> from ahoy_nb.adapters import actions
>>> actions.NUM_ACTIONS
10788
"""
