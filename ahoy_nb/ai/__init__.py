"""Judgement over the engine: bots, analysis, self-play and balance.

Nothing here draws or needs a widget library:

* :mod:`~ahoy_nb.ai.bots` (random, easy, greedy) and :mod:`~ahoy_nb.ai.ismcts` (hard),
  by level name in :mod:`~ahoy_nb.ai.levels`;
* :mod:`~ahoy_nb.ai.analysis`: exact battle odds, who is winning, the best actions;
* :mod:`~ahoy_nb.ai.lab` and :mod:`~ahoy_nb.ai.balance`: self-play games and their tables.
"""
