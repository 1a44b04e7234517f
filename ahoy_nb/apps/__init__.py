"""Ways to share the game beyond a notebook: the Panel app, online tables and the
``ahoy-nb`` command.

* :mod:`~ahoy_nb.apps.panel_app`: the game as a web app (``ahoy-nb serve``);
* :mod:`~ahoy_nb.apps.online`: online tables on the same server (a link per seat, a
  store, the HTTP API and pages);
* :mod:`~ahoy_nb.apps.cli`: the ``ahoy-nb`` command (``serve``, ``simulate``).
"""
