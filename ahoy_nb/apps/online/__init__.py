"""Online tables: each player on their own device (``ahoy-nb serve``; docs/online.md).

* :mod:`~ahoy_nb.apps.online.store`: the tables' rows in SQLite or PostgreSQL
  (SQLAlchemy Core), moves written with compare-and-swap on a version;
* :mod:`~ahoy_nb.apps.online.tables`: the Master: who may see and do what, bots;
* :mod:`~ahoy_nb.apps.online.api`: the HTTP API (Tornado handlers on the Panel server)
  and the seat and spectator page.

The notebook's client is :func:`ahoy_nb.join` (:mod:`ahoy_nb.widgets.join`), which talks to
the API only.
"""
