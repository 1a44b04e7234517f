"""Opening a file from the page: a button that reads the chosen file and hands it to Python.

>>> opened = []
>>> button = OpenButton("Open a game…", on_open=lambda name, data: opened.append((name, data)))
>>> button.picked = {"id": 1, "name": "game.ahoy.json", "text": "{}", "size": 2}   # what a pick does
>>> opened
[('game.ahoy.json', b'{}')]
"""

from __future__ import annotations

import pathlib
from typing import Callable

import anywidget
import traitlets as t

__all__ = ["OpenButton"]

MAX_BYTES = 5 * 1024 * 1024   # as files.js: no saved game comes near this


class OpenButton(anywidget.AnyWidget):
    """A button that opens a file (ipywidgets' ``FileUpload`` counts its files on its
    label and titles itself "null"). ``on_open(name, data)`` gets the file's name and
    bytes, or ``None`` for a file over 5 MB (it is not read)."""

    _esm = pathlib.Path(__file__).parent / "files.js"

    label = t.Unicode("Open…").tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    accept = t.Unicode("").tag(sync=True)
    picked = t.Dict().tag(sync=True)

    def __init__(self, label: str = "Open…", *, title: str = "", accept: str = "",
                 on_open: Callable[[str, bytes], object] | None = None, **kwargs):
        super().__init__(label=label, title=title, accept=accept, **kwargs)
        self.on_open = on_open
        self.observe(self._picked, "picked")

    def _picked(self, change) -> None:
        picked = change["new"] or {}
        if self.on_open is None or "name" not in picked:
            return
        name = str(picked["name"])[:200]
        data = str(picked.get("text", "")).encode("utf-8")
        too_big = int(picked.get("size") or 0) > MAX_BYTES or len(data) > MAX_BYTES
        self.on_open(name, None if too_big else data)
