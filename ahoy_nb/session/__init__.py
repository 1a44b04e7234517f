"""The game's flow, once for every front end: plain Python, no widget library.

A front end (the notebook's widgets, the Panel app, the online tables) draws and passes
on what a person does; this layer decides:

* :mod:`~ahoy_nb.session.game`: the game and its seats (who may act, undo, concede);
* :mod:`~ahoy_nb.session.board`: one screen's board (what it shows, what a click does);
* :mod:`~ahoy_nb.session.view`: the board's view as data, and the intents it answers;
* :mod:`~ahoy_nb.session.bots`, :mod:`~ahoy_nb.session.seats`: the bots' turns and levels;
* :mod:`~ahoy_nb.session.advice`, :mod:`~ahoy_nb.session.panels`: the advisor's work (who
  is winning, hints) and the side column's panels;
* :mod:`~ahoy_nb.session.reviewing`: the review of a game's decisions;
* :mod:`~ahoy_nb.session.guard`: the warning before a move that throws the game away.
"""
