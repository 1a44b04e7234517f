"""The game's flow, once for every front end: plain Python, no widget library.

A front end (the notebook's widgets, the Panel app, the online tables) draws and passes
on what a person does; this layer decides:

* :mod:`~ahoy_nb.session.advice`: the advisor's work (who is winning, hints);
* :mod:`~ahoy_nb.session.reviewing`: the review of a game's decisions.
"""
