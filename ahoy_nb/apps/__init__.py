"""Ways to share the game beyond a notebook: the Panel app and the ``ahoy-nb`` command.

* :mod:`~ahoy_nb.apps.panel_app`: the game as a web app (``ahoy-nb serve``);
* :mod:`~ahoy_nb.apps.cli`: the ``ahoy-nb`` command (``serve``, ``simulate``).
"""
