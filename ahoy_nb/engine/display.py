"""How a notebook shows the objects of the lower layers: drawings registered from above.

The engine draws nothing and imports no layer above it, yet a position is best shown as
a picture, as python-chess shows its ``Board`` through ``chess.svg``. So the object asks
this registry (``State._repr_svg_`` asks for ``"svg"``, a lesson for its ``"lesson"``
widget) and the package registers each drawing when it is imported
(``ahoy_nb/__init__.py``): the drawing layers are imported only when something is shown,
and no module imports one that imports it back.

>>> show("a kind nobody registered", object()) is None
True
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["register", "show"]

_SHOWN_BY: dict[str, Callable[[Any], Any]] = {}


def register(kind: str, fn: Callable[[Any], Any]) -> None:
    """``fn(obj)`` shows objects of ``kind`` from now on (an SVG text, a widget...)."""
    _SHOWN_BY[kind] = fn


def show(kind: str, obj: Any) -> Any:
    """What ``obj`` is shown as, or ``None`` when nothing draws ``kind``."""
    fn = _SHOWN_BY.get(kind)
    return None if fn is None else fn(obj)
